//! What only a native build has: threads and files. The core (everything outside this module)
//! uses neither, so that the same code runs in a browser worker; the CLI reaches both through
//! here.

use crate::coord::h0_coords::H0Coords;
use crate::cube::{CubieCube, Move};
use crate::error::TableError;
use crate::solve::optimal::{solve_optimal_report, OptimalProgress, OptimalReport, OptimalSearch, SharedCap};
use crate::solve::portfolio::{Portfolio, SIDES};
use crate::tables::optimal::{FlipTable, FlipTableBuild, FlipTableReader, OptimalTables};
use crate::tables::provision::{Build, Store, StoreError};
use crate::tables::two_phase::TwoPhaseTables;
use std::borrow::Cow;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// Finishes a flip table's build with its walks shared among `threads` threads (the same
/// bytes as a build on one).
pub fn flip_table_threads(build: FlipTableBuild, c: &H0Coords, threads: usize) -> FlipTable {
    if threads <= 1 {
        return build.finish(c);
    }
    build.finish_with(c, threads, |tasks| {
        std::thread::scope(|s| {
            for task in tasks {
                s.spawn(task);
            }
        })
    })
}

/// A flip table's build with its walks shared among threads, as one provisioning step (the
/// breadth-first part and the walks run to the end; a native run is stopped by its process).
pub struct ThreadedFlipSteps<'a> {
    build: Option<FlipTableBuild>,
    table: Option<FlipTable>,
    coords: &'a H0Coords,
    threads: usize,
}

impl<'a> ThreadedFlipSteps<'a> {
    /// The build of the table keeping `bits` flips over `threads` threads.
    pub fn new(coords: &'a H0Coords, bits: usize, threads: usize) -> Self {
        ThreadedFlipSteps { build: Some(FlipTableBuild::new(coords, bits)), table: None, coords, threads }
    }
}

impl Build for ThreadedFlipSteps<'_> {
    type Table = FlipTable;
    fn step(&mut self) -> bool {
        if let Some(b) = self.build.take() {
            self.table = Some(flip_table_threads(b, self.coords, self.threads));
        }
        false
    }
    fn fraction(&self) -> f64 {
        if self.table.is_some() {
            1.0
        } else {
            0.0
        }
    }
    fn finish(mut self) -> FlipTable {
        self.step();
        self.table.expect("built by the step")
    }
    fn pieces(table: &FlipTable) -> Vec<Cow<'_, [u8]>> {
        table.pieces()
    }
}

/// Tables kept as files in a folder, `DIR/name`.
pub struct FileStore {
    /// The folder (made when the first table is written).
    pub dir: String,
}

/// Bytes a read hands on at a time.
const READ_PIECE: usize = 4 << 20;

impl Store for FileStore {
    fn read(&mut self, name: &str, sink: &mut dyn FnMut(&[u8]) -> Result<(), TableError>) -> Result<bool, StoreError> {
        let path = format!("{}/{name}", self.dir);
        let mut f = match std::fs::File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
            Err(e) => return Err(StoreError::Io(format!("{path}: {e}"))),
        };
        let mut piece = vec![0u8; READ_PIECE];
        loop {
            let n = f.read(&mut piece).map_err(|e| StoreError::Io(format!("{path}: {e}")))?;
            if n == 0 {
                return Ok(true);
            }
            sink(&piece[..n]).map_err(StoreError::Table)?;
        }
    }

    fn write(&mut self, name: &str, pieces: &[Cow<'_, [u8]>]) -> Result<(), StoreError> {
        // Through a temporary file renamed at the end, so that no reader sees half a table.
        let path = format!("{}/{name}", self.dir);
        let tmp = format!("{path}.{}.tmp", std::process::id());
        let written = std::fs::create_dir_all(&self.dir).and_then(|_| {
            let mut f = std::fs::File::create(&tmp)?;
            for p in pieces {
                f.write_all(p)?;
            }
            f.sync_all()?;
            std::fs::rename(&tmp, &path)
        });
        written.map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            StoreError::Io(format!("{path}: {e}"))
        })
    }

    fn remove(&mut self, name: &str) {
        let _ = std::fs::remove_file(format!("{}/{name}", self.dir));
    }
}

