//! Optimal 3x3 search: IDA* over the 18 face turns, bounded below by the h0 table looked up for
//! the cube and for its inverse (both need as many moves as each other).
//!
//! The search is resumable: [`OptimalSearch::step`] runs a given number of nodes and returns, so
//! a caller (the CLI, or a worker that reports progress) decides when to stop. Each finished
//! depth proves a lower bound. A known solution (the two-phase one) is an upper bound: when no
//! shorter one exists, it is the answer and the deepest, slowest depth is never searched.
//!
//! Each time the proven bound rises, the two-phase search (when its tables are given) is asked
//! for a solution of exactly that length, with a node budget of a quarter of the search's work
//! so far (at most 60 million nodes; from 18 moves on, the whole work so far, at most 250
//! million): when it finds one, that solution is optimal and the slow last depth is skipped.
//! [`OptimalSearch::step`] returns before each try, so that its caller can report the new
//! bound first; in a shared search the try stops when another share finds a solution.
//!
//! A search can take one share of the work ([`OptimalSearch::with_share`]): the nodes reached
//! after [`SPLIT_AT`] moves are dealt out in turn among the shares, so several threads or workers
//! each search their own part of every depth; each proves its part has no shorter solution, and
//! together they prove the whole ([`crate::native::solve_optimal_threads`] natively).
//!
//! Near the leaves (from [`LEVELS_FROM`] moves to go) the tree below a node is searched a level
//! at a time rather than a node at a time: the same nodes, but the table reads of a whole level's
//! children go in the same passes, so that their cache misses overlap.
//!
//! One pruning trick beyond the bounds: the target group holds every half turn, so a half turn
//! leaves the inverse's coordinate unchanged; when the inverse bound is tight, a half turn can
//! only lead past the limit, and is not tried.

use super::two_phase::{axis_views, may_follow, solve_two_phase, Limits};
use crate::coord::flips;
use crate::coord::h0::{cocsep, esep_masks};
use crate::coord::index::perm_rank;
use crate::coord::sym::{self_symmetries, syms};
use crate::coord::{N_MOVES, N_TWIST};
use crate::cube::cubie::move_cubes;
use crate::cube::{CubieCube, Move};
use crate::tables::optimal::{BoundEntry, EntryKeys, OptimalTables};
use crate::tables::phase1::{next_distance, NEAR_DEPTH};
use crate::tables::two_phase::TwoPhaseTables;
use std::sync::Arc;

/// A child that passed both bounds, waiting to be searched.
#[derive(Clone, Copy)]
struct Kid {
    m: Move,
    cocsep: u32,
    /// Edge separation as slot masks ([`EsepConj::mask`](crate::coord::esep_conj::EsepConj::mask)).
    mask: u32,
    /// Corner permutation rank (the twist is `cocsep % 2187`).
    perm: u16,
    /// Edge flips by slot (for the h3 table).
    flips: u16,
    /// The inverse bound is tight here: no half turns next.
    skip_half: bool,
    inv: CubieCube,
    /// Phase-1 coordinates (twist, flip, slice) seen from each axis, with their exact distance
    /// (kept only when the two-phase tables carry the exact phase-1 table).
    axes: [Axis; 3],
}

/// One axis's phase-1 coordinates and exact phase-1 distance.
#[derive(Clone, Copy)]
struct Axis {
    twist: u16,
    flip: u16,
    slice: u16,
    d: u8,
}

const NO_AXIS: Axis = Axis { twist: 0, flip: 0, slice: 0, d: 0 };

/// One node on the path: its children that passed both bounds, and how many are done.
#[derive(Clone, Copy)]
struct Frame {
    kids: [Kid; N_MOVES],
    len: u8,
    next: u8,
}

const NO_KID: Kid = Kid {
    m: Move::ALL[0],
    cocsep: 0,
    mask: 0,
    perm: 0,
    flips: 0,
    skip_half: false,
    inv: CubieCube::SOLVED,
    axes: [NO_AXIS; 3],
};

