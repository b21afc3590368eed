//! The wasm boundary: the only file that knows JavaScript. Big tables stay in wasm memory behind
//! one `Solver` (and `OptimalSolver`) handle; calls take sticker strings and return move
//! strings or typed results (`Validation`, `Solution`, …), whose TypeScript declarations
//! wasm-bindgen writes to `www/pkg/cubehint.d.ts`. `docs/worker.md` lists them.

use crate::coord::h0_coords::H0Coords;
use crate::cube::facelet::{facelet_name, read_letters, to_string};
use crate::cube::{format_moves, CubieCube, Size};
use crate::error::{SolveError, TableError};
use crate::rng::Rng;
use crate::scramble::{invert_moves, scramble_cube, scramble_pocket};
use crate::solve::optimal::{OptimalProgress, OptimalSearch};
use crate::solve::pocket::{solve as solve_pocket, to_held};
use crate::solve::pocket_ida::PocketIda;
use crate::solve::portfolio::Portfolio;
use crate::solve::two_phase::{solve_with_stats, Limits};
use crate::state::{apply_text, parse_state, State};
use crate::tables::format;
use crate::tables::optimal::{FlipTable, FlipTableBuild, FlipTableReader};
use crate::tables::optimal::{H0Steps, OptimalTables, TableSize};
use crate::tables::phase1::{Phase1Build, Phase1Table};
use crate::tables::pocket::{Metric, PocketDistance, PocketMoveTables, PocketSteps};
use crate::tables::provision::{Build, Provision};
use crate::tables::two_phase::{TwoPhaseBuilder, TwoPhaseTables};
use wasm_bindgen::prelude::*;

mod easy;
mod targets;

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

/// The solver: owns the tables, which the worker provisions through one set of calls
/// (`table_step`, `table_offer`, `table_waits`, `table_ready`, `table_bytes`) by name:
/// `pocket-htm`, `pocket-qtm`, `two-phase` and `phase1` (see [`crate::tables::provision`]).
#[wasm_bindgen]
pub struct Solver {
    pocket_moves: PocketMoveTables,
    pocket: [Provision<PocketSteps>; 2],
    ida: [Option<PocketIda>; 2],
    two_phase: Provision<TwoPhaseBuilder>,
    phase1: Provision<Phase1Build>,
    /// Tables of the stage searches, built when a target first needs them.
    stages: crate::solve::stage::StageTables,
    rng: Rng,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// The tables a [`Solver`] provisions, by the names the worker keeps them under.
#[derive(Clone, Copy)]
enum SolverTable {
    Pocket(Metric),
    TwoPhase,
    Phase1,
}

fn solver_table(name: &str) -> Result<SolverTable, JsError> {
    match name {
        "pocket-htm" => Ok(SolverTable::Pocket(Metric::Htm)),
        "pocket-qtm" => Ok(SolverTable::Pocket(Metric::Qtm)),
        "two-phase" => Ok(SolverTable::TwoPhase),
        "phase1" => Ok(SolverTable::Phase1),
        _ => Err(JsError::new(&format!("no table is called '{name}' (pocket-htm, pocket-qtm, two-phase, phase1)"))),
    }
}

fn table_error(e: TableError) -> JsError {
    JsError::new(&e.to_string())
}

/// The ready table's bytes to keep, as one array.
fn kept_bytes<B: Build>(job: &Provision<B>, what: &str) -> Result<Vec<u8>, JsError> {
    job.pieces().map(|p| p.concat()).ok_or_else(|| JsError::new(&format!("the {what} is not built")))
}

#[wasm_bindgen]
impl Solver {
    /// A solver with no big tables yet (the 2x2 move tables take under a millisecond).
    #[wasm_bindgen(constructor)]
    pub fn new() -> Solver {
        install_panic_hook();
        Solver {
            pocket_moves: PocketMoveTables::generate(),
            pocket: [Provision::Missing, Provision::Missing],
            ida: [None, None],
            two_phase: Provision::Missing,
            phase1: Provision::Missing,
            stages: Default::default(),
            rng: Rng::new(0x5eed),
        }
    }

    /// Seeds the scramble generator (pass random bits from `crypto.getRandomValues`).
    pub fn seed(&mut self, hi: u32, lo: u32) {
        self.rng = Rng::new(((hi as u64) << 32) | lo as u64);
    }