/// Reads a flip table keeping `bits` flips from a file written by [`FlipTable::to_bytes`], a
/// piece at a time into its final place. The outer error is the file's, the inner the table's.
pub fn read_flip_table(path: &str, bits: usize) -> std::io::Result<Result<FlipTable, TableError>> {
    let (dir, name) = path.rsplit_once('/').unwrap_or((".", path));
    let mut r = match FlipTableReader::new(bits) {
        Ok(r) => r,
        Err(e) => return Ok(Err(e)),
    };
    match (FileStore { dir: dir.to_string() }).read(name, &mut |p| r.push(p)) {
        Ok(true) => Ok(r.finish()),
        Ok(false) => Err(std::io::ErrorKind::NotFound.into()),
        Err(StoreError::Table(e)) => Ok(Err(e)),
        Err(StoreError::Io(e)) => Err(std::io::Error::other(e)),
    }
}

/// [`solve_optimal`] over `threads` threads, each searching one share of every depth (the tables
/// are shared, not copied). A share that finds a solution caps the others at its length; the
/// shortest found is optimal once every share has proven it holds nothing shorter. `stop` is
/// polled about ten times a second (from the calling thread) with the progress of all shares together (the least proven
/// bound, the nodes of all). Threads need `std::thread`: in the browser (wasm32, no threads)
/// only `threads` 1 works, and the page shares a search among workers instead.
pub fn solve_optimal_threads(
    cube: &CubieCube,
    t: &OptimalTables,
    two_phase: Option<&TwoPhaseTables>,
    upper: Option<Vec<Move>>,
    threads: u32,
    stop: &mut dyn FnMut(&OptimalProgress) -> bool,
) -> Option<Vec<Move>> {
    solve_optimal_threads_report(cube, t, two_phase, upper, threads, stop).0
}

/// [`solve_optimal_threads`], with what the search did: the shares' nodes of each depth summed.
pub fn solve_optimal_threads_report(
    cube: &CubieCube,
    t: &OptimalTables,
    two_phase: Option<&TwoPhaseTables>,
    upper: Option<Vec<Move>>,
    threads: u32,
    stop: &mut dyn FnMut(&OptimalProgress) -> bool,
) -> (Option<Vec<Move>>, OptimalReport) {
    use std::sync::atomic::AtomicBool;
    use std::sync::Mutex;
    if threads <= 1 {
        return solve_optimal_report(cube, t, two_phase, upper, stop);
    }
    let report: Mutex<OptimalReport> = Mutex::new(OptimalReport::default());
    // Each share also holds `upper`, and ends with it when nothing shorter is in its part.
    let cap = Arc::new(AtomicU32::new(u32::MAX));
    let read_cap = {
        let cap = cap.clone();
        Arc::new(move || cap.load(Ordering::Relaxed)) as SharedCap
    };
    let halt = AtomicBool::new(false);
    let best: Mutex<Option<Vec<Move>>> = Mutex::new(None);
    let none = OptimalProgress { depth: 0, lower_bound: 0, nodes: 0, upper_bound: None };
    let states: Mutex<Vec<(OptimalProgress, bool)>> = Mutex::new(vec![(none, false); threads as usize]);
    std::thread::scope(|scope| {
        for which in 0..threads {
            let (cap, halt, best, states, upper, report) = (&cap, &halt, &best, &states, upper.clone(), &report);
            let read_cap = read_cap.clone();
            scope.spawn(move || {
                let mut search = OptimalSearch::new(cube, upper).with_share(which, threads).with_shared_cap(read_cap);
                loop {
                    search.set_cap(cap.load(Ordering::Relaxed));
                    let found = search.step(t, two_phase, 1 << 18).map(<[Move]>::to_vec);
                    if let Some(sol) = found {
                        let mut b = best.lock().expect("no share panics");
                        if b.as_ref().is_none_or(|x| sol.len() < x.len()) {
                            cap.fetch_min(sol.len() as u32, Ordering::Relaxed);
                            *b = Some(sol);
                        }
                    }
                    let done = search.done() || halt.load(Ordering::Relaxed);
                    states.lock().expect("no share panics")[which as usize] = (search.progress(), done);
                    if done {
                        report.lock().expect("no share panics").merge(&search.report());
                        break;
                    }
                }
            });
        }
        for tick in 1u64.. {
            std::thread::sleep(std::time::Duration::from_millis(5));
            let s = states.lock().expect("no share panics").clone();
            if s.iter().all(|&(_, done)| done) {
                break;
            }
            // Once told to stop, `stop` is not asked again while the shares finish their steps.
            if tick % 20 != 0 || halt.load(Ordering::Relaxed) {
                continue;
            }
            let best_len = best.lock().expect("no share panics").as_ref().map(|b| b.len() as u32);
            let progress = OptimalProgress {
                depth: s.iter().filter(|x| !x.1).map(|x| x.0.depth).min().unwrap_or(0),
                lower_bound: s.iter().map(|x| x.0.lower_bound).min().unwrap_or(0),
                nodes: s.iter().map(|x| x.0.nodes).sum(),
                upper_bound: best_len.or(upper.as_ref().map(|u| u.len() as u32)),
            };
            if stop(&progress) {
                halt.store(true, Ordering::Relaxed);
            }
        }
    });
    let report = report.into_inner().expect("no share panics");
    if halt.load(Ordering::Relaxed) {
        return (None, report);
    }
    (best.into_inner().expect("no share panics"), report)
}

