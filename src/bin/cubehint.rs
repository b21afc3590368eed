//! The cubehint command line: argument parsing and printing only.

use cubehint::cube::facelet::to_string;
use cubehint::cube::{format_moves, CubieCube, Move, Size};
use cubehint::rng::Rng;
use cubehint::scramble::{random_cube, random_pocket, scramble_cube, scramble_pocket};
use cubehint::solve::optimal::{solve_optimal_shared, OptimalProgress};
use cubehint::solve::pocket::{solve as solve_pocket, solve_all, to_held};
use cubehint::solve::two_phase::{solve_with_stats, Limits};
use cubehint::state::{apply_text, parse_state, State};
use cubehint::tables::h48::{self, H3Build, H3Table};
use cubehint::tables::optimal::{OptimalTables, TableSize};
use cubehint::tables::phase1::Phase1Table;
use cubehint::tables::pocket::{Metric, PocketDistance, PocketMoveTables};
use cubehint::tables::two_phase::TwoPhaseTables;
use cubehint::SolveError;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Prints a line to standard output; a closed pipe (`cubehint bench 3x3 | head -1`) is not an
/// error worth a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

const USAGE: &str = "cubehint: Rubik's cube solver (2x2 optimal, 3x3 two-phase and optimal)

usage: cubehint <command> [options]

commands:
  apply     print the sticker string after a move sequence
  check     validate sticker strings (given as arguments, else read from standard input)
  solve     solve sticker strings (given as arguments, else read from standard input)
  scramble  print random-state scrambles
  bench     measure table build and solve times
  tables    write the 2x2 distance tables and 3x3 pruning tables to a folder

'cubehint <command> --help' describes each command.
Sticker strings: 54 letters (3x3) or 24 letters (2x2), faces in the order U R F D L B.";

const APPLY_HELP: &str = "usage: cubehint apply [--size 2|3] [--from FACELETS] MOVES...

Prints the sticker string after MOVES, starting from solved or from --from.
MOVES in WCA notation: U R F D L B with ' or 2, Kociemba's U1 U2 U3, rotations x y z,
and on the 3x3 wide turns (Rw, r) and slices M E S. The size defaults to that of --from,
else 3.";

const CHECK_HELP: &str = "usage: cubehint check STATE...   or   cubehint check < states.txt

Checks each sticker string given, else each line of standard input, and prints 'ok' or every
problem found, as
error[CODE]: message, joined by '; '. Codes: length letter center count piece duplicate
twist flip parity. Exits 1 if any line failed.";

const SOLVE_HELP: &str = "usage: cubehint solve [--metric htm|qtm] [--all N] [--max-length N] [--tables DIR]
                     [--optimal [--table SIZE] [--threads N] [--progress]]
                     STATE...   (or, with no STATE, < states.txt)

Solves each sticker string given (24 letters: 2x2, 54: 3x3), else each line of standard input,
and prints one line each: the
solution, an empty line for a solved cube, or error[CODE]: message. Exits 1 if any line failed.
  --metric htm|qtm  2x2: count half turns as 1 (htm, default) or 2 (qtm); solutions are optimal
  --all N           2x2: up to N different optimal solutions, separated by ' | '
  --max-length N    3x3: never longer than N moves (default 20)
  --extra-nodes N   3x3: after the first solution, search N more nodes for shorter (default 0)
  --optimal         3x3: the shortest solution (IDA* over a flip table and h0; seconds to
                    minutes)
  --table SIZE      for --optimal: h6 (1.9 GB, and h0 at 4 bits, 59 MB), h5 (940 MB, and h0),
                    huge (h4, 470 MB, and h0), large (h3, 235 MB, and h0), medium (h0 alone) or
                    small (h0 at 2 bits, 29 MB); the bigger the flip table, the faster (an
                    18-move cube: h5 about twice as fast as huge, h6 about 2.4 times). Default:
                    the biggest flip table already in DIR (or the cache), else h6 with 6 GB of
                    memory available, h5 with 3 GB, else huge
  --threads N       for --optimal: search with N threads sharing the tables (default: one a
                    core)
  --tables DIR      read tables written by 'cubehint tables' instead of building them:
                    DIR/phase1.bin (3x3; otherwise built, about 7 s, when a state is not solved
                    within 1.5 million nodes by the small tables, and always for --optimal) and,
                    for --optimal, DIR/optimal-small.bin or DIR/optimal-medium.bin (otherwise
                    built, about 6 s) and DIR/optimal-hN.bin for a size with flip table hN
                    (otherwise built, one to three minutes). Without --tables, tables built are
                    kept for the next run in $CUBEHINT_CACHE, else $XDG_CACHE_HOME/cubehint, else
                    ~/.cache/cubehint (CUBEHINT_CACHE=off keeps nothing)
  --progress        for --optimal: print each finished depth to standard error";