    /// One step of table `name`'s build (a few milliseconds to a few hundred); the fraction
    /// done, 1 once the table is ready. The exact phase-1 table builds the two-phase tables
    /// first.
    pub fn table_step(&mut self, name: &str) -> Result<f64, JsError> {
        Ok(match solver_table(name)? {
            SolverTable::Pocket(m) => {
                let moves = &self.pocket_moves;
                self.pocket[m as usize].step(|| PocketSteps::new(moves, m))
            }
            SolverTable::TwoPhase => self.two_phase.step(TwoPhaseBuilder::new),
            SolverTable::Phase1 => phase1_step(two_phase_ready(&mut self.two_phase), &mut self.phase1),
        })
    }

    /// Offers stored bytes of table `name` (as `table_bytes` gave them): taken once they check
    /// out (format, size, checksum, distribution); refused with the reason otherwise, and
    /// nothing changes (a build under way goes on).
    pub fn table_offer(&mut self, name: &str, bytes: &[u8]) -> Result<(), JsError> {
        match solver_table(name)? {
            SolverTable::Pocket(m) => self.pocket[m as usize].offer(|| PocketDistance::from_bytes(bytes, m)),
            SolverTable::TwoPhase => match &mut self.two_phase {
                Provision::Ready(_) => Ok(()),
                job => job.building_or(TwoPhaseBuilder::new).offer(bytes),
            },
            SolverTable::Phase1 => {
                let table = Phase1Table::from_bytes(bytes).map_err(table_error)?;
                self.two_phase_tables().phase1 = Some(table);
                self.phase1 = Provision::Missing;
                Ok(())
            }
        }
        .map_err(table_error)
    }

    /// Should the worker wait for its store's answer before the next step of `name`? True when
    /// that step is work a stored copy would save (the two-phase tables' first steps are needed
    /// with a stored copy too, and the 2x2 table builds while the store is asked: a copy that
    /// checks out ends the build).
    pub fn table_waits(&self, name: &str) -> Result<bool, JsError> {
        Ok(!self.table_ready(name)?
            && match solver_table(name)? {
                SolverTable::Pocket(_) => false,
                SolverTable::TwoPhase => matches!(&self.two_phase, Provision::Building(b) if b.at_prunes()),
                SolverTable::Phase1 => true,
            })
    }

    /// Is table `name` ready?
    pub fn table_ready(&self, name: &str) -> Result<bool, JsError> {
        Ok(match solver_table(name)? {
            SolverTable::Pocket(m) => self.pocket[m as usize].table().is_some(),
            SolverTable::TwoPhase => self.two_phase.table().is_some(),
            SolverTable::Phase1 => self.two_phase.table().is_some_and(|t| t.phase1.is_some()),
        })
    }

    /// Table `name`'s bytes to keep (header, entries and checksum), once it is ready.
    pub fn table_bytes(&self, name: &str) -> Result<Vec<u8>, JsError> {
        match solver_table(name)? {
            SolverTable::Pocket(m) => kept_bytes(&self.pocket[m as usize], "2x2 table"),
            SolverTable::TwoPhase => kept_bytes(&self.two_phase, "two-phase table"),
            SolverTable::Phase1 => phase1_bytes(self.two_phase.table()),
        }
    }

    /// The two-phase tables, built now if they are not ready.
    fn two_phase_tables(&mut self) -> &mut TwoPhaseTables {
        two_phase_ready(&mut self.two_phase)
    }

    /// Solves a 24-letter 2x2 state optimally in `metric`. Uses the distance table when it is
    /// built, otherwise the IDA* engine (so the first answer does not wait for the table).
    /// The moves turn the cube as the person holds it.
    pub fn solve_2x2(&mut self, facelets: &str, metric: &str) -> Result<PocketSolution, JsError> {
        let metric = parse_metric(metric)?;
        let held = match parse_state(facelets).map_err(|e| JsError::new(&e.to_string()))? {
            State::Two(h) => h,
            State::Three(_) => return Err(JsError::new("error[length]: a 2x2 state has 24 letters")),
        };
        let (moves, engine) = match self.pocket[metric as usize].table() {
            Some(dist) => (solve_pocket(&held.cube, &self.pocket_moves, dist), "table"),
            None => {
                let ida = self.ida[metric as usize].get_or_insert_with(|| PocketIda::new(metric));
                (ida.solve(&held.cube), "ida")
            }
        };
        let held_moves = to_held(&held, &moves);
        Ok(PocketSolution {
            moves: format_moves(&held_moves),
            engine: engine.to_string(),
            length: metric.length(&held_moves),
        })
    }