/// A solution of at most `len` moves (if there is one) from a [`Portfolio`]: the cube seen from
/// several sides, each side's optimal search starting at `len`, the sides dealt out among
/// `threads` threads. The first solution any finds is the answer. For a cube the two-phase search
/// has not solved within `len`. `stop` is polled about ten times a second with the progress of
/// all (the largest bound any search has proven, the least length searched, the nodes of all);
/// `None` if it said stop first.
pub fn solve_length_threads(
    cube: &CubieCube,
    t: &OptimalTables,
    two_phase: Option<&TwoPhaseTables>,
    len: u32,
    threads: u32,
    stop: &mut dyn FnMut(&OptimalProgress) -> bool,
) -> Option<Vec<Move>> {
    use std::sync::atomic::AtomicBool;
    use std::sync::Mutex;
    let threads = (threads.max(1) as usize).min(SIDES);
    let halt = AtomicBool::new(false);
    let found: Mutex<Option<Vec<Move>>> = Mutex::new(None);
    let none = OptimalProgress { depth: 0, lower_bound: 0, nodes: 0, upper_bound: None };
    let states: Mutex<Vec<OptimalProgress>> = Mutex::new(vec![none; threads]);
    std::thread::scope(|scope| {
        for w in 0..threads {
            let (halt, found, states) = (&halt, &found, &states);
            scope.spawn(move || {
                let mut share = Portfolio::new(cube, len, w, threads);
                while !halt.load(Ordering::Relaxed) && !share.done() {
                    if let Some(sol) = share.step(t, two_phase, SIDE_SLICE) {
                        let mut f = found.lock().expect("no search panics");
                        if f.as_ref().is_none_or(|x| sol.len() < x.len()) {
                            *f = Some(sol.to_vec());
                        }
                        halt.store(true, Ordering::Relaxed);
                    }
                    states.lock().expect("no search panics")[w] = share.progress();
                }
            });
        }
        while !halt.load(Ordering::Relaxed) {
            std::thread::sleep(std::time::Duration::from_millis(100));
            let s = states.lock().expect("no search panics").clone();
            let progress = OptimalProgress {
                depth: s.iter().map(|x| x.depth).min().unwrap_or(0),
                lower_bound: s.iter().map(|x| x.lower_bound).max().unwrap_or(0),
                nodes: s.iter().map(|x| x.nodes).sum(),
                upper_bound: None,
            };
            if stop(&progress) {
                halt.store(true, Ordering::Relaxed);
            }
        }
    });
    found.into_inner().expect("no search panics")
}

/// Nodes a side's search takes before the next side of its thread has a turn (about a twentieth
/// of a second).
const SIDE_SLICE: u64 = 1 << 20;