/// A resumable optimal search for one cube.
pub struct OptimalSearch {
    cube: CubieCube,
    upper: Option<Vec<Move>>,
    /// The depth being searched (solutions of exactly this length).
    target: u32,
    /// Proven: no solution is shorter.
    lower: u32,
    started: bool,
    stack: Vec<Frame>,
    path: Vec<Move>,
    nodes: u64,
    result: Option<Vec<Move>>,
    /// For each axis, the move numbers a turn has in that axis's view.
    axis_moves: [[u8; N_MOVES]; 3],
    /// The phase-1 bounds are on for the depth being searched (the table was there when it
    /// started; a table that turns up later waits for the next depth, as the nodes on the stack
    /// carry no phase-1 coordinates).
    axes_on: bool,
    /// Beside a flip table: the phase-1 bounds are still used (they start on, and stay on only
    /// while they cut enough: [`AXES_PAY`]; with h0 alone they are always on).
    axes_keep: bool,
    /// Children the phase-1 bounds were read for at the depth being searched, and those they
    /// cut (that had passed both table bounds).
    axes_seen: u64,
    axes_cut: u64,
    /// Moves tried first (bit per move): one of each class of moves that a symmetry of the
    /// cube maps onto each other (all 18 for a cube with no symmetry).
    first: u32,
    /// For each first move, the second moves tried: one of each class under the symmetries
    /// of the cube that also keep the first move.
    second: [u32; N_MOVES],
    /// This search's share of the work: `(which, of how many)`.
    share: (u32, u32),
    /// Nodes reached after [`SPLIT_AT`] moves at this depth so far (dealt out among the shares).
    dealt: u64,
    /// Solutions this long or longer are not wanted (another share has found one).
    cap: u32,
    /// Ended without a solution of its own: its share holds none shorter than `cap`.
    capped: bool,
    /// Each depth searched and the node count when its search began.
    depth_log: Vec<(u32, u64)>,
    /// The two-phase try found a solution of the proven length: the answer.
    two_phase_hit: bool,
    /// The depth just begun waits for a two-phase try: [`OptimalSearch::step`] returns first,
    /// so that its caller can report the new bound before the try, which may be long.
    try_due: bool,
    /// Reads the least solution length found by any share, also while a two-phase try runs,
    /// which stops when it can no longer find anything shorter
    /// ([`OptimalSearch::with_shared_cap`]).
    shared_cap: Option<SharedCap>,
    /// Buffers kept between expansions: one node's children, and the levels of
    /// [`OptimalSearch::finish_below`].
    level_buf: Vec<(u32, Kid)>,
    levels: Vec<Vec<(u32, Kid)>>,
    /// [`OptimalSearch::expand_many`]'s lists, kept between calls: each face's first turn
    /// (parent, move), the other turns with their first's index, and which firsts pruned with
    /// moves to spare.
    face_firsts: Vec<(u32, u8)>,
    face_others: Vec<(u32, u8, u32)>,
    face_spare: Vec<bool>,
    /// From this many moves to go on, a level at a time ([`LEVELS_FROM`], or 0 for never).
    levels_from: u32,
    /// The length searched first ([`OptimalSearch::from_length`]); 0 for the usual order.
    from: u32,
    /// Searching down from `from` towards the root's bound (each length found empty).
    descending: bool,
    /// The root's bound.
    root: u32,
}

/// Reads the least solution length any share of a search has found so far (`u32::MAX` for none).
pub type SharedCap = Arc<dyn Fn() -> u32 + Send + Sync>;

/// From this proven length on, the two-phase search gets a larger budget for a solution of that
/// length ([`OptimalSearch::try_two_phase`]): few cubes need more.
const SURE_DEPTH: u32 = 18;

/// The path length at which shared searches divide the tree (a random cube has a few thousand
/// nodes there, so the shares get even amounts of work).
pub const SPLIT_AT: usize = 3;

/// From this many moves to go on, the rest of the tree below a node is searched a level at a
/// time ([`OptimalSearch::finish_below`]). Below a node with 13 to go, the widest level held
/// 927 nodes with h6, 1,779 with h4 and 3,606 with h3 over five cubes (the three 16-movers of
/// `bench/optimal-states.txt` and two random cubes of 17 and 18 moves).
const LEVELS_FROM: u32 = 13;

/// Beside a flip table the phase-1 bounds stay on for the next depth only where they cut at
/// least this fraction (numerator, denominator) of the children they were read for at the
/// depth before, once those were at least [`AXES_SAMPLE`]; once off, they stay off. On random
/// cubes beside a flip table they cut about 1% of the children and cost more than they save;
/// on the superflip they cut about half, and the nodes many-fold (`docs/optimal.md`).
const AXES_PAY: (u64, u64) = (1, 3);
/// Children seen before [`AXES_PAY`] decides (a random cube sees 4,699 at depth 15 and 62,925
/// at 16; the superflip 4,835 and 45,911).
const AXES_SAMPLE: u64 = 4_000;

/// Children whose table entries are read in the same passes.
const CHUNK: usize = 64;

/// What a search did, for comparing iterations with other solvers: the nodes of each depth
/// searched (the two-phase tries' own nodes aside), and whether a two-phase try found the
/// answer (a solution of the proven length, which ends the search before that depth).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptimalReport {
    /// `(depth, nodes)`, shallowest first.
    pub depth_nodes: Vec<(u32, u64)>,
    /// A two-phase try found the answer.
    pub two_phase: bool,
}

impl OptimalReport {
    /// Adds another share's report: nodes per depth summed.
    pub fn merge(&mut self, other: &OptimalReport) {
        for &(d, n) in &other.depth_nodes {
            match self.depth_nodes.iter_mut().find(|x| x.0 == d) {
                Some(x) => x.1 += n,
                None => self.depth_nodes.push((d, n)),
            }
        }
        self.depth_nodes.sort_unstable();
        self.two_phase |= other.two_phase;
    }
}

/// `nodes by depth: depth 15: 1234, depth 16: 56789; two-phase found the answer`.
impl std::fmt::Display for OptimalReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let depths: Vec<String> = self.depth_nodes.iter().map(|(d, n)| format!("depth {d}: {n}")).collect();
        let depths = if depths.is_empty() { "none".to_string() } else { depths.join(", ") };
        let how = if self.two_phase { "two-phase found the answer" } else { "the search found the answer" };
        write!(f, "nodes by depth: {depths}; {how}")
    }
}

/// Where a search stands, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptimalProgress {
    /// The length being searched now.
    pub depth: u32,
    /// No solution is shorter than this (proven).
    pub lower_bound: u32,
    /// Nodes visited so far.
    pub nodes: u64,
    /// The length of the best solution known (the answer if nothing shorter turns up), if any.
    pub upper_bound: Option<u32>,
}

