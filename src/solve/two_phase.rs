//! 3x3 two-phase search (Kociemba): phase 1 brings the cube into ⟨U, D, R2, L2, F2, B2⟩, phase 2
//! solves it there with those moves. Both phases are IDA* over coordinates with the maximum of two
//! pruning tables as the bound; phase 1 is continued past its first solution so that longer
//! phase-1 paths with shorter phase-2 tails can beat the first total.

use crate::coord::phase2::{CornerPerm, SlicePerm, UdEdgePerm};
use crate::coord::phase1::{Flip, Slice, Twist};
use crate::coord::{Coord, N_SLICE, N_SLICE_PERM};
use crate::cube::{CubieCube, Move};
use crate::error::SolveError;
use crate::tables::two_phase::{is_phase2_move, TwoPhaseTables, PHASE2_MOVES};

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
        Limits { max_length: 20, target_length: 0, extra_nodes: 20_000, node_budget: 50_000_000 }
    }
}

/// How often, in nodes, the stop hook is polled.
const POLL_EVERY: u64 = 1 << 12;

/// Statistics of one search.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchStats {
    /// Phase-1 and phase-2 nodes visited.
    pub nodes: u64,
}

struct Search<'a> {
    t: &'a TwoPhaseTables,
    cube: CubieCube,
    limits: Limits,
    path: Vec<Move>,
    best: Option<Vec<Move>>,
    /// Solutions must be shorter than this.
    bound: u8,
    nodes: u64,
    stop_at: u64,
    stopped: bool,
    should_stop: &'a mut dyn FnMut() -> bool,
}

/// May move `m` follow `last`? Never the same face twice, and of two opposite faces (which
/// commute) only one order.
#[inline(always)]
fn may_follow(last: Option<Move>, m: Move) -> bool {
    match last {
        None => true,
        Some(l) => {
            let (a, b) = (l.face() as u8, m.face() as u8);
            a != b && !(a % 3 == b % 3 && b < a)
        }
    }
}

impl Search<'_> {
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.stop_at || (self.nodes % POLL_EVERY == 0 && (self.should_stop)()) {
            self.stopped = true;
        }
        self.stopped
    }

    #[inline(always)]
    fn phase1_bound(&self, twist: usize, flip: usize, slice: usize) -> u8 {
        let a = self.t.twist_slice_prune.get(twist * N_SLICE + slice);
        let b = self.t.flip_slice_prune.get(flip * N_SLICE + slice);
        a.max(b)
    }

    #[inline(always)]
    fn phase2_bound(&self, corner: usize, edge: usize, slice: usize) -> u8 {
        let a = self.t.corner_slice_prune.get(corner * N_SLICE_PERM + slice);
        let b = self.t.edge_slice_prune.get(edge * N_SLICE_PERM + slice);
        a.max(b)
    }

    /// Phase 1 with exactly `togo` more moves; returns true when the search is over.
    fn phase1(&mut self, twist: usize, flip: usize, slice: usize, togo: u8) -> bool {
        if self.tick() {
            return true;
        }
        if togo == 0 {
            return self.phase2_start();
        }
        let last = self.path.last().copied();
        for m in Move::ALL {
            if !may_follow(last, m) || (togo == 1 && is_phase2_move(m)) {
                // A phase-1 path ending in a phase-2 move reached the subgroup one move earlier:
                // that shorter path is searched at a smaller depth.
                continue;
            }
            let k = m.index();
            let (t, f, s) = (
                self.t.twist_move[twist * 18 + k] as usize,
                self.t.flip_move[flip * 18 + k] as usize,
                self.t.slice_move[slice * 18 + k] as usize,
            );
            if self.phase1_bound(t, f, s) >= togo {
                continue;
            }
            self.path.push(m);
            let over = self.phase1(t, f, s, togo - 1);
            self.path.pop();
            if over {
                return true;
            }
        }
        false
    }

    fn phase2_start(&mut self) -> bool {
        let d1 = self.path.len() as u8;
        if d1 >= self.bound {
            return false;
        }
        let c = self.cube.apply_moves(&self.path);
        let (corner, edge, slice) = (CornerPerm::get(&c), UdEdgePerm::get(&c), SlicePerm::get(&c));
        let max2 = self.bound - 1 - d1;
        let h = self.phase2_bound(corner, edge, slice);
        if h > max2 {
            return false;
        }
        for d2 in h..=max2 {
            if self.phase2(corner, edge, slice, d2) {
                if self.stopped {
                    return true;
                }
                // Found a solution of d1 + d2 moves.
                let len = self.path.len() as u8;
                self.best = Some(self.path.clone());
                self.path.truncate(d1 as usize);
                self.bound = len;
                if self.stop_at == self.limits.node_budget {
                    self.stop_at = self.limits.node_budget.min(self.nodes.saturating_add(self.limits.extra_nodes));
                }
                return len <= self.limits.target_length;
            }
        }
        false
    }

    /// Phase 2 with exactly `togo` more moves; true when solved (or stopped).
    fn phase2(&mut self, corner: usize, edge: usize, slice: usize, togo: u8) -> bool {
        if self.tick() {
            return true;
        }
        if togo == 0 {
            return corner == 0 && edge == 0 && slice == 0;
        }
        let last = self.path.last().copied();
        for (k, &m) in PHASE2_MOVES.iter().enumerate() {
            if !may_follow(last, m) {
                continue;
            }
            let (c, e, s) = (
                self.t.corner_perm_move[corner * 10 + k] as usize,
                self.t.ud_edge_perm_move[edge * 10 + k] as usize,
                self.t.slice_perm_move[slice * 10 + k] as usize,
            );
            if self.phase2_bound(c, e, s) >= togo {
                continue;
            }
            self.path.push(m);
            if self.phase2(c, e, s, togo - 1) {
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
        return (Ok(vec![]), SearchStats::default());
    }
    let mut s = Search {
        t: tables,
        cube: *cube,
        limits: *limits,
        path: Vec::with_capacity(32),
        best: None,
        bound: limits.max_length.saturating_add(1),
        nodes: 0,
        stop_at: limits.node_budget,
        stopped: false,
        should_stop,
    };
    let (twist, flip, slice) = (Twist::get(cube), Flip::get(cube), Slice::get(cube));
    let start = s.phase1_bound(twist, flip, slice);
    for d1 in start..=limits.max_length {
        if d1 >= s.bound || s.phase1(twist, flip, slice, d1) {
            break;
        }
    }
    let stats = SearchStats { nodes: s.nodes };
    match s.best {
        Some(moves) => (Ok(moves), stats),
        None if s.stopped => (Err(SolveError::Stopped), stats),
        None => (Err(SolveError::TooLong(limits.max_length)), stats),
    }
}