    /// Solves a 54-letter 3x3 state in at most `max_length` moves, searching at most
    /// `node_budget` nodes.
    pub fn solve_3x3(&mut self, facelets: &str, max_length: u8, node_budget: f64) -> Result<Solution, JsError> {
        let cube = match parse_state(facelets).map_err(|e| JsError::new(&e.to_string()))? {
            State::Three(c) => c,
            State::Two(_) => return Err(JsError::new("error[length]: a 3x3 state has 54 letters")),
        };
        let tables = self.two_phase_tables();
        let limits = Limits { max_length, node_budget: node_budget.max(1.0) as u64, ..Limits::default() };
        let (result, stats) = solve_with_stats(&cube, tables, &limits, &mut || false);
        let moves = result.map_err(solve_error)?;
        Ok(Solution { moves: format_moves(&moves), optimal: stats.optimal })
    }

    /// A random-state 2x2 scramble.
    pub fn scramble_2x2(&mut self) -> Scramble {
        let moves = &self.pocket_moves;
        while self.pocket[Metric::Htm as usize].step(|| PocketSteps::new(moves, Metric::Htm)) < 1.0 {}
        let dist = self.pocket[Metric::Htm as usize].table().expect("built above");
        let (cube, moves) = scramble_pocket(&mut self.rng, moves, dist);
        Scramble { moves: format_moves(&moves), facelets: to_string(&cube.to_facelets()) }
    }

    /// A random-state 3x3 scramble.
    pub fn scramble_3x3(&mut self) -> Scramble {
        self.two_phase_tables();
        let tables = self.two_phase.table().expect("built");
        let (cube, moves) = scramble_cube(&mut self.rng, tables);
        Scramble { moves: format_moves(&moves), facelets: to_string(&cube.to_facelets()) }
    }

    /// The inverse of a move sequence (face turns only).
    pub fn invert(&self, moves: &str) -> Result<String, JsError> {
        let m = crate::cube::parse_moves(moves).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(format_moves(&invert_moves(&m)))
    }
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

/// `name` if it is one of `names` (the tables an [`OptimalSolver`] provisions that way).
fn optimal_table<'a>(name: &str, names: &[&'a str]) -> Result<&'a str, JsError> {
    names.iter().find(|n| **n == name).copied().ok_or_else(|| {
        JsError::new(&format!("the optimal solver provisions {} this way, not '{name}'", names.join(" and ")))
    })
}

fn parse_metric(metric: &str) -> Result<Metric, JsError> {
    Metric::parse(metric).ok_or_else(|| JsError::new("metric is htm or qtm"))
}

/// The optimal 3x3 solver, kept apart from [`Solver`] (the page runs it in a worker of its own,
/// which it ends to cancel): builds or loads the h0 table, then searches in slices that report
/// progress.
#[wasm_bindgen]
pub struct OptimalSolver {
    size: TableSize,
    build: Option<H0Steps>,
    flip_build: Option<FlipTableBuild>,
    /// The coordinates the flip table's build reads until they go into `tables` (with the
    /// near entries that build gives, in place of an h0 table).
    coords: Option<H0Coords>,
    /// The flip table's header once asked for (its checksum reads the whole table).
    flip_header_bytes: Option<Vec<u8>>,
    /// A flip table being loaded a piece at a time (`load_flip_begin`).
    flip_load: Option<FlipTableReader>,
    tables: Option<OptimalTables>,
    two_phase: Option<TwoPhaseTables>,
    phase1_build: Provision<Phase1Build>,
    search: Option<OptimalSearch>,
    /// A hard cube's search of one length from several sides (`start_share` with a length).
    sides: Option<Portfolio>,
    /// A search of whatever tables are there while the rest build (`start_early`).
    early: Option<OptimalSearch>,
    /// The share of the flip table's walks this solver builds (`build_share`).
    share: (usize, usize),
}