impl OptimalSearch {
    /// Starts a search; `upper`, if given, must solve `cube` (a two-phase solution, say).
    pub fn new(cube: &CubieCube, upper: Option<Vec<Move>>) -> OptimalSearch {
        debug_assert!(upper.as_ref().is_none_or(|u| cube.apply_moves(u).is_solved()));
        OptimalSearch {
            cube: *cube,
            upper,
            target: 0,
            lower: 0,
            started: false,
            stack: Vec::with_capacity(24),
            path: Vec::with_capacity(24),
            nodes: 0,
            result: None,
            axis_moves: [[0; N_MOVES]; 3],
            axes_on: false,
            axes_keep: true,
            axes_seen: 0,
            axes_cut: 0,
            first: ALL_MOVES,
            second: [ALL_MOVES; N_MOVES],
            share: (0, 1),
            dealt: 0,
            cap: u32::MAX,
            capped: false,
            try_due: false,
            depth_log: Vec::new(),
            two_phase_hit: false,
            shared_cap: None,
            level_buf: Vec::with_capacity(18),
            levels: Vec::new(),
            face_firsts: Vec::with_capacity(6),
            face_others: Vec::with_capacity(12),
            face_spare: Vec::with_capacity(6),
            levels_from: LEVELS_FROM,
            from: 0,
            descending: false,
            root: 0,
        }
        .with_symmetry()
    }

    /// Makes this search one of `of` shares (`which` counts from 0): it searches every depth
    /// only below the nodes at [`SPLIT_AT`] moves dealt to it. The shares together search what
    /// one search would; only share 0 asks the two-phase search for solutions.
    pub fn with_share(mut self, which: u32, of: u32) -> OptimalSearch {
        assert!(which < of, "share {which} of {of}");
        self.share = (which, of);
        self
    }

    /// Searches `len` moves first (when the cube's bound is less), then `len - 1` and so on down
    /// to the bound, then on up from `len + 1`: the first solution found is the answer, of `len`
    /// moves or fewer when there is one, but not proven shortest; the lower bound it reports is
    /// the root's until every length up to `len` is searched. For a cube that needs about `len`
    /// moves, when any solution that long will do: it saves proving the shorter lengths empty,
    /// which for a cube at distance 20 is most of the work, and a length found empty costs little
    /// beside the one above it. The two-phase tries are left out (the caller has run that search).
    pub fn from_length(mut self, len: u32) -> OptimalSearch {
        self.from = len;
        self
    }

    /// Searches a node at a time all the way down, never a level at a time: the same nodes,
    /// in the plain order (for tests and comparisons).
    pub fn node_at_a_time(mut self) -> OptimalSearch {
        self.levels_from = 0;
        self
    }

    /// Lets this search read the other shares' least solution length (kept in memory they share
    /// with it: an atomic between threads, a shared buffer between workers) also while it asks
    /// the two-phase search for a solution, which [`OptimalSearch::set_cap`] cannot reach while it
    /// runs: the try stops once it could find nothing shorter. A try that can stop so gets the
    /// larger budget from [`SURE_DEPTH`] on even when the search is shared.
    pub fn with_shared_cap(mut self, cap: SharedCap) -> OptimalSearch {
        self.shared_cap = Some(cap);
        self
    }

    /// Solutions of `len` moves or more are no longer wanted (another share found one): the
    /// search ends once it has proven its share holds none shorter (at once if it is already
    /// searching that length).
    pub fn set_cap(&mut self, len: u32) {
        self.cap = self.cap.min(len);
    }

    /// The search has ended: with a solution ([`OptimalSearch::result`]), or, after
    /// [`OptimalSearch::set_cap`], with none shorter than the cap in its share.
    pub fn done(&self) -> bool {
        self.result.is_some() || self.capped
    }

    /// Whether the depth being searched reads the exact phase-1 bounds (see [`AXES_PAY`]).
    pub fn phase1_bounds(&self) -> bool {
        self.axes_on
    }

    /// Where the search stands.
    pub fn progress(&self) -> OptimalProgress {
        OptimalProgress {
            depth: self.target,
            lower_bound: self.lower,
            nodes: self.nodes,
            upper_bound: self.result.as_ref().or(self.upper.as_ref()).map(|u| u.len() as u32),
        }
    }

    /// The nodes of each depth searched so far and whether a two-phase try found the answer.
    pub fn report(&self) -> OptimalReport {
        let ends = self.depth_log.iter().skip(1).map(|x| x.1).chain([self.nodes]);
        let depth_nodes = self.depth_log.iter().zip(ends).map(|(&(d, start), end)| (d, end - start)).collect();
        OptimalReport { depth_nodes, two_phase: self.two_phase_hit }
    }

    /// The optimal solution, once found.
    pub fn result(&self) -> Option<&[Move]> {
        self.result.as_deref()
    }

