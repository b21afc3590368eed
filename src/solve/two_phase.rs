//! 3x3 two-phase search (Kociemba): phase 1 brings the cube into ⟨U, D, R2, L2, F2, B2⟩, phase 2
//! solves it there with those moves. Both phases are IDA* over coordinates with the maximum of two
//! pruning tables as the bound; phase 1 is continued past its first solution so that longer
//! phase-1 paths with shorter phase-2 tails can beat the first total.

use crate::coord::phase1::{Flip, Slice, Twist};
use crate::coord::phase2::{CornerCombParity, CornerPerm, SlicePerm, UdEdgePerm};
use crate::coord::sym::{self_symmetries, syms, Sym};
use crate::coord::Coord;
use crate::coord::N_MOVES;
use crate::cube::moves::{apply_turns, rotation_face_map, rotations, Turn};
use crate::cube::{push_merged, CubieCube, Face, Move};
use crate::error::SolveError;
use crate::tables::phase1::{next_distance, Phase1Table, NEAR_DEPTH};
use crate::tables::two_phase::{is_phase2_move, TwoPhaseTables, PHASE2_MOVES};
use std::sync::OnceLock;

/// How long a search may run and what it must return.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// No solution longer than this is returned (HTM).
    pub max_length: u8,
    /// Stop as soon as a solution of at most this many moves is found.
    pub target_length: u8,
    /// After the first solution, keep looking for shorter ones for at most this many more nodes.
    pub extra_nodes: u64,
    /// Give up (with the best solution so far, if any) after this many nodes in all.
    pub node_budget: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_length: 20, target_length: 0, extra_nodes: 0, node_budget: 50_000_000 }
    }
}

/// Premoves are tried once the plain search has passed this many depths beyond the first.
const PRE_AFTER: u8 = 1;

/// Longest phase 2 tried: longer ones are rarely worth their search (phase-2 distances reach 18).
const MAX_PHASE2: u8 = 12;

/// How often, in nodes, the stop hook is polled.
const POLL_EVERY: u64 = 1 << 12;

/// Statistics of one search.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchStats {
    /// Phase-1 and phase-2 nodes visited.
    pub nodes: u64,
    /// The solution is proven shortest (found by the optimal search for cubes within 10 moves).
    pub optimal: bool,
}

/// A phase-1 node: the coordinates of the cube, the twist and flip of the cube seen turned a
/// quarter about the phase-1 axis (its flip is edge orientation with respect to another axis,
/// so the flip-twist table read there gives a second, different bound), and the node's bound.
#[derive(Clone, Copy)]
struct Node1 {
    twist: usize,
    flip: usize,
    slice: usize,
    twist_y: usize,
    flip_y: usize,
    h: u8,
}

struct Search<'a> {
    t: &'a TwoPhaseTables,
    limits: Limits,
    path: Vec<Move>,
    /// `cubes[i]`: the cube after the first `i` moves of the path, for `i <= valid`.
    cubes: [CubieCube; 32],
    valid: usize,
    /// Move numbers as the quarter-turned view of each direction sees them.
    y_moves: [u8; N_MOVES],
    /// The direction being searched, and the best solution so far with its direction.
    dir: usize,
    best: Option<(usize, Vec<Move>)>,
    /// Solutions must be shorter than this.
    bound: u8,
    nodes: u64,
    stop_at: u64,
    stopped: bool,
    should_stop: &'a mut dyn FnMut() -> bool,
    /// A move applied before the searched cube (so done after the solution found): the path's
    /// solution is the path, then this move.
    pre: Option<Move>,
}

/// May move `m` follow `last`? Never the same face twice, and of two opposite faces (which
/// commute) only one order.
#[inline(always)]
pub(crate) fn may_follow(last: Option<Move>, m: Move) -> bool {
    followers(last) >> m.index() & 1 == 1
}

/// The moves that may follow `last` (bit per move), from [`FOLLOWERS`].
#[inline(always)]
fn followers(last: Option<Move>) -> u32 {
    FOLLOWERS[last.map_or(N_MOVES, Move::index)]
}

