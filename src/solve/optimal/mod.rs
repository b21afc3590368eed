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
//! so far (at most 60 million nodes; from 18 moves on, half the work so far, at most 50
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
//! The target group holds every half turn, so a half turn leaves the inverse's coordinates
//! unchanged: a half turn's child inherits its parent's inverse bound unread, and where that
//! bound is tight, half turns can only lead past the limit and are not tried.
//!
//! Each depth's subtrees after [`SPLIT_AT`] moves are searched as jobs, heaviest first by the
//! nodes they took at the depth before (`order.rs`), so the depth that holds the solution tends
//! to meet it sooner; a depth searched in full takes the same nodes in any order.
//!
//! The files: the search's state, its public face and its loop here; a node's children and
//! their bounds in `bounds.rs`; the level passes in `levels.rs`; the depths in turn, the
//! cube's symmetries and the two-phase tries in `depths.rs`; the jobs in `order.rs`.

mod bounds;
mod depths;
mod levels;
mod order;

use crate::coord::compact::Compact;
use crate::coord::N_MOVES;
use crate::cube::{CubieCube, Move};
use crate::tables::optimal::OptimalTables;
use crate::tables::two_phase::TwoPhaseTables;
use order::{Job, N_KEYS};
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
    /// The table's bound for the inverse ([`NOT_READ`] where it was not read): a half turn's child
    /// inherits it unread, and where it equals the moves to go (tight) no half turn is tried (the
    /// table's bound, not the corners', which a half turn changes).
    inv_bound: u8,
    /// The node's inverse.
    inv: Compact,
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
    inv_bound: NOT_READ,
    inv: Compact::SOLVED,
    axes: [NO_AXIS; 3],
};

/// [`Kid::inv_bound`] where the inverse's entry was not read.
const NOT_READ: u8 = u8::MAX;

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
    /// The cube commutes with every turn (the superflip): its search starts with U, below the
    /// second move keeps to that move's rule on runs of one axis's two faces, and after `U D'`,
    /// `U D` or `U D2` classes the third move as the second ([`OptimalSearch::with_symmetry`]).
    central: bool,
    /// This search's share of the work: `(which, of how many)`.
    share: (u32, u32),
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
    /// Each first turn's inverse bound, where it was read ([`NOT_READ`] where not).
    face_first_inv: Vec<u8>,
    /// The faces' other turns still to read, and their inverse bounds where known.
    face_rest: Vec<(u32, u8)>,
    face_rest_known: Vec<u8>,
    /// From this many moves to go on, a level at a time ([`LEVELS_FROM`], or 0 for never).
    levels_from: u32,
    /// The length searched first ([`OptimalSearch::from_length`]); 0 for the usual order.
    from: u32,
    /// Searching down from `from` towards the root's bound (each length found empty).
    descending: bool,
    /// The root's bound.
    root: u32,
    /// The nodes after [`SPLIT_AT`] moves still to search at this depth (this share's), the
    /// heaviest last: searched from the end ([`OptimalSearch::next_job`]).
    jobs: Vec<Job>,
    /// The job being searched: its key and the node count when it began.
    job: Option<(usize, u64)>,
    /// Nodes each job's subtree took at the depth before, and at this one, by key.
    weight_before: Vec<u64>,
    weight_now: Vec<u64>,
    /// The jobs are ordered by their weights (else searched as they come).
    ordered: bool,
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
/// cubes beside a flip table they cut about 1% of the children and cost more than they save.
/// On the superflip with h6 their cut falls with depth: in its search from U (two shares) 28%
/// and 27% over depth 16, so they are on at 17, and 23% over 17, so they are off from 18
/// (`docs/optimal.md`).
const AXES_PAY: (u64, u64) = (1, 4);
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
            central: false,
            second: [ALL_MOVES; N_MOVES],
            share: (0, 1),
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
            face_first_inv: Vec::with_capacity(6),
            face_rest: Vec::with_capacity(12),
            face_rest_known: Vec::with_capacity(12),
            levels_from: LEVELS_FROM,
            from: 0,
            descending: false,
            root: 0,
            jobs: Vec::new(),
            job: None,
            weight_before: vec![0; N_KEYS],
            weight_now: vec![0; N_KEYS],
            ordered: true,
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

    /// Searches each depth's subtrees in the order they come, not the heaviest at the depth
    /// before first: the same nodes at every depth searched in full (for tests and comparisons).
    pub fn in_move_order(mut self) -> OptimalSearch {
        self.ordered = false;
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
                if !self.jobs.is_empty() && self.nodes >= stop {
                    return None;
                }
                if self.next_job(t, two_phase) {
                    continue;
                }
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
}

const ALL_MOVES: u32 = (1 << 18) - 1;

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