    /// Searches about `nodes` more nodes; returns the optimal solution once it is known.
    /// `two_phase`, when given, is asked for a solution of the proven length at each new depth;
    /// the step returns early, with `None`, just before it asks, so that the caller can report
    /// the new bound first (the next step asks).
    pub fn step(&mut self, t: &OptimalTables, two_phase: Option<&TwoPhaseTables>, nodes: u64) -> Option<&[Move]> {
        let stop = self.nodes.saturating_add(nodes);
        while !self.done() {
            if self.started && self.target >= self.cap {
                // Another share has a solution this long: this one's shorter depths are done.
                self.capped = true;
                break;
            }
            if self.stack.is_empty() {
                if std::mem::take(&mut self.try_due) {
                    if let Some(tp) = two_phase {
                        self.try_two_phase(tp);
                    }
                    self.start_depth(t, two_phase);
                } else {
                    self.next_depth(t, two_phase);
                    if self.try_due {
                        // The new bound is proven: the caller hears it before the try.
                        return None;
                    }
                }
                continue;
            }
            if self.nodes >= stop {
                return None;
            }
            let k = self.stack.len() - 1;
            let frame = &mut self.stack[k];
            if frame.next == frame.len {
                self.stack.pop();
                self.path.pop();
                continue;
            }
            let kid = frame.kids[frame.next as usize];
            frame.next += 1;
            self.path.push(kid.m);
            if self.share.1 > 1 && self.path.len() == SPLIT_AT {
                self.dealt += 1;
                if (self.dealt - 1) % self.share.1 as u64 != self.share.0 as u64 {
                    self.path.pop();
                    continue;
                }
            }
            let left = self.target - self.path.len() as u32;
            // Only below the shares' split and the first two moves' symmetry restrictions, and
            // not with h0 alone, whose weaker bounds would make the levels wide.
            if left <= self.levels_from && self.path.len() >= SPLIT_AT && t.flip.is_some() {
                self.finish_below(t, two_phase, &kid, left);
                self.path.pop();
                continue;
            }
            let frame = self.expand(t, two_phase, &kid, left);
            self.stack.push(frame);
        }
        self.stack.clear();
        self.result.as_deref()
    }

    /// The children of a node with `left` moves to go that may still lead to a solution; finds
    /// the solution when `left` is 1.
    fn expand(&mut self, t: &OptimalTables, tp: Option<&TwoPhaseTables>, node: &Kid, left: u32) -> Frame {
        let last = self.path.last().copied();
        let allowed = match self.path.len() {
            0 => self.first,
            1 => self.second[self.path[0].index()],
            _ => ALL_MOVES,
        };
        let mut out = std::mem::take(&mut self.level_buf);
        out.clear();
        self.expand_many(t, tp, &[(0, *node)], last.is_none(), allowed, left, &mut out);
        let mut frame = Frame { kids: [NO_KID; N_MOVES], len: 0, next: 0 };
        if left == 1 {
            if let Some(&(_, kid)) = out.first() {
                let mut sol = std::mem::take(&mut self.path);
                sol.push(kid.m);
                self.result = Some(sol);
            }
        } else {
            for (i, &(_, kid)) in out.iter().enumerate() {
                frame.kids[i] = kid;
            }
            frame.len = out.len() as u8;
        }
        self.level_buf = out;
        frame
    }

    /// Searches the whole tree below a node with `left` moves to go (the last move on the path
    /// is the node's), a level at a time: every node of a level has its children's table
    /// entries read in the same passes, so that the cache misses of many nodes overlap where a
    /// node at a time has only a few (most nodes near the leaves have one or two children that
    /// pass the first bound, and each of the reads that follow would wait alone). Sets the
    /// result when a solution turns up.
    fn finish_below(&mut self, t: &OptimalTables, tp: Option<&TwoPhaseTables>, node: &Kid, left: u32) {
        let mut levels = std::mem::take(&mut self.levels);
        for level in levels.iter_mut() {
            level.clear();
        }
        if levels.is_empty() {
            levels.push(Vec::new());
        }
        levels[0].push((0, *node));
        let mut l = left;
        let mut depth = 0;
        loop {
            if levels.len() == depth + 1 {
                levels.push(Vec::new());
            }
            let (done, rest) = levels.split_at_mut(depth + 1);
            let out = &mut rest[0];
            self.expand_many(t, tp, &done[depth], false, ALL_MOVES, l, out);
            if out.is_empty() {
                break;
            }
            if l == 1 {
                // A solution: the moves back up the levels.
                let mut tail = Vec::with_capacity(depth + 1);
                let (mut i, mut d) = (0, depth + 1);
                while d > 0 {
                    let (parent, kid) = levels[d][i];
                    tail.push(kid.m);
                    i = parent as usize;
                    d -= 1;
                }
                let mut sol = self.path.clone();
                sol.extend(tail.into_iter().rev());
                self.result = Some(sol);
                break;
            }
            l -= 1;
            depth += 1;
        }
        self.levels = levels;
    }