/// The moves that may follow each move (bit per move; at `N_MOVES`, the first move: all 18),
/// by [`may_follow`]'s rule on face numbers.
pub(crate) static FOLLOWERS: [u32; N_MOVES + 1] = {
    let mut out = [0u32; N_MOVES + 1];
    let mut last = 0;
    while last <= N_MOVES {
        let mut m = 0;
        while m < N_MOVES {
            let (a, b) = (last / 3, m / 3);
            if last == N_MOVES || (a != b && !(a % 3 == b % 3 && b < a)) {
                out[last] |= 1 << m;
            }
            m += 1;
        }
        last += 1;
    }
    out
};

impl Search<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        // Polled at the first node too: a search not wanted any more stops at once.
        if self.nodes >= self.stop_at || (self.nodes % POLL_EVERY == 1 && (self.should_stop)()) {
            self.stopped = true;
        }
        self.stopped
    }

    /// The root node of a phase-1 search of `cube`, with its exact phase-1 distance (or the
    /// small tables' bound).
    fn start_node(&self, cube: &CubieCube, y: &View) -> Node1 {
        let tables = self.t;
        // The quarter-turned view only feeds the small tables' fourth bound.
        let turned = if tables.phase1.is_none() { y.view(cube) } else { CubieCube::SOLVED };
        let mut n = Node1 {
            twist: Twist::get(cube),
            flip: Flip::get(cube),
            slice: Slice::get(cube),
            twist_y: Twist::get(&turned),
            flip_y: Flip::get(&turned),
            h: 0,
        };
        n.h = match &tables.phase1 {
            // An inconsistent table (never expected) reads as out of reach.
            Some(p) => p.distance(tables, n.twist, n.flip, n.slice).unwrap_or(u8::MAX),
            None => self.phase1_bound(&n),
        };
        n
    }

    /// The phase-1 bound of a node: the largest of the four tables' distances.
    fn phase1_bound(&self, n: &Node1) -> u8 {
        let t = self.t;
        t.twist_slice(n.twist, n.slice)
            .max(t.flip_slice(n.flip, n.slice))
            .max(t.flip_twist(n.flip, n.twist))
            .max(t.flip_twist(n.flip_y, n.twist_y))
    }

    /// Phase 1 with exactly `togo` more moves from node `n`; returns true when the search is over.
    fn phase1(&mut self, n: &Node1, togo: u8) -> bool {
        if togo <= NEAR_DEPTH + 1 {
            return self.phase1_near(n, togo);
        }
        if self.tick() {
            return true;
        }
        let last = self.path.last().copied();
        // The children's first bound for all moves, without branches per move, so their
        // look-ups overlap.
        let tb = self.t;
        let (tw, fl, sl) = tb.phase1_rows(n.twist, n.flip, n.slice);
        let mut bound = [u8::MAX; N_MOVES];
        for face in 0..6 {
            let m = Move::ALL[face * 3];
            if !may_follow(last, m) {
                continue;
            }
            for k in face * 3..face * 3 + 3 {
                bound[k] = tb.flip_twist(fl[k] as usize, tw[k] as usize);
            }
        }
        let (twy, fly) = (&tb.twist_move[n.twist_y * N_MOVES..], &tb.flip_move[n.flip_y * N_MOVES..]);
        for m in Move::ALL {
            let k = m.index();
            if bound[k] >= togo {
                continue;
            }
            // The other bounds only for children the first one let through.
            let (t, f, s) = (tw[k] as usize, fl[k] as usize, sl[k] as usize);
            let b1 = tb.flip_slice(f, s);
            if b1 >= togo {
                continue;
            }
            let b2 = tb.twist_slice(t, s);
            if b2 >= togo {
                continue;
            }
            let ky = self.y_moves[k] as usize;
            let (t_y, f_y) = (twy[ky] as usize, fly[ky] as usize);
            let b3 = tb.flip_twist(f_y, t_y);
            if b3 >= togo {
                continue;
            }
            let child =
                Node1 { twist: t, flip: f, slice: s, twist_y: t_y, flip_y: f_y, h: bound[k].max(b1).max(b2).max(b3) };
            self.valid = self.valid.min(self.path.len());
            self.path.push(m);
            let over = self.phase1(&child, togo - 1);
            self.path.pop();
            if over {
                return true;
            }
        }
        false
    }

    /// Phase 1 in the last few moves, where children are within [`NEAR_DEPTH`] moves of the
    /// subgroup or pruned: their exact distances come from the small near-subgroup map.
    fn phase1_near(&mut self, n: &Node1, togo: u8) -> bool {
        if self.tick() {
            return true;
        }
        if togo == 0 {
            return self.phase2_start();
        }
        if n.h == 0 {
            // Inside the phase-2 subgroup with a few moves left: leaving it and coming back
            // within four moves gives phase-1 solutions that the shorter path into the
            // subgroup, followed by phase 2, already covers in practice.
            return false;
        }
        let last = self.path.last().copied();
        let tb = self.t;
        let (tw, fl, sl) = tb.phase1_rows(n.twist, n.flip, n.slice);
        let mut follow = followers(last);
        while follow != 0 {
            let k = follow.trailing_zeros() as usize;
            follow &= follow - 1;
            let m = Move::ALL[k];
            let (t, f, s) = (tw[k] as usize, fl[k] as usize, sl[k] as usize);
            let d = tb.near.get(t, f, s);
            // At the last move only quarter turns of R L F B can end phase 1: a path ending in a
            // phase-2 move reached the subgroup one move earlier.
            if d >= togo || (togo == 1 && is_phase2_move(m)) {
                continue;
            }
            let child = Node1 { twist: t, flip: f, slice: s, twist_y: 0, flip_y: 0, h: d };
            self.valid = self.valid.min(self.path.len());
            self.path.push(m);
            let over = self.phase1_near(&child, togo - 1);
            self.path.pop();
            if over {
                return true;
            }
        }
        false
    }

    /// Phase 1 over the exact distance table: `n.h` is the node's exact distance, so a child
    /// is entered only when it can still reach the subgroup in the moves left.
    fn phase1_exact(&mut self, p: &Phase1Table, n: &Node1, togo: u8) -> bool {
        if togo <= NEAR_DEPTH + 1 {
            return self.phase1_near(n, togo);
        }
        if self.tick() {
            return true;
        }
        let last = self.path.last().copied();
        let tb = self.t;
        let (tw, fl, sl) = tb.phase1_rows(n.twist, n.flip, n.slice);
        // The children's table reads in batches, so the (mostly uncached) loads overlap.
        let mut dist = [u8::MAX; N_MOVES];
        let (mut ks, mut nk) = ([0u8; N_MOVES], 0);
        let read = |ks: &[u8], dist: &mut [u8; N_MOVES]| {
            let mut codes = [0u8; N_MOVES];
            p.codes(tw, fl, sl, ks, &mut codes);
            for (&k, &code) in ks.iter().zip(&codes) {
                dist[k as usize] = next_distance(n.h, code);
            }
        };
        let first_only = n.h >= togo;
        for face in 0..6 {
            if may_follow(last, Move::ALL[face * 3]) {
                // A tight node (no slack) reads each face's quarter turn first: where it goes
                // one farther, its other two turns are one move from that child, so at least
                // as far as the moves left.
                for k in face * 3..face * 3 + if first_only { 1 } else { 3 } {
                    ks[nk] = k as u8;
                    nk += 1;
                }
            }
        }
        read(&ks[..nk], &mut dist);
        if first_only {
            nk = 0;
            for face in 0..6 {
                if dist[face * 3] <= togo {
                    ks[nk] = face as u8 * 3 + 1;
                    ks[nk + 1] = face as u8 * 3 + 2;
                    nk += 2;
                }
            }
            read(&ks[..nk], &mut dist);
        }
        for m in Move::ALL {
            let k = m.index();
            if dist[k] >= togo {
                continue;
            }
            let child = Node1 {
                twist: tw[k] as usize,
                flip: fl[k] as usize,
                slice: sl[k] as usize,
                twist_y: 0,
                flip_y: 0,
                h: dist[k],
            };
            self.valid = self.valid.min(self.path.len());
            self.path.push(m);
            let over = self.phase1_exact(p, &child, togo - 1);
            self.path.pop();
            if over {
                return true;
            }
        }
        false
    }

    fn phase2_start(&mut self) -> bool {
        let p1 = self.path.len();
        let d1 = p1 as u8 + self.pre.is_some() as u8;
        if d1 >= self.bound {
            return false;
        }
        // The cubes along the path, kept from the last probe up to where the paths part.
        for i in self.valid..p1 {
            self.cubes[i + 1] = self.cubes[i].apply_move(self.path[i]);
        }
        self.valid = p1;
        let c = self.cubes[p1];
        let max2 = self.bound - 1 - d1;
        // One depth-first pass with the loosest bound: any solution within it is taken, and the
        // bound then shrinks, so shorter ones are still found (iterating depths would redo work).
        let d2 = max2.min(MAX_PHASE2);
        // Most probes end here: the corner bound first, the edges only when it lets them by.
        let t = self.t;
        let (corner, slice) = (t.corner_sym.class_sym[CornerPerm::get(&c)] as usize, SlicePerm::get(&c));
        if t.corner_slice_sym(corner, slice) > d2 {
            return false;
        }
        let (edge, comb) = (t.edge_sym.class_sym[UdEdgePerm::get(&c)] as usize, CornerCombParity::get(&c));
        if t.edge_comb_sym(edge, comb) > d2 {
            return false;
        }
        if !self.phase2(corner, edge, slice, comb, d2) {
            return false;
        }
        if self.stopped {
            return true;
        }
        let mut moves = self.path.clone();
        if let Some(m) = self.pre {
            push_merged(&mut moves, m);
        }
        let len = moves.len() as u8;
        self.best = Some((self.dir, moves));
        self.path.truncate(p1);
        self.bound = len;
        if self.stop_at == self.limits.node_budget {
            self.stop_at = self.limits.node_budget.min(self.nodes.saturating_add(self.limits.extra_nodes));
        }
        len <= self.limits.target_length
    }

    /// Phase 2 with at most `togo` more moves; true when solved (or stopped). `corner` and
    /// `edge` are the permutations' `class << 4 | sym`; class 0 is the solved one.
    fn phase2(&mut self, corner: usize, edge: usize, slice: usize, comb: usize, togo: u8) -> bool {
        if self.tick() {
            return true;
        }
        if corner >> 4 == 0 && edge >> 4 == 0 && slice == 0 {
            return true;
        }
        if togo == 0 {
            return false;
        }
        let last = self.path.last().copied();
        // Moves 0..3 and 3..6 are U and D in quarter, half and three-quarter turns.
        let mut skip_face = usize::MAX;
        for (k, &m) in PHASE2_MOVES.iter().enumerate() {
            if k / 3 == skip_face || !may_follow(last, m) {
                continue;
            }
            // The corner bound first; the edge moves and bound only when it lets the child by.
            let (c, s) = (self.t.corner_after(corner, k), self.t.slice_perm_move[slice * 10 + k] as usize);
            let bc = self.t.corner_slice_sym(c, s);
            if bc >= togo {
                // A quarter turn that goes past the limit by more than one: the face's other
                // two turns are one move from it, so past the limit too.
                if bc > togo && k < 6 && k % 3 == 0 {
                    skip_face = k / 3;
                }
                continue;
            }
            let (e, b) = (self.t.edge_after(edge, k), self.t.corner_comb_move[comb * 10 + k] as usize);
            if self.t.edge_comb_sym(e, b) >= togo {
                continue;
            }
            self.path.push(m);
            if self.phase2(c, e, s, b, togo - 1) {
                return true;
            }
            self.path.pop();
        }
        false
    }
}