const SCRAMBLE_HELP: &str = "usage: cubehint scramble 2x2|3x3 [--count N] [--seed S] [--facelets]

Prints random-state scrambles, one per line: the 2x2 as an optimal sequence in U R F (at least
4 moves), the 3x3 in at most 20 moves. --facelets adds the state's sticker string after a tab.";

const BENCH_HELP: &str = "usage: cubehint bench 2x2|3x3|optimal [--count N] [--seed S] [--states FILE]
                     [--small-tables] [--extra-nodes N] [--table SIZE] [--tables DIR]
                     [--threads N]

Builds the tables, then solves N random states (default 1000; 5 for optimal) or the states in
FILE (one sticker string per line) and prints build time, median / p95 / max solve time and
lengths. '3x3' uses the exact phase-1 table (built, or read from --tables DIR) unless
--small-tables. 'optimal' solves 3x3 states optimally and also prints each state's time and nodes
(with --threads N, N threads share each search; default 1). --table as for solve.";

const TABLES_HELP: &str = "usage: cubehint tables --out DIR [--optimal [--table SIZE]]

Writes the 2x2 distance tables (pocket-htm.bin, pocket-qtm.bin), the 3x3 two-phase pruning
tables (two-phase.bin) and the exact phase-1 table (phase1.bin, 35 MB) in cubehint's table
format; with --optimal, the optimal solver's tables instead (optimal-h4.bin, 470 MB, and
optimal-medium.bin, 59 MB, for the huge size; optimal-h3.bin, 235 MB, and optimal-medium.bin for
the large; optimal-medium.bin alone for the medium; optimal-small.bin, 29 MB; all four unless
--table names one; --table h5 or h6 for optimal-h5.bin, 940 MB, or optimal-h6.bin, 1.9 GB,
with optimal-medium.bin) and phase1.bin, which it also reads.";

struct Args {
    items: Vec<String>,
}

impl Args {
    fn flag(&mut self, name: &str) -> bool {
        match self.items.iter().position(|a| a == name) {
            Some(i) => {
                self.items.remove(i);
                true
            }
            None => false,
        }
    }
    fn value(&mut self, name: &str) -> Result<Option<String>, String> {
        let prefix = format!("{name}=");
        if let Some(i) = self.items.iter().position(|a| a.starts_with(&prefix)) {
            return Ok(Some(self.items.remove(i)[prefix.len()..].to_string()));
        }
        match self.items.iter().position(|a| a == name) {
            Some(i) if i + 1 < self.items.len() => {
                self.items.remove(i);
                Ok(Some(self.items.remove(i)))
            }
            Some(_) => Err(format!("{name} needs a value")),
            None => Ok(None),
        }
    }
    fn number<T: std::str::FromStr>(&mut self, name: &str) -> Result<Option<T>, String> {
        match self.value(name)? {
            Some(v) => v.parse().map(Some).map_err(|_| format!("{name} takes a number, not '{v}'")),
            None => Ok(None),
        }
    }
    fn no_options_left(&self) -> Result<(), String> {
        match self.items.iter().find(|a| a.starts_with("--")) {
            Some(a) => Err(format!("unknown option {a}")),
            None => Ok(()),
        }
    }
}

