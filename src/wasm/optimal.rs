//! [`OptimalSolver`]: the optimal 3x3 search's tables, built, loaded or kept, and its search in
//! slices (alone, as one share of several workers, or from several sides).

use super::{install_panic_hook, phase1_bytes, phase1_step, shared_cap, table_error, SearchStep};
use crate::coord::h0_coords::H0Coords;
use crate::cube::{format_moves, CubieCube};
use crate::error::TableError;
use crate::solve::optimal::{OptimalProgress, OptimalSearch};
use crate::solve::portfolio::Portfolio;
use crate::state::{parse_state, State};
use crate::tables::format;
use crate::tables::optimal::{FlipTable, FlipTableBuild, FlipTableReader};
use crate::tables::optimal::{H0Steps, OptimalTables, TableSize};
use crate::tables::phase1::{Phase1Build, Phase1Table};
use crate::tables::provision::{Build, Provision};
use crate::tables::two_phase::TwoPhaseTables;
use wasm_bindgen::prelude::*;

/// `name` if it is one of `names` (the tables an [`OptimalSolver`] provisions that way).
fn optimal_table<'a>(name: &str, names: &[&'a str]) -> Result<&'a str, JsError> {
    names.iter().find(|n| **n == name).copied().ok_or_else(|| {
        JsError::new(&format!("the optimal solver provisions {} this way, not '{name}'", names.join(" and ")))
    })
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

    /// Starts loading the flip table saved by `flip_bytes` (h3 to h6), to be handed over a piece
    /// at a time (`load_flip_piece`, then `load_flip_end`), as the page keeps it: no whole copy
    /// of it is made on either side. It is all these sizes read (no h0 beside it).
    pub fn load_flip_begin(&mut self) -> Result<(), JsError> {
        let bits = self.size.flip_bits().ok_or_else(|| JsError::new("this size has no flip table"))?;
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
        let flip = read.map_err(|e| JsError::new(&e.to_string()))?;
        match self.tables.as_mut() {
            Some(t) => t.set_flip(flip),
            None => self.tables = Some(OptimalTables::with_flip(H0Coords::generate(), flip)),
        }
        self.flip_header_bytes = None;
        self.flip_build = None;
        Ok(())
    }

    /// One slice of the tables' build (a few hundred milliseconds at most); returns the
    /// fraction done (1 when ready). The sizes h0 and h0-2bit build h0. The others build their
    /// flip table, whose breadth-first part gives the h0 entries within 8 moves a tenth of the
    /// way in (`ready_h0` from then on), searched while the rest builds (`start_early`); the
    /// finished flip table needs no h0, and they are let go.
    pub fn build_step(&mut self) -> f64 {
        if self.ready() {
            return 1.0;
        }
        if let Some(bits) = self.size.flip_bits() {
            return self.flip_step(bits);
        }
        // The h0 build the CLI provisions too (`tables::provision::Build`), a step at a time.
        let Some(build) = self.build.as_mut() else {
            self.build = Some(H0Steps::new(self.size));
            return 0.01;
        };
        if build.step() {
            return 0.01 + 0.98 * build.fraction();
        }
        self.tables = self.build.take().map(Build::finish);
        0.999
    }

    /// [`OptimalSolver::build_step`] for a flip table keeping `bits` flips.
    fn flip_step(&mut self, bits: usize) -> f64 {
        let Some(build) = self.flip_build.as_mut() else {
            let coords = H0Coords::generate();
            let mut build = FlipTableBuild::new(&coords, bits);
            build.share(self.share.0, self.share.1);
            self.flip_build = Some(build);
            self.coords = Some(coords);
            return 0.01;
        };
        // The coordinates are the build's until the near entries come, then the tables'.
        let coords = self.tables.as_ref().map(|t| &t.coords).or(self.coords.as_ref());
        let more = build.step(coords.expect("kept for the build"), 3000);
        if let Some(near) = build.take_near() {
            let coords = self.coords.take().expect("kept for the build");
            self.tables = Some(OptimalTables::with_near(coords, near));
        }
        if more || !build.whole() {
            // A share waits for the others' (`merge_build_piece`, `build_merged`).
            return build.progress().min(0.999);
        }
        let build = self.flip_build.take().expect("a build");
        let tables = self.tables.as_mut().expect("the near entries came a tenth of the way in");
        let flip = build.finish(&tables.coords);
        tables.set_flip(flip);
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
    /// taken once they check out, refused with the reason otherwise (nothing changes). The
    /// sizes with a flip table take no h0.
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

    /// Table `name`'s bytes to keep (`h0`: the h0 table of the sizes h0 and h0-2bit; `phase1`).
    pub fn table_bytes(&self, name: &str) -> Result<Vec<u8>, JsError> {
        match optimal_table(name, &["h0", "phase1"])? {
            "h0" => {
                let t = self.tables.as_ref().ok_or_else(|| JsError::new("the h0 table is not built"))?;
                t.to_bytes()
                    .ok_or_else(|| JsError::new("this size keeps no h0 table (its flip table has its own fallback)"))
            }
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