/// Solves `cube` in at most `limits.max_length` moves. `should_stop` is polled every few thousand
/// nodes; when it returns true (or the node budget runs out) the best solution so far is returned,
/// or [`SolveError::Stopped`] if there is none yet.
pub fn solve_two_phase(
    cube: &CubieCube,
    tables: &TwoPhaseTables,
    limits: &Limits,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Vec<Move>, SolveError> {
    solve_with_stats(cube, tables, limits, should_stop).0
}

/// [`solve_two_phase`], also returning how many nodes it visited.
pub fn solve_with_stats(
    cube: &CubieCube,
    tables: &TwoPhaseTables,
    limits: &Limits,
    should_stop: &mut dyn FnMut() -> bool,
) -> (Result<Vec<Move>, SolveError>, SearchStats) {
    if cube.is_solved() {
        return (Ok(vec![]), SearchStats { optimal: true, ..SearchStats::default() });
    }
    let mut s = Search {
        t: tables,
        limits: *limits,
        path: Vec::with_capacity(32),
        y_moves: [0; N_MOVES],
        cubes: [*cube; 32],
        valid: 0,
        dir: 0,
        best: None,
        bound: limits.max_length.saturating_add(1),
        nodes: 0,
        stop_at: limits.node_budget,
        stopped: false,
        should_stop,
        pre: None,
    };
    let dirs = directions(cube);
    let y = quarter_about_u();
    s.y_moves = y.move_map();
    let starts: Vec<Node1> = dirs.iter().map(|d| s.start_node(&d.cube, y)).collect();
    let short = limits.max_length.min(SHORT_DEPTH);
    if let Some(moves) = short_solution(cube, tables, &dirs, &starts, short, &mut s) {
        let stats = SearchStats { nodes: s.nodes, optimal: true };
        return (Ok(moves), stats);
    }
    let short_stopped = s.stopped;
    let first = starts.iter().map(|n| n.h).min().unwrap_or(0);
    // A cube with symmetries of its own (the superflip, say) gets no premoves: its premoved
    // cubes come in classes of equals, and the searches of its directions repeat each other.
    // (Found when first needed: most solves end before.)
    let mut symmetric = None;
    // Each direction's cube after each premove, made when first needed.
    let mut pre_starts: Vec<Option<[(Node1, CubieCube); N_MOVES]>> = (0..dirs.len()).map(|_| None).collect();
    'depths: for d1 in 0..=limits.max_length {
        for (i, n) in starts.iter().enumerate() {
            if d1 >= s.bound {
                break 'depths;
            }
            if n.h > d1 {
                continue;
            }
            s.dir = i;
            s.pre = None;
            s.cubes[0] = dirs[i].cube;
            s.valid = 0;
            let over = match &tables.phase1 {
                Some(p) => s.phase1_exact(p, n, d1),
                None => s.phase1(n, d1),
            };
            if over {
                break 'depths;
            }
        }
        // A cube whose phase-1 solutions of the first lengths all had long phase-2 tails: the
        // same search after one premove (a move done first, so last in the solution) gives
        // other phase-1 solutions of the same total length.
        if d1 < first.saturating_add(PRE_AFTER)
            || d1 == 0
            || *symmetric.get_or_insert_with(|| self_symmetries(cube).next().is_some())
        {
            continue;
        }
        for i in 0..dirs.len() {
            let pres = pre_starts[i].get_or_insert_with(|| {
                std::array::from_fn(|k| {
                    let c = CubieCube::from_moves(&[Move::ALL[k]]).compose(&dirs[i].cube);
                    (s.start_node(&c, y), c)
                })
            });
            for (k, (n, c)) in pres.iter().enumerate() {
                if d1 >= s.bound {
                    break 'depths;
                }
                if n.h > d1 - 1 {
                    continue;
                }
                s.dir = i;
                s.pre = Some(Move::ALL[k]);
                s.cubes[0] = *c;
                s.valid = 0;
                let over = match &tables.phase1 {
                    Some(p) => s.phase1_exact(p, n, d1 - 1),
                    None => s.phase1(n, d1 - 1),
                };
                if over {
                    break 'depths;
                }
            }
        }
    }
    let stats = SearchStats {
        nodes: s.nodes,
        // The optimal pre-pass ruled out anything up to `short` moves.
        optimal: s.best.as_ref().is_some_and(|(_, m)| m.len() == short as usize + 1) && !short_stopped,
    };
    match s.best {
        Some((dir, moves)) => (Ok(dirs[dir].to_original(&moves)), stats),
        None if s.stopped => (Err(SolveError::Stopped), stats),
        None => (Err(SolveError::TooLong(limits.max_length)), stats),
    }
}

