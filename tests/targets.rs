//! Solving to targets: named patterns, full sticker targets (3x3 two-phase, 2x2 exact), and
//! partial targets with their stage searches. Every solution is applied by the sticker model
//! and compared with the target; lengths are checked against slower, independent searches.

mod common;

use common::{random_moves, stickers_after};
use cubehint::cube::facelet::{read_letters, to_string};
use cubehint::cube::patterns::{pattern, PATTERNS};
use cubehint::cube::{format_moves, CubieCube, Face, Move, Size};
use cubehint::rng::Rng;
use cubehint::solve::goal::{plan, read_goal, Plan};
use cubehint::solve::methods::{next_stage, stage_targets, BEGINNER, CFOP};
use cubehint::solve::pocket::solve_exact;
use cubehint::solve::stage::{fixed_pieces, solve_partial, GroupTable, StageTables};
use cubehint::solve::target::{read_stickers, relative, Target};
use cubehint::solve::two_phase::{solve_two_phase, Limits};
use cubehint::state::parse_state;
use cubehint::tables::pocket::{Metric, PocketDistance, PocketMoveTables};
use cubehint::tables::two_phase::TwoPhaseTables;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

fn two_phase() -> &'static TwoPhaseTables {
    static T: OnceLock<TwoPhaseTables> = OnceLock::new();
    T.get_or_init(TwoPhaseTables::generate)
}

fn pocket(metric: Metric) -> &'static PocketDistance {
    static T: OnceLock<[PocketDistance; 2]> = OnceLock::new();
    &T.get_or_init(|| {
        let m = PocketMoveTables::generate();
        [PocketDistance::generate(&m, Metric::Htm), PocketDistance::generate(&m, Metric::Qtm)]
    })[metric as usize]
}

fn faces(s: &str) -> Vec<Face> {
    read_letters(s).expect("letters").1
}

fn scrambled(rng: &mut Rng, size: Size) -> String {
    let moves = random_moves(rng, 25, &Face::ALL);
    let mut f = size.solved();
    let turns = cubehint::cube::parse_turns(&format_moves(&moves), size).unwrap();
    cubehint::cube::moves::apply_turns(&mut f, &turns);
    to_string(&f)
}

#[test]
fn every_pattern_is_made_by_its_moves_and_is_a_legal_unsolved_state() {
    let mut names = HashSet::new();
    for p in PATTERNS {
        assert!(names.insert((p.size.n(), p.name)), "{} twice", p.name);
        let s = p.facelets();
        assert_eq!(s, stickers_after(&to_string(&p.size.solved()), p.moves), "{}", p.name);
        parse_state(&s).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        assert!(!common::solved(&s), "{} is solved", p.name);
        assert_eq!(
            pattern(p.size, &p.name.to_uppercase()).map(|q| (q.name, q.moves)),
            Some((p.name, p.moves)),
            "by name, any case"
        );
    }
    assert!(PATTERNS.iter().filter(|p| p.size == Size::Three).count() >= 10);
    assert!(PATTERNS.iter().filter(|p| p.size == Size::Two).count() >= 4);
    // A few whose look is well known, checked by their stickers.
    let board = pattern(Size::Three, "checkerboard").unwrap().facelets();
    assert_eq!(&board[..9], "UDUDUDUDU");
    let flip = pattern(Size::Three, "superflip").unwrap().facelets();
    assert_eq!(flip, "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB");
}

#[test]
fn renaming_makes_the_target_solved_and_commutes_with_turns() {
    let mut rng = Rng::new(11);
    for size in [Size::Two, Size::Three] {
        for _ in 0..50 {
            let start = scrambled(&mut rng, size);
            let target = scrambled(&mut rng, size);
            assert_eq!(relative(&faces(&start), &faces(&start)), size.solved());
            assert_eq!(relative(&faces(&target), &faces(&target)), size.solved());
            // Any moves take the renamed start where they take the start, renamed.
            let m = format_moves(&random_moves(&mut rng, 7, &Face::ALL));
            let moved = stickers_after(&start, &m);
            let renamed_then_moved = stickers_after(&to_string(&relative(&faces(&start), &faces(&target))), &m);
            assert_eq!(to_string(&relative(&faces(&moved), &faces(&target))), renamed_then_moved);
        }
    }
}