    /// The children of `parents` (each with `left` moves to go, its last move its `m`, or no
    /// last move at the `root`) that may still lead to a solution, appended to `out` with the
    /// index of their parent (each face's first turn first, then the others); when `left` is 1, the children that solve the cube.
    /// Moves outside `allowed` are not tried. The children's table entries are read in passes
    /// over many children at once ([`CHUNK`]), so that their cache misses overlap.
    ///
    /// **Face pruning**: the first turn of each face is read first; when its bound exceeds the
    /// moves left by two or more, the face's other turns (one move from it) cannot reach the
    /// limit either, and are skipped unread.
    #[allow(clippy::too_many_arguments)]
    fn expand_many(
        &mut self,
        t: &OptimalTables,
        tp: Option<&TwoPhaseTables>,
        parents: &[(u32, Kid)],
        root: bool,
        allowed: u32,
        left: u32,
        out: &mut Vec<(u32, Kid)>,
    ) {
        let moves = move_cubes();
        let wanted = |node: &Kid, m: Move| {
            let last = if root { None } else { Some(node.m) };
            may_follow(last, m) && !(node.skip_half && m.quarters() == 2) && allowed >> m.index() & 1 == 1
        };
        if left == 1 {
            for (p, (_, node)) in parents.iter().enumerate() {
                for m in Move::ALL.into_iter().filter(|&m| wanted(node, m)) {
                    self.nodes += 1;
                    if moves[m.inverse().index()].compose(&node.inv).is_solved() {
                        out.push((p as u32, Kid { m, ..*node }));
                        return;
                    }
                }
            }
            return;
        }
        // The first turn of each face of each parent, and the others with the index of their
        // face's first.
        let mut firsts = std::mem::take(&mut self.face_firsts);
        let mut others = std::mem::take(&mut self.face_others);
        let mut spare = std::mem::take(&mut self.face_spare);
        firsts.clear();
        others.clear();
        for (p, (_, node)) in parents.iter().enumerate() {
            let mut first = usize::MAX;
            for m in Move::ALL {
                if m.quarters() == 1 {
                    first = usize::MAX;
                }
                if !wanted(node, m) {
                    continue;
                }
                if first == usize::MAX {
                    first = firsts.len();
                    firsts.push((p as u32, m.index() as u8));
                } else {
                    others.push((p as u32, m.index() as u8, first as u32));
                }
            }
        }
        spare.clear();
        spare.resize(firsts.len(), false);
        for (c, sp) in firsts.chunks(CHUNK).zip(spare.chunks_mut(CHUNK)) {
            self.expand_chunk(t, tp, parents, c, left, out, sp);
        }
        let mut cand = [(0u32, 0u8); CHUNK];
        let mut ignore = [false; CHUNK];
        let mut n = 0;
        for &(p, m, first) in &others {
            if spare[first as usize] {
                continue;
            }
            cand[n] = (p, m);
            n += 1;
            if n == CHUNK {
                self.expand_chunk(t, tp, parents, &cand[..n], left, out, &mut ignore[..n]);
                n = 0;
            }
        }
        if n > 0 {
            self.expand_chunk(t, tp, parents, &cand[..n], left, out, &mut ignore[..n]);
        }
        (self.face_firsts, self.face_others, self.face_spare) = (firsts, others, spare);
    }

