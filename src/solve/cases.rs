//! Recognising a last-layer case and solving it with its algorithm ([`super::algs`]).
//!
//! The cube is in case C when, after turning the top by nothing, `U`, `U'` or `U2`, C's
//! algorithm (and perhaps one more turn of the top) takes it to the stage. The turns of the top
//! are tried in that order, so the setup is the smallest that works; the tests check that each
//! last-layer state is taken to the stage by exactly one case of each set, so the same case
//! always gets the same algorithm.

use super::methods::Stage;
use super::target::Target;
use crate::cube::{face_moves, parse_turns, CubieCube, Face, Move, Size};

/// A case found, and the moves that solve it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseMove {
    /// The case's place in its stage's list; `None` when a turn of the top is all the stage
    /// needs (a skip).
    pub case: Option<usize>,
    /// The turn of the top before the algorithm, if any.
    pub before: Option<Move>,
    /// The algorithm as face turns, the centres kept (`r` becomes `L` and the turns after it
    /// are renamed).
    pub alg: Vec<Move>,
    /// The turn of the top after it, if any.
    pub after: Option<Move>,
}

impl CaseMove {
    /// Every move, in order.
    pub fn moves(&self) -> Vec<Move> {
        self.before.iter().chain(&self.alg).chain(&self.after).copied().collect()
    }
}

/// The face turns of an algorithm in learners' notation, the centres kept where they are.
///
/// # Panics
/// When the algorithm is not notation or leaves the cube turned as a whole (the tests check
/// every algorithm of [`super::algs`]).
pub fn alg_moves(alg: &str) -> Vec<Move> {
    let turns = parse_turns(alg, Size::Three).expect("an algorithm is notation");
    let (moves, held) = face_moves(&turns);
    assert_eq!(held, Face::ALL, "the algorithm {alg} leaves the cube turned");
    moves
}

const TOP: [Option<Move>; 4] = [None, Some(Move::ALL[0]), Some(Move::ALL[2]), Some(Move::ALL[1])];

/// The case of `stage` that `cube` shows and the moves that take it to the stage; `None` when
/// the stage has no cases or no case fits (an earlier stage is not done).
pub fn solve_case(cube: &CubieCube, stage: &Stage) -> Option<CaseMove> {
    solve_with(cube, &stage.targets(), &case_algs(stage))
}

/// The face turns of each of `stage`'s cases' algorithms, in its order.
fn case_algs(stage: &Stage) -> Vec<Vec<Move>> {
    stage.cases.iter().map(|c| alg_moves(c.alg)).collect()
}

/// As [`solve_case`], with the stage's targets and its algorithms as face turns.
fn solve_with(cube: &CubieCube, targets: &[Target], algs: &[Vec<Move>]) -> Option<CaseMove> {
    for after in TOP {
        let done = after.map_or(*cube, |m| cube.apply_move(m));
        if targets.iter().any(|t| t.matches(&done.to_facelets())) {
            return Some(CaseMove { case: None, before: None, alg: vec![], after });
        }
    }
    for before in TOP {
        let start = before.map_or(*cube, |m| cube.apply_move(m));
        for (case, alg) in algs.iter().enumerate() {
            let end = start.apply_moves(alg);
            for after in TOP {
                let done = after.map_or(end, |m| end.apply_move(m));
                let faces = done.to_facelets();
                if targets.iter().any(|t| t.matches(&faces)) {
                    return Some(CaseMove { case: Some(case), before, alg: alg.clone(), after });
                }
            }
        }
    }
    None
}

/// The case a learner sees: the top face and the top row of the sides after the setup turn,
/// as 21 face letters (`U1`…`U9`, then the top rows of F, R, B, L, each left to right as seen
/// facing it).
pub fn top_view(cube: &CubieCube, before: Option<Move>) -> String {
    let c = before.map_or(*cube, |m| cube.apply_move(m));
    let f = c.to_facelets();
    let mut out: String = f[..9].iter().map(|x| x.letter()).collect();
    for face in [Face::F, Face::R, Face::B, Face::L] {
        let at = face as usize * 9;
        out.extend(f[at..at + 3].iter().map(|x| x.letter()));
    }
    out
}