#[test]
fn full_3x3_targets_are_reached_exactly_within_20_moves() {
    let mut rng = Rng::new(12);
    let mut goals: Vec<String> =
        PATTERNS.iter().filter(|p| p.size == Size::Three).map(|p| p.name.to_string()).collect();
    goals.extend((0..20).map(|_| scrambled(&mut rng, Size::Three)));
    for goal in goals {
        let start = scrambled(&mut rng, Size::Three);
        let target = read_goal(Size::Three, &goal).expect("a goal");
        let Plan::Solve(renamed) = plan(&faces(&start), &target) else { panic!("a full target") };
        let cube = CubieCube::from_facelets(&renamed).expect("legal");
        let moves = solve_two_phase(&cube, two_phase(), &Limits::default(), &mut || false).expect("solved");
        assert!(moves.len() <= 20);
        let reached = stickers_after(&start, &format_moves(&moves));
        assert_eq!(Some(faces(&reached)), target[0].full(), "{goal}: from {start} by {}", format_moves(&moves));
    }
}

/// The fewest face turns from `start` to exactly `target` (2x2), by breadth-first search from
/// both ends over the stickers: the slow, obviously correct path.
fn pocket_exact_distance(start: &str, target: &str) -> usize {
    let turns: Vec<Vec<usize>> = Move::ALL
        .iter()
        .map(|m| {
            cubehint::cube::moves::turn_sources(
                Size::Two,
                &cubehint::cube::parse_turns(&format_moves(&[*m]), Size::Two).unwrap(),
            )
        })
        .collect();
    let step = |set: &HashSet<Vec<u8>>| -> HashSet<Vec<u8>> {
        let mut out = HashSet::new();
        for s in set {
            for t in &turns {
                out.insert(t.iter().map(|&i| s[i]).collect());
            }
        }
        out
    };
    let enc = |s: &str| faces(s).into_iter().map(|f| f as u8).collect::<Vec<u8>>();
    let (mut a, mut b) = (HashSet::from([enc(start)]), HashSet::from([enc(target)]));
    let (mut seen_a, mut seen_b) = (a.clone(), b.clone());
    for d in 0.. {
        if seen_a.intersection(&seen_b).next().is_some() {
            return d;
        }
        if d % 2 == 0 {
            a = step(&a).difference(&seen_a).cloned().collect();
            seen_a.extend(a.iter().cloned());
        } else {
            b = step(&b).difference(&seen_b).cloned().collect();
            seen_b.extend(b.iter().cloned());
        }
    }
    unreachable!()
}