    /// [`OptimalSearch::expand_many`]'s passes over the candidates `cand` (parent, move), with
    /// `left` at least 2; `spare[k]` is set when candidate `k` is pruned with two or more moves
    /// to spare (its bound at least `left + 1`).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn expand_chunk(
        &mut self,
        t: &OptimalTables,
        tp: Option<&TwoPhaseTables>,
        parents: &[(u32, Kid)],
        cand: &[(u32, u8)],
        left: u32,
        out: &mut Vec<(u32, Kid)>,
        spare: &mut [bool],
    ) {
        let moves = move_cubes();
        let c = &t.coords;
        let n = cand.len();
        self.nodes += n as u64;
        let parent = |k: usize| &parents[cand[k].0 as usize].1;
        // Every child's corner and edge coordinates, once (the edges' as slot masks, moved
        // through small tables).
        let (mut cs2, mut w2) = ([0usize; CHUNK], [0u32; CHUNK]);
        for k in 0..n {
            let (node, m) = (parent(k), cand[k].1 as usize);
            cs2[k] = c.cmove(node.cocsep as usize, m);
            w2[k] = c.esym.move_mask(m, node.mask);
        }
        let corners = &t.corners;
        // With h0 alone, the corner table first: what it prunes saves a read of the big table.
        // h3 knows the corners' distance nearly always (on 16- and 17-move cubes the corner
        // reads pruned a few percent of nodes and cost more time than they saved).
        let corner_reads = t.flip.is_none();
        let mut bound = [0u32; CHUNK];
        if corner_reads {
            for k in 0..n {
                let perm = corners.pmove[parent(k).perm as usize * N_MOVES + cand[k].1 as usize];
                bound[k] = corners.distance(perm as usize, cs2[k] % N_TWIST);
            }
        }
        // The flip table (h3 to h6) next, where there is one: it knows more than h0 except
        // where it reads "at most 8". Far from the end no entry can reach `left` (at most 11
        // moves), and there it is not read: every child passes.
        let most = t.most();
        let mut flips = [0u16; CHUNK];
        if let Some(h3) = &t.flip {
            for k in 0..n {
                flips[k] = h3.flips.flip_move[parent(k).flips as usize * N_MOVES + cand[k].1 as usize];
            }
        }
        let mut keys = [EntryKeys::default(); CHUNK];
        let mut at = [BoundEntry::default(); CHUNK];
        // The children that pass, in order: the passes that follow read only theirs.
        let mut live = [0u8; CHUNK];
        let mut nl = 0;
        if left > most {
            for k in 0..n {
                live[k] = k as u8;
            }
            nl = n;
        } else {
            // Every child's keys first, then the entries, then the reads, so that the cache
            // misses of each pass overlap.
            for k in 0..n {
                keys[k] = t.keys(cs2[k], w2[k]);
            }
            for k in 0..n {
                if bound[k] < left {
                    at[k] = t.entry_at(keys[k], cs2[k], flips[k]);
                }
            }
            for k in 0..n {
                if bound[k] < left {
                    bound[k] = t.bound_at(at[k]);
                    if bound[k] < left {
                        live[nl] = k as u8;
                        nl += 1;
                    }
                }
                spare[k] = bound[k] > left;
            }
        }
        // Then the inverse, before the phase-1 bounds (h0 alone): one table read a child where
        // those take six, and on the bulk of the search (ten moves to go) it prunes most of
        // what they would. h3 (or h0) first, whose tightness decides the half turns, then the
        // corners (with h0 alone). Its entry matters while it can reach `left - 1` (a tight
        // bound); again the keys first, then the entries, then the reads.
        let mut inv = [CubieCube::SOLVED; CHUNK];
        let mut skip_half = [false; CHUNK];
        let inv_reads = left - 1 <= most;
        let mut coords = [(0usize, 0u16); CHUNK];
        for &k in &live[..nl] {
            let k = k as usize;
            // The inverse of (cube, then m) is (m⁻¹, then the inverse).
            let m = Move::ALL[cand[k].1 as usize];
            inv[k] = moves[m.inverse().index()].compose(&parent(k).inv);
            if inv_reads {
                coords[k] = (cocsep(&inv[k]), t.flip.as_ref().map_or(0, |_| flips::flips(&inv[k])));
                keys[k] = t.keys(coords[k].0, esep_masks(&inv[k]));
            }
        }
        if inv_reads {
            for &k in &live[..nl] {
                let k = k as usize;
                let (cs, fl) = coords[k];
                at[k] = t.entry_at(keys[k], cs, fl);
            }
            let mut kept = 0;
            for i in 0..nl {
                let k = live[i] as usize;
                let b = t.bound_at(at[k]);
                if b >= left {
                    spare[k] = b > left;
                    continue;
                }
                if corner_reads {
                    let c = t.corner_bound(&inv[k]);
                    if c >= left {
                        spare[k] = c > left;
                        continue;
                    }
                }
                // Only h0 is blind to half turns: a tight corner bound says nothing of them.
                skip_half[k] = b == left - 1;
                live[kept] = k as u8;
                kept += 1;
            }
            nl = kept;
        }
        // Then the exact phase-1 distance from each axis (a child's from its parent's, mod 3): every
        // child kept needs all three, for its own children.
        let mut axes = [[NO_AXIS; 3]; CHUNK];
        if let Some((tp, p1)) = tp.and_then(|tp| tp.phase1.as_ref().map(|p| (tp, p))).filter(|_| self.axes_on) {
            // Close to the end only distances below `left` matter, and those the small
            // near-subgroup map knows exactly (it answers "farther" for the rest).
            let near = left <= NEAR_DEPTH as u32 + 1;
            // Every axis's coordinates and table entry first, then the reads, so that their
            // cache misses (the class map, then the 35 MB table) overlap across children.
            let mut entry = [[0usize; 3]; CHUNK];
            for &k in &live[..nl] {
                let k = k as usize;
                for a in 0..3 {
                    let (from, mv) = (&parent(k).axes[a], self.axis_moves[a][cand[k].1 as usize] as usize);
                    let twist = tp.twist_move[from.twist as usize * N_MOVES + mv];
                    let flip = tp.flip_move[from.flip as usize * N_MOVES + mv];
                    let slice = tp.slice_move[from.slice as usize * N_MOVES + mv];
                    axes[k][a] = Axis { twist, flip, slice, d: 0 };
                    if !near {
                        entry[k][a] = p1.coords.index(twist as usize, flip as usize, slice as usize);
                    }
                }
            }
            self.axes_seen += nl as u64;
            for &k in &live[..nl] {
                let k = k as usize;
                let before = bound[k];
                for a in 0..3 {
                    let x = &mut axes[k][a];
                    x.d = if near {
                        tp.near.get(x.twist as usize, x.flip as usize, x.slice as usize)
                    } else {
                        next_distance(parent(k).axes[a].d, p1.code(entry[k][a]))
                    };
                    bound[k] = bound[k].max(x.d as u32);
                }
                self.axes_cut += (before < left && bound[k] >= left) as u64;
                spare[k] = bound[k] > left;
            }
        }
        for &k in &live[..nl] {
            let k = k as usize;
            if bound[k] < left {
                let node = parent(k);
                let m = Move::ALL[cand[k].1 as usize];
                let (cocsep, mask, perm) =
                    (cs2[k] as u32, w2[k], corners.pmove[node.perm as usize * N_MOVES + m.index()]);
                let kid =
                    Kid { m, cocsep, mask, perm, flips: flips[k], skip_half: skip_half[k], inv: inv[k], axes: axes[k] };
                out.push((cand[k].0, kid));
            }
        }
    }

    /// Moves on to the next depth: starts it, or, when the two-phase search is to be asked for
    /// a solution of that length first, leaves that to [`OptimalSearch::step`] (`try_due`).
    fn next_depth(&mut self, t: &OptimalTables, two_phase: Option<&TwoPhaseTables>) {
        if !self.started {
            self.started = true;
            self.root = t.bound_of(&self.cube).max(t.bound_of(&self.cube.inverse()));
            self.target = self.root.max(self.from);
            self.lower = self.root;
            self.descending = self.target > self.root;
        } else if self.descending && self.target > self.root {
            // The length searched holds no solution: the next shorter one.
            self.target -= 1;
        } else if self.descending {
            // Every length from the bound up to `from` holds none: on up, as usual.
            self.descending = false;
            self.target = self.from + 1;
            self.lower = self.target;
        } else {
            // Every shorter length has been searched in full.
            self.target += 1;
            self.lower = self.target;
        }
        if self.cube.is_solved() {
            self.result = Some(Vec::new());
            return;
        }
        if two_phase.is_some() && self.share.0 == 0 && self.try_wanted() {
            self.try_due = true;
            return;
        }
        self.start_depth(t, two_phase);
    }

    /// Starts searching the depth `target` (or finishes, when the known solution cannot be
    /// beaten).
    fn start_depth(&mut self, t: &OptimalTables, two_phase: Option<&TwoPhaseTables>) {
        if let Some(u) = &self.upper {
            if u.len() as u32 <= self.target {
                self.result = self.upper.take();
                return;
            }
        }
        if self.target == 0 {
            return;
        }
        if self.target >= self.cap {
            return;
        }
        self.depth_log.push((self.target, self.nodes));
        self.path.clear();
        self.dealt = 0;
        let inv = self.cube.inverse();
        let (c, e) = (cocsep(&self.cube), esep_masks(&self.cube));
        let hi = t.coords_bound(&inv);
        let perm = perm_rank(&self.cube.cp) as u16;
        let mut axes = [NO_AXIS; 3];
        // Beside a flip table the phase-1 bounds prune few nodes of random cubes and cost more
        // than they save; but on cubes with many edges flipped, such as the superflip, the flip
        // table (which reads six flips at most) knows far less than they do. So they start on
        // and stay on while they cut enough ([`AXES_PAY`]). With h0 alone they always pay.
        if t.flip.is_some() && self.axes_on && self.axes_seen >= AXES_SAMPLE {
            self.axes_keep = self.axes_cut * AXES_PAY.1 >= self.axes_seen * AXES_PAY.0;
        }
        (self.axes_seen, self.axes_cut) = (0, 0);
        self.axes_on = false;
        if let Some((tp, p1)) =
            two_phase.and_then(|tp| tp.phase1.as_ref().map(|p| (tp, p))).filter(|_| t.flip.is_none() || self.axes_keep)
        {
            self.axes_on = true;
            for (a, (coords, moves)) in axis_views(&self.cube).into_iter().enumerate() {
                let [twist, flip, slice] = coords;
                let d = p1.distance(tp, twist, flip, slice).unwrap_or(0);
                axes[a] = Axis { twist: twist as u16, flip: flip as u16, slice: slice as u16, d };
                self.axis_moves[a] = moves;
            }
        }
        let flips = flips::flips(&self.cube);
        let root =
            Kid { m: Move::ALL[0], cocsep: c as u32, mask: e, perm, flips, skip_half: hi == self.target, inv, axes };
        let frame = self.expand(t, two_phase, &root, self.target);
        if self.result.is_none() {
            self.stack.push(frame);
        }
    }
}

