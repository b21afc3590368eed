//! The table cache: where big tables are read from and kept, through the core's provisioning
//! ([`cubehint::tables::provision`]), and the `tables` command that writes them all.

use crate::args::Args;
use crate::cores;
use cubehint::coord::h0_coords::H0Coords;
use cubehint::native::{flip_table_threads, FileStore, ThreadedFlipSteps};
use cubehint::tables::optimal::{FlipTableBuild, FlipTableReader, H0Steps, OptimalTables, TableSize, MAX_BITS};
use cubehint::tables::phase1::{Phase1Build, Phase1Table};
use cubehint::tables::pocket::{Metric, PocketDistance, PocketMoveTables};
use cubehint::tables::provision::{
    provide, Build, NoStore, Policy, ProvideError, Source, Store, TableReader, WholeReader,
};
use cubehint::tables::two_phase::TwoPhaseTables;
use std::borrow::Cow;
use std::process::ExitCode;

/// Tables built on first use.
#[derive(Default)]
pub struct Lazy {
    pub pocket_moves: Option<PocketMoveTables>,
    pub pocket: [Option<PocketDistance>; 2],
    pub two_phase: Option<TwoPhaseTables>,
    pub optimal: Option<OptimalTables>,
    /// Keep the big tables built in the directory they are read from (the cache).
    pub save: bool,
}

impl Lazy {
    pub fn pocket(&mut self, metric: Metric) -> (&PocketMoveTables, &PocketDistance) {
        let moves = self.pocket_moves.get_or_insert_with(PocketMoveTables::generate);
        let slot = &mut self.pocket[metric as usize];
        let dist = slot.get_or_insert_with(|| PocketDistance::generate(moves, metric));
        (moves, dist)
    }
    pub fn two_phase(&mut self) -> &TwoPhaseTables {
        self.two_phase.get_or_insert_with(TwoPhaseTables::generate)
    }
    /// The two-phase tables with the exact phase-1 table added: read from `dir` when it holds
    /// a good `phase1.bin`, else built (about 7 s).
    pub fn two_phase_full(&mut self, dir: Option<&str>) -> Result<&TwoPhaseTables, String> {
        let save = self.save;
        let t = self.two_phase.get_or_insert_with(TwoPhaseTables::generate);
        if t.phase1.is_none() {
            t.phase1 = Some(load_phase1(t, dir, save)?);
        }
        Ok(t)
    }
    /// The optimal solver's tables and [`Lazy::two_phase_full`]'s, read or built side by side:
    /// the phase-1 table's build (one thread, about 10 s) runs beside the start of a flip
    /// table's (its move tables and breadth-first part, one thread for about 11 s with h6).
    pub fn optimal_and_two_phase_full(
        &mut self,
        size: TableSize,
        dir: Option<&str>,
    ) -> Result<(&OptimalTables, &TwoPhaseTables), String> {
        let save = self.save;
        let Lazy { two_phase, optimal, .. } = self;
        std::thread::scope(|s| {
            let build = optimal.is_none().then(|| s.spawn(move || load_optimal(size, dir, save)));
            let t = two_phase.get_or_insert_with(TwoPhaseTables::generate);
            let phase1 = if t.phase1.is_none() { Some(load_phase1(t, dir, save)) } else { None };
            if let Some(b) = build {
                *optimal = Some(b.join().unwrap_or_else(|e| std::panic::resume_unwind(e))?);
            }
            if let Some(p) = phase1 {
                t.phase1 = Some(p?);
            }
            Ok::<_, String>(())
        })?;
        Ok((optimal.as_ref().expect("just set"), two_phase.as_ref().expect("just set")))
    }
    pub fn optimal(&mut self, size: TableSize, dir: Option<&str>) -> Result<&OptimalTables, String> {
        if self.optimal.is_none() {
            self.optimal = Some(load_optimal(size, dir, self.save)?);
        }
        Ok(self.optimal.as_ref().expect("just set"))
    }
}

/// How a command reads and keeps its big tables: the folder, and whether it is the cache
/// (built tables are kept there, a bad copy is rebuilt) or a folder the user named with
/// `--tables` (read only; a bad copy is an error).
fn policy(save: bool, strict: bool) -> Policy {
    Policy { keep: save, rebuild_refused: save || !strict }
}