#[wasm_bindgen]
impl OptimalSolver {
    /// A solver for the tables of `size`: `h0-2bit`, `h0`, or `h3` to `h6` (a flip table beside
    /// h0's entries within 8 moves); `small`, `medium`, `large` and `huge` name the first four.
    #[wasm_bindgen(constructor)]
    pub fn new(size: &str) -> Result<OptimalSolver, JsError> {
        install_panic_hook();
        let size =
            TableSize::parse(size).ok_or_else(|| JsError::new("the table size is h0-2bit, h0, h3, h4, h5 or h6"))?;
        Ok(OptimalSolver {
            size,
            build: None,
            flip_build: None,
            coords: None,
            flip_header_bytes: None,
            flip_load: None,
            tables: None,
            two_phase: None,
            phase1_build: Provision::Missing,
            search: None,
            sides: None,
            early: None,
            share: (0, 1),
        })
    }

    /// Starts loading the flip table saved by `flip_bytes` (the large, huge or h5 size), to be
    /// handed over a piece at a time (`load_flip_piece`, then `load_flip_end`), as the page keeps
    /// it: no whole copy of it is made on either side. Fails if the h0 table is not there yet.
    pub fn load_flip_begin(&mut self) -> Result<(), JsError> {
        let bits = self.size.flip_bits().ok_or_else(|| JsError::new("this size has no flip table"))?;
        if self.tables.is_none() {
            return Err(JsError::new("load the h0 table first"));
        }
        self.flip_load = Some(FlipTableReader::new(bits).map_err(|e| JsError::new(&e.to_string()))?);
        Ok(())
    }

    /// The next piece of the flip table being loaded; fails, keeping nothing, if the table
    /// already reads wrong.
    pub fn load_flip_piece(&mut self, bytes: &[u8]) -> Result<(), JsError> {
        let reader = self.flip_load.as_mut().ok_or_else(|| JsError::new("no flip table is being loaded"))?;
        if let Err(e) = reader.push(bytes) {
            self.flip_load = None;
            return Err(JsError::new(&e.to_string()));
        }
        Ok(())
    }

    /// Ends the flip table's load: it is used if it checks out (else nothing is kept).
    pub fn load_flip_end(&mut self) -> Result<(), JsError> {
        let reader = self.flip_load.take().ok_or_else(|| JsError::new("no flip table is being loaded"))?;
        self.keep_loaded_flips(reader.finish())
    }

    /// For a kept file read straight into the table's memory: after `load_flip_begin` and the
    /// header alone through `load_flip_piece`, a view of `len` entry bytes from `start` to read
    /// the file into (no copy, nothing zeroed first). Fill the views in order from the start,
    /// each before the next call into the solver, then `load_flip_end_in_place`.
    pub fn load_flip_view(&mut self, start: f64, len: f64) -> Result<js_sys::Uint8Array, JsError> {
        let reader = self.flip_load.as_mut().ok_or_else(|| JsError::new("no flip table is being loaded"))?;
        let room = reader.entries_room();
        let from = (start.max(0.0) as usize).min(room.len());
        let to = ((start + len).max(0.0) as usize).clamp(from, room.len());
        // SAFETY: the view lies within the room the reader reserved; the caller fills it before
        // any further call into the module (which could grow the memory and detach it).
        Ok(unsafe { js_sys::Uint8Array::view_mut_raw(room.as_mut_ptr().add(from).cast::<u8>(), to - from) })
    }

    /// Ends a load through `load_flip_view`, `filled` entry bytes having been read into the
    /// views from the start: the entries are checked (all there, checksum, distribution) and
    /// used if they check out (else nothing is kept).
    pub fn load_flip_end_in_place(&mut self, filled: f64) -> Result<(), JsError> {
        let reader = self.flip_load.take().ok_or_else(|| JsError::new("no flip table is being loaded"))?;
        // SAFETY: `filled` counts the bytes the caller read into the views, in order from the
        // start (the worker reports only reads that returned their whole length).
        self.keep_loaded_flips(unsafe { reader.finish_in_place(filled.max(0.0) as usize) })
    }

