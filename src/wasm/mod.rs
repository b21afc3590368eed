//! The wasm boundary: the only file that knows JavaScript. Big tables stay in wasm memory behind
//! one `Solver` (and `OptimalSolver`) handle; calls take sticker strings and return move
//! strings or typed results (`Validation`, `Solution`, …), whose TypeScript declarations
//! wasm-bindgen writes to `www/pkg/cubehint.d.ts`. `docs/worker.md` lists them.

use crate::cube::facelet::{facelet_name, read_letters};
use crate::cube::Size;
use crate::error::{SolveError, TableError};
use crate::state::{apply_text, parse_state};
use crate::tables::phase1::{Phase1Build, Phase1Table};
use crate::tables::pocket::Metric;
use crate::tables::provision::{Build, Provision};
use crate::tables::two_phase::{TwoPhaseBuilder, TwoPhaseTables};
use wasm_bindgen::prelude::*;

mod easy;
mod optimal;
mod solver;
mod targets;

pub use optimal::OptimalSolver;
pub use solver::Solver;

#[wasm_bindgen]
extern "C" {
    /// The least solution length another worker of the page's shared optimal search has found
    /// (`u32::MAX` for none): the worker reads it from memory it shares with the page.
    #[wasm_bindgen(js_name = cubehintSharedCap)]
    fn shared_cap() -> u32;
}

fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::panic::set_hook(Box::new(console_error_panic_hook::hook)));
}

/// One problem of a rejected sticker string.
#[wasm_bindgen(getter_with_clone)]
#[derive(Clone)]
pub struct Problem {
    /// The stable code: `length letter center count piece duplicate twist flip parity`.
    pub code: String,
    /// The sentence that names it, with the stickers involved.
    pub message: String,
    /// The stickers involved, by name (`U9`), when the size is known.
    pub stickers: Vec<String>,
    /// The same stickers as string indices (0..54 or 0..24).
    pub indices: Vec<u32>,
}

/// What [`validate`] found.
#[wasm_bindgen(getter_with_clone)]
pub struct Validation {
    /// A legal cube.
    pub ok: bool,
    /// 2 or 3 when the length says which puzzle; undefined otherwise.
    pub size: Option<u8>,
    /// Every problem found (empty when `ok`).
    pub problems: Vec<Problem>,
}

/// Validates a sticker string: every problem with its code and stickers.
#[wasm_bindgen]
pub fn validate(facelets: &str) -> Validation {
    install_panic_hook();
    let size = read_letters(facelets).ok().map(|(s, _)| s);
    validation(size, parse_state(facelets).map(|_| ()))
}

/// What a check found, for JavaScript: each problem with its stickers by name and index.
fn validation(size: Option<crate::cube::Size>, checked: Result<(), crate::error::CubeError>) -> Validation {
    let problems: Vec<Problem> = match checked {
        Ok(()) => vec![],
        Err(e) => e
            .problems()
            .iter()
            .map(|p| Problem {
                code: p.code.as_str().to_string(),
                message: p.message.clone(),
                stickers: size.map_or(vec![], |s| p.stickers.iter().map(|&i| facelet_name(s, i)).collect()),
                indices: p.stickers.iter().map(|&i| i as u32).collect(),
            })
            .collect(),
    };
    Validation { ok: problems.is_empty(), size: size.map(|s| s.n() as u8), problems }
}

/// A 2x2 solution ([`Solver::solve_2x2`]).
#[wasm_bindgen(getter_with_clone)]
pub struct PocketSolution {
    /// The moves, as the person holds the cube (`R U2 F'`).
    pub moves: String,
    /// `table` (the distance table) or `ida` (the search that answers before it is built).
    pub engine: String,
    /// The length in the metric asked for (optimal in it).
    pub length: u32,
}

/// A 3x3 solution ([`Solver::solve_3x3`]).
#[wasm_bindgen(getter_with_clone)]
pub struct Solution {
    /// The moves (`R U2 F'`).
    pub moves: String,
    /// Proven shortest (every cube within 10 moves is solved optimally).
    pub optimal: bool,
}

/// A random-state scramble.
#[wasm_bindgen(getter_with_clone)]
pub struct Scramble {
    /// The moves that make it from solved.
    pub moves: String,
    /// The state's sticker string.
    pub facelets: String,
}