/// The store behind `dir` (none: nothing is read or kept).
fn store(dir: Option<&str>) -> Box<dyn Store> {
    match dir {
        Some(d) => Box::new(FileStore { dir: d.to_string() }),
        None => Box::new(NoStore),
    }
}

/// Says what happened to a table worth mentioning: a stored copy refused, a kept copy.
fn report(name: &str, dir: Option<&str>, source: &Source) {
    let path = format!("{}/{name}", dir.unwrap_or("."));
    if let Source::Built { refused, kept } = source {
        if let Some(e) = refused {
            eprintln!("cubehint: {path}: {e}; built it again");
        }
        match kept {
            Some(Ok(())) => eprintln!("cubehint: kept {path} for next time"),
            Some(Err(e)) => eprintln!("cubehint: could not keep {path}: {e}"),
            None => {}
        }
    }
}

/// Provisions `name` from `dir` with `policy(save, strict)`, reporting what happened; with
/// `strict`, a refused copy in a folder the user named is an error.
fn provide_in<B: Build>(
    dir: Option<&str>,
    name: &str,
    reader: Option<impl TableReader<B::Table>>,
    build: impl FnOnce() -> B,
    save: bool,
    strict: bool,
) -> Result<B::Table, String> {
    let reader = reader.filter(|_| dir.is_some());
    match provide(store(dir).as_mut(), name, reader, build, policy(save, strict), &mut |_| false) {
        Ok((table, source)) => {
            report(name, dir, &source);
            Ok(table)
        }
        Err(ProvideError::Refused(e)) => Err(format!("{}/{name}: {e}", dir.unwrap_or("."))),
        Err(ProvideError::Cancelled) => Err("stopped".into()),
    }
}

/// The exact phase-1 table: read from `dir/phase1.bin` when given and good, else built (and
/// kept there when `save`).
pub fn load_phase1(t: &TwoPhaseTables, dir: Option<&str>, save: bool) -> Result<Phase1Table, String> {
    provide_in(dir, "phase1.bin", Some(WholeReader::new(Phase1Table::from_bytes)), || Phase1Build::new(t), save, false)
}

/// Where `solve` keeps the big tables it had to build, when no `--tables DIR` is given:
/// `$CUBEHINT_CACHE`, else `$XDG_CACHE_HOME/cubehint`, else `~/.cache/cubehint`;
/// `CUBEHINT_CACHE=off` keeps nothing.
pub fn cache_dir() -> Option<String> {
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    match var("CUBEHINT_CACHE") {
        Some(v) if v == "off" => None,
        Some(v) => Some(v),
        None => var("XDG_CACHE_HOME")
            .or_else(|| var("HOME").map(|h| format!("{h}/.cache")))
            .map(|d| format!("{d}/cubehint")),
    }
}

/// The file of the h0 table for `size` (h0 or h0-2bit; the flip-table sizes read none), by
/// the size's name.
pub fn h0_file(size: TableSize) -> String {
    let h0 = if size == TableSize::H0TwoBit { size } else { TableSize::H0 };
    format!("optimal-{}.bin", h0.name())
}

/// The name earlier versions gave the h0 file, still read when the new one is not there.
fn legacy_h0_file(size: TableSize) -> &'static str {
    if size == TableSize::H0TwoBit {
        "optimal-small.bin"
    } else {
        "optimal-medium.bin"
    }
}

/// The file of the flip table keeping `bits` flips.
pub fn flip_file(bits: usize) -> String {
    format!("optimal-h{bits}.bin")
}

/// The optimal solver's tables: read from `dir` when given and present, else built (and kept
/// there when `save`: the cache, where a bad copy is rebuilt rather than refused).
pub fn load_optimal(size: TableSize, dir: Option<&str>, save: bool) -> Result<OptimalTables, String> {
    let exists = |name: &str| dir.is_some_and(|d| std::path::Path::new(&format!("{d}/{name}")).exists());
    if let Some(bits) = size.flip_bits() {
        // The flip table alone: its groups hold its fallback, so no h0 is read beside it.
        let name = flip_file(bits);
        if !exists(&name) {
            eprintln!("cubehint: building the optimal solver's h{bits} table (a minute or two; one thread a core)");
        }
        let reader = FlipTableReader::new(bits).map_err(|e| e.to_string())?;
        let c = H0Coords::generate();
        let flip =
            provide_in(dir, &name, Some(reader), || ThreadedFlipSteps::new(&c, bits, cores() as usize), save, true)?;
        return Ok(OptimalTables::with_flip(c, flip));
    }
    let name = match h0_file(size) {
        n if !exists(&n) && exists(legacy_h0_file(size)) => legacy_h0_file(size).to_string(),
        n => n,
    };
    if !exists(&name) {
        eprintln!("cubehint: building the optimal solver's h0 table (about 6 s)");
    }
    let reader = WholeReader::new(|b: &[u8]| OptimalTables::from_bytes(b, size));
    provide_in(dir, &name, Some(reader), || H0Steps::new(size), save, true)
}