/// Cubes this close to solved are solved optimally before the two-phase search starts.
const SHORT_DEPTH: u8 = 10;

/// Phase-1 coordinates of one axis frame and the move-number map into it.
#[derive(Clone, Copy)]
struct Frame {
    moves: [u8; N_MOVES],
    twist: usize,
    flip: usize,
    slice: usize,
    /// The frame's phase-1 distance (or lower bound).
    d: u8,
}

/// Optimal search for solutions of at most `max` moves: IDA* whose bound is the largest phase-1
/// bound over the three axes (a solved cube is in all three phase-1 subgroups at once).
fn short_solution(
    cube: &CubieCube,
    t: &TwoPhaseTables,
    dirs: &[Direction],
    starts: &[Node1],
    max: u8,
    s: &mut Search,
) -> Option<Vec<Move>> {
    // The bound of an axis: its exact phase-1 distance when that table is there (a child's
    // from its parent's), else the small tables' largest. The roots' come from `starts`.
    let small = |f: &Frame| {
        t.twist_slice(f.twist, f.slice).max(t.flip_slice(f.flip, f.slice)).max(t.flip_twist(f.flip, f.twist))
    };
    let frames: Vec<Frame> = dirs
        .iter()
        .zip(starts)
        .filter(|(d, _)| !d.inverse)
        .map(|(d, n)| Frame { moves: move_map(&d.faces), twist: n.twist, flip: n.flip, slice: n.slice, d: n.h })
        .collect();
    let h = frames.iter().map(|f| f.d).max().unwrap_or(0);
    let mut path = Vec::new();
    fn go(
        t: &TwoPhaseTables,
        cube: &CubieCube,
        frames: &[Frame; 3],
        togo: u8,
        path: &mut Vec<Move>,
        s: &mut Search,
        small: &dyn Fn(&Frame) -> u8,
    ) -> bool {
        if s.tick() {
            return false;
        }
        if togo == 0 {
            return cube.apply_moves(path).is_solved();
        }
        let last = path.last().copied();
        'moves: for m in Move::ALL {
            if !may_follow(last, m) {
                continue;
            }
            let mut next = *frames;
            for f in next.iter_mut() {
                let k = f.moves[m.index()] as usize;
                f.twist = t.twist_move[f.twist * N_MOVES + k] as usize;
                f.flip = t.flip_move[f.flip * N_MOVES + k] as usize;
                f.slice = t.slice_move[f.slice * N_MOVES + k] as usize;
                f.d = match &t.phase1 {
                    Some(p) => next_distance(f.d, p.code(p.coords.index(f.twist, f.flip, f.slice))),
                    None => small(f),
                };
                if f.d >= togo {
                    continue 'moves;
                }
            }
            path.push(m);
            if go(t, cube, &next, togo - 1, path, s, small) {
                return true;
            }
            path.pop();
        }
        false
    }
    let frames: [Frame; 3] = frames.try_into().ok()?;
    for depth in h..=max {
        if go(t, cube, &frames, depth, &mut path, s, &small) {
            return Some(path);
        }
        if s.stopped {
            return None;
        }
    }
    None
}