fn main() -> ExitCode {
    let mut items: Vec<String> = std::env::args().skip(1).collect();
    if items.is_empty() || matches!(items[0].as_str(), "--help" | "-h" | "help") {
        say!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let command = items.remove(0);
    let mut args = Args { items };
    let help = match command.as_str() {
        "apply" => APPLY_HELP,
        "check" => CHECK_HELP,
        "solve" => SOLVE_HELP,
        "scramble" => SCRAMBLE_HELP,
        "bench" => BENCH_HELP,
        "tables" => TABLES_HELP,
        _ => {
            eprintln!("cubehint: unknown command '{command}'\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.flag("--help") || args.flag("-h") {
        say!("{help}");
        return ExitCode::SUCCESS;
    }
    let result = match command.as_str() {
        "apply" => apply(args),
        "check" => check(args),
        "solve" => solve(args),
        "scramble" => scramble(args),
        "bench" => bench(args),
        _ => tables(args),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("cubehint {command}: {message}\n\n{help}");
            ExitCode::from(2)
        }
    }
}

fn parse_size(text: &str) -> Result<Size, String> {
    match text {
        "2" | "2x2" => Ok(Size::Two),
        "3" | "3x3" => Ok(Size::Three),
        _ => Err(format!("the size is 2 or 3, not '{text}'")),
    }
}

fn apply(mut args: Args) -> Result<ExitCode, String> {
    let size = args.value("--size")?.map(|s| parse_size(&s)).transpose()?;
    let from = args.value("--from")?;
    args.no_options_left()?;
    let moves = args.items.join(" ");
    match apply_text(size, from.as_deref(), &moves) {
        Ok(facelets) => {
            say!("{facelets}");
            Ok(ExitCode::SUCCESS)
        }
        Err(message) => {
            say!("{message}");
            Ok(ExitCode::FAILURE)
        }
    }
}

fn stdin_lines() -> impl Iterator<Item = String> {
    std::io::stdin().lock().lines().map_while(Result::ok).collect::<Vec<_>>().into_iter()
}

/// The states to read, once the options are taken out: the arguments left, else the lines of
/// standard input. A person at a terminal who gave none is told what it waits for, instead of
/// a silent wait.
fn states_given(args: Args) -> Vec<String> {
    if !args.items.is_empty() {
        return args.items;
    }
    if std::io::stdin().is_terminal() {
        eprintln!("reading sticker strings from standard input, one per line (end with Ctrl-D)");
    }
    stdin_lines().collect()
}

fn check(args: Args) -> Result<ExitCode, String> {
    args.no_options_left()?;
    let mut failed = false;
    let mut out = std::io::stdout().lock();
    for line in states_given(args) {
        let text = match parse_state(&line) {
            Ok(_) => "ok".to_string(),
            Err(e) => {
                failed = true;
                e.to_string()
            }
        };
        let _ = writeln!(out, "{text}");
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Tables built on first use.
#[derive(Default)]
struct Lazy {
    pocket_moves: Option<PocketMoveTables>,
    pocket: [Option<PocketDistance>; 2],
    two_phase: Option<TwoPhaseTables>,
    optimal: Option<OptimalTables>,
    /// Keep the big tables built in the directory they are read from (the cache).
    save: bool,
}

impl Lazy {
    fn pocket(&mut self, metric: Metric) -> (&PocketMoveTables, &PocketDistance) {
        let moves = self.pocket_moves.get_or_insert_with(PocketMoveTables::generate);
        let slot = &mut self.pocket[metric as usize];
        let dist = slot.get_or_insert_with(|| PocketDistance::generate(moves, metric));
        (moves, dist)
    }
    fn two_phase(&mut self) -> &TwoPhaseTables {
        self.two_phase.get_or_insert_with(TwoPhaseTables::generate)
    }
    /// The two-phase tables with the exact phase-1 table added: read from `dir` when it holds
    /// a good `phase1.bin`, else built (about 7 s).
    fn two_phase_full(&mut self, dir: Option<&str>) -> &TwoPhaseTables {
        let save = self.save;
        let t = self.two_phase.get_or_insert_with(TwoPhaseTables::generate);
        if t.phase1.is_none() {
            t.phase1 = Some(load_phase1(t, dir, save));
        }
        t
    }
    fn optimal(&mut self, size: TableSize, dir: Option<&str>) -> Result<&OptimalTables, String> {
        if self.optimal.is_none() {
            self.optimal = Some(load_optimal(size, dir, self.save)?);
        }
        Ok(self.optimal.as_ref().expect("just set"))
    }
}

/// The exact phase-1 table: read from `dir/phase1.bin` when given and good, else built (and
/// kept there when `save`).
fn load_phase1(t: &TwoPhaseTables, dir: Option<&str>, save: bool) -> Phase1Table {
    let stored = dir.and_then(|d| std::fs::read(format!("{d}/phase1.bin")).ok());
    stored.and_then(|bytes| Phase1Table::from_bytes(&bytes).ok()).unwrap_or_else(|| {
        let p = Phase1Table::generate(t);
        if save {
            keep(dir, "phase1.bin", || p.to_bytes());
        }
        p
    })
}

/// Where `solve` keeps the big tables it had to build, when no `--tables DIR` is given:
/// `$CUBEHINT_CACHE`, else `$XDG_CACHE_HOME/cubehint`, else `~/.cache/cubehint`;
/// `CUBEHINT_CACHE=off` keeps nothing.
fn cache_dir() -> Option<String> {
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    match var("CUBEHINT_CACHE") {
        Some(v) if v == "off" => None,
        Some(v) => Some(v),
        None => var("XDG_CACHE_HOME")
            .or_else(|| var("HOME").map(|h| format!("{h}/.cache")))
            .map(|d| format!("{d}/cubehint")),
    }
}

/// Writes a table built to `dir/name` (through a temporary file, so a reader never sees half
/// of it); a failure only costs the next run a rebuild.
fn keep(dir: Option<&str>, name: &str, bytes: impl FnOnce() -> Vec<u8>) {
    let Some(dir) = dir else { return };
    let path = format!("{dir}/{name}");
    let tmp = format!("{path}.{}.tmp", std::process::id());
    let written = std::fs::create_dir_all(dir)
        .and_then(|_| std::fs::write(&tmp, bytes()))
        .and_then(|_| std::fs::rename(&tmp, &path));
    match written {
        Ok(()) => eprintln!("cubehint: kept {path} for next time"),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            eprintln!("cubehint: could not keep {path}: {e}");
        }
    }
}

/// The file of the h0 table for `size` (the large and huge sizes read the medium one, and h3
/// or h4 beside it).
fn h0_file(size: TableSize) -> &'static str {
    match size {
        TableSize::Small => "optimal-small.bin",
        _ => "optimal-medium.bin",
    }
}

/// The file of the flip table kept by `bits` flips.
fn flip_file(bits: usize) -> String {
    format!("optimal-h{bits}.bin")
}

/// The optimal solver's tables: read from `dir` when given and present, else built (and kept
/// there when `save`: the cache, where a bad copy is rebuilt rather than refused).
fn load_optimal(size: TableSize, dir: Option<&str>, save: bool) -> Result<OptimalTables, String> {
    let read = |name: &str| dir.and_then(|d| std::fs::read(format!("{d}/{name}")).ok());
    let bad = |name: &str, e: cubehint::error::TableError| {
        let path = format!("{}/{name}", dir.unwrap_or("."));
        if save {
            eprintln!("cubehint: {path}: {e}; building it again");
            let _ = std::fs::remove_file(&path);
            Ok(())
        } else {
            Err(format!("{path}: {e}"))
        }
    };
    let mut tables = match read(h0_file(size)).map(|b| OptimalTables::from_bytes(&b, size)) {
        Some(Ok(t)) => Some(t),
        Some(Err(e)) => bad(h0_file(size), e).map(|_| None)?,
        None => None,
    }
    .unwrap_or_else(|| {
        eprintln!("cubehint: building the optimal solver's h0 table (about 6 s)");
        let t = OptimalTables::generate(if size == TableSize::Small { size } else { TableSize::Medium });
        if save {
            keep(dir, h0_file(size), || t.to_bytes());
        }
        t
    });
    if let Some(bits) = size.flip_bits() {
        let name = flip_file(bits);
        tables.h3 = match dir.and_then(|d| H3Table::read_file(&format!("{d}/{name}"), bits).ok()) {
            Some(Ok(t)) => Some(t),
            Some(Err(e)) => bad(&name, e).map(|_| None)?,
            None => None,
        };
        if tables.h3.is_none() {
            eprintln!("cubehint: building the optimal solver's h{bits} table (a minute or two; one thread a core)");
            tables.h3 = Some(H3Build::new(&tables.coords, bits).finish_threads(&tables.coords, cores() as usize));
            if save {
                keep(dir, &name, || tables.h3.as_ref().expect("built").to_bytes());
            }
        }
    }
    Ok(tables)
}

/// The size `--table` names, if any.
fn table_size(args: &mut Args) -> Result<Option<TableSize>, String> {
    args.value("--table")?.map(|t| TableSize::parse(&t).ok_or(format!("--table is {SIZES}, not '{t}'"))).transpose()
}

/// The sizes `--table` takes.
const SIZES: &str = "small, medium, large, huge, h5 or h6";

/// The size used when `--table` names none: the one whose flip table `dir` already holds (the
/// biggest, when several), else the biggest that this machine's available memory holds with
/// room to spare (a run with h6 loaded peaked at 1.95 GB, one with h4 at 0.57 GB), else h4.
fn default_size(dir: Option<&str>) -> TableSize {
    let present = |b: &usize| dir.is_some_and(|d| std::path::Path::new(&format!("{d}/{}", flip_file(*b))).exists());
    if let Some(b) = (3..=h48::MAX_BITS).rev().find(present) {
        return TableSize::with_flips(b).expect("a size for every flip table");
    }
    const GIB: u64 = 1 << 30;
    let free = available_memory().unwrap_or(0);
    let fits = |b: &usize| free >= if *b >= 6 { 6 * GIB } else { 3 * GIB };
    (5..=h48::MAX_BITS).rev().find(fits).and_then(TableSize::with_flips).unwrap_or(TableSize::Huge)
}

/// The memory available to a new process (Linux: MemAvailable of /proc/meminfo), in bytes.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The shortest solution, starting from the two-phase one as an upper bound.
fn optimal_solution(cube: &CubieCube, lazy: &mut Lazy, opt: &OptOptions) -> Result<Vec<Move>, String> {
    // The exact phase-1 table adds bounds from three axes (read from --tables DIR or built).
    let upper =
        solve_with_stats(cube, lazy.two_phase_full(opt.dir.as_deref()), &Limits::default(), &mut || false).0.ok();
    lazy.optimal(opt.size, opt.dir.as_deref())?;
    let (tables, two_phase) = (lazy.optimal.as_ref().expect("loaded"), lazy.two_phase.as_ref());
    let t0 = Instant::now();
    let report = |p: &OptimalProgress| {
        if opt.progress {
            eprintln!(
                "no solution shorter than {} moves ({} nodes, {:.1} s); searching {} moves",
                p.lower_bound,
                p.nodes,
                t0.elapsed().as_secs_f64(),
                p.depth
            );
        }
        false
    };
    let mut last = 0;
    let sol = solve_optimal_shared(cube, tables, two_phase, upper, opt.threads, &mut |p| {
        let changed = p.lower_bound != last;
        last = p.lower_bound;
        changed && report(p)
    });
    sol.ok_or_else(|| "stopped".to_string())
}

/// Nodes the small tables get before the exact phase-1 table is brought in (a few hundred ms).
const QUICK_NODES: u64 = 1_500_000;

struct OptOptions {
    size: TableSize,
    dir: Option<String>,
    progress: bool,
    threads: u32,
}

fn solve(mut args: Args) -> Result<ExitCode, String> {
    let metric = match args.value("--metric")? {
        Some(m) => Metric::parse(&m).ok_or(format!("--metric is htm or qtm, not '{m}'"))?,
        None => Metric::Htm,
    };
    let all: Option<usize> = args.number("--all")?;
    let mut limits = Limits::default();
    if let Some(n) = args.number::<u8>("--max-length")? {
        limits.max_length = n;
    }
    if let Some(n) = args.number::<u64>("--extra-nodes")? {
        limits.extra_nodes = n;
    }
    let optimal = args.flag("--optimal");
    let asked = table_size(&mut args)?;
    let mut opt = OptOptions {
        size: TableSize::Huge,
        dir: args.value("--tables")?,
        progress: args.flag("--progress"),
        // A person waiting for an answer gets every core; benchmarks time one unless asked.
        threads: threads(&mut args, cores())?,
    };
    args.no_options_left()?;
    let mut lazy = Lazy::default();
    if opt.dir.is_none() {
        // Big tables built once are kept for the next run.
        opt.dir = cache_dir();
        lazy.save = opt.dir.is_some();
    }
    opt.size = asked.unwrap_or_else(|| default_size(opt.dir.as_deref()));
    // The exact phase-1 table when --tables holds one, or once a state needed it.
    let mut use_full = opt.dir.as_deref().is_some_and(|d| std::path::Path::new(&format!("{d}/phase1.bin")).exists());
    let mut failed = false;
    let mut out = std::io::stdout().lock();
    for line in states_given(args) {
        let text = match parse_state(&line) {
            Err(e) => Err(e.to_string()),
            Ok(State::Two(held)) => {
                let (moves, dist) = lazy.pocket(metric);
                match all {
                    Some(n) => {
                        let sols = solve_all(&held.cube, moves, dist, n);
                        let parts: Vec<String> = sols.iter().map(|s| format_moves(&to_held(&held, s))).collect();
                        Ok(parts.join(" | "))
                    }
                    None => Ok(format_moves(&to_held(&held, &solve_pocket(&held.cube, moves, dist)))),
                }
            }
            Ok(State::Three(cube)) if optimal => optimal_solution(&cube, &mut lazy, &opt).map(|m| format_moves(&m)),
            Ok(State::Three(cube)) => {
                // The small tables answer most states in milliseconds; a state they do not
                // answer within a few hundred milliseconds (a hard one, or a tight
                // --max-length) gets the exact phase-1 table, read from --tables or built.
                let quick = Limits { node_budget: limits.node_budget.min(QUICK_NODES), ..limits };
                let tables = if use_full { lazy.two_phase_full(opt.dir.as_deref()) } else { lazy.two_phase() };
                let mut result = solve_with_stats(&cube, tables, &quick, &mut || false).0;
                if matches!(result, Err(SolveError::Stopped)) && tables.phase1.is_none() {
                    use_full = true;
                    result = solve_with_stats(&cube, lazy.two_phase_full(opt.dir.as_deref()), &limits, &mut || false).0;
                } else if matches!(result, Err(SolveError::Stopped)) {
                    result = solve_with_stats(&cube, tables, &limits, &mut || false).0;
                }
                result.map(|m| format_moves(&m)).map_err(|e| match e {
                    // The budget ran out: say what that means for the length asked.
                    SolveError::Stopped => format!(
                        "error[stopped]: no solution of at most {} moves found within {} million nodes \
                         (the cube may need more; --optimal finds its shortest solution)",
                        limits.max_length,
                        limits.node_budget / 1_000_000
                    ),
                    e => e.to_string(),
                })
            }
        };
        let text = text.unwrap_or_else(|e| {
            failed = true;
            e
        });
        let _ = writeln!(out, "{text}");
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        now.as_nanos() as u64 ^ std::process::id() as u64
    })
}

fn puzzle_arg(args: &mut Args) -> Result<Size, String> {
    args.no_options_left()?;
    match args.items.as_slice() {
        [p] => parse_size(p),
        _ => Err("name the puzzle: 2x2 or 3x3".to_string()),
    }
}

fn scramble(mut args: Args) -> Result<ExitCode, String> {
    let count: usize = args.number("--count")?.unwrap_or(1);
    let seed: Option<u64> = args.number("--seed")?;
    let facelets = args.flag("--facelets");
    let size = puzzle_arg(&mut args)?;
    let mut rng = Rng::new(seed_or_clock(seed));
    let mut lazy = Lazy::default();
    let mut out = std::io::stdout().lock();
    for _ in 0..count {
        let (moves, stickers) = match size {
            Size::Two => {
                let (pm, dist) = lazy.pocket(Metric::Htm);
                let (cube, moves) = scramble_pocket(&mut rng, pm, dist);
                (moves, to_string(&cube.to_facelets()))
            }
            Size::Three => {
                let (cube, moves) = scramble_cube(&mut rng, lazy.two_phase());
                (moves, to_string(&cube.to_facelets()))
            }
        };
        let line = if facelets { format!("{}\t{}", format_moves(&moves), stickers) } else { format_moves(&moves) };
        let _ = writeln!(out, "{line}");
    }
    Ok(ExitCode::SUCCESS)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

fn read_states(path: &str) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Ok(text.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect())
}

fn bench(mut args: Args) -> Result<ExitCode, String> {
    if args.items.iter().any(|a| a == "optimal") {
        args.items.retain(|a| a != "optimal");
        return bench_optimal(args);
    }
    let count: usize = args.number("--count")?.unwrap_or(1000);
    let seed: u64 = args.number("--seed")?.unwrap_or(1);
    let states = args.value("--states")?.map(|p| read_states(&p)).transpose()?;
    let mut limits = Limits::default();
    if let Some(n) = args.number::<u64>("--extra-nodes")? {
        limits.extra_nodes = n;
    }
    let small_only = args.flag("--small-tables");
    let dir = args.value("--tables")?;
    let size = puzzle_arg(&mut args)?;
    let mut rng = Rng::new(seed);
    let mut times = Vec::new();
    let mut lengths = Vec::new();
    match size {
        Size::Two => {
            let t0 = Instant::now();
            let moves = PocketMoveTables::generate();
            let dist = PocketDistance::generate(&moves, Metric::Htm);
            let build = t0.elapsed().as_secs_f64() * 1e3;
            let cubes: Vec<_> = match &states {
                Some(lines) => lines
                    .iter()
                    .map(|l| match parse_state(l) {
                        Ok(State::Two(h)) => Ok(h.cube),
                        _ => Err(format!("not a legal 2x2 state: {l}")),
                    })
                    .collect::<Result<_, _>>()?,
                None => (0..count).map(|_| random_pocket(&mut rng)).collect(),
            };
            for cube in &cubes {
                let t = Instant::now();
                let sol = solve_pocket(cube, &moves, &dist);
                times.push(t.elapsed().as_secs_f64() * 1e6);
                lengths.push(sol.len() as f64);
                assert!(cube.apply_moves(&sol).is_solved(), "bench solution failed");
            }
            times.sort_by(f64::total_cmp);
            say!("2x2 (htm) tables: {build:.1} ms (move tables + 3,674,160-state distance table)");
            say!(
                "2x2 solve over {} states: median {:.2} µs, p95 {:.2} µs, max {:.2} µs; mean length {:.2}",
                times.len(),
                percentile(&times, 0.5),
                percentile(&times, 0.95),
                times.last().copied().unwrap_or(0.0),
                lengths.iter().sum::<f64>() / lengths.len().max(1) as f64
            );
        }
        Size::Three => {
            let t0 = Instant::now();
            let mut tables = TwoPhaseTables::generate();
            let build = t0.elapsed().as_secs_f64() * 1e3;
            let t0 = Instant::now();
            if !small_only {
                tables.phase1 = Some(load_phase1(&tables, dir.as_deref(), false));
            }
            let build1 = t0.elapsed().as_secs_f64();
            let cubes: Vec<CubieCube> = match &states {
                Some(lines) => lines
                    .iter()
                    .map(|l| match parse_state(l) {
                        Ok(State::Three(c)) => Ok(c),
                        _ => Err(format!("not a legal 3x3 state: {l}")),
                    })
                    .collect::<Result<_, _>>()?,
                None => (0..count).map(|_| random_cube(&mut rng)).collect(),
            };
            let mut within = 0;
            let mut nodes = 0u64;
            for cube in &cubes {
                let t = Instant::now();
                let (result, stats) = solve_with_stats(cube, &tables, &limits, &mut || false);
                times.push(t.elapsed().as_secs_f64() * 1e3);
                nodes += stats.nodes;
                let sol: Vec<Move> = result.map_err(|e| e.to_string())?;
                assert!(cube.apply_moves(&sol).is_solved(), "bench solution failed");
                within += (sol.len() <= 20) as usize;
                lengths.push(sol.len() as f64);
            }
            times.sort_by(f64::total_cmp);
            say!("3x3 tables: {build:.1} ms");
            if !small_only {
                let how = if dir.is_some() { "read or built" } else { "built" };
                say!("3x3 exact phase-1 table: {build1:.2} s ({how}; --small-tables to go without)");
            }
            say!(
                "3x3 solve over {} states (max length 20): median {:.3} ms, p95 {:.3} ms, max {:.3} ms; \
                 mean length {:.2}; within 20 moves {:.1}%; mean nodes {}",
                times.len(),
                percentile(&times, 0.5),
                percentile(&times, 0.95),
                times.last().copied().unwrap_or(0.0),
                lengths.iter().sum::<f64>() / lengths.len().max(1) as f64,
                100.0 * within as f64 / cubes.len().max(1) as f64,
                nodes / cubes.len().max(1) as u64
            );
        }
    }
    if let Some(mib) = peak_memory_mib() {
        say!("peak memory: {mib:.1} MiB");
    }
    Ok(ExitCode::SUCCESS)
}

fn read_cubes(states: &Option<Vec<String>>, count: usize, rng: &mut Rng) -> Result<Vec<CubieCube>, String> {
    match states {
        Some(lines) => lines
            .iter()
            .map(|l| match parse_state(l) {
                Ok(State::Three(c)) => Ok(c),
                _ => Err(format!("not a legal 3x3 state: {l}")),
            })
            .collect(),
        None => Ok((0..count).map(|_| random_cube(rng)).collect()),
    }
}

/// `--threads N` (1 to 64; default `default`).
fn threads(args: &mut Args, default: u32) -> Result<u32, String> {
    match args.number::<u32>("--threads")? {
        None => Ok(default),
        Some(n @ 1..=64) => Ok(n),
        Some(n) => Err(format!("--threads is 1 to 64, not {n}")),
    }
}

/// The cores this process may use (1 when unknown), at most 64.
fn cores() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(64) as u32)
}

