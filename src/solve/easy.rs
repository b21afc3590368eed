//! Solutions a person finds easy to turn: a turning-cost model, and a choice among several
//! solutions of about the same length (`docs/targets.md` gives the model and its reasons).
//!
//! The model, for a right-handed solver holding the cube with both hands on the sides:
//! - a quarter turn costs by face: U and R 1.0 (flicks of the home grip), L 1.2, F 1.4, D 1.6,
//!   B 2.0 (the back face needs a regrip or an awkward push);
//! - a half turn costs 0.4 more than its quarter;
//! - a change of grip costs 1.0: a turn of F or B after one of R or L, or the other way round
//!   (U and D turns keep the grip).

use crate::cube::{push_merged, CubieCube, Face, Move};
use crate::error::SolveError;
use crate::solve::two_phase::{solve_two_phase, Limits};
use crate::tables::two_phase::TwoPhaseTables;

/// The cost of a quarter turn of each face (U R F D L B).
const FACE_COST: [f64; 6] = [1.0, 1.0, 1.4, 1.6, 1.2, 2.0];
/// What a half turn adds.
const HALF_EXTRA: f64 = 0.4;
/// A change between the R/L grip and the F/B grip.
const REGRIP: f64 = 1.0;

/// The turning cost of `moves` under the model above.
pub fn turn_cost(moves: &[Move]) -> f64 {
    let mut cost = 0.0;
    // The side axis the hands last turned: R/L or F/B (none yet: the home grip is R/L).
    let mut grip_fb = false;
    for m in moves {
        let f = m.face();
        cost += FACE_COST[f as usize] + if m.quarters() == 2 { HALF_EXTRA } else { 0.0 };
        let fb = matches!(f, Face::F | Face::B);
        let rl = matches!(f, Face::R | Face::L);
        if (fb && !grip_fb) || (rl && grip_fb) {
            cost += REGRIP;
            grip_fb = fb;
        }
    }
    cost
}

/// Of `candidates`, the one of least turning cost among those at most `allowance` moves longer
/// than the shortest (the first such when costs tie); none when there are no candidates.
pub fn easiest(candidates: &[Vec<Move>], allowance: usize) -> Option<&Vec<Move>> {
    let shortest = candidates.iter().map(Vec::len).min()?;
    candidates
        .iter()
        .filter(|c| c.len() <= shortest + allowance)
        .min_by(|a, b| turn_cost(a).total_cmp(&turn_cost(b)).then(a.len().cmp(&b.len())))
}

/// Two-phase solutions of `cube` that start or end differently: the search's own, and for each
/// of the 18 face turns one that starts with it (a solution of the cube after it) and one that
/// ends with it (a solution of the cube with it done first). They are different solutions of
/// about the same length, for [`easiest`] to choose from; each is checked by the tests.
pub fn two_phase_candidates(
    cube: &CubieCube,
    tables: &TwoPhaseTables,
    limits: &Limits,
) -> Result<Vec<Vec<Move>>, SolveError> {
    let first = solve_two_phase(cube, tables, limits, &mut || false)?;
    // One move more than the first leaves room for the turn added.
    let sub = Limits { max_length: (first.len() + 1).min(u8::MAX as usize) as u8, ..*limits };
    let mut out = vec![first];
    let mut add = |parts: [&[Move]; 2]| {
        let mut moves = Vec::new();
        for &m in parts.iter().flat_map(|p| p.iter()) {
            push_merged(&mut moves, m);
        }
        if !out.contains(&moves) {
            out.push(moves);
        }
    };
    for m in Move::ALL {
        if let Ok(rest) = solve_two_phase(&cube.apply_move(m), tables, &sub, &mut || false) {
            add([&[m], &rest]);
        }
        if let Ok(rest) = solve_two_phase(&CubieCube::from_moves(&[m]).compose(cube), tables, &sub, &mut || false) {
            add([&rest, &[m]]);
        }
    }
    Ok(out)
}
