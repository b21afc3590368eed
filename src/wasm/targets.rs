//! The wasm boundary for targets: named patterns and stages, checking a painted target, and
//! solving to a target or stage by stage (`docs/worker.md`).

use super::{install_panic_hook, Solver, Validation};
use crate::cube::facelet::{read_letters, Face, Size};
use crate::cube::patterns::patterns;
use crate::cube::{format_moves, CubieCube};
use crate::error::SolveError;
use crate::solve::cases::{case_label, stage_step, top_view};
use crate::solve::goal::{plan, read_goal, Plan};
use crate::solve::methods::{next_stage, METHODS, TARGETS};
use crate::solve::pocket::solve_exact;
use crate::solve::stage::solve_partial;
use crate::solve::target::{held_cube, read_stickers, Target};
use crate::solve::two_phase::{solve_with_stats, Limits};
use crate::tables::pocket::PocketSteps;
use wasm_bindgen::prelude::*;

/// A named pattern or stage.
#[wasm_bindgen(getter_with_clone)]
pub struct NamedTarget {
    /// The name `solve_to` takes (`checkerboard`, `D-cross`).
    pub name: String,
    /// What it looks like or asks, in a few words.
    pub description: String,
    /// The moves that make it from solved (empty for a stage).
    pub moves: String,
    /// Its sticker string, `*` for any colour.
    pub facelets: String,
}

/// The named patterns of a puzzle (2 or 3), then, for the 3x3, the named stages.
#[wasm_bindgen]
pub fn named_targets(size: u8) -> Vec<NamedTarget> {
    install_panic_hook();
    let size = if size == 2 { Size::Two } else { Size::Three };
    let mut out: Vec<NamedTarget> = patterns(size)
        .map(|p| NamedTarget {
            name: p.name.into(),
            description: p.description.into(),
            moves: p.moves.into(),
            facelets: p.facelets(),
        })
        .collect();
    if size == Size::Three {
        out.extend(TARGETS.iter().map(|s| NamedTarget {
            name: s.name.into(),
            description: s.goal.into(),
            moves: String::new(),
            facelets: s.targets()[0].to_text(),
        }));
    }
    out
}

/// Checks a target sticker string (`*` for any colour): every problem with its stickers, as
/// [`super::validate`] does for a state.
#[wasm_bindgen]
pub fn check_target(text: &str) -> Validation {
    install_panic_hook();
    let letters = text.chars().filter(|c| !c.is_whitespace()).count();
    super::validation(Size::from_len(letters), read_stickers(text).map(|_| ()))
}

/// A solution to a target ([`Solver::solve_to`], [`Solver::solve_stage`]).
#[wasm_bindgen(getter_with_clone)]
pub struct TargetSolution {
    /// The moves.
    pub moves: String,
    /// Proven the fewest moves.
    pub optimal: bool,
    /// The search for the fewest moves ran out of its budget: the moves go on to the solved
    /// cube, which shows the target too.
    pub through_solved: bool,
    /// Stage mode: the stage's number, from 0 (undefined outside stage mode).
    pub stage: Option<u32>,
    /// The number of stages of the method (0 outside stage mode).
    pub stages: u32,
    /// The stage's name (empty outside stage mode).
    pub name: String,
    /// What the stage asks (empty outside stage mode).
    pub goal: String,
    /// The stickers the target or stage fixes, centres aside (empty when it fixes them all):
    /// the page highlights them.
    pub stickers: Vec<u32>,
    /// Stage mode, a stage with cases: the case's name (`Sune`, `OLL 45`, `skip`), else empty.
    pub case_name: String,
    /// What to look for to recognise the case (empty without a case).
    pub case_look: String,
    /// The case's algorithm as learners write it (brackets mark triggers; empty without one).
    pub alg: String,
    /// The turn of the top before the algorithm (`U`, `U2`, `U'` or empty).
    pub before: String,
    /// The turn of the top after it.
    pub after: String,
    /// The top layer as the case is held for its algorithm, after `before`: 21 face letters,
    /// `U1`…`U9`, then the top rows of F, R, B, L (each left to right facing it); empty
    /// without a case.
    pub view: String,
    /// The moves the case's algorithm route takes (with its turns of the top), when the moves
    /// are the fewest instead; else the moves' own count.
    pub alg_length: u32,
}

