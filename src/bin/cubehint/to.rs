//! `solve --to TARGET`: a pattern, a sticker string, or a partial target (stickers `*`, or a
//! named stage such as `D-cross`) in place of the solved cube.

use crate::SolveContext;
use cubehint::cube::facelet::read_letters;
use cubehint::cube::{format_moves, CubieCube, Move, Size};
use cubehint::solve::cases::{case_label, stage_step};
use cubehint::solve::goal::{plan, read_goal, Plan};
use cubehint::solve::methods::Stage;
use cubehint::solve::pocket::solve_exact;
use cubehint::solve::stage::solve_partial;
use cubehint::solve::target::held_cube;
use cubehint::solve::target::Target;
use cubehint::state::State;
use cubehint::tables::pocket::Metric;
use cubehint::SolveError;

/// Nodes the search for the fewest moves to a partial target gets before a two-phase route
/// through the solved cube is taken instead (with `--optimal`: no limit).
const PARTIAL_NODES: u64 = 300_000_000;

/// The moves from the state `line` (already read as `state`) to the goal `to`.
pub fn solve_to(line: &str, state: &State, to: &str, metric: Metric, ctx: &mut SolveContext) -> Result<String, String> {
    let (size, faces) = read_letters(line).map_err(|e| e.to_string())?;
    let goal = read_goal(size, to).map_err(|e| format!("{e} (in the target)"))?;
    match plan(&faces, &goal) {
        Plan::Solve(renamed) => match size {
            Size::Three => {
                let cube = CubieCube::from_facelets(&renamed).map_err(|e| e.to_string())?;
                ctx.solve_3x3(&cube).map(|m| format_moves(&m))
            }
            Size::Two => Ok(format_moves(&solve_exact(&renamed, ctx.lazy.pocket(metric).1))),
        },
        Plan::Partial(targets) => {
            if size == Size::Two && metric == Metric::Qtm {
                return Err("error[metric]: partial 2x2 targets are searched in htm only".into());
            }
            let cube = held_cube(&faces).map_err(|e| e.to_string())?;
            let budget = if ctx.optimal() { u64::MAX } else { PARTIAL_NODES };
            match solve_partial(&cube, &targets, &mut ctx.stage_tables, budget) {
                Ok(s) => Ok(format_moves(&s.moves)),
                Err(SolveError::Stopped) => {
                    let solved: Vec<_> = size.solved();
                    let State::Three(start) = state else {
                        return Err("error[stopped]: no way to the target found".into());
                    };
                    if !targets.iter().any(|t| t.matches(&solved)) {
                        return Err(format!(
                            "error[stopped]: no way to the target found within {} million nodes (--optimal searches on)",
                            PARTIAL_NODES / 1_000_000
                        ));
                    }
                    eprintln!(
                        "cubehint: the fewest moves to the target were not found within {} million nodes; this \
                         solution goes on to the solved cube (--optimal searches for the fewest)",
                        PARTIAL_NODES / 1_000_000
                    );
                    ctx.solve_3x3_plain(start).map(|m| format_moves(&m))
                }
                Err(e) => Err(e.to_string()),
            }
        }
    }
}

/// `cubehint patterns`: the named patterns, then the stages.
pub fn list_patterns(args: crate::args::Args) -> Result<std::process::ExitCode, String> {
    args.no_options_left()?;
    let sizes = match args.items.as_slice() {
        [] => vec![Size::Three, Size::Two],
        [p] => vec![crate::parse_size(p)?],
        _ => return Err("name one puzzle: 2x2 or 3x3".into()),
    };
    for size in sizes {
        let n = size.n();
        for p in cubehint::cube::patterns::patterns(size) {
            say!("{n}x{n}\t{}\t{}\t{}\t{}", p.name, p.moves, p.facelets(), p.description);
        }
        if size == Size::Three {
            for s in cubehint::solve::methods::TARGETS {
                let t = s.targets();
                say!("{n}x{n}\t{}\t(stage)\t{}\t{}", s.name, t[0].to_text(), s.goal);
            }
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// Nodes the search for a last-layer stage's fewest moves gets (`--method … --fewest`) before
/// the case's algorithm is taken instead.
const CASE_NODES: u64 = 30_000_000;

/// `solve --method NAME`: a line a stage, `stage<TAB>case<TAB>moves`, the stages in order.
pub fn solve_method(state: &State, stages: &[Stage], fewest: bool, ctx: &mut SolveContext) -> Result<String, String> {
    let State::Three(start) = state else {
        return Err("error[method]: the methods are for the 3x3".into());
    };
    let mut cube = *start;
    let mut lines = Vec::new();
    for stage in stages {
        let search = |c: &CubieCube, targets: &[Target]| -> Result<Option<(Vec<Move>, bool)>, String> {
            match plan(&c.to_facelets(), targets) {
                Plan::Solve(renamed) => {
                    let renamed = CubieCube::from_facelets(&renamed).map_err(|e| e.to_string())?;
                    Ok(Some((ctx.solve_3x3_plain(&renamed)?, false)))
                }
                Plan::Partial(targets) => {
                    let budget = if stage.cases.is_empty() { PARTIAL_NODES } else { CASE_NODES };
                    match solve_partial(c, &targets, &mut ctx.stage_tables, budget) {
                        Ok(s) => Ok(Some((s.moves, s.optimal))),
                        Err(SolveError::Stopped) if !stage.cases.is_empty() => Ok(None),
                        Err(SolveError::Stopped) => Ok(Some((ctx.solve_3x3_plain(c)?, false))),
                        Err(e) => Err(e.to_string()),
                    }
                }
            }
        };
        let step = stage_step(&cube, stage, fewest, search)?;
        lines.push(format!("{}\t{}\t{}", stage.name, case_label(stage, &step), format_moves(&step.moves)));
        cube = cube.apply_moves(&step.moves);
    }
    if !cube.is_solved() {
        return Err("error[internal]: the stages did not solve the cube".into());
    }
    Ok(lines.join("\n"))
}
