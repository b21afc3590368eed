//! The cubehint command line: arguments in, the library's answers printed. One file per job:
//! [`args`] (arguments and help), [`cache`] (reading and keeping tables), [`bench`].

use cubehint::cube::facelet::to_string;
use cubehint::cube::{format_moves, CubieCube, Move, Size};
use cubehint::native::{solve_length_threads, solve_optimal_threads_report};
use cubehint::rng::Rng;
use cubehint::scramble::{scramble_cube, scramble_pocket};
use cubehint::solve::easy::{easiest, turn_cost, two_phase_candidates};
use cubehint::solve::optimal::OptimalProgress;
use cubehint::solve::pocket::{solve as solve_pocket, solve_all, to_held};
use cubehint::solve::stage::StageTables;
use cubehint::solve::two_phase::{solve_with_stats, Limits};
use cubehint::state::{apply_text, parse_state, State};
use cubehint::tables::optimal::TableSize;
use cubehint::tables::pocket::Metric;
use cubehint::SolveError;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

/// Prints a line to standard output; a closed pipe (`cubehint bench 3x3 | head -1`) is not an
/// error worth a panic.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

mod args;
mod bench;
mod cache;
mod to;

use args::*;
use bench::bench;
use cache::{cache_dir, default_size, table_size, tables, Lazy};

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
        "patterns" => PATTERNS_HELP,
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
        "patterns" => to::list_patterns(args),
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