/// The stickers a target fixes, centres aside.
fn target_stickers(targets: &[Target]) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for t in targets {
        let per = t.size.per_face();
        for (i, f) in t.faces.iter().enumerate() {
            let centre = t.size == Size::Three && i % per == 4;
            if f.is_some() && !centre && !out.contains(&(i as u32)) {
                out.push(i as u32);
            }
        }
    }
    // Everything known: nothing worth highlighting.
    if out.len() + 6 >= targets.first().map_or(0, |t| t.faces.len()) {
        out.clear();
    }
    out.sort_unstable();
    out
}

#[wasm_bindgen]
impl Solver {
    /// Solves the sticker string `facelets` to `to`: `solved`, a pattern's or a stage's name,
    /// or a sticker string (`*` for any colour). A full target is reached exactly (the 3x3 by
    /// the two-phase search, at most `max_length` moves; the 2x2 as painted in the fewest turns
    /// in `metric`); a partial one in the fewest moves found within `node_budget` nodes, else
    /// by way of the solved cube (`through_solved`).
    pub fn solve_to(
        &mut self,
        facelets: &str,
        to: &str,
        metric: &str,
        max_length: u8,
        node_budget: f64,
    ) -> Result<TargetSolution, JsError> {
        let (size, faces) = read_letters(facelets).map_err(|e| JsError::new(&e.to_string()))?;
        crate::state::parse_state(facelets).map_err(|e| JsError::new(&e.to_string()))?;
        let goal = read_goal(size, to).map_err(|e| JsError::new(&format!("{e} (in the target)")))?;
        let stickers = target_stickers(&goal);
        let (moves, optimal, through_solved) = self.reach(&faces, &goal, metric, max_length, node_budget)?;
        Ok(TargetSolution {
            moves,
            optimal,
            through_solved,
            stage: None,
            stages: 0,
            name: String::new(),
            goal: String::new(),
            stickers,
            ..TargetSolution::empty()
        })
    }

