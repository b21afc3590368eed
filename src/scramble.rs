//! Random-state scrambles: a state drawn uniformly from all states, printed as the inverse of a
//! solution (WCA: a 3x3 state must need at least 2 moves, a 2x2 state at least 4).

use crate::coord::pocket::pocket_cube;
use crate::coord::N_POCKET;
use crate::cube::facelet::permutation_parity;
use crate::cube::{CubieCube, Move, PocketCube};
use crate::error::SolveError;
use crate::rng::Rng;
use crate::solve::pocket::solve as solve_pocket;
use crate::solve::two_phase::{solve_two_phase, Limits};
use crate::tables::pocket::{PocketDistance, PocketMoveTables};
use crate::tables::two_phase::TwoPhaseTables;

/// The sequence that undoes `moves`.
pub fn invert_moves(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.inverse()).collect()
}

fn shuffle(rng: &mut Rng, items: &mut [u8]) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// A uniformly random legal 3x3 state.
pub fn random_cube(rng: &mut Rng) -> CubieCube {
    let mut c = CubieCube::SOLVED;
    shuffle(rng, &mut c.cp);
    shuffle(rng, &mut c.ep);
    if permutation_parity(&c.cp) != permutation_parity(&c.ep) {
        c.ep.swap(0, 1);
    }
    for i in 0..7 {
        c.co[i] = rng.below(3) as u8;
    }
    c.co[7] = ((3 - c.co[..7].iter().map(|&t| t as u32).sum::<u32>() % 3) % 3) as u8;
    for i in 0..11 {
        c.eo[i] = rng.below(2) as u8;
    }
    c.eo[11] = (c.eo[..11].iter().map(|&f| f as u32).sum::<u32>() % 2) as u8;
    c
}

/// A uniformly random 2x2 state (DBL fixed).
pub fn random_pocket(rng: &mut Rng) -> PocketCube {
    pocket_cube(rng.below(N_POCKET as u64) as usize)
}

/// A 2x2 scramble: the state (uniform over states at least 4 moves from solved) and an optimal
/// sequence in U R F that produces it.
pub fn scramble_pocket(rng: &mut Rng, moves: &PocketMoveTables, dist: &PocketDistance) -> (PocketCube, Vec<Move>) {
    loop {
        let cube = random_pocket(rng);
        let solution = solve_pocket(&cube, moves, dist);
        if dist.metric.length(&solution) >= 4 {
            return (cube, invert_moves(&solution));
        }
    }
}

/// A 3x3 scramble: the state (uniform over states at least 2 moves from solved) and a sequence
/// of at most 20 moves that produces it.
pub fn scramble_cube(rng: &mut Rng, tables: &TwoPhaseTables) -> (CubieCube, Vec<Move>) {
    loop {
        let cube = random_cube(rng);
        if cube.is_solved() || Move::ALL.iter().any(|&m| CubieCube::SOLVED.apply_move(m) == cube) {
            continue;
        }
        let limits = Limits::default();
        match solve_two_phase(&cube, tables, &limits, &mut || false) {
            Ok(solution) => return (cube, invert_moves(&solution)),
            Err(SolveError::Stopped | SolveError::TooLong(_)) => continue,
            Err(SolveError::Cube(_)) => unreachable!("random_cube is legal"),
        }
    }
}
