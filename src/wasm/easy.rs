//! The wasm boundary for solutions easy to turn (`solve --prefer easy` on the page).

use super::{parse_metric, solve_error, two_phase_ready, Solver};
use crate::cube::{format_moves, Move};
use crate::solve::easy::{easiest, turn_cost, two_phase_candidates};
use crate::solve::pocket::{solve_all, to_held};
use crate::solve::two_phase::Limits;
use crate::state::{parse_state, State};
use crate::tables::pocket::PocketSteps;
use wasm_bindgen::prelude::*;

/// A solution chosen for its turning cost ([`Solver::solve_easy`]).
#[wasm_bindgen(getter_with_clone)]
pub struct EasySolution {
    /// The moves.
    pub moves: String,
    /// Its turning cost (`docs/targets.md`).
    pub cost: f64,
    /// The length and cost of the shortest solution it was chosen against.
    pub shortest_length: u32,
    /// The cost of that shortest solution.
    pub shortest_cost: f64,
    /// How many solutions it was chosen from.
    pub candidates: u32,
    /// Proven the fewest moves (the 2x2 always: it is chosen among the optimal ones).
    pub optimal: bool,
}

/// Moves the easiest solution may have beyond the shortest one found (3x3).
const ALLOWANCE: usize = 2;

#[wasm_bindgen]
impl Solver {
    /// A solution of `facelets` easy to turn: the 3x3's of least turning cost among 37
    /// two-phase solutions at most two moves longer than the shortest of them; the 2x2's of least
    /// cost among its optimal solutions in `metric`.
    pub fn solve_easy(&mut self, facelets: &str, metric: &str) -> Result<EasySolution, JsError> {
        let metric = parse_metric(metric)?;
        let (all, allowance, optimal): (Vec<Vec<Move>>, usize, bool) =
            match parse_state(facelets).map_err(|e| JsError::new(&e.to_string()))? {
                State::Three(cube) => {
                    let tables = two_phase_ready(&mut self.two_phase);
                    (two_phase_candidates(&cube, tables, &Limits::default()).map_err(solve_error)?, ALLOWANCE, false)
                }
                State::Two(held) => {
                    let moves = &self.pocket_moves;
                    let job = &mut self.pocket[metric as usize];
                    while job.step(|| PocketSteps::new(moves, metric)) < 1.0 {}
                    let dist = job.table().expect("built above");
                    let all = solve_all(&held.cube, moves, dist, 2000).iter().map(|s| to_held(&held, s)).collect();
                    (all, 0, true)
                }
            };
        let best = easiest(&all, allowance).cloned().unwrap_or_default();
        let shortest = all.iter().min_by_key(|m| m.len()).cloned().unwrap_or_default();
        Ok(EasySolution {
            moves: format_moves(&best),
            cost: turn_cost(&best),
            shortest_length: shortest.len() as u32,
            shortest_cost: turn_cost(&shortest),
            candidates: all.len() as u32,
            optimal,
        })
    }
}