/// One of six ways to search the same cube: seen with its UD, RL or FB axis as the phase-1 axis,
/// or its inverse likewise. Each finds different phase-1 solutions, so together they find a
/// short total sooner.
pub(crate) struct Direction {
    /// The cube as this direction sees it.
    pub(crate) cube: CubieCube,
    /// For each face of this direction's frame, the face of the original frame.
    faces: [Face; 6],
    /// Whether this direction solves the inverse cube.
    inverse: bool,
}

impl Direction {
    /// A solution found in this direction, as turns of the original cube.
    pub(crate) fn to_original(&self, moves: &[Move]) -> Vec<Move> {
        let mapped: Vec<Move> = moves.iter().map(|m| Move::new(self.faces[m.face() as usize], m.quarters())).collect();
        if self.inverse {
            mapped.iter().rev().map(|m| m.inverse()).collect()
        } else {
            mapped
        }
    }
}

/// A whole-cube rotation used to see a cube from another side.
struct View {
    /// For each face of the rotated frame, the face of the original frame.
    faces: [Face; 6],
    /// The symmetry whose conjugation is this view (found once, through stickers).
    sym: &'static Sym,
}

impl View {
    /// The view after `rotation`. The slow path, through stickers, picks the symmetry the
    /// fast path conjugates by: the one that agrees with it on two cubes without symmetry.
    fn new(rotation: &[Turn]) -> View {
        let faces = rotation_face_map(rotation);
        let slow = |cube: &CubieCube| {
            let mut stickers = cube.to_facelets();
            apply_turns(&mut stickers, rotation);
            let renamed: Vec<Face> =
                stickers.iter().map(|&x| Face::ALL[faces.iter().position(|&f| f == x).expect("six faces")]).collect();
            CubieCube::from_facelets(&renamed).expect("a rotated legal cube is legal")
        };
        let probes = ["R U2 F' L D' B2 R' U F2 D L' B U'", "F2 L' U D2 R B' L2 D F' U2 B R'"]
            .map(|m| CubieCube::from_moves(&crate::cube::parse_moves(m).expect("good moves")));
        let want = probes.map(|c| slow(&c));
        let sym = syms()
            .iter()
            .find(|s| probes.iter().zip(&want).all(|(c, w)| s.conj(c) == *w))
            .expect("every rotation is a symmetry");
        View { faces, sym }
    }

