//! The methods learners follow: many random cubes through each, every stage reached in order,
//! every last-layer case named, and the same case always given the same algorithm.

use cubehint::cube::CubieCube;
use cubehint::rng::Rng;
use cubehint::scramble::random_cube;
use cubehint::solve::cases::{case_label, stage_step};
use cubehint::solve::methods::METHODS;
use cubehint::solve::stage::{solve_partial, StageTables};
use std::collections::HashMap;

#[test]
fn random_cubes_go_through_every_method_with_one_algorithm_a_case() {
    let mut tables = StageTables::default();
    for (name, stages) in METHODS {
        let mut rng = Rng::new(41);
        // (stage, case) -> the algorithm's moves, and how often each case came up.
        let mut algs: HashMap<(&str, &str), Vec<_>> = HashMap::new();
        for _ in 0..60 {
            let mut cube: CubieCube = random_cube(&mut rng);
            for (i, stage) in stages.iter().enumerate() {
                let step = stage_step(&cube, stage, false, |c, targets| {
                    solve_partial(c, targets, &mut tables, 300_000_000).map(|s| Some((s.moves, s.optimal)))
                })
                .unwrap();
                cube = cube.apply_moves(&step.moves);
                let faces = cube.to_facelets();
                // This stage and every one before it are reached.
                for earlier in &stages[..=i] {
                    assert!(earlier.targets().iter().any(|t| t.matches(&faces)), "{name}: {} undone", earlier.name);
                }
                let label = case_label(stage, &step);
                if stage.cases.is_empty() {
                    assert_eq!(label, "");
                    continue;
                }
                assert!(!label.is_empty(), "{name}: {} has a case", stage.name);
                if let Some(found) = &step.found {
                    if found.case.is_some() {
                        let alg = algs.entry((stage.name, label)).or_insert_with(|| found.alg.clone());
                        assert_eq!(*alg, found.alg, "{name}: {} {label} got another algorithm", stage.name);
                    }
                }
            }
            assert!(cube.is_solved(), "{name} leaves the cube unsolved");
        }
        assert!(algs.len() >= 8, "{name}: only {} cases came up", algs.len());
    }
}

#[test]
fn each_stage_can_be_asked_for_in_the_fewest_moves_instead() {
    let mut tables = StageTables::default();
    let mut rng = Rng::new(7);
    let stages = cubehint::solve::methods::method("cfop-2look").unwrap();
    for _ in 0..3 {
        let mut cube = random_cube(&mut rng);
        for stage in stages {
            let with_alg = stage_step(&cube, stage, false, |c, t| {
                solve_partial(c, t, &mut tables, 30_000_000).map(|s| Some((s.moves, s.optimal)))
            })
            .unwrap();
            let fewest = stage_step(&cube, stage, true, |c, t| match solve_partial(c, t, &mut tables, 30_000_000) {
                Ok(s) => Ok(Some((s.moves, s.optimal))),
                Err(cubehint::SolveError::Stopped) => Ok(None),
                Err(e) => Err(e),
            })
            .unwrap();
            if fewest.fewest {
                assert!(fewest.moves.len() <= with_alg.moves.len(), "{}", stage.name);
            }
            // Both name the same case.
            assert_eq!(case_label(stage, &with_alg), case_label(stage, &fewest));
            cube = cube.apply_moves(&fewest.moves);
            assert!(stage.targets().iter().any(|t| t.matches(&cube.to_facelets())));
        }
    }
}
