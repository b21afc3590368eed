//! Layer 4, 2x2: the table walk and the IDA* engine against each other, rotated inputs,
//! scrambles.

mod common;

use common::{solved, stickers_after};
use cubehint::coord::pocket::pocket_index;
use cubehint::cube::facelet::to_string;
use cubehint::cube::moves::{apply_turns, rotations};
use cubehint::cube::{format_moves, PocketCube};
use cubehint::rng::Rng;
use cubehint::scramble::{random_pocket, scramble_pocket};
use cubehint::solve::pocket::{solve, solve_all, to_held};
use cubehint::solve::pocket_ida::PocketIda;
use cubehint::state::{parse_state, State};
use cubehint::tables::pocket::{Metric, PocketDistance, PocketMoveTables};
use cubehint::tables::pocket_sym::{conj_pocket, PocketSymBuild, PocketSyms};
use std::sync::OnceLock;

struct Tables {
    moves: PocketMoveTables,
    htm: PocketDistance,
    qtm: PocketDistance,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let moves = PocketMoveTables::generate();
        let htm = PocketDistance::generate(&moves, Metric::Htm);
        let qtm = PocketDistance::generate(&moves, Metric::Qtm);
        Tables { moves, htm, qtm }
    })
}

fn dist(metric: Metric) -> &'static PocketDistance {
    match metric {
        Metric::Htm => &tables().htm,
        Metric::Qtm => &tables().qtm,
    }
}

#[test]
fn solutions_solve_and_are_as_long_as_the_distance() {
    let t = tables();
    let mut rng = Rng::new(21);
    for metric in [Metric::Htm, Metric::Qtm] {
        let d = dist(metric);
        for _ in 0..10_000 {
            let cube = random_pocket(&mut rng);
            let sol = solve(&cube, &t.moves, d);
            assert!(cube.apply_moves(&sol).is_solved());
            assert_eq!(metric.length(&sol), d.distance(pocket_index(&cube)) as u32);
        }
    }
}

#[test]
fn ida_engine_agrees_with_the_table_on_10000_states() {
    let t = tables();
    for metric in [Metric::Htm, Metric::Qtm] {
        let ida = PocketIda::new(metric);
        let d = dist(metric);
        let mut rng = Rng::new(22);
        for _ in 0..10_000 {
            let cube = random_pocket(&mut rng);
            let sol = ida.solve(&cube);
            assert!(cube.apply_moves(&sol).is_solved());
            assert_eq!(metric.length(&sol), metric.length(&solve(&cube, &t.moves, d)), "{metric:?}");
        }
    }
}

#[test]
fn hardest_states_are_solved_optimally() {
    let t = tables();
    let ida = PocketIda::new(Metric::Htm);
    // Every state at distance 11 HTM is among the 2,644 antipodes; take a few by scanning.
    let far: Vec<usize> = (0..cubehint::coord::N_POCKET).filter(|&i| t.htm.distance(i) == 11).take(20).collect();
    assert_eq!(far.len(), 20);
    for i in far {
        let cube = cubehint::coord::pocket::pocket_cube(i);
        let sol = solve(&cube, &t.moves, &t.htm);
        assert_eq!(sol.len(), 11);
        assert_eq!(ida.solve(&cube).len(), 11);
        assert!(cube.apply_moves(&sol).is_solved());
    }
}

#[test]
fn rotated_inputs_are_solved_as_entered() {
    let t = tables();
    let mut rng = Rng::new(23);
    let rots = rotations();
    for k in 0..2_000 {
        let cube = random_pocket(&mut rng);
        let mut faces = cube.to_facelets();
        apply_turns(&mut faces, &rots[k % 24]);
        let entered = to_string(&faces);
        let State::Two(held) = parse_state(&entered).unwrap() else { panic!("2x2") };
        for metric in [Metric::Htm, Metric::Qtm] {
            let sol = to_held(&held, &solve(&held.cube, &t.moves, dist(metric)));
            let after = stickers_after(&entered, &format_moves(&sol));
            assert!(solved(&after), "{entered}: {} leaves {after}", format_moves(&sol));
        }
    }
}