/// Where an optimal search stands after a step ([`OptimalSolver::search_step`]).
#[wasm_bindgen(getter_with_clone)]
pub struct SearchStep {
    /// The search is over.
    pub done: bool,
    /// The solution once done (undefined when a capped share ends without one).
    pub moves: Option<String>,
    /// The depth being searched.
    pub depth: u32,
    /// The proven bound: no solution is shorter (in this share's part).
    pub lower: u32,
    /// Nodes searched so far.
    pub nodes: f64,
    /// The length of the best solution known, if any.
    pub upper: Option<u32>,
}

/// Applies a move sequence to `from` (or to the solved cube of `size` when `from` is empty) and
/// returns the sticker string.
#[wasm_bindgen]
pub fn apply_moves(size: u8, from: &str, moves: &str) -> Result<String, JsError> {
    install_panic_hook();
    let size = if size == 2 { Size::Two } else { Size::Three };
    let from = if from.trim().is_empty() { None } else { Some(from) };
    apply_text(Some(size), from, moves).map_err(|e| JsError::new(&e))
}

/// For animating a move: after `moves`, sticker `j` shows what sticker `result[j]` showed.
#[wasm_bindgen]
pub fn turn_sources(size: u8, moves: &str) -> Result<Vec<u32>, JsError> {
    let size = if size == 2 { Size::Two } else { Size::Three };
    let turns = crate::cube::parse_turns(moves, size).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(crate::cube::moves::turn_sources(size, &turns).into_iter().map(|i| i as u32).collect())
}

/// Fills in the forced stickers of a partly painted state (`-` for unpainted). Returns the
/// string with them filled.
#[wasm_bindgen]
pub fn fill_forced(size: u8, partial: &str) -> String {
    let size = if size == 2 { Size::Two } else { Size::Three };
    let mut faces: Vec<Option<crate::cube::Face>> = partial.chars().map(crate::cube::Face::from_letter).collect();
    if faces.len() != size.stickers() {
        return partial.to_string();
    }
    crate::cube::facelet::fill_forced(size, &mut faces);
    faces.iter().map(|f| f.map_or('-', |f| f.letter())).collect()
}

/// Is the sticker string solved (each face one colour)?
#[wasm_bindgen]
pub fn is_solved(facelets: &str) -> bool {
    read_letters(facelets).map(|(_, f)| crate::state::stickers_solved(&f)).unwrap_or(false)
}

fn solve_error(e: SolveError) -> JsError {
    JsError::new(&e.to_string())
}

/// The two-phase tables of `job`, built now if they are not ready.
fn two_phase_ready(job: &mut Provision<TwoPhaseBuilder>) -> &mut TwoPhaseTables {
    while job.step(TwoPhaseBuilder::new) < 1.0 {}
    job.table_mut().expect("built above")
}

/// One step of the exact phase-1 table's build for `tables`, which get it once it is ready;
/// the fraction done, 1 once it is there.
fn phase1_step(tables: &mut TwoPhaseTables, job: &mut Provision<Phase1Build>) -> f64 {
    if tables.phase1.is_some() {
        return 1.0;
    }
    let fraction = job.step(|| Phase1Build::new(tables));
    if fraction >= 1.0 {
        tables.phase1 = std::mem::replace(job, Provision::Missing).into_table();
    }
    fraction
}

/// The exact phase-1 table of `tables` in the table format.
fn phase1_bytes(tables: Option<&TwoPhaseTables>) -> Result<Vec<u8>, JsError> {
    tables
        .and_then(|t| t.phase1.as_ref())
        .map(Phase1Table::to_bytes)
        .ok_or_else(|| JsError::new("the phase-1 table is not built"))
}

fn parse_metric(metric: &str) -> Result<Metric, JsError> {
    Metric::parse(metric).ok_or_else(|| JsError::new("metric is htm or qtm"))
}

pub(crate) fn table_error(e: TableError) -> JsError {
    JsError::new(&e.to_string())
}

/// The ready table's bytes to keep, as one array.
pub(crate) fn kept_bytes<B: Build>(job: &Provision<B>, what: &str) -> Result<Vec<u8>, JsError> {
    job.pieces().map(|p| p.concat()).ok_or_else(|| JsError::new(&format!("the {what} is not built")))
}