    fn keep_loaded_flips(&mut self, read: Result<FlipTable, TableError>) -> Result<(), JsError> {
        let tables = self.tables.as_mut().ok_or_else(|| JsError::new("load the h0 table first"))?;
        tables.flip = Some(read.map_err(|e| JsError::new(&e.to_string()))?);
        self.flip_header_bytes = None;
        self.flip_build = None;
        Ok(())
    }

    /// One slice of the tables' build (a few hundred milliseconds at most); returns the
    /// fraction done (1 when ready). The medium and small sizes build h0. The large and huge
    /// ones build their flip table (h3 or h4), whose breadth-first part gives the h0 entries
    /// within 8 moves, all of h0 it needs, a tenth of the way in (`ready_h0` from then on); an
    /// h0 table loaded before (`load`) is kept instead.
    pub fn build_step(&mut self) -> f64 {
        if let (None, Some(bits)) = (&self.tables, self.size.flip_bits()) {
            let Some(build) = self.flip_build.as_mut() else {
                let coords = H0Coords::generate();
                let mut build = FlipTableBuild::new(&coords, bits);
                build.share(self.share.0, self.share.1);
                self.flip_build = Some(build);
                self.coords = Some(coords);
                return 0.01;
            };
            let coords = self.coords.as_ref().expect("kept for the build");
            build.step(coords, 3000);
            let done = build.progress().min(0.999);
            if let Some(near) = build.take_near() {
                let coords = self.coords.take().expect("kept for the build");
                self.tables = Some(OptimalTables::with_near(coords, near));
            }
            return done;
        }
        // The share of the work that was h0's: all of it for the sizes without a flip table,
        // none when the flip table's build gave the near entries.
        let h0_share = match (&self.tables, self.size.flip_bits()) {
            (_, None) => 1.0,
            (Some(t), _) if t.is_near() => 0.0,
            _ => 0.1,
        };
        if self.tables.is_none() {
            // The h0 build the CLI provisions too (`tables::provision::Build`), a step at a time.
            let Some(build) = self.build.as_mut() else {
                self.build = Some(H0Steps::new(self.size));
                return 0.01 * h0_share;
            };
            if build.step() {
                return (0.01 + 0.98 * build.fraction()) * h0_share;
            }
            self.tables = self.build.take().map(Build::finish);
            return h0_share.min(0.999);
        }
        if self.ready() {
            return 1.0;
        }
        let tables = self.tables.as_mut().expect("h0 is there");
        let Some(build) = self.flip_build.as_mut() else {
            let bits = self.size.flip_bits().expect("only the large and huge sizes get here");
            let mut build = FlipTableBuild::new(&tables.coords, bits);
            build.share(self.share.0, self.share.1);
            self.flip_build = Some(build);
            return h0_share;
        };
        let more = build.step(&tables.coords, 3000);
        // Beside a loaded h0 table the near entries are not needed.
        drop(build.take_near());
        if more || !build.whole() {
            // A share waits for the others' (`merge_build_piece`, `build_merged`).
            return h0_share + (1.0 - h0_share) * build.progress().min(0.999);
        }
        let build = self.flip_build.take().expect("a build");
        tables.flip = Some(build.finish(&tables.coords));
        self.flip_header_bytes = None;
        1.0
    }

    /// Builds only share `which` of `of` of the flip table's walks (before the first
    /// `build_step`): several workers build one table, each its share, then one takes the
    /// others' tables (`build_piece`, `merge_build_piece`, `build_merged`) and finishes it, or
    /// walks a failed one's share itself (`build_take_over`). Until then the tables are not
    /// ready: a share alone is no lower bound.
    pub fn build_share(&mut self, which: u32, of: u32) -> Result<(), JsError> {
        if which >= of || self.flip_build.is_some() || self.size.flip_bits().is_none() {
            return Err(JsError::new("a share of a flip table's build, given before it starts"));
        }
        self.share = (which as usize, of as usize);
        Ok(())
    }

    /// Whether this solver's share of the walks is done (then `build_step` waits for merges).
    pub fn build_walks_done(&self) -> bool {
        self.flip_build.as_ref().is_some_and(|b| b.walks_done())
    }

    /// The length in bytes of the flip table being built.
    pub fn build_len(&self) -> Result<f64, JsError> {
        Ok(self.share_build()?.len_bytes() as f64)
    }