#[test]
fn all_optimal_solutions_are_different_and_optimal() {
    let t = tables();
    let mut rng = Rng::new(24);
    for metric in [Metric::Htm, Metric::Qtm] {
        for _ in 0..200 {
            let cube = random_pocket(&mut rng);
            let best = dist(metric).distance(pocket_index(&cube)) as u32;
            let all = solve_all(&cube, &t.moves, dist(metric), 50);
            assert!(!all.is_empty() && all.len() <= 50);
            for (i, s) in all.iter().enumerate() {
                assert!(cube.apply_moves(s).is_solved());
                assert_eq!(metric.length(s), best);
                assert!(!all[i + 1..].contains(s));
            }
        }
    }
    // R U has exactly one optimal solution in U R F.
    let c = PocketCube::SOLVED.apply_moves(&cubehint::cube::parse_moves("R U").unwrap());
    assert_eq!(solve_all(&c, &t.moves, &t.htm, 10).len(), 1);
}

#[test]
fn solved_cube_needs_no_moves() {
    let t = tables();
    assert!(solve(&PocketCube::SOLVED, &t.moves, &t.htm).is_empty());
    assert!(PocketIda::new(Metric::Qtm).solve(&PocketCube::SOLVED).is_empty());
}

#[test]
fn scrambles_need_at_least_four_moves_and_follow_the_state_distribution() {
    let t = tables();
    let mut rng = Rng::new(25);
    let mut seen = [0u64; 12];
    let n = 10_000;
    for _ in 0..n {
        let (cube, moves) = scramble_pocket(&mut rng, &t.moves, &t.htm);
        assert!(moves.len() >= 4);
        assert_eq!(PocketCube::SOLVED.apply_moves(&moves), cube);
        seen[moves.len()] += 1;
    }
    // Expected counts: the depth distribution restricted to depths 4..=11.
    let states = t.htm.table().distribution();
    let eligible: u64 = states[4..12].iter().sum();
    let mut chi2 = 0.0;
    let mut cells = 0;
    let mut pooled = (0.0, 0.0);
    for d in 4..12 {
        let expected = n as f64 * states[d] as f64 / eligible as f64;
        if expected < 5.0 {
            pooled.0 += seen[d] as f64;
            pooled.1 += expected;
            continue;
        }
        chi2 += (seen[d] as f64 - expected).powi(2) / expected;
        cells += 1;
    }
    if pooled.1 > 0.0 {
        chi2 += (pooled.0 - pooled.1).powi(2) / pooled.1;
        cells += 1;
    }
    // 99.9th percentile of chi-square with (cells - 1) <= 7 degrees of freedom is 24.3.
    assert!(cells >= 5);
    assert!(chi2 < 24.3, "chi-square {chi2:.1} over {cells} cells: {seen:?}");
}

#[test]
fn symmetric_build_equals_the_plain_breadth_first_table() {
    let moves = PocketMoveTables::generate();
    for metric in [Metric::Htm, Metric::Qtm] {
        let plain = PocketDistance::generate_plain(&moves, metric);
        assert_eq!(PocketSymBuild::new(&moves, metric).finish(), *plain.table(), "{metric:?}");
        assert_eq!(dist(metric).table(), plain.table(), "{metric:?}");
    }
}

#[test]
fn twist_conjugation_splits_into_twist_and_permutation_parts() {
    let syms = PocketSyms::generate();
    let mut rng = Rng::new(77);
    for _ in 0..5000 {
        let cube = random_pocket(&mut rng);
        let i = pocket_index(&cube);
        let (p, t) = (i / 729, i % 729);
        for s in 0..6 {
            let direct = pocket_index(&conj_pocket(&cube, s)) % 729;
            assert_eq!(syms.conj_twist(s, p, t), direct);
        }
    }
}