#[test]
fn full_2x2_targets_are_reached_exactly_in_the_fewest_turns() {
    let mut rng = Rng::new(13);
    let mut checked = 0;
    for round in 0..40 {
        let start = scrambled(&mut rng, Size::Two);
        // Near targets (checked by the search from both ends) and far ones.
        let target = if round % 2 == 0 {
            stickers_after(&start, &format_moves(&random_moves(&mut rng, 5, &Face::ALL)))
        } else {
            scrambled(&mut rng, Size::Two)
        };
        for metric in [Metric::Htm, Metric::Qtm] {
            let renamed = relative(&faces(&start), &faces(&target));
            let moves = solve_exact(&renamed, pocket(metric));
            assert_eq!(stickers_after(&start, &format_moves(&moves)), target, "{start} to {target}");
            let lower = cubehint::state::parse_state(&to_string(&renamed)).map(|s| match s {
                cubehint::state::State::Two(h) => {
                    pocket(metric).distance(cubehint::coord::pocket::pocket_index(&h.cube)) as u32
                }
                _ => unreachable!(),
            });
            assert!(metric.length(&moves) >= lower.unwrap(), "never below the distance up to a turn of the cube");
            if metric == Metric::Htm && round % 2 == 0 {
                assert_eq!(moves.len(), pocket_exact_distance(&start, &target), "{start} to {target}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 20);
    // Named 2x2 patterns from solved.
    for p in PATTERNS.iter().filter(|p| p.size == Size::Two) {
        let solved = to_string(&Size::Two.solved());
        let moves = solve_exact(&relative(&faces(&solved), &faces(&p.facelets())), pocket(Metric::Htm));
        assert_eq!(stickers_after(&solved, &format_moves(&moves)), p.facelets(), "{}", p.name);
        assert!(moves.len() <= p.moves.split_whitespace().count(), "{}: longer than its own moves", p.name);
    }
}

fn cross() -> Vec<Target> {
    stage_targets(Size::Three, "D-cross").expect("named")
}

#[test]
fn the_cross_table_matches_the_known_distribution_and_a_plain_search_over_cubies() {
    let fixed = fixed_pieces(&cross()[0]);
    assert_eq!(fixed.len(), 4);
    let table = GroupTable::build(&fixed);
    assert_eq!(table.distribution(), [1, 15, 158, 1394, 9809, 46381, 97254, 34966, 102]);
    // The slow path: breadth-first over whole cubes, keyed by where the four D edges are.
    let key = |c: &CubieCube| -> Vec<(u8, u8)> {
        (4u8..8).map(|p| c.ep.iter().position(|&e| e == p).map(|s| (s as u8, c.eo[s])).unwrap()).collect()
    };
    let mut dist: HashMap<Vec<(u8, u8)>, u8> = HashMap::from([(key(&CubieCube::SOLVED), 0)]);
    let mut frontier = vec![CubieCube::SOLVED];
    let mut d = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for c in &frontier {
            for m in Move::ALL {
                let n = c.apply_move(m);
                if let std::collections::hash_map::Entry::Vacant(v) = dist.entry(key(&n)) {
                    v.insert(d + 1);
                    next.push(n);
                }
            }
        }
        frontier = next;
        d += 1;
    }
    assert_eq!(dist.len(), 190_080);
    let mut rng = Rng::new(14);
    let mut tables = StageTables::default();
    for _ in 0..200 {
        let s = scrambled(&mut rng, Size::Three);
        let cube = CubieCube::from_facelets(&faces(&s)).unwrap();
        let sol = solve_partial(&cube, &cross(), &mut tables, u64::MAX).expect("solved");
        assert!(sol.optimal);
        assert_eq!(sol.moves.len() as u8, dist[&key(&cube)], "{s}");
        assert!(cross()[0].matches(&faces(&stickers_after(&s, &format_moves(&sol.moves)))));
    }
}

#[test]
fn stage_solutions_reach_their_stage_and_are_the_shortest() {
    let mut rng = Rng::new(15);
    let mut tables = StageTables::default();
    let pair = stage_targets(Size::Three, "cross-and-pair").unwrap();
    assert_eq!(pair.len(), 4, "any of the four pairs");
    for _ in 0..4 {
        let s = scrambled(&mut rng, Size::Three);
        let cube = CubieCube::from_facelets(&faces(&s)).unwrap();
        let sol = solve_partial(&cube, &pair, &mut tables, u64::MAX).expect("solved");
        let after = faces(&stickers_after(&s, &format_moves(&sol.moves)));
        assert!(pair.iter().any(|t| t.matches(&after)), "{s}");
        // Shortest: each pair's own search (a single target) gives no shorter way.
        let best = pair
            .iter()
            .map(|t| solve_partial(&cube, std::slice::from_ref(t), &mut tables, u64::MAX).unwrap().moves.len())
            .min();
        assert_eq!(Some(sol.moves.len()), best);
    }
}

/// The fewest moves to any of `targets` by trying every sequence up to `max` moves: the slow,
/// obviously correct path.
fn brute_force(start: &CubieCube, targets: &[Target], max: usize) -> Option<usize> {
    fn go(c: &CubieCube, targets: &[Target], depth: usize, last: Option<Move>) -> bool {
        if targets.iter().any(|t| t.matches(&c.to_facelets())) {
            return true;
        }
        depth > 0
            && Move::ALL.iter().any(|&m| {
                last.is_none_or(|l| l.face() != m.face()) && go(&c.apply_move(m), targets, depth - 1, Some(m))
            })
    }
    (0..=max).find(|&d| go(start, targets, d, None))
}

#[test]
fn near_a_stage_its_solutions_are_as_short_as_every_sequence_tried() {
    let mut rng = Rng::new(18);
    let mut tables = StageTables::default();
    let goals = [
        stage_targets(Size::Three, "cross-and-pair").unwrap(),
        stage_targets(Size::Three, "first-layer").unwrap(),
        stage_targets(Size::Three, "top-cross").unwrap(),
    ];
    for round in 0..12 {
        let goal = &goals[round % 3];
        let moves = random_moves(&mut rng, 4, &Face::ALL);
        let cube = CubieCube::SOLVED.apply_moves(&moves);
        let sol = solve_partial(&cube, goal, &mut tables, u64::MAX).expect("solved");
        assert_eq!(Some(sol.moves.len()), brute_force(&cube, goal, 4), "after {}", format_moves(&moves));
    }
}

#[test]
fn a_partial_target_with_stray_stickers_is_searched_by_its_stickers() {
    // Only the four U-edge stickers of the top face: a cross of U on top, nothing else.
    let mut text: Vec<char> = "*".repeat(54).chars().collect();
    for i in [1, 3, 5, 7] {
        text[i] = 'U';
    }
    let target = read_stickers(&text.iter().collect::<String>()).expect("a partial target");
    assert!(fixed_pieces(&target).is_empty());
    let mut rng = Rng::new(16);
    let mut tables = StageTables::default();
    for _ in 0..5 {
        let s = scrambled(&mut rng, Size::Three);
        let cube = CubieCube::from_facelets(&faces(&s)).unwrap();
        let sol = solve_partial(&cube, std::slice::from_ref(&target), &mut tables, 200_000_000).expect("found");
        assert!(target.matches(&faces(&stickers_after(&s, &format_moves(&sol.moves)))));
    }
}

#[test]
fn bad_targets_name_the_problem_and_the_stickers() {
    let err = |t: &str| read_stickers(t).expect_err(t).problems().to_vec();
    let star = |i: usize, c: char| -> String {
        let mut v: Vec<char> = "*".repeat(54).chars().collect();
        v[i] = c;
        v.into_iter().collect()
    };
    assert_eq!(err(&star(0, 'X'))[0].code.as_str(), "letter");
    assert!(err(&star(0, 'X'))[0].message.contains("U1"));
    assert_eq!(err(&star(4, 'R'))[0].code.as_str(), "center");
    assert_eq!(err(&"*".repeat(53))[0].code.as_str(), "length");
    // A corner showing U and D together; ten U stickers.
    let mut v: Vec<char> = "*".repeat(54).chars().collect();
    v[8] = 'U';
    v[9] = 'D';
    v[20] = 'F';
    assert_eq!(err(&v.iter().collect::<String>())[0].code.as_str(), "piece");
    let mut v: Vec<char> = "*".repeat(54).chars().collect();
    for (k, c) in v.iter_mut().enumerate().take(14) {
        if k != 4 && k < 9 || k >= 10 {
            *c = 'U';
        }
    }
    assert!(err(&v.iter().collect::<String>()).iter().any(|p| p.code.as_str() == "count"));
    // The same edge twice.
    let mut v: Vec<char> = "*".repeat(54).chars().collect();
    (v[5], v[10]) = ('U', 'R');
    (v[7], v[19]) = ('U', 'R');
    assert!(err(&v.iter().collect::<String>()).iter().any(|p| p.code.as_str() == "duplicate"));
    // A full target must be legal.
    assert_eq!(err("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBL")[0].code.as_str(), "count");
    assert!(read_goal(Size::Three, "no-such-pattern").is_err());
    assert!(read_goal(Size::Two, "superflip").is_err(), "a 3x3 pattern is no 2x2 target");
}

#[test]
fn the_methods_stages_run_to_solved_from_a_scramble() {
    let mut rng = Rng::new(17);
    let mut tables = StageTables::default();
    for method in [BEGINNER, CFOP] {
        let mut s = scrambled(&mut rng, Size::Three);
        let mut reached = Vec::new();
        while let Some((i, stage)) = next_stage(method, &faces(&s)) {
            assert!(!reached.contains(&i), "stage {} again", stage.name);
            reached.push(i);
            let cube = CubieCube::from_facelets(&faces(&s)).unwrap();
            let moves = match plan(&faces(&s), &stage.targets()) {
                // The last stage is the whole cube: the two-phase search.
                Plan::Solve(renamed) => {
                    let c = CubieCube::from_facelets(&renamed).unwrap();
                    solve_two_phase(&c, two_phase(), &Limits::default(), &mut || false).unwrap()
                }
                Plan::Partial(targets) => match solve_partial(&cube, &targets, &mut tables, 20_000_000) {
                    Ok(sol) => sol.moves,
                    // A last-layer stage may take the two-phase route through solved.
                    Err(_) => solve_two_phase(&cube, two_phase(), &Limits::default(), &mut || false).unwrap(),
                },
            };
            s = stickers_after(&s, &format_moves(&moves));
            assert!(stage.targets().iter().any(|t| t.matches(&faces(&s))), "{}", stage.name);
        }
        assert!(common::solved(&s));
    }
}

#[test]
fn turning_cost_follows_the_documented_model() {
    use cubehint::cube::parse_moves;
    use cubehint::solve::easy::turn_cost;
    let cost = |m: &str| turn_cost(&parse_moves(m).unwrap());
    assert_eq!(cost(""), 0.0);
    assert!((cost("R U R' U'") - 4.0).abs() < 1e-9, "the home grip, no regrip");
    assert!((cost("F") - 2.4).abs() < 1e-9, "F needs the F/B grip");
    assert!((cost("R F R") - 5.4).abs() < 1e-9, "two regrips");
    assert!((cost("U2 D B2") - (1.4 + 1.6 + 2.4 + 1.0)).abs() < 1e-9);
    assert!(cost("R U R' U'") < cost("B D B' D'"));
}

#[test]
fn the_easy_choice_solves_the_cube_within_its_allowance_at_no_more_cost() {
    use cubehint::solve::easy::{easiest, turn_cost, two_phase_candidates};
    let mut rng = Rng::new(19);
    for _ in 0..10 {
        let s = scrambled(&mut rng, Size::Three);
        let cube = CubieCube::from_facelets(&faces(&s)).unwrap();
        let all = two_phase_candidates(&cube, two_phase(), &Limits::default()).expect("solved");
        assert!(all.len() > 10, "different solutions to choose from: {}", all.len());
        for m in &all {
            assert!(common::solved(&stickers_after(&s, &format_moves(m))), "{s}: {}", format_moves(m));
        }
        let shortest = all.iter().map(Vec::len).min().unwrap();
        let best = easiest(&all, 2).unwrap();
        assert!(best.len() <= shortest + 2);
        assert!(all.iter().filter(|m| m.len() <= shortest + 2).all(|m| turn_cost(best) <= turn_cost(m)));
    }
}
