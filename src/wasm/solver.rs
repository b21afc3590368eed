//! [`Solver`]: the 2x2 and two-phase 3x3 tables and every solve but the optimal search.

use super::{
    install_panic_hook, kept_bytes, parse_metric, phase1_bytes, phase1_step, solve_error, table_error, two_phase_ready,
    PocketSolution, Scramble, Solution,
};
use crate::cube::facelet::to_string;
use crate::cube::format_moves;
use crate::rng::Rng;
use crate::scramble::{invert_moves, scramble_cube, scramble_pocket};
use crate::solve::pocket::{solve as solve_pocket, to_held};
use crate::solve::pocket_ida::PocketIda;
use crate::solve::two_phase::{solve_with_stats, Limits};
use crate::state::{parse_state, State};
use crate::tables::phase1::{Phase1Build, Phase1Table};
use crate::tables::pocket::{Metric, PocketDistance, PocketMoveTables, PocketSteps};
use crate::tables::provision::Provision;
use crate::tables::two_phase::{TwoPhaseBuilder, TwoPhaseTables};
use wasm_bindgen::prelude::*;

/// The solver: owns the tables, which the worker provisions through one set of calls
/// (`table_step`, `table_offer`, `table_waits`, `table_ready`, `table_bytes`) by name:
/// `pocket-htm`, `pocket-qtm`, `two-phase` and `phase1` (see [`crate::tables::provision`]).
#[wasm_bindgen]
pub struct Solver {
    pub(super) pocket_moves: PocketMoveTables,
    pub(super) pocket: [Provision<PocketSteps>; 2],
    pub(super) ida: [Option<PocketIda>; 2],
    pub(super) two_phase: Provision<TwoPhaseBuilder>,
    pub(super) phase1: Provision<Phase1Build>,
    /// Tables of the stage searches, built when a target first needs them.
    pub(super) stages: crate::solve::stage::StageTables,
    pub(super) rng: Rng,
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
    /// `node_budget` nodes and, when `max_ms` is given, for at most that many milliseconds of
    /// the clock (`Date.now()`, read every few thousand nodes): whichever ends first ends the
    /// search with `error[stopped]`. Node counts give the same answer on every machine; the clock
    /// keeps a slow one's answer as quick as a page needs.
    pub fn solve_3x3(
        &mut self,
        facelets: &str,
        max_length: u8,
        node_budget: f64,
        max_ms: Option<f64>,
    ) -> Result<Solution, JsError> {
        let cube = match parse_state(facelets).map_err(|e| JsError::new(&e.to_string()))? {
            State::Three(c) => c,
            State::Two(_) => return Err(JsError::new("error[length]: a 3x3 state has 54 letters")),
        };
        let tables = self.two_phase_tables();
        let limits = Limits { max_length, node_budget: node_budget.max(1.0) as u64, ..Limits::default() };
        let deadline = max_ms.map(|ms| js_sys::Date::now() + ms);
        let mut out_of_time = || deadline.is_some_and(|d| js_sys::Date::now() >= d);
        let (result, stats) = solve_with_stats(&cube, tables, &limits, &mut out_of_time);
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