fn bench_optimal(mut args: Args) -> Result<ExitCode, String> {
    let count: usize = args.number("--count")?.unwrap_or(5);
    let seed: u64 = args.number("--seed")?.unwrap_or(1);
    let states = args.value("--states")?.map(|p| read_states(&p)).transpose()?;
    let asked = table_size(&mut args)?;
    let dir = args.value("--tables")?;
    let size = asked.unwrap_or_else(|| default_size(dir.as_deref()));
    let threads = threads(&mut args, 1)?;
    args.no_options_left()?;
    if !args.items.is_empty() {
        return Err(format!("unexpected '{}'", args.items.join(" ")));
    }
    let cubes = read_cubes(&states, count, &mut Rng::new(seed))?;
    let t0 = Instant::now();
    let tables = load_optimal(size, dir.as_deref(), false)?;
    let build = t0.elapsed().as_secs_f64();
    let t0 = Instant::now();
    let mut two_phase = TwoPhaseTables::generate();
    two_phase.phase1 = Some(load_phase1(&two_phase, dir.as_deref(), false));
    let build1 = t0.elapsed().as_secs_f64();
    say!("optimal table ({}): {build:.2} s to {}", size.name(), if dir.is_some() { "load" } else { "build" });
    say!("exact phase-1 table: {build1:.2} s (read from DIR/phase1.bin when there, else built)");
    let mut times = Vec::new();
    let mut lengths = Vec::new();
    for (i, cube) in cubes.iter().enumerate() {
        let t = Instant::now();
        let upper = solve_with_stats(cube, &two_phase, &Limits::default(), &mut || false).0.ok();
        let upper_len = upper.as_ref().map_or(0, |u| u.len());
        let mut nodes = 0;
        let sol = solve_optimal_shared(cube, &tables, Some(&two_phase), upper, threads, &mut |p| {
            nodes = p.nodes;
            false
        })
        .ok_or("stopped")?;
        let secs = t.elapsed().as_secs_f64();
        assert!(cube.apply_moves(&sol).is_solved(), "bench solution failed");
        say!(
            "state {}: {} moves (two-phase {upper_len}) in {secs:.2} s, about {:.1}M nodes: {}",
            i + 1,
            sol.len(),
            nodes as f64 / 1e6,
            format_moves(&sol)
        );
        times.push(secs);
        lengths.push(sol.len() as f64);
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    say!(
        "optimal solve over {} states ({} table, {threads} thread{}): median {:.2} s, max {:.2} s, total {:.1} s; mean length {:.2}",
        cubes.len(),
        size.name(),
        if threads == 1 { "" } else { "s" },
        percentile(&sorted, 0.5),
        sorted.last().copied().unwrap_or(0.0),
        times.iter().sum::<f64>() + 0.0,
        lengths.iter().sum::<f64>() / lengths.len().max(1) as f64 + 0.0
    );
    if let Some(mib) = peak_memory_mib() {
        say!("peak memory: {mib:.1} MiB");
    }
    Ok(ExitCode::SUCCESS)
}

fn tables(mut args: Args) -> Result<ExitCode, String> {
    let dir = args.value("--out")?.ok_or("--out DIR is required")?;
    let optimal = args.flag("--optimal");
    let only = args.value("--table")?;
    args.no_options_left()?;
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {dir}: {e}"))?;
    if optimal {
        let sizes = match only {
            Some(t) => vec![TableSize::parse(&t).ok_or(format!("--table is {SIZES}, not '{t}'"))?],
            None => vec![TableSize::Huge, TableSize::Large, TableSize::Medium, TableSize::Small],
        };
        // One h0 build serves every size: the small table is made from the 4-bit one.
        let h0 = OptimalTables::generate(TableSize::Medium);
        let mut written = Vec::new();
        for size in sizes {
            let path = format!("{dir}/{}", h0_file(size));
            if !written.contains(&path) {
                let bytes = if size == TableSize::Small { h0.to_small().to_bytes() } else { h0.to_bytes() };
                std::fs::write(&path, bytes).map_err(|e| format!("cannot write {path}: {e}"))?;
                say!("{path}");
                written.push(path);
            }
            if let Some(bits) = size.flip_bits() {
                let path = format!("{dir}/{}", flip_file(bits));
                let bytes = H3Build::new(&h0.coords, bits).finish_threads(&h0.coords, cores() as usize).to_bytes();
                std::fs::write(&path, bytes).map_err(|e| format!("cannot write {path}: {e}"))?;
                say!("{path}");
            }
        }
        // The optimal search also reads the exact phase-1 table.
        let path = format!("{dir}/phase1.bin");
        let phase1 = Phase1Table::generate(&TwoPhaseTables::generate()).to_bytes();
        std::fs::write(&path, phase1).map_err(|e| format!("cannot write {path}: {e}"))?;
        say!("{path}");
        return Ok(ExitCode::SUCCESS);
    }
    let moves = PocketMoveTables::generate();
    for metric in [Metric::Htm, Metric::Qtm] {
        let dist = PocketDistance::generate(&moves, metric);
        let path = format!("{dir}/pocket-{}.bin", metric.name());
        std::fs::write(&path, dist.to_bytes()).map_err(|e| format!("cannot write {path}: {e}"))?;
        say!("{path}");
    }
    let path = format!("{dir}/two-phase.bin");
    let tables = TwoPhaseTables::generate();
    std::fs::write(&path, tables.prune_bytes()).map_err(|e| format!("cannot write {path}: {e}"))?;
    say!("{path}");
    let path = format!("{dir}/phase1.bin");
    std::fs::write(&path, Phase1Table::generate(&tables).to_bytes())
        .map_err(|e| format!("cannot write {path}: {e}"))?;
    say!("{path}");
    Ok(ExitCode::SUCCESS)
}
