//! The depths in turn: where each begins, the cube's symmetries on the first two moves, and the
//! two-phase search asked for a solution of each proven length.

use super::{Axis, Kid, OptimalSearch, AXES_PAY, AXES_SAMPLE, NO_AXIS, SPLIT_AT, SURE_DEPTH};
use crate::coord::compact::Compact;
use crate::coord::flips;
use crate::coord::h0::{cocsep, esep_masks};
use crate::coord::index::perm_rank;
use crate::coord::sym::{self_symmetries, syms};
use crate::coord::N_MOVES;
use crate::cube::cubie::move_cubes;
use crate::cube::{CubieCube, Move};
use crate::solve::two_phase::{axis_views, solve_two_phase, Limits};
use crate::tables::optimal::OptimalTables;
use crate::tables::two_phase::TwoPhaseTables;

impl OptimalSearch {
    /// Moves on to the next depth: starts it, or, when the two-phase search is to be asked for
    /// a solution of that length first, leaves that to [`OptimalSearch::step`] (`try_due`).
    pub(super) fn next_depth(&mut self, t: &OptimalTables, two_phase: Option<&TwoPhaseTables>) {
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
    pub(super) fn start_depth(&mut self, t: &OptimalTables, two_phase: Option<&TwoPhaseTables>) {
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
        let root = Kid {
            m: Move::ALL[0],
            cocsep: c as u32,
            mask: e,
            perm,
            flips,
            inv_bound: hi as u8,
            inv: Compact::from_cubie(&inv),
            axes,
        };
        if self.target as usize > SPLIT_AT {
            self.deal_jobs(t, two_phase, &root);
            return;
        }
        let frame = self.expand(t, two_phase, &root, self.target);
        if self.result.is_none() {
            self.stack.push(frame);
        }
    }

    /// Restricts the first two moves by the cube's own symmetries: when a symmetry `s` maps the
    /// cube onto itself, the cube after `m` and the cube after `s m s⁻¹` are the same up to `s`,
    /// so only one of them needs searching (the superflip's 48 leave 2 first moves of 18). A
    /// solution that starts with the other is the first one's conjugate.
    ///
    /// A cube that commutes with every turn (the superflip: the only one besides solved) needs
    /// less. With `c m1 … mn` solved, `c = (m1 … mn)⁻¹` commutes with `m1`, so `c m2 … mn m1` is
    /// solved too: every rotation of a solution is one, and every symmetry's image (all 48 keep
    /// a central cube). Call a run of one axis's turns *mixed* when it turns both faces and
    /// holds a quarter turn: *same-way* (`U D'`, `U' D`, as seen from U), *opposite* (`U D`,
    /// `U' D'`) or with a half turn (`U D2`, `U2 D'`). Every symmetry keeps each kind. A solution
    /// holds a quarter turn (half turns alone flip no edge), so where a solution of a length
    /// exists, so does one of these (rotated to start at the run named, its quarter turn taken
    /// to U, and the run then `U` first in the search's order, U before D):
    /// - `U D'` first, where it has a same-way run;
    /// - else `U D` first, with no same-way run anywhere;
    /// - else `U D2` first, with no run of two quarter turns;
    /// - else U, then another axis, with no mixed run.
    ///
    /// So only U is tried first (U2's subtree is never entered), and below the second move the
    /// search keeps to that move's rule (`RUN_RULE_TURNS`, `bounds.rs`). The whole cube's turns
    /// about U keep U's turns and D's, so they keep a run `U D'`, `U D` or `U D2` and its kind,
    /// and take the next move's face (R, F, L or B) to R: that move is tried from the classes
    /// of the second move after U, as the second move off U's axis is. The order stays the
    /// search's: F B goes to R L, and L or B comes first only when its axis's other face does not
    /// follow it.
    pub(super) fn with_symmetry(mut self) -> OptimalSearch {
        let group: Vec<usize> = self_symmetries(&self.cube).collect();
        if group.is_empty() {
            return self;
        }
        // conj[s][m]: the move s m s⁻¹.
        let conj: Vec<[usize; N_MOVES]> =
            group.iter().map(|&s| std::array::from_fn(|m| conj_move(s, Move::ALL[m]).index())).collect();
        // Keeps the least move of each class under the symmetries `which`.
        let least = |which: &[usize]| -> u32 {
            (0..N_MOVES).filter(|&m| which.iter().all(|&g| conj[g][m] >= m)).fold(0, |b, m| b | 1 << m)
        };
        let all: Vec<usize> = (0..group.len()).collect();
        self.first = least(&all);
        if is_central(&self.cube) {
            self.central = true;
            self.first &= QUARTER_TURNS;
        }
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
    /// From [`SURE_DEPTH`] on, it gets half the work so far, up to 50 million: a random cube
    /// proven to need 18 moves needs exactly 18 about 19 times in 20, and a two-phase node costs
    /// about 2.4 of the search's. With the last depth's subtrees searched heaviest first, that
    /// depth takes about what the proof before it took (with h6, 0.01 to 3.5 times, 12 random
    /// 18-move cubes), so a try is worth at most about that: on those cubes the two-phase search
    /// found an 18 within 0.02 to 35 million nodes on ten and none within 300 million on two,
    /// and of the budgets tried (about the work so far, half of it, a quarter, an eighth, none)
    /// half of it, capped where the successes end, took the least time in all (80 s against 102
    /// s for the work so far and 101 s for none). A share counts its own work times the number
    /// of shares, about the whole search's.
    /// In a shared search the other shares search the last depth meanwhile, so the larger budget
    /// needs a try that stops when one of them finds a solution
    /// ([`OptimalSearch::with_shared_cap`]); without one, a share would stay inside a try that can
    /// no longer help.
    pub(super) fn try_two_phase(&mut self, tp: &TwoPhaseTables) {
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

/// The quarter turns (bit per move): U, U', R, R' and so on.
const QUARTER_TURNS: u32 = {
    let mut out = 0;
    let mut m = 0;
    while m < N_MOVES {
        if m % 3 != 1 {
            out |= 1 << m;
        }
        m += 1;
    }
    out
};

/// The move `s m s⁻¹`: `m` seen through symmetry `s` of [`syms`].
fn conj_move(s: usize, m: Move) -> Move {
    let moves = move_cubes();
    let c = syms()[s].conj(&moves[m.index()]);
    Move::ALL[moves.iter().position(|x| *x == c).expect("symmetries map face turns to face turns")]
}

/// Whether `cube` commutes with every face turn (solved, or the superflip).
fn is_central(cube: &CubieCube) -> bool {
    move_cubes().iter().all(|m| cube.compose(m) == m.compose(cube))
}

/// The two-phase search's node budget for a solution of `want` moves, after `nodes` of the work
/// of one share of `shares`; `can_stop`: the try stops when another share finds a solution
/// ([`OptimalSearch::try_two_phase`]).
fn two_phase_budget(want: u32, nodes: u64, shares: u32, can_stop: bool) -> u64 {
    if want >= SURE_DEPTH && (shares == 1 || can_stop) {
        (nodes.saturating_mul(shares as u64) / 2).clamp(1 << 12, 50_000_000)
    } else {
        (nodes / 4).clamp(1 << 12, 60_000_000)
    }
}

#[cfg(test)]
mod tests {
    use super::super::ALL_MOVES;
    use super::*;
    use crate::cube::{parse_moves, Face};
    use crate::solve::two_phase::FOLLOWERS;

    /// The axis a move turns about: 0 U and D, 1 R and L, 2 F and B.
    fn axis(m: Move) -> usize {
        m.index() / 3 % 3
    }

    /// `moves` with each run of one axis's turns in the search's order (U before D), turns of
    /// one face merged.
    fn in_order(moves: &[Move]) -> Vec<Move> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < moves.len() {
            let axis = axis(moves[i]);
            let mut quarters = [0u8; 6];
            while i < moves.len() && self::axis(moves[i]) == axis {
                quarters[moves[i].index() / 3] += moves[i].quarters();
                i += 1;
            }
            for face in [axis, axis + 3] {
                if quarters[face] % 4 != 0 {
                    out.push(Move::ALL[face * 3 + quarters[face] as usize % 4 - 1]);
                }
            }
        }
        out
    }

    #[test]
    fn the_superflip_is_searched_from_one_quarter_turn() {
        let known = parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap();
        let superflip = CubieCube::from_moves(&known).inverse();
        assert!(is_central(&superflip) && is_central(&CubieCube::default()));
        assert!(move_cubes().iter().all(|m| !is_central(m)));
        assert!(!is_central(&CubieCube::from_moves(&known[..19])));
        // Its 48 symmetries leave U and U2; the rotations of its solutions leave U.
        assert_eq!(OptimalSearch::new(&superflip, None).first, 1);
        let plain = CubieCube::from_moves(&parse_moves("R U F' L2 D B' R2 U' F").unwrap());
        assert_eq!(OptimalSearch::new(&plain, None).first, ALL_MOVES);

        // The argument, on a known solution: every rotation of it solves the superflip, and
        // where one starts a run of one axis's turns holding a quarter turn, a symmetry takes it
        // to a solution of the same length that the search walks, starting with U.
        let n = known.len();
        let mut from_u = 0;
        for r in 0..n {
            let turned: Vec<Move> = known[r..].iter().chain(&known[..r]).copied().collect();
            assert!(superflip.apply_moves(&turned).is_solved(), "rotation {r}");
            let run = turned.iter().take_while(|&&m| axis(m) == axis(turned[0]));
            if axis(turned[0]) == axis(turned[n - 1]) || run.clone().all(|m| m.quarters() == 2) {
                continue;
            }
            let walked =
                (0..syms().len()).map(|s| in_order(&turned.iter().map(|&m| conj_move(s, m)).collect::<Vec<_>>()));
            let walked: Vec<Vec<Move>> = walked.filter(|w| w[0] == Move::ALL[0]).collect();
            assert!(!walked.is_empty(), "rotation {r}");
            for w in walked {
                assert_eq!(w.len(), n);
                assert!(superflip.apply_moves(&w).is_solved());
                assert!(w.windows(2).all(|p| FOLLOWERS[p[0].index()] >> p[1].index() & 1 == 1), "{w:?}");
            }
            from_u += 1;
        }
        // U, F B, R, R, L, R, U' D', F and R' L: the runs that hold a quarter turn.
        assert_eq!(from_u, 9);
    }

    /// The rotations and symmetries of `w` (its first and last runs on different axes), each
    /// in the search's order.
    fn turned_about(w: &[Move]) -> Vec<Vec<Move>> {
        let mut out = Vec::new();
        for r in 0..w.len() {
            let turned: Vec<Move> = w[r..].iter().chain(&w[..r]).copied().collect();
            for s in 0..syms().len() {
                out.push(in_order(&turned.iter().map(|&m| conj_move(s, m)).collect::<Vec<_>>()));
            }
        }
        out
    }

    #[test]
    fn the_superflips_search_walks_a_turn_of_every_sequence_with_a_quarter_turn() {
        // Every rotation and symmetry of a superflip solution is one: the search must walk one
        // of them, for any solution there could be. Random sequences in the search's order
        // stand for them (their ends on different axes, so that every rotation keeps the
        // length).
        let known = parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap();
        let mut search = OptimalSearch::new(&CubieCube::from_moves(&known), None);
        let mut rng = crate::rng::Rng::new(42);
        let mut kinds = [0u32; 4];
        while kinds.iter().sum::<u32>() < 600 {
            let n = 6 + rng.below(10) as usize;
            let mut w: Vec<Move> = Vec::new();
            while w.len() < n {
                let m = Move::ALL[rng.below(18) as usize];
                // Half turns more often, so that sequences without a mixed run come up.
                if m.quarters() != 2 && rng.below(3) == 0 {
                    continue;
                }
                if FOLLOWERS[w.last().map_or(N_MOVES, |l| l.index())] >> m.index() & 1 == 1 {
                    w.push(m);
                }
            }
            if axis(w[0]) == axis(w[n - 1]) || w.iter().all(|m| m.quarters() == 2) {
                continue;
            }
            // Its runs of both faces of an axis: same-way 0, opposite 1, with a half turn 2,
            // the least that it has (3 for none): the second move the search needs.
            let kind = w
                .windows(2)
                .filter(|p| axis(p[0]) == axis(p[1]) && (p[0].quarters() != 2 || p[1].quarters() != 2))
                .map(|p| match (p[0].quarters(), p[1].quarters()) {
                    (a, b) if a != 2 && b != 2 && a + b == 4 => 0,
                    (a, b) if a != 2 && b != 2 => 1,
                    _ => 2,
                })
                .min()
                .unwrap_or(3);
            kinds[kind] += 1;
            let walks = |v: &Vec<Move>, search: &mut OptimalSearch| {
                (0..v.len()).all(|i| {
                    search.path = v[..i].to_vec();
                    search.tries(v[i])
                })
            };
            let found: Vec<Vec<Move>> = turned_about(&w).into_iter().filter(|v| walks(v, &mut search)).collect();
            assert!(found.iter().all(|v| v.len() == n && v[0] == Move::ALL[0]), "{w:?}");
            // The one the rule names is among them (a rotation that splits a run may give others).
            let named = |v: &Vec<Move>| {
                if kind == 3 {
                    axis(v[1]) != 0
                } else {
                    v[1] == Move::new(Face::D, [3, 1, 2][kind])
                }
            };
            assert!(found.iter().any(named), "{w:?}: {found:?}");
        }
        assert!(kinds.iter().all(|&k| k > 40), "sequences of each kind: {kinds:?}");
    }

    #[test]
    fn two_phase_budget_grows_from_the_sure_depth_on() {
        // Below it: a quarter of the share's work so far, between 4,096 and 60 million (where
        // the try nearly always fails on cubes that need more: a larger budget there was only
        // lost).
        assert_eq!(two_phase_budget(17, 10, 1, false), 1 << 12);
        assert_eq!(two_phase_budget(17, 40_000_000, 1, false), 10_000_000);
        assert_eq!(two_phase_budget(17, 40_000_000, 2, true), 10_000_000);
        assert_eq!(two_phase_budget(17, 500_000_000, 1, false), 60_000_000);
        // From it: half the whole search's work so far (a share's times the shares), up to 50
        // million, where nothing waits for the try in vain.
        assert_eq!(two_phase_budget(SURE_DEPTH, 60_000_000, 1, false), 30_000_000);
        assert_eq!(two_phase_budget(SURE_DEPTH, 30_000_000, 2, true), 30_000_000);
        assert_eq!(two_phase_budget(19, 400_000_000, 1, false), 50_000_000);
        assert_eq!(two_phase_budget(19, u64::MAX, 4, true), 50_000_000);
        // A share whose try cannot be stopped keeps the smaller budget.
        assert_eq!(two_phase_budget(SURE_DEPTH, 100_000_000, 2, false), 25_000_000);
        assert_eq!(two_phase_budget(19, u64::MAX, 4, false), 60_000_000);
    }
}