    /// `len` bytes of the flip table being built, from `start` (fewer at the end).
    pub fn build_piece(&self, start: f64, len: f64) -> Result<Vec<u8>, JsError> {
        Ok(self.share_build()?.piece(start as usize, len as usize).to_vec())
    }

    /// Merges another share's `build_piece` from `start` into this build.
    pub fn merge_build_piece(&mut self, start: f64, bytes: &[u8]) -> Result<(), JsError> {
        let b = self.flip_build.as_mut().ok_or_else(|| JsError::new("no flip table is being built"))?;
        if start as usize + bytes.len() > b.len_bytes() {
            return Err(JsError::new("the piece does not fit the table"));
        }
        b.merge(start as usize, bytes);
        Ok(())
    }

    /// Every other share has been merged: `build_step` finishes the table.
    pub fn build_merged(&mut self) -> Result<(), JsError> {
        self.flip_build.as_mut().ok_or_else(|| JsError::new("no flip table is being built"))?.merged();
        Ok(())
    }

    /// Walks share `which` of `of` too (a worker that failed to build it), once this solver's
    /// own walks are done; `build_step` then goes on and finishes the table.
    pub fn build_take_over(&mut self, which: u32, of: u32) -> Result<(), JsError> {
        let b = self.flip_build.as_mut().filter(|b| b.walks_done());
        let b = b.ok_or_else(|| JsError::new("this solver's own walks are not done"))?;
        if which >= of {
            return Err(JsError::new("no such share"));
        }
        b.take_over(which as usize, of as usize);
        Ok(())
    }

    fn share_build(&self) -> Result<&FlipTableBuild, JsError> {
        self.flip_build.as_ref().filter(|b| b.walks_done()).ok_or_else(|| JsError::new("no share's walks are done"))
    }

    /// Are the tables ready?
    pub fn ready(&self) -> bool {
        self.tables.as_ref().is_some_and(|t| self.size.flip_bits().is_none() || t.flip.is_some())
    }

    /// Is the h0 table ready (for the large and huge sizes, the near entries their flip table's
    /// build gives a tenth of the way in)?
    pub fn ready_h0(&self) -> bool {
        self.tables.is_some()
    }

    /// The flip table in the table format, whole (a copy: for small tables and tests).
    pub fn flip_bytes(&self) -> Result<Vec<u8>, JsError> {
        Ok(self.flip_table()?.to_bytes())
    }

    /// The length of `flip_bytes()`: `flip_header()`, then the entries of `flip_entries_view`.
    pub fn flip_bytes_len(&self) -> Result<f64, JsError> {
        Ok((format::HEADER_LEN + self.flip_table()?.packed.len()) as f64)
    }

    /// The first bytes of `flip_bytes()`: the header (168 bytes), with the checksum.
    pub fn flip_header(&mut self) -> Result<Vec<u8>, JsError> {
        let flip = self.tables.as_ref().and_then(|t| t.flip.as_ref());
        let flip = flip.ok_or_else(|| JsError::new("the flip table is not built"))?;
        Ok(self.flip_header_bytes.get_or_insert_with(|| flip.header()).clone())
    }

    /// `len` of the flip table's entry bytes from `start` (fewer at the end), as a view of the
    /// solver's memory, not a copy: write it (a file's sync access handle) or copy it (`slice()`)
    /// before the next call into the solver, which may move that memory.
    pub fn flip_entries_view(&self, start: f64, len: f64) -> Result<js_sys::Uint8Array, JsError> {
        let packed = &self.flip_table()?.packed;
        let from = (start.max(0.0) as usize).min(packed.len());
        let to = ((start + len).max(0.0) as usize).clamp(from, packed.len());
        // SAFETY: the view is of memory the table owns; the caller is told to use it before any
        // further call into the module (which could grow the memory and detach it).
        Ok(unsafe { js_sys::Uint8Array::view(&packed[from..to]) })
    }

    fn flip_table(&self) -> Result<&FlipTable, JsError> {
        self.tables.as_ref().and_then(|t| t.flip.as_ref()).ok_or_else(|| JsError::new("the flip table is not built"))
    }