/// One stage of a method, from a cube that has reached the stages before it.
#[derive(Clone, Debug)]
pub struct StageStep {
    /// The case found, for a stage with cases that the cube has not reached.
    pub found: Option<CaseMove>,
    /// The moves that reach the stage (none when it is reached already).
    pub moves: Vec<Move>,
    /// The moves are proven the fewest for the stage.
    pub fewest: bool,
}

/// How to reach `stage` from `cube`: its case's algorithm, or with `fewest` (or for a stage
/// without cases) the moves `search` finds: `(moves, proven fewest)`. When the search gives up
/// (`None`), a stage with cases takes the algorithm after all.
pub fn stage_step<E>(
    cube: &CubieCube,
    stage: &Stage,
    fewest: bool,
    search: impl FnOnce(&CubieCube, &[Target]) -> Result<Option<(Vec<Move>, bool)>, E>,
) -> Result<StageStep, E> {
    let targets = stage.targets();
    if targets.iter().any(|t| t.matches(&cube.to_facelets())) {
        return Ok(StageStep { found: None, moves: vec![], fewest: true });
    }
    let found = if stage.cases.is_empty() { None } else { solve_with(cube, &targets, &case_algs(stage)) };
    if let (Some(f), false) = (&found, fewest) {
        return Ok(StageStep { moves: f.moves(), found, fewest: false });
    }
    match (search(cube, &targets)?, found) {
        (Some((moves, proven)), found) => Ok(StageStep { found, moves, fewest: proven }),
        (None, Some(f)) => Ok(StageStep { moves: f.moves(), found: Some(f), fewest: false }),
        (None, None) => Ok(StageStep { found: None, moves: vec![], fewest: false }),
    }
}