const ALL_MOVES: u32 = (1 << 18) - 1;

impl OptimalSearch {
    /// Restricts the first two moves by the cube's own symmetries: when a symmetry `s` maps the
    /// cube onto itself, the cube after `m` and the cube after `s m s⁻¹` are the same up to `s`,
    /// so only one of them needs searching (the superflip, with all 48, needs 2 first moves of
    /// 18). A solution that starts with the other is the first one's conjugate.
    fn with_symmetry(mut self) -> OptimalSearch {
        let syms = syms();
        let moves = move_cubes();
        let group: Vec<usize> = self_symmetries(&self.cube).collect();
        if group.is_empty() {
            return self;
        }
        // conj[s][m]: the move s m s⁻¹.
        let conj: Vec<[usize; N_MOVES]> = group
            .iter()
            .map(|&s| {
                std::array::from_fn(|m| {
                    let c = syms[s].conj(&moves[m]);
                    moves.iter().position(|x| *x == c).expect("symmetries map face turns to face turns")
                })
            })
            .collect();
        // Keeps the least move of each class under the symmetries `which`.
        let least = |which: &[usize]| -> u32 {
            (0..N_MOVES).filter(|&m| which.iter().all(|&g| conj[g][m] >= m)).fold(0, |b, m| b | 1 << m)
        };
        let all: Vec<usize> = (0..group.len()).collect();
        self.first = least(&all);
        for m1 in 0..N_MOVES {
            let keep: Vec<usize> = all.iter().copied().filter(|&g| conj[g][m1] == m1).collect();
            self.second[m1] = least(&keep);
        }
        self
    }

    /// Whether the two-phase search is worth asking for a solution of `target` moves.
    fn try_wanted(&self) -> bool {
        let known = self.upper.as_ref().map_or(u32::MAX, |u| u.len() as u32);
        // Below 11 moves two-phase's own optimal pre-pass would do the same work again.
        self.target > 10 && known > self.target && self.from == 0
    }