    /// One step of table `name`'s build: `phase1` (the exact phase-1 table, which adds the
    /// phase-1 distance from three axes to the search's bounds); the h0 and flip tables build
    /// through `build_step`. The fraction done, 1 once ready.
    pub fn table_step(&mut self, name: &str) -> Result<f64, JsError> {
        optimal_table(name, &["phase1"])?;
        Ok(phase1_step(self.two_phase.get_or_insert_with(TwoPhaseTables::generate), &mut self.phase1_build))
    }

    /// Offers stored bytes of table `name` (`h0` or `phase1`, as `table_bytes` gave them):
    /// taken once they check out, refused with the reason otherwise (nothing changes). For the
    /// sizes with a flip table, `h0` is the near entries their build gives, or a whole h0 table.
    pub fn table_offer(&mut self, name: &str, bytes: &[u8]) -> Result<(), JsError> {
        if optimal_table(name, &["h0", "phase1"])? == "phase1" {
            let table = Phase1Table::from_bytes(bytes).map_err(table_error)?;
            self.two_phase.get_or_insert_with(TwoPhaseTables::generate).phase1 = Some(table);
            self.phase1_build = Provision::Missing;
            return Ok(());
        }
        let mut tables = OptimalTables::from_bytes(bytes, self.size).map_err(table_error)?;
        tables.flip = self.tables.take().and_then(|t| t.flip);
        self.tables = Some(tables);
        self.build = None;
        Ok(())
    }

    /// Should the worker wait for its store before the next step of `name`? (Always, for the
    /// phase-1 table: each step is work a stored copy saves.)
    pub fn table_waits(&self, name: &str) -> Result<bool, JsError> {
        Ok(!self.table_ready(name)?)
    }

    /// Is table `name` (`h0` or `phase1`) ready?
    pub fn table_ready(&self, name: &str) -> Result<bool, JsError> {
        Ok(match optimal_table(name, &["h0", "phase1"])? {
            "h0" => self.tables.is_some(),
            _ => self.two_phase.as_ref().is_some_and(|t| t.phase1.is_some()),
        })
    }

    /// Table `name`'s bytes to keep (`h0`: the h0 table, or the near entries; `phase1`).
    pub fn table_bytes(&self, name: &str) -> Result<Vec<u8>, JsError> {
        match optimal_table(name, &["h0", "phase1"])? {
            "h0" => self.tables.as_ref().map(|t| t.to_bytes()).ok_or_else(|| JsError::new("the h0 table is not built")),
            _ => phase1_bytes(self.two_phase.as_ref()),
        }
    }

    /// Starts a search for a 54-letter state. `upper` is a known solution of it (the two-phase
    /// one) or empty; it is checked, and the answer if nothing shorter exists.
    pub fn start(&mut self, facelets: &str, upper: &str) -> Result<(), JsError> {
        self.start_share(facelets, upper, 0, 1, 0)
    }

    /// [`OptimalSolver::start`] for share `which` of `of` (each worker of a page that uses
    /// several searches its own part of every depth; see [`OptimalSearch::with_share`]).
    /// `from_length`, when not 0, makes it a hard cube's search instead: share `which` of `of`
    /// of a [`Portfolio`], the cube seen from several sides, each searching that length first;
    /// the first solution found is the answer, not proven shortest (`upper` is not used).
    pub fn start_share(
        &mut self,
        facelets: &str,
        upper: &str,
        which: u32,
        of: u32,
        from_length: u32,
    ) -> Result<(), JsError> {
        (self.search, self.sides) = match from_length {
            0 => (Some(self.new_search(facelets, upper, which, of)?), None),
            len => {
                let cube = share_cube(facelets, which, of)?;
                self.two_phase.get_or_insert_with(TwoPhaseTables::generate);
                (None, Some(Portfolio::new(&cube, len, which as usize, of as usize)))
            }
        };
        Ok(())
    }

    /// Starts a search of the h0 table alone, kept apart from `start`'s, to step with
    /// `early_step` between `build_step`s: on a first visit, short positions are proven optimal
    /// long before the flip table is built. Needs `ready_h0()`.
    pub fn start_early(&mut self, facelets: &str, upper: &str) -> Result<(), JsError> {
        self.early = Some(self.new_search(facelets, upper, 0, 1)?);
        Ok(())
    }

