//! Layer 4, 3x3: the two-phase search on random states, short scrambles and known positions.

mod common;

use common::random_moves;
use cubehint::cube::{parse_moves, CubieCube, Face, Move};
use cubehint::rng::Rng;
use cubehint::scramble::{random_cube, scramble_cube};
use cubehint::solve::two_phase::{solve_two_phase, Limits};
use cubehint::tables::two_phase::TwoPhaseTables;
use cubehint::SolveError;
use std::sync::OnceLock;

fn tables() -> &'static TwoPhaseTables {
    static T: OnceLock<TwoPhaseTables> = OnceLock::new();
    T.get_or_init(TwoPhaseTables::generate)
}

fn solve(cube: &CubieCube, limits: &Limits) -> Result<Vec<Move>, SolveError> {
    solve_two_phase(cube, tables(), limits, &mut || false)
}

fn check(cube: &CubieCube, max: usize) -> Vec<Move> {
    let sol = solve(cube, &Limits { max_length: max as u8, ..Limits::default() }).expect("solved");
    assert!(cube.apply_moves(&sol).is_solved(), "solution does not solve");
    assert!(sol.len() <= max, "{} moves > {max}", sol.len());
    // No face turned twice in a row (a premove, done last, is merged into the move before it).
    assert!(sol.windows(2).all(|w| w[0].face() != w[1].face()), "unmerged turns in {sol:?}");
    sol
}

#[test]
fn random_states_are_solved_within_20_moves() {
    // Without the exact phase-1 table (what the page uses until it is built); tests/phase1.rs
    // solves 10,000 more with it.
    let mut rng = Rng::new(31);
    let n = 2_000;
    let mut total = 0;
    for _ in 0..n {
        total += check(&random_cube(&mut rng), 20).len();
    }
    let mean = total as f64 / n as f64;
    assert!(mean < 20.0, "mean length {mean}");
}

#[test]
fn known_positions() {
    assert!(check(&CubieCube::SOLVED, 20).is_empty());
    let superflip = CubieCube::from_moves(&parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap());
    check(&superflip, 20);
    let checkerboard = CubieCube::from_moves(&parse_moves("U2 D2 F2 B2 L2 R2").unwrap());
    assert_eq!(check(&checkerboard, 20).len(), 6);
    let j_perm = CubieCube::from_moves(&parse_moves("R U R' F' R U R' U' R' F R2 U' R' U'").unwrap());
    assert!(check(&j_perm, 20).len() <= 14);
    for m in Move::ALL {
        assert_eq!(check(&CubieCube::SOLVED.apply_move(m), 20), vec![m.inverse()]);
    }
}

#[test]
fn every_state_within_three_moves_is_solved_optimally() {
    // Breadth-first over canonical sequences of up to 3 moves; the first time a state is met is
    // its distance.
    let mut seen = std::collections::HashMap::new();
    let mut frontier = vec![(CubieCube::SOLVED, None::<Move>)];
    seen.insert(CubieCube::SOLVED, 0usize);
    for depth in 1..=3 {
        let mut next = Vec::new();
        for (c, last) in &frontier {
            for m in Move::ALL {
                if last.is_some_and(|l| l.face() == m.face()) {
                    continue;
                }
                let n = c.apply_move(m);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(n) {
                    e.insert(depth);
                    next.push((n, Some(m)));
                }
            }
        }
        frontier = next;
    }
    assert_eq!(seen.len(), 1 + 18 + 243 + 3240);
    for (cube, depth) in &seen {
        assert_eq!(check(cube, 20).len(), *depth);
    }
}

#[test]
fn short_scrambles_get_solutions_no_longer_than_the_scramble() {
    let mut rng = Rng::new(32);
    for k in 0..1000 {
        let n = 1 + k % 10;
        let scramble = random_moves(&mut rng, n, &Face::ALL);
        let cube = CubieCube::from_moves(&scramble);
        let sol = check(&cube, 20);
        assert!(sol.len() <= n, "{n}-move scramble got {} moves", sol.len());
    }
}

#[test]
fn maximum_length_is_respected_or_reported() {
    let mut rng = Rng::new(33);
    let cube = random_cube(&mut rng);
    assert_eq!(solve(&cube, &Limits { max_length: 5, ..Limits::default() }), Err(SolveError::TooLong(5)));
    let stopped = solve_two_phase(&cube, tables(), &Limits { max_length: 14, ..Limits::default() }, &mut || true);
    assert!(matches!(stopped, Err(SolveError::Stopped) | Err(SolveError::TooLong(14))));
    let budget = Limits { node_budget: 10, ..Limits::default() };
    assert_eq!(solve(&cube, &budget), Err(SolveError::Stopped));
}

#[test]
fn scrambles_are_random_states_of_at_most_20_moves() {
    let mut rng = Rng::new(34);
    for _ in 0..200 {
        let (cube, moves) = scramble_cube(&mut rng, tables());
        assert!(moves.len() <= 20 && moves.len() >= 2);
        assert_eq!(CubieCube::from_moves(&moves), cube);
    }
}

#[test]
fn short_solutions_are_marked_optimal() {
    use cubehint::solve::two_phase::solve_with_stats;
    let cube = CubieCube::from_moves(&parse_moves("R U F' L2 D").unwrap());
    let (sol, stats) = solve_with_stats(&cube, tables(), &Limits::default(), &mut || false);
    assert_eq!(sol.unwrap().len(), 5);
    assert!(stats.optimal);
    let mut rng = Rng::new(35);
    let (sol, stats) = solve_with_stats(&random_cube(&mut rng), tables(), &Limits::default(), &mut || false);
    assert!(sol.unwrap().len() > 11 && !stats.optimal);
}