/// The case's name for a step: its name; `skip` when the stage needed no more than a turn of
/// the top; empty for a stage without cases.
pub fn case_label(stage: &Stage, step: &StageStep) -> &'static str {
    match &step.found {
        _ if stage.cases.is_empty() => "",
        Some(CaseMove { case: Some(k), .. }) => stage.cases[*k].name,
        _ => "skip",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::index::perm_unrank;
    use crate::solve::algs;
    use crate::solve::methods::{BEGINNER, CFOP, CFOP_2LOOK};
    use std::collections::HashSet;

    fn stage_named(method: &'static [Stage], name: &str) -> &'static Stage {
        method.iter().find(|s| s.name == name).expect("a stage")
    }

    /// The last-layer states with the first two layers solved: corners and edges of the top
    /// turned every way (twist and flip sums right), placed every way (parities equal), or
    /// only those with `oriented` corners / edges, or `placed` ones.
    fn last_layers(oriented_edges: bool, oriented_corners: bool, placed: bool) -> Vec<CubieCube> {
        let perms4: Vec<[u8; 4]> = (0..24)
            .map(|rank| {
                let mut p = [0u8; 4];
                perm_unrank(rank, &mut p);
                p
            })
            .collect();
        let parity = |p: &[u8; 4]| {
            (0..4).flat_map(|i| (i + 1..4).map(move |j| (i, j))).filter(|&(i, j)| p[i] > p[j]).count() % 2
        };
        let mut out = Vec::new();
        let identity = [0u8, 1, 2, 3];
        let perms: Vec<[u8; 4]> = if placed { vec![identity] } else { perms4 };
        for cp in &perms {
            for ep in &perms {
                if parity(cp) != parity(ep) {
                    continue;
                }
                for twist in 0..27u32 {
                    let tw = [twist % 3, twist / 3 % 3, twist / 9 % 3];
                    let last = (6 - tw.iter().sum::<u32>() % 3) % 3;
                    let co = [tw[0], tw[1], tw[2], last];
                    if oriented_corners && co != [0; 4] {
                        continue;
                    }
                    for flip in 0..8u32 {
                        let fl = [flip & 1, flip >> 1 & 1, flip >> 2 & 1];
                        let eo = [fl[0], fl[1], fl[2], fl.iter().sum::<u32>() % 2];
                        if oriented_edges && eo != [0; 4] {
                            continue;
                        }
                        // The U corners are 0..4 and the U edges 0..4 in `cube::cubie`.
                        let mut c = CubieCube::default();
                        for i in 0..4 {
                            c.cp[i] = cp[i];
                            c.co[i] = co[i] as u8;
                            c.ep[i] = ep[i];
                            c.eo[i] = eo[i] as u8;
                        }
                        out.push(c);
                    }
                }
            }
        }
        out
    }

    /// Checks that every state of `states` not yet at `stage` is taken there by exactly one of
    /// its cases, and that every case is used; returns how many cases the stage has.
    fn check_set(stage: &Stage, states: &[CubieCube]) -> usize {
        let targets = stage.targets();
        let algs = case_algs(stage);
        let mut used = vec![0usize; algs.len()];
        for cube in states {
            let found =
                solve_with(cube, &targets, &algs).unwrap_or_else(|| panic!("{}: no case fits {:?}", stage.name, cube));
            let Some(case) = found.case else { continue };
            // No other case fits, from any turn of the top.
            for (k, alg) in algs.iter().enumerate() {
                if k == case {
                    continue;
                }
                let single = [alg.clone()];
                assert!(
                    solve_with(cube, &targets, &single).is_none(),
                    "{}: {} and {} both fit {:?}",
                    stage.name,
                    stage.cases[case].name,
                    stage.cases[k].name,
                    cube
                );
            }
            let end = cube.apply_moves(&found.moves());
            assert!(targets.iter().any(|t| t.matches(&end.to_facelets())));
            used[case] += 1;
        }
        for (k, n) in used.iter().enumerate() {
            assert!(*n > 0, "{}: the case {} never comes up", stage.name, stage.cases[k].name);
        }
        used.len()
    }

    #[test]
    fn every_algorithm_is_notation_and_keeps_the_cube_held() {
        for set in [
            algs::BEGINNER_CROSS,
            algs::BEGINNER_FACE,
            algs::BEGINNER_CORNERS,
            algs::BEGINNER_EDGES,
            algs::EDGES_ORIENTED,
            algs::CORNERS_ORIENTED,
            algs::CORNERS_PLACED,
            algs::EDGES_PLACED,
            algs::OLL,
            algs::PLL,
        ] {
            for c in set {
                let moves = alg_moves(c.alg);
                // It keeps the first two layers: its inverse from solved leaves them solved.
                let case = CubieCube::default().apply_moves(&moves).inverse();
                for i in 4..8 {
                    assert_eq!((case.cp[i], case.co[i]), (i as u8, 0), "{} moves a bottom corner", c.name);
                }
                for i in 4..12 {
                    assert_eq!((case.ep[i], case.eo[i]), (i as u8, 0), "{} moves an edge below the top", c.name);
                }
            }
        }
    }

    #[test]
    fn oll_has_57_cases_each_recognised_once() {
        let states = last_layers(false, false, true);
        assert_eq!(states.len(), 216);
        assert_eq!(check_set(stage_named(CFOP, "OLL"), &states), 57);
        // Distinct cases up to turns of the top: 57 plus solved.
        let mut classes = HashSet::new();
        for c in &states {
            let views: Vec<String> = TOP.iter().map(|m| oriented_mask(c, *m)).collect();
            classes.insert(views.into_iter().min().unwrap());
        }
        assert_eq!(classes.len(), 58);
    }

    /// Which stickers of the top layer show the top colour, after `before`.
    fn oriented_mask(c: &CubieCube, before: Option<Move>) -> String {
        top_view(c, before).chars().map(|x| if x == 'U' { '1' } else { '0' }).collect()
    }

    #[test]
    fn pll_has_21_cases_each_recognised_once() {
        let states = last_layers(true, true, false);
        assert_eq!(states.len(), 288);
        assert_eq!(check_set(stage_named(CFOP, "PLL"), &states), 21);
    }

    #[test]
    fn two_look_sets_cover_their_stages() {
        let eo = last_layers(false, true, true);
        check_set(stage_named(CFOP_2LOOK, "OLL edges"), &eo);
        let co = last_layers(true, false, true);
        check_set(stage_named(CFOP_2LOOK, "OLL corners"), &co);
        check_set(stage_named(CFOP_2LOOK, "PLL corners"), &last_layers(true, true, false));
        let placed_corners: Vec<CubieCube> =
            last_layers(true, true, false).into_iter().filter(|c| c.cp[..4] == [0, 1, 2, 3]).collect();
        check_set(stage_named(CFOP_2LOOK, "PLL edges"), &placed_corners);
    }

    /// The beginner's sequences are the shortest ways to solve each case with the stage's one
    /// algorithm done up to three times, the top turned between (fewest repetitions first,
    /// then fewest moves): each is found again here, from a case made by the two-look set's
    /// algorithm for the same case, and must be the one in the data.
    #[test]
    fn beginner_sequences_are_the_shortest_repetitions() {
        let runs = [
            (stage_named(BEGINNER, "Top cross"), algs::EDGES_ORIENTED, algs::CROSS_ALG),
            (stage_named(BEGINNER, "Top face"), algs::CORNERS_ORIENTED, algs::SUNE),
            (stage_named(BEGINNER, "Top corners"), algs::CORNERS_PLACED, algs::CORNERS_ALG),
            (stage_named(BEGINNER, "Solved"), algs::EDGES_PLACED, algs::EDGES_ALG),
        ];
        let tops = ["", "U ", "U' ", "U2 "];
        for (stage, classes, alg) in runs {
            let targets = stage.targets();
            assert_eq!(classes.len(), stage.cases.len());
            for class in classes {
                let cube = CubieCube::default().apply_moves(&alg_moves(class.alg)).inverse();
                let mut shortest = None;
                'search: for reps in 1..=3usize {
                    let mut seqs = vec![alg.to_string()];
                    for _ in 1..reps {
                        seqs = seqs.iter().flat_map(|s| tops.iter().map(move |t| format!("{s} {t}{alg}"))).collect();
                    }
                    seqs.sort_by_key(|s| alg_moves(s).len());
                    for seq in seqs {
                        if solve_with(&cube, &targets, &[alg_moves(&seq)]).is_some() {
                            shortest = Some(alg_moves(&seq));
                            break 'search;
                        }
                    }
                }
                let shortest =
                    shortest.unwrap_or_else(|| panic!("{}: {} needs more than three", stage.name, class.name));
                let found = solve_case(&cube, stage).expect("a case fits");
                let ours = &stage.cases[found.case.expect("not a skip")];
                assert_eq!(alg_moves(ours.alg).len(), shortest.len(), "{}: {} ({})", stage.name, ours.name, class.name);
            }
        }
    }

    #[test]
    fn beginner_sets_cover_their_stages() {
        check_set(stage_named(BEGINNER, "Top cross"), &last_layers(false, true, true));
        check_set(stage_named(BEGINNER, "Top face"), &last_layers(true, false, true));
        check_set(stage_named(BEGINNER, "Top corners"), &last_layers(true, true, false));
        let placed_corners: Vec<CubieCube> =
            last_layers(true, true, false).into_iter().filter(|c| c.cp[..4] == [0, 1, 2, 3]).collect();
        check_set(stage_named(BEGINNER, "Solved"), &placed_corners);
    }
}