    /// `cube` as seen from this side, its colours renamed after the centres they now face.
    fn view(&self, cube: &CubieCube) -> CubieCube {
        self.sym.conj(cube)
    }

    /// For each move number of the original frame, the same turn's number in the rotated frame.
    fn move_map(&self) -> [u8; N_MOVES] {
        move_map(&self.faces)
    }
}

/// For each move number, the same turn's number in a frame whose face `f` is `faces[f]`.
fn move_map(faces: &[Face; 6]) -> [u8; N_MOVES] {
    std::array::from_fn(|k| {
        let m = Move::ALL[k];
        let f = faces.iter().position(|&x| x == m.face()).expect("six faces");
        Move::new(Face::ALL[f], m.quarters()).index() as u8
    })
}

/// The views with U, R and F on top, and a quarter turn about the U-D axis: made once.
fn views() -> &'static [View; 4] {
    static VIEWS: OnceLock<[View; 4]> = OnceLock::new();
    VIEWS.get_or_init(|| {
        let top = |t: Face| {
            let r = rotations().iter().find(|r| rotation_face_map(r)[Face::U as usize] == t).expect("a rotation");
            View::new(r)
        };
        let quarter = rotations()
            .iter()
            .find(|r| {
                let map = rotation_face_map(r);
                map[Face::U as usize] == Face::U && map[Face::F as usize] != Face::F && map[Face::F as usize] != Face::B
            })
            .expect("a quarter turn about U-D");
        [top(Face::U), top(Face::R), top(Face::F), View::new(quarter)]
    })
}