    /// `search_step` for the search of `start_early`. It reads h0 alone even once the flip table
    /// is there: a search's nodes carry edge flips only when it reads that table from the start.
    pub fn early_step(&mut self, nodes: f64) -> Result<SearchStep, JsError> {
        let tables = self.tables.as_mut().ok_or_else(|| JsError::new("the h0 table is not built"))?;
        let search = self.early.as_mut().ok_or_else(|| JsError::new("no search started"))?;
        let flip_table = tables.flip.take();
        let step = search_step(search, tables, self.two_phase.as_ref(), nodes);
        tables.flip = flip_table;
        Ok(step)
    }

    fn new_search(&mut self, facelets: &str, upper: &str, which: u32, of: u32) -> Result<OptimalSearch, JsError> {
        let cube = share_cube(facelets, which, of)?;
        let upper = crate::cube::parse_moves(upper).ok().filter(|m| cube.apply_moves(m).is_solved());
        self.two_phase.get_or_insert_with(TwoPhaseTables::generate);
        Ok(OptimalSearch::new(&cube, upper).with_share(which, of))
    }

    /// Has the search started last read the other workers' least solution length from
    /// `globalThis.cubehintSharedCap()` (see [`OptimalSearch::with_shared_cap`]): unlike
    /// [`OptimalSolver::cap`], which waits for the worker's next message, it reaches a two-phase
    /// try while it runs, which then stops once another worker's solution makes it pointless.
    pub fn watch_shared_cap(&mut self) {
        if let Some(search) = self.search.take() {
            self.search = Some(search.with_shared_cap(std::sync::Arc::new(shared_cap)));
        }
    }

    /// Another share found a solution of `len` moves: this one stops once it has proven its
    /// part holds none shorter (`done` with `moves` null).
    pub fn cap(&mut self, len: u32) {
        if let Some(s) = self.search.as_mut() {
            s.set_cap(len);
        }
        if let Some(s) = self.sides.as_mut() {
            s.set_cap(len);
        }
    }

    /// Searches about `nodes` nodes.
    pub fn search_step(&mut self, nodes: f64) -> Result<SearchStep, JsError> {
        let tables = self.tables.as_ref().ok_or_else(|| JsError::new("the optimal table is not built"))?;
        if let Some(sides) = self.sides.as_mut() {
            return Ok(sides_step(sides, tables, self.two_phase.as_ref(), nodes));
        }
        let search = self.search.as_mut().ok_or_else(|| JsError::new("no search started"))?;
        Ok(search_step(search, tables, self.two_phase.as_ref(), nodes))
    }
}

/// Steps an optimal search by about `nodes` nodes; where it then stands.
fn search_step(
    search: &mut OptimalSearch,
    tables: &OptimalTables,
    two_phase: Option<&TwoPhaseTables>,
    nodes: f64,
) -> SearchStep {
    let moves = search.step(tables, two_phase, nodes.max(1.0) as u64).map(format_moves);
    step_report(moves, search.progress(), search.done())
}

/// [`search_step`] for a hard cube's [`Portfolio`].
fn sides_step(
    sides: &mut Portfolio,
    tables: &OptimalTables,
    two_phase: Option<&TwoPhaseTables>,
    nodes: f64,
) -> SearchStep {
    let moves = sides.step(tables, two_phase, nodes.max(1.0) as u64).map(format_moves);
    step_report(moves, sides.progress(), sides.done())
}

/// The 3x3 of a share's 54-letter state, once share `which` of `of` is known to exist.
fn share_cube(facelets: &str, which: u32, of: u32) -> Result<CubieCube, JsError> {
    if which >= of {
        return Err(JsError::new(&format!("share {which} of {of} does not exist")));
    }
    match parse_state(facelets).map_err(|e| JsError::new(&e.to_string()))? {
        State::Three(c) => Ok(c),
        State::Two(_) => Err(JsError::new("error[length]: the optimal solver takes 54-letter 3x3 states")),
    }
}

/// A step's answer: the solution if found, and where the search stands.
fn step_report(moves: Option<String>, p: OptimalProgress, done: bool) -> SearchStep {
    SearchStep { done, moves, depth: p.depth, lower: p.lower_bound, nodes: p.nodes as f64, upper: p.upper_bound }
}