/// The size `--table` names, if any.
pub fn table_size(args: &mut Args) -> Result<Option<TableSize>, String> {
    args.value("--table")?.map(|t| TableSize::parse(&t).ok_or(format!("--table is {SIZES}, not '{t}'"))).transpose()
}

/// The sizes `--table` takes.
const SIZES: &str = "h0-2bit, h0, h3, h4, h5 or h6 (small, medium, large and huge are read as the first four)";

/// The size used when `--table` names none: the one whose flip table `dir` already holds (the
/// biggest, when several), else the biggest that this machine's available memory holds with
/// room to spare (a run with h6 loaded peaked at 1.95 GB, one with h4 at 0.57 GB), else h4.
pub fn default_size(dir: Option<&str>) -> TableSize {
    let present = |b: &usize| dir.is_some_and(|d| std::path::Path::new(&format!("{d}/{}", flip_file(*b))).exists());
    if let Some(b) = (3..=MAX_BITS).rev().find(present) {
        return TableSize::with_flips(b).expect("a size for every flip table");
    }
    const GIB: u64 = 1 << 30;
    let free = available_memory().unwrap_or(0);
    let fits = |b: &usize| free >= if *b >= 6 { 6 * GIB } else { 3 * GIB };
    (5..=MAX_BITS).rev().find(fits).and_then(TableSize::with_flips).unwrap_or(TableSize::H4)
}

/// The memory available to a new process (Linux: MemAvailable of /proc/meminfo), in bytes.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

pub fn tables(mut args: Args) -> Result<ExitCode, String> {
    let dir = args.value("--out")?.ok_or("--out DIR is required")?;
    let optimal = args.flag("--optimal");
    let only = args.value("--table")?;
    args.no_options_left()?;
    let mut store = FileStore { dir: dir.clone() };
    let mut write = |name: &str, pieces: &[Cow<'_, [u8]>]| -> Result<(), String> {
        store.write(name, pieces).map_err(|e| format!("cannot write {e}"))?;
        say!("{dir}/{name}");
        Ok(())
    };
    if optimal {
        let sizes = match only {
            Some(t) => vec![TableSize::parse(&t).ok_or(format!("--table is {SIZES}, not '{t}'"))?],
            None => vec![TableSize::H4, TableSize::H3, TableSize::H0, TableSize::H0TwoBit],
        };
        // One h0 build serves both h0 sizes: the two-bit form is made from the 4-bit one. The
        // flip-table sizes write their flip table alone.
        let coords = H0Coords::generate();
        let mut h0 = None;
        for size in sizes {
            if let Some(bits) = size.flip_bits() {
                let flip = flip_table_threads(FlipTableBuild::new(&coords, bits), &coords, cores() as usize);
                write(&flip_file(bits), &flip.pieces())?;
                continue;
            }
            let h0 = h0.get_or_insert_with(|| OptimalTables::generate(TableSize::H0));
            let bytes = if size == TableSize::H0TwoBit { h0.to_two_bit().to_bytes() } else { h0.to_bytes() };
            write(&h0_file(size), &[bytes.expect("an h0 size").into()])?;
        }
        // The optimal search also reads the exact phase-1 table.
        write("phase1.bin", &[Phase1Table::generate(&TwoPhaseTables::generate()).to_bytes().into()])?;
        return Ok(ExitCode::SUCCESS);
    }
    let moves = PocketMoveTables::generate();
    for metric in [Metric::Htm, Metric::Qtm] {
        let dist = PocketDistance::generate(&moves, metric);
        write(&format!("pocket-{}.bin", metric.name()), &[dist.to_bytes().into()])?;
    }
    let tables = TwoPhaseTables::generate();
    write("two-phase.bin", &[tables.prune_bytes().into()])?;
    write("phase1.bin", &[Phase1Table::generate(&tables).to_bytes().into()])?;
    Ok(ExitCode::SUCCESS)
}