    /// Asks the two-phase search for a solution of the proven bound's length (which would be
    /// optimal), within a node budget of a quarter of the work done so far (at most 60 million:
    /// about what an 18-move solution of a random cube takes). The least budget is small: at the
    /// first depths the search itself is cheap. A quarter: where the two-phase search finds a
    /// short solution at all it mostly finds it early, and a cube that needs more spends the
    /// budget in vain.
    ///
    /// From [`SURE_DEPTH`] on, it gets the whole work so far, up to 250 million: a random cube
    /// proven to need 18 moves needs exactly 18 about 19 times in 20, and the search of that last
    /// depth can take several times the proof before it (on three of thirteen 18-move cubes the
    /// two-phase search had not found one within 60 million nodes; given more it found two of
    /// them); a share counts its own work times the number of shares, about the whole search's.
    /// In a shared search the other shares search the last depth meanwhile, so the larger budget
    /// needs a try that stops when one of them finds a solution
    /// ([`OptimalSearch::with_shared_cap`]); without one, a share would stay inside a try that can
    /// no longer help.
    fn try_two_phase(&mut self, tp: &TwoPhaseTables) {
        // Only called where `try_wanted` said yes (`next_depth` set `try_due`).
        let want = self.target;
        let limits = Limits {
            max_length: want as u8,
            target_length: want as u8,
            extra_nodes: 0,
            node_budget: two_phase_budget(want, self.nodes, self.share.1, self.shared_cap.is_some()),
        };
        // Another share's solution of `want` moves or fewer makes the try pointless.
        let cap = self.shared_cap.clone();
        let mut beaten = || cap.as_ref().is_some_and(|c| c() <= want);
        if let Ok(moves) = solve_two_phase(&self.cube, tp, &limits, &mut beaten) {
            if moves.len() as u32 <= want && self.cube.apply_moves(&moves).is_solved() {
                self.upper = Some(moves);
                self.two_phase_hit = true;
            }
        }
        // A solution another share found meanwhile ends this one at once (`step` checks).
        if let Some(c) = &self.shared_cap {
            self.cap = self.cap.min(c());
        }
    }
}

/// The two-phase search's node budget for a solution of `want` moves, after `nodes` of the work
/// of one share of `shares`; `can_stop`: the try stops when another share finds a solution
/// ([`OptimalSearch::try_two_phase`]).
fn two_phase_budget(want: u32, nodes: u64, shares: u32, can_stop: bool) -> u64 {
    if want >= SURE_DEPTH && (shares == 1 || can_stop) {
        nodes.saturating_mul(shares as u64).clamp(1 << 12, 250_000_000)
    } else {
        (nodes / 4).clamp(1 << 12, 60_000_000)
    }
}

/// Solves `cube` optimally (asking `two_phase`, when given, for solutions of each proven length),
/// polling `stop` every million nodes with the progress so far; `None` if stopped first.
pub fn solve_optimal(
    cube: &CubieCube,
    t: &OptimalTables,
    two_phase: Option<&TwoPhaseTables>,
    upper: Option<Vec<Move>>,
    stop: &mut dyn FnMut(&OptimalProgress) -> bool,
) -> Option<Vec<Move>> {
    solve_optimal_report(cube, t, two_phase, upper, stop).0
}

/// [`solve_optimal`], with what the search did.
pub fn solve_optimal_report(
    cube: &CubieCube,
    t: &OptimalTables,
    two_phase: Option<&TwoPhaseTables>,
    upper: Option<Vec<Move>>,
    stop: &mut dyn FnMut(&OptimalProgress) -> bool,
) -> (Option<Vec<Move>>, OptimalReport) {
    let mut search = OptimalSearch::new(cube, upper);
    loop {
        if let Some(sol) = search.step(t, two_phase, 1 << 20).map(<[Move]>::to_vec) {
            return (Some(sol), search.report());
        }
        if stop(&search.progress()) {
            return (None, search.report());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_phase_budget_grows_from_the_sure_depth_on() {
        // Below it: a quarter of the share's work so far, between 4,096 and 60 million (where
        // the try nearly always fails on cubes that need more: a larger budget there was only
        // lost).
        assert_eq!(two_phase_budget(17, 10, 1, false), 1 << 12);
        assert_eq!(two_phase_budget(17, 40_000_000, 1, false), 10_000_000);
        assert_eq!(two_phase_budget(17, 40_000_000, 2, true), 10_000_000);
        assert_eq!(two_phase_budget(17, 500_000_000, 1, false), 60_000_000);
        // From it: the whole search's work so far (a share's times the shares), up to 250
        // million, where nothing waits for the try in vain.
        assert_eq!(two_phase_budget(SURE_DEPTH, 100_000_000, 1, false), 100_000_000);
        assert_eq!(two_phase_budget(SURE_DEPTH, 50_000_000, 2, true), 100_000_000);
        assert_eq!(two_phase_budget(19, 400_000_000, 1, false), 250_000_000);
        assert_eq!(two_phase_budget(19, u64::MAX, 4, true), 250_000_000);
        // A share whose try cannot be stopped keeps the smaller budget.
        assert_eq!(two_phase_budget(SURE_DEPTH, 100_000_000, 2, false), 25_000_000);
        assert_eq!(two_phase_budget(19, u64::MAX, 4, false), 60_000_000);
    }
}
