//! A goal as the CLI and the page name it (`solved`, a pattern, a stage, a sticker string) and
//! how a search takes it ([`plan`]): the one place that knows every kind of target.

use super::target::{invalid, read_stickers, relative, Target};
use crate::cube::facelet::{Face, Size};
use crate::cube::patterns::pattern;
use crate::error::{CubeError, ErrorCode};

/// Reads a goal for a puzzle of `size`: `solved`, a pattern's name ([`crate::cube::patterns`]),
/// a named partial target ([`super::methods::TARGETS`]: several targets when it leaves a choice,
/// any of which will do), or a sticker string in which `*` is any colour.
pub fn read_goal(size: Size, text: &str) -> Result<Vec<Target>, CubeError> {
    if text.trim().eq_ignore_ascii_case("solved") {
        return Ok(vec![Target { size, faces: size.solved().into_iter().map(Some).collect() }]);
    }
    if let Some(p) = pattern(size, text) {
        return Ok(vec![read_stickers(&p.facelets())?]);
    }
    if let Some(t) = super::methods::stage_targets(size, text) {
        return Ok(t);
    }
    let looks_like_stickers = text.chars().all(|c| c.is_whitespace() || c == '*' || Face::from_letter(c).is_some());
    if !looks_like_stickers && text.chars().any(|c| c.is_ascii_alphabetic()) && text.trim().len() < 40 {
        let mut names: Vec<&str> = crate::cube::patterns::patterns(size).map(|p| p.name).collect();
        if size == Size::Three {
            names.extend(super::methods::TARGETS.iter().map(|s| s.name));
        }
        return Err(invalid(
            ErrorCode::Target,
            format!(
                "no pattern or stage is called '{}'; the {}x{} has: solved, {}",
                text.trim(),
                size.n(),
                size.n(),
                names.join(", ")
            ),
        ));
    }
    let target = read_stickers(text)?;
    if target.size != size {
        let n = target.faces.len();
        return Err(invalid(
            ErrorCode::Length,
            format!("the target has {n} stickers; the cube has {}", size.stickers()),
        ));
    }
    Ok(vec![target])
}

/// A goal read by [`read_goal`], as a search takes it.
pub enum Plan {
    /// Solve these stickers (the start renamed by [`relative`]) to exactly solved.
    Solve(Vec<Face>),
    /// Search for the shortest way to any of these partial targets ([`super::stage`]).
    Partial(Vec<Target>),
}

/// How to reach `goal` from `start` (a legal state of the goal's size).
pub fn plan(start: &[Face], goal: &[Target]) -> Plan {
    match goal {
        [one] => match one.full() {
            Some(full) => Plan::Solve(relative(start, &full)),
            None => Plan::Partial(goal.to_vec()),
        },
        _ => Plan::Partial(goal.to_vec()),
    }
}