/// The shortest solution, starting from the two-phase one as an upper bound.
fn optimal_solution(cube: &CubieCube, lazy: &mut Lazy, opt: &OptOptions) -> Result<Vec<Move>, String> {
    // The exact phase-1 table adds bounds from three axes (read from --tables DIR or built).
    let (tables, two_phase) = lazy.optimal_and_two_phase_full(opt.size, opt.dir.as_deref())?;
    let upper = solve_with_stats(cube, two_phase, &Limits::default(), &mut || false).0.ok();
    let two_phase = Some(two_phase);
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
    let (sol, done) = solve_optimal_threads_report(cube, tables, two_phase, upper, opt.threads, &mut |p| {
        let changed = p.lower_bound != last;
        last = p.lower_bound;
        changed && report(p)
    });
    if opt.progress {
        eprintln!("{done}");
    }
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
    let max_set = match args.number::<u8>("--max-length")? {
        Some(n) => {
            limits.max_length = n;
            true
        }
        None => false,
    };
    let max_time = std::time::Duration::from_secs_f64(args.number::<f64>("--max-time")?.unwrap_or(300.0).max(0.0));
    if let Some(n) = args.number::<u64>("--extra-nodes")? {
        limits.extra_nodes = n;
    }
    let optimal = args.flag("--optimal");
    let asked = table_size(&mut args)?;
    let mut opt = OptOptions {
        size: TableSize::H4,
        dir: args.value("--tables")?,
        progress: args.flag("--progress"),
        // A person waiting for an answer gets every core; benchmarks time one unless asked.
        threads: threads(&mut args, cores())?,
    };
    let to = args.value("--to")?;
    let method = match args.value("--method")? {
        Some(name) => Some(cubehint::solve::methods::method(&name).ok_or(format!(
            "--method is {}, not '{name}'",
            cubehint::solve::methods::METHODS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
        ))?),
        None => None,
    };
    let fewest = args.flag("--fewest");
    if fewest && method.is_none() {
        return Err("--fewest goes with --method".into());
    }
    if method.is_some() && (to.is_some() || optimal || all.is_some()) {
        return Err("--method does not go with --to, --optimal or --all".into());
    }
    let easy = match args.value("--prefer")?.as_deref() {
        None | Some("short") => false,
        Some("easy") => true,
        Some(other) => return Err(format!("--prefer is short or easy, not '{other}'")),
    };
    if easy && (optimal || to.is_some()) {
        return Err("--prefer easy is for solving to solved without --optimal".into());
    }
    if to.is_some() && all.is_some() {
        return Err("--all and --to do not go together".into());
    }
    args.no_options_left()?;
    let mut lazy = Lazy::default();
    if opt.dir.is_none() {
        // Big tables built once are kept for the next run.
        opt.dir = cache_dir();
        lazy.save = opt.dir.is_some();
    }
    opt.size = asked.unwrap_or_else(|| default_size(opt.dir.as_deref()));
    // The exact phase-1 table when --tables holds one, or once a state needed it.
    let use_full = opt.dir.as_deref().is_some_and(|d| std::path::Path::new(&format!("{d}/phase1.bin")).exists());
    let mut ctx =
        SolveContext { lazy, opt, limits, optimal, use_full, max_time, max_set, stage_tables: StageTables::default() };
    // With --prefer easy: the solutions among which the easiest is picked are at most this many
    // moves longer than the shortest of them.
    const ALLOWANCE: usize = 2;
    let mut failed = false;
    let mut out = std::io::stdout().lock();
    for (k, line) in states_given(args).into_iter().enumerate() {
        if method.is_some() && k > 0 {
            // A block of lines a cube, an empty line between blocks.
            let _ = writeln!(out);
        }
        let text = match parse_state(&line) {
            Err(e) => Err(e.to_string()),
            Ok(state) if method.is_some() => to::solve_method(&state, method.unwrap_or_default(), fewest, &mut ctx),
            Ok(state) if to.is_some() => to::solve_to(&line, &state, to.as_deref().unwrap_or(""), metric, &mut ctx),
            Ok(State::Two(held)) if easy => {
                let (moves, dist) = ctx.lazy.pocket(metric);
                let all: Vec<Vec<Move>> =
                    solve_all(&held.cube, moves, dist, 2000).iter().map(|s| to_held(&held, s)).collect();
                let best = easiest(&all, 0).cloned().unwrap_or_default();
                eprintln!(
                    "cubehint: {} of {} optimal solutions; turning cost {:.1}",
                    best.len(),
                    all.len(),
                    turn_cost(&best)
                );
                Ok(format_moves(&best))
            }
            Ok(State::Two(held)) => {
                let (moves, dist) = ctx.lazy.pocket(metric);
                match all {
                    Some(n) => {
                        let sols = solve_all(&held.cube, moves, dist, n);
                        let parts: Vec<String> = sols.iter().map(|s| format_moves(&to_held(&held, s))).collect();
                        Ok(parts.join(" | "))
                    }
                    None => Ok(format_moves(&to_held(&held, &solve_pocket(&held.cube, moves, dist)))),
                }
            }
            Ok(State::Three(cube)) if easy => {
                let tables = ctx.lazy.two_phase();
                let all = two_phase_candidates(&cube, tables, &ctx.limits).map_err(|e| e.to_string());
                all.map(|all| {
                    let best = easiest(&all, ALLOWANCE).cloned().unwrap_or_default();
                    let short = all.iter().min_by_key(|m| m.len()).cloned().unwrap_or_default();
                    eprintln!(
                        "cubehint: {} moves, turning cost {:.1} (the shortest of {} solutions: {} moves, cost {:.1})",
                        best.len(),
                        turn_cost(&best),
                        all.len(),
                        short.len(),
                        turn_cost(&short)
                    );
                    format_moves(&best)
                })
            }
            Ok(State::Three(cube)) => ctx.solve_3x3(&cube).map(|m| format_moves(&m)),
        };
        let text = text.unwrap_or_else(|e| {
            failed = true;
            e
        });
        let _ = writeln!(out, "{text}");
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// What `solve` keeps between the states it reads.
pub struct SolveContext {
    pub lazy: Lazy,
    opt: OptOptions,
    limits: Limits,
    optimal: bool,
    /// Use the exact phase-1 table (there, or a state needed it).
    use_full: bool,
    /// How long a hard cube's search for a solution within the length limit may go on.
    max_time: std::time::Duration,
    /// The length limit is the user's own (`--max-length`).
    max_set: bool,
    pub stage_tables: StageTables,
}

impl SolveContext {
    /// A 3x3 solution as asked: optimal, or two-phase within the length limit.
    pub fn solve_3x3(&mut self, cube: &CubieCube) -> Result<Vec<Move>, String> {
        if self.optimal {
            return optimal_solution(cube, &mut self.lazy, &self.opt);
        }
        self.solve_3x3_plain(cube)
    }

    /// `--optimal` was asked.
    pub fn optimal(&self) -> bool {
        self.optimal
    }

    /// A two-phase solution within the length limit. A hard cube (not answered within a few
    /// hundred milliseconds) gets the exact phase-1 table and a solution of any length at once
    /// (said on standard error), then the search for one within the limit goes on for up to
    /// `--max-time`; if none is found, the one in hand is the answer, unless the limit was the
    /// user's own (`--max-length`): then it is an error that says so.
    pub fn solve_3x3_plain(&mut self, cube: &CubieCube) -> Result<Vec<Move>, String> {
        let (limits, dir) = (self.limits, self.opt.dir.clone());
        let quick = Limits { node_budget: limits.node_budget.min(QUICK_NODES), ..limits };
        let tables = if self.use_full { self.lazy.two_phase_full(dir.as_deref())? } else { self.lazy.two_phase() };
        match solve_with_stats(cube, tables, &quick, &mut || false).0 {
            Err(SolveError::Stopped) => {}
            done => return done.map_err(|e| e.to_string()),
        }
        self.use_full = true;
        let tables = self.lazy.two_phase_full(dir.as_deref())?;
        let any = Limits { max_length: ANY_LENGTH, ..Limits::default() };
        let best = solve_with_stats(cube, tables, &any, &mut || false).0.ok();
        if let Some(b) = &best {
            eprintln!(
                "cubehint: found {} moves at once; searching for {} or fewer (up to {} s)",
                b.len(),
                limits.max_length,
                self.max_time.as_secs()
            );
        }
        // Then shorter and shorter, each improvement said, down to the limit or out of time.
        let t0 = Instant::now();
        // A short --max-time is shared: a quarter for the two-phase search, the rest for the tables.
        let two_phase_time = self.max_time.mul_f64(0.25).min(TWO_PHASE_TIME);
        let mut best = best;
        loop {
            let want =
                best.as_ref().map_or(limits.max_length, |b| (b.len() as u8).saturating_sub(1).max(limits.max_length));
            if best.as_ref().is_some_and(|b| b.len() <= limits.max_length as usize) {
                return Ok(best.expect("checked"));
            }
            let long = Limits { node_budget: u64::MAX, max_length: want, ..limits };
            match solve_with_stats(cube, tables, &long, &mut || t0.elapsed() > two_phase_time).0 {
                Ok(m) => {
                    if m.len() > limits.max_length as usize {
                        eprintln!(
                            "cubehint: found {} moves after {:.1} s; searching on",
                            m.len(),
                            t0.elapsed().as_secs_f64()
                        );
                    }
                    best = Some(m);
                }
                Err(SolveError::Stopped) => break,
                Err(e) => return Err(e.to_string()),
            }
        }
        // The two-phase search finds solutions whose last moves stay in its subgroup; a cube with
        // few solutions of the limit's length (some at distance 20) may have none such that it
        // reaches in time. The optimal solver's tables then search every sequence of that length.
        if t0.elapsed() < self.max_time {
            match self.solve_at_length(cube, limits.max_length, t0)? {
                AtLength::Found(moves) => return Ok(moves),
                AtLength::NoneExists if self.max_set => {
                    return Err(format!(
                        "error[too-long]: no solution of at most {} moves exists (every length up to it \
                         was searched)",
                        limits.max_length
                    ))
                }
                AtLength::NoneExists | AtLength::OutOfTime => {}
            }
        }
        match best {
            Some(b) if !self.max_set => {
                eprintln!(
                    "cubehint: no solution of {} or fewer moves found in {} s; this one has {} \
                     (--max-time N searches longer, --optimal finds the shortest)",
                    limits.max_length,
                    self.max_time.as_secs(),
                    b.len()
                );
                Ok(b)
            }
            _ => Err(format!(
                "error[stopped]: no solution of at most {} moves found in {} s \
                 (--max-time N searches longer; --optimal finds the shortest)",
                limits.max_length,
                self.max_time.as_secs()
            )),
        }
    }

    /// A solution of at most `len` moves from the optimal solver's tables, `len` searched first
    /// (`OptimalSearch::from_length`), within what is left of `--max-time` since `t0`.
    fn solve_at_length(&mut self, cube: &CubieCube, len: u8, t0: Instant) -> Result<AtLength, String> {
        eprintln!(
            "cubehint: no {len}-move solution from the two-phase search in {:.0} s; searching every {len}-move \
             sequence with the optimal solver's tables (up to {:.0} s in all)",
            t0.elapsed().as_secs_f64(),
            self.max_time.as_secs_f64()
        );
        self.lazy.optimal(self.opt.size, self.opt.dir.as_deref())?;
        let (tables, two_phase) = (self.lazy.optimal.as_ref().expect("loaded"), self.lazy.two_phase.as_ref());
        let mut proven = false;
        let found = solve_length_threads(cube, tables, two_phase, len as u32, self.opt.threads, &mut |p| {
            // Past `len` only once every length up to it has been searched.
            proven = p.lower_bound > len as u32;
            proven || t0.elapsed() > self.max_time
        });
        Ok(match found.filter(|m| m.len() <= len as usize) {
            Some(moves) => AtLength::Found(moves),
            None if proven => AtLength::NoneExists,
            None => AtLength::OutOfTime,
        })
    }
}

/// How [`SolveContext::solve_at_length`] ended.
enum AtLength {
    Found(Vec<Move>),
    /// Every length up to the limit was searched: the cube needs more.
    NoneExists,
    OutOfTime,
}

/// How long a hard cube's two-phase search for a solution within the length limit goes on before
/// the optimal solver's tables take over ([`SolveContext::solve_at_length`]). Of the five
/// distance-20 cubes in `bench/hard-20.txt`, four get their 20 from the two-phase search within
/// 8 s; the fifth needs the tables.
const TWO_PHASE_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// The length a hard cube's first, quick solution may have (it is found in milliseconds).
const ANY_LENGTH: u8 = 30;

fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        now.as_nanos() as u64 ^ std::process::id() as u64
    })
}

pub fn puzzle_arg(args: &mut Args) -> Result<Size, String> {
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

/// `--threads N` (1 to 64; default `default`).
pub fn threads(args: &mut Args, default: u32) -> Result<u32, String> {
    match args.number::<u32>("--threads")? {
        None => Ok(default),
        Some(n @ 1..=64) => Ok(n),
        Some(n) => Err(format!("--threads is 1 to 64, not {n}")),
    }
}

/// The cores this process may use (1 when unknown), at most 64.
pub fn cores() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(64) as u32)
}
