//! The benchmarks: `cubehint bench 2x2|3x3|optimal`.

use crate::args::Args;
use crate::cache::{default_size, load_optimal, load_phase1, table_size};
use crate::{puzzle_arg, threads};
use cubehint::cube::{format_moves, CubieCube, Move, Size};
use cubehint::native::solve_optimal_threads_report;
use cubehint::rng::Rng;
use cubehint::scramble::{random_cube, random_pocket};
use cubehint::solve::pocket::solve as solve_pocket;
use cubehint::solve::two_phase::{solve_with_stats, Limits};
use cubehint::state::{parse_state, State};
use cubehint::tables::pocket::{Metric, PocketDistance, PocketMoveTables};
use cubehint::tables::two_phase::TwoPhaseTables;
use std::process::ExitCode;
use std::time::Instant;

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

pub fn bench(mut args: Args) -> Result<ExitCode, String> {
    if args.items.iter().any(|a| a == "optimal") {
        args.items.retain(|a| a != "optimal");
        return bench_optimal(args);
    }
    if args.items.iter().any(|a| a == "stages") {
        args.items.retain(|a| a != "stages");
        return bench_stages(args);
    }
    if args.items.iter().any(|a| a == "easy") {
        args.items.retain(|a| a != "easy");
        return bench_easy(args);
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
                tables.phase1 = Some(load_phase1(&tables, dir.as_deref(), false)?);
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
    two_phase.phase1 = Some(load_phase1(&two_phase, dir.as_deref(), false)?);
    let build1 = t0.elapsed().as_secs_f64();
    say!("optimal table ({}): {build:.2} s to {}", size.name(), if dir.is_some() { "load" } else { "build" });
    say!("exact phase-1 table: {build1:.2} s (read from DIR/phase1.bin when there, else built)");
    let mut times = Vec::new();
    let mut lengths = Vec::new();
    for (i, cube) in cubes.iter().enumerate() {
        let t = Instant::now();
        let upper = solve_with_stats(cube, &two_phase, &Limits::default(), &mut || false).0.ok();
        let upper_len = upper.as_ref().map_or(0, |u| u.len());
        let (sol, report) =
            solve_optimal_threads_report(cube, &tables, Some(&two_phase), upper, threads, &mut |_| false);
        let sol = sol.ok_or("stopped")?;
        let secs = t.elapsed().as_secs_f64();
        assert!(cube.apply_moves(&sol).is_solved(), "bench solution failed");
        let nodes: u64 = report.depth_nodes.iter().map(|x| x.1).sum();
        say!(
            "state {}: {} moves (two-phase {upper_len}) in {secs:.2} s, {} nodes: {}",
            i + 1,
            sol.len(),
            nodes,
            format_moves(&sol)
        );
        say!("  {report}");
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

/// `bench easy`: over seeded random states, the mean length and turning cost of the solution
/// `solve` gives and of the one `solve --prefer easy` gives (3x3: two-phase within 20, easiest
/// within 2 more; 2x2: the table's first optimal solution, and the easiest optimal one).
fn bench_easy(mut args: Args) -> Result<ExitCode, String> {
    use cubehint::solve::easy::{easiest, turn_cost, two_phase_candidates};
    use cubehint::solve::pocket::solve_all;
    let count: usize = args.number("--count")?.unwrap_or(200);
    let seed: u64 = args.number("--seed")?.unwrap_or(1);
    args.no_options_left()?;
    let mut rng = Rng::new(seed);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let report = |what: &str, plain: &[Vec<Move>], easy: &[Vec<Move>]| {
        let len = |v: &[Vec<Move>]| mean(&v.iter().map(|m| m.len() as f64).collect::<Vec<_>>());
        let cost = |v: &[Vec<Move>]| mean(&v.iter().map(|m| turn_cost(m)).collect::<Vec<_>>());
        say!("{what} over {count} random states (seed {seed}):");
        say!("  as solved:       mean length {:.2}, mean turning cost {:.2}", len(plain), cost(plain));
        say!("  --prefer easy:   mean length {:.2}, mean turning cost {:.2}", len(easy), cost(easy));
    };
    let tables = TwoPhaseTables::generate();
    let limits = Limits::default();
    let (mut plain, mut easy) = (Vec::new(), Vec::new());
    let t0 = Instant::now();
    for _ in 0..count {
        let cube = random_cube(&mut rng);
        let all = two_phase_candidates(&cube, &tables, &limits).map_err(|e| e.to_string())?;
        plain.push(all[0].clone());
        easy.push(easiest(&all, 2).cloned().unwrap_or_default());
    }
    report("3x3 (two-phase, small tables)", &plain, &easy);
    say!("  time for the easy choice: {:.1} ms a state", t0.elapsed().as_secs_f64() * 1e3 / count.max(1) as f64);
    let moves = PocketMoveTables::generate();
    let dist = PocketDistance::generate(&moves, Metric::Htm);
    let (mut plain, mut easy) = (Vec::new(), Vec::new());
    for _ in 0..count {
        let cube = random_pocket(&mut rng);
        let all = solve_all(&cube, &moves, &dist, 2000);
        plain.push(solve_pocket(&cube, &moves, &dist));
        easy.push(easiest(&all, 0).cloned().unwrap_or_default());
    }
    report("2x2 (optimal, HTM; the cube with DBL fixed)", &plain, &easy);
    Ok(ExitCode::SUCCESS)
}

/// `bench stages`: each method's stages in turn from seeded random cubes, as the page's
/// stage-by-stage hints run them: last-layer stages by their cases' algorithms (with
/// `--fewest`, in the fewest moves found within `--nodes` nodes, else the algorithm), the cross
/// and the first two layers in the fewest moves (then, past `--nodes`, by way of solved): per
/// stage, mean and largest time, mean length, how many were proven the fewest, and how many
/// cases of the stage came up.
pub fn bench_stages(mut args: Args) -> Result<ExitCode, String> {
    use cubehint::solve::cases::{case_label, stage_step};
    use cubehint::solve::goal::{plan, Plan};
    use cubehint::solve::methods::METHODS;
    use cubehint::solve::stage::{solve_partial, StageTables};
    use std::collections::HashSet;
    let count: usize = args.number("--count")?.unwrap_or(20);
    let seed: u64 = args.number("--seed")?.unwrap_or(1);
    let nodes: u64 = args.number("--nodes")?.unwrap_or(30_000_000);
    let fewest = args.flag("--fewest");
    args.no_options_left()?;
    let tables = TwoPhaseTables::generate();
    for (method, stages) in METHODS {
        let mut rng = Rng::new(seed);
        let mut stage_tables = StageTables::default();
        // Per stage: times (s), lengths, proven fewest, cases seen.
        type Row<'a> = (Vec<f64>, Vec<usize>, usize, HashSet<&'a str>);
        let mut rows: Vec<Row> = vec![(vec![], vec![], 0, HashSet::new()); stages.len()];
        let mut totals = Vec::new();
        for _ in 0..count {
            let mut cube = random_cube(&mut rng);
            let mut total = 0;
            for (i, stage) in stages.iter().enumerate() {
                let t0 = Instant::now();
                let step = stage_step(&cube, stage, fewest, |c, targets| -> Result<_, String> {
                    Ok(match plan(&c.to_facelets(), targets) {
                        Plan::Solve(renamed) => {
                            let r = CubieCube::from_facelets(&renamed).map_err(|e| e.to_string())?;
                            let (m, stats) = solve_with_stats(&r, &tables, &Limits::default(), &mut || false);
                            Some((m.map_err(|e| e.to_string())?, stats.optimal))
                        }
                        Plan::Partial(targets) => match solve_partial(c, &targets, &mut stage_tables, nodes) {
                            Ok(s) => Some((s.moves, s.optimal)),
                            Err(_) if !stage.cases.is_empty() => None,
                            Err(_) => Some((
                                solve_with_stats(c, &tables, &Limits::default(), &mut || false)
                                    .0
                                    .map_err(|e| e.to_string())?,
                                false,
                            )),
                        },
                    })
                })?;
                if step.moves.is_empty() && step.found.is_none() {
                    continue;
                }
                rows[i].0.push(t0.elapsed().as_secs_f64());
                rows[i].1.push(step.moves.len());
                rows[i].2 += step.fewest as usize;
                rows[i].3.insert(case_label(stage, &step));
                total += step.moves.len();
                cube = cube.apply_moves(&step.moves);
            }
            if !cube.is_solved() {
                return Err(format!("{method} left a cube unsolved"));
            }
            totals.push(total);
        }
        let how = if fewest { "each stage in the fewest moves found" } else { "last-layer cases by their algorithms" };
        say!("{method}, {how}, {count} random cubes (seed {seed}), {} million nodes a search:", nodes / 1_000_000);
        say!("| stage | times | mean time | largest | mean moves | proven fewest | cases seen |");
        say!("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (stage, (times, lengths, proven, cases)) in stages.iter().zip(&rows) {
            if times.is_empty() {
                continue;
            }
            let n = times.len() as f64;
            let largest = times.iter().copied().fold(0.0, f64::max);
            let named = cases.iter().filter(|c| !c.is_empty()).count();
            say!(
                "| {} | {} | {:.3} s | {:.3} s | {:.2} | {} of {} | {} |",
                stage.name,
                times.len(),
                times.iter().sum::<f64>() / n,
                largest,
                lengths.iter().sum::<usize>() as f64 / n,
                proven,
                times.len(),
                if stage.cases.is_empty() { "-".to_string() } else { format!("{named} of {}", stage.cases.len() + 1) }
            );
        }
        let mean = totals.iter().sum::<usize>() as f64 / totals.len().max(1) as f64;
        say!("\nWhole solve: mean {mean:.1} moves, largest {}\n", totals.iter().max().unwrap_or(&0));
    }
    Ok(ExitCode::SUCCESS)
}