    /// The next stage of `method` (`beginner`, `cfop-2look` or `cfop`) that the 3x3
    /// `facelets` has not reached: a last-layer stage by its case's algorithm, or with
    /// `fewest` (and the cross and first two layers always) in the fewest moves found within
    /// `node_budget` nodes; undefined when the cube is solved.
    pub fn solve_stage(
        &mut self,
        method: &str,
        facelets: &str,
        fewest: bool,
        node_budget: f64,
    ) -> Result<Option<TargetSolution>, JsError> {
        let stages = crate::solve::methods::method(method).ok_or_else(|| {
            JsError::new(&format!("the method is {}", METHODS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")))
        })?;
        let (size, faces) = read_letters(facelets).map_err(|e| JsError::new(&e.to_string()))?;
        if size != Size::Three {
            return Err(JsError::new("stage-by-stage hints are for the 3x3"));
        }
        crate::state::parse_state(facelets).map_err(|e| JsError::new(&e.to_string()))?;
        let Some((index, stage)) = next_stage(stages, &faces) else {
            return Ok(None);
        };
        let cube = held_cube(&faces).map_err(|e| JsError::new(&e.to_string()))?;
        let mut through_solved = false;
        let step = stage_step(&cube, stage, fewest, |_, targets| -> Result<_, JsError> {
            // With cases, a search that runs out of nodes gives way to the algorithm.
            if !stage.cases.is_empty() {
                let budget = node_budget.max(1.0) as u64;
                return match solve_partial(&cube, targets, &mut self.stages, budget) {
                    Ok(s) => Ok(Some((s.moves, s.optimal))),
                    Err(SolveError::Stopped) => Ok(None),
                    Err(e) => Err(super::solve_error(e)),
                };
            }
            let (moves, optimal, through) = self.reach(&faces, targets, "htm", 20, node_budget)?;
            through_solved = through;
            let moves = crate::cube::parse_moves(&moves).map_err(|e| JsError::new(&e.to_string()))?;
            Ok(Some((moves, optimal)))
        })?;
        let targets = stage.targets();
        let end = cube.apply_moves(&step.moves).to_facelets();
        // The pieces this stage placed: those of the choice the moves reached.
        let reached: Vec<Target> = targets.iter().filter(|t| t.matches(&end)).take(1).cloned().collect();
        let stickers = target_stickers(if reached.is_empty() { &targets } else { &reached });
        let mut out = TargetSolution {
            moves: format_moves(&step.moves),
            optimal: step.fewest,
            through_solved,
            stage: Some(index as u32),
            stages: stages.len() as u32,
            name: stage.name.into(),
            goal: stage.goal.into(),
            stickers,
            case_name: case_label(stage, &step).into(),
            alg_length: step.moves.len() as u32,
            ..TargetSolution::empty()
        };
        if let Some(found) = &step.found {
            let top = |m: Option<crate::cube::Move>| m.map_or(String::new(), |m| m.to_string());
            out.before = top(found.before);
            out.after = top(found.after);
            out.alg_length = found.moves().len() as u32;
            if let Some(k) = found.case {
                out.case_look = stage.cases[k].look.into();
                out.alg = stage.cases[k].alg.into();
                out.view = top_view(&cube, found.before);
            }
        }
        Ok(Some(out))
    }
}

impl TargetSolution {
    /// No moves, no stage, no case: the fields a solution sets over.
    fn empty() -> TargetSolution {
        TargetSolution {
            moves: String::new(),
            optimal: false,
            through_solved: false,
            stage: None,
            stages: 0,
            name: String::new(),
            goal: String::new(),
            stickers: vec![],
            case_name: String::new(),
            case_look: String::new(),
            alg: String::new(),
            before: String::new(),
            after: String::new(),
            view: String::new(),
            alg_length: 0,
        }
    }
}

impl Solver {
    /// Moves from `faces` to any of `goal`: (moves, proven fewest, by way of solved).
    fn reach(
        &mut self,
        faces: &[Face],
        goal: &[Target],
        metric: &str,
        max_length: u8,
        node_budget: f64,
    ) -> Result<(String, bool, bool), JsError> {
        let metric = super::parse_metric(metric)?;
        let two_phase = |solver: &mut Solver, cube: &CubieCube| -> Result<(String, bool), JsError> {
            let tables = super::two_phase_ready(&mut solver.two_phase);
            let limits = Limits { max_length, ..Limits::default() };
            let (result, stats) = solve_with_stats(cube, tables, &limits, &mut || false);
            Ok((format_moves(&result.map_err(super::solve_error)?), stats.optimal))
        };
        match plan(faces, goal) {
            Plan::Solve(renamed) if faces.len() == 54 => {
                let cube = CubieCube::from_facelets(&renamed).map_err(|e| JsError::new(&e.to_string()))?;
                let (moves, optimal) = two_phase(self, &cube)?;
                Ok((moves, optimal, false))
            }
            Plan::Solve(renamed) => {
                let moves = &self.pocket_moves;
                let job = &mut self.pocket[metric as usize];
                while job.step(|| PocketSteps::new(moves, metric)) < 1.0 {}
                let dist = job.table().expect("built above");
                Ok((format_moves(&solve_exact(&renamed, dist)), true, false))
            }
            Plan::Partial(targets) => {
                let cube = held_cube(faces).map_err(|e| JsError::new(&e.to_string()))?;
                let budget = node_budget.max(1.0) as u64;
                match solve_partial(&cube, &targets, &mut self.stages, budget) {
                    Ok(s) => Ok((format_moves(&s.moves), s.optimal, false)),
                    Err(SolveError::Stopped)
                        if faces.len() == 54 && targets.iter().any(|t| t.matches(&Size::Three.solved())) =>
                    {
                        let (moves, _) = two_phase(self, &cube)?;
                        Ok((moves, false, true))
                    }
                    Err(e) => Err(super::solve_error(e)),
                }
            }
        }
    }
}