/// The rotation a quarter turn about the U-D axis.
fn quarter_about_u() -> &'static View {
    &views()[3]
}

/// The cube's phase-1 coordinates (twist, flip, slice) seen with U, R and F on top, and for
/// each view the move numbers a turn of the original cube has there.
pub(crate) fn axis_views(cube: &CubieCube) -> [([usize; 3], [u8; N_MOVES]); 3] {
    std::array::from_fn(|i| {
        let view = &views()[i];
        let seen = view.view(cube);
        ([Twist::get(&seen), Flip::get(&seen), Slice::get(&seen)], view.move_map())
    })
}

/// The six directions: the cube and its inverse, each with U, R or F on top.
fn directions(cube: &CubieCube) -> Vec<Direction> {
    let inverse = cube.inverse();
    let mut out = Vec::with_capacity(6);
    for view in &views()[..3] {
        for (c, inv) in [(cube, false), (&inverse, true)] {
            out.push(Direction { cube: view.view(c), faces: view.faces, inverse: inv });
        }
    }
    out
}

/// Up to `n` different ways to see the same cube, for a portfolio of searches that each walk the
/// moves in their own order: as it is, turned a quarter about U-D, with R and with F on top,
/// then the same four of its inverse. Views a symmetry of the cube makes equal come once.
pub(crate) fn portfolio(cube: &CubieCube, n: usize) -> Vec<Direction> {
    let inverse = cube.inverse();
    let mut out: Vec<Direction> = Vec::with_capacity(n);
    for (c, inv) in [(cube, false), (&inverse, true)] {
        for view in [&views()[0], &views()[3], &views()[1], &views()[2]] {
            let seen = view.view(c);
            if out.len() < n && out.iter().all(|d| d.cube != seen) {
                out.push(Direction { cube: seen, faces: view.faces, inverse: inv });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn followers_keep_one_order_of_opposite_faces_and_never_repeat_a_face() {
        for m in Move::ALL {
            assert!(may_follow(None, m));
            for l in Move::ALL {
                let (a, b) = (l.face(), m.face());
                // U before D, R before L, F before B; never a face after itself.
                let ok = a != b && !(a.opposite() == b && (b as u8) < (a as u8));
                assert_eq!(may_follow(Some(l), m), ok, "{l} then {m}");
            }
        }
        // Per last move: 15 followers after U, R or F, 12 after D, L or B.
        let counts: Vec<u32> = FOLLOWERS.iter().map(|f| f.count_ones()).collect();
        assert_eq!(counts, [15, 15, 15, 15, 15, 15, 15, 15, 15, 12, 12, 12, 12, 12, 12, 12, 12, 12, 18]);
    }
}
