//! Typed errors: bad cube states, bad move notation, bad table bytes, failed searches.

use std::fmt;

/// Stable codes for bad cube states (CONVENTIONS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorCode {
    /// Not 24 or 54 letters.
    Length,
    /// A character other than U R F D L B.
    Letter,
    /// 3x3 centres are not U R F D L B in their places.
    Center,
    /// A letter does not appear exactly 9 (3x3) or 4 (2x2) times.
    Count,
    /// A corner or edge shows colours no real piece has.
    Piece,
    /// The same piece appears twice.
    Duplicate,
    /// Corner twists do not add up to 0 mod 3.
    Twist,
    /// Edge flips do not add up to 0 mod 2.
    Flip,
    /// Corner and edge permutation parities differ.
    Parity,
    /// A target names no pattern or stage.
    Target,
}

impl ErrorCode {
    /// The code as printed: `length`, `letter`, …
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::Length => "length",
            ErrorCode::Letter => "letter",
            ErrorCode::Center => "center",
            ErrorCode::Count => "count",
            ErrorCode::Piece => "piece",
            ErrorCode::Duplicate => "duplicate",
            ErrorCode::Twist => "twist",
            ErrorCode::Flip => "flip",
            ErrorCode::Parity => "parity",
            ErrorCode::Target => "target",
        }
    }
}

/// One problem with a cube state: its code, a sentence, and the sticker indices involved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What kind of problem.
    pub code: ErrorCode,
    /// A sentence naming the problem and the stickers.
    pub message: String,
    /// Indices into the facelet string of the stickers involved (may be empty).
    pub stickers: Vec<usize>,
}

impl Problem {
    /// A new problem.
    pub fn new(code: ErrorCode, message: String, stickers: Vec<usize>) -> Problem {
        Problem { code, message, stickers }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error[{}]: {}", self.code.as_str(), self.message)
    }
}

/// A cube state that cannot be read or cannot exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CubeError {
    /// Every problem found, in the order checked.
    Invalid(Vec<Problem>),
}

impl CubeError {
    /// The problems.
    pub fn problems(&self) -> &[Problem] {
        match self {
            CubeError::Invalid(p) => p,
        }
    }
}

impl fmt::Display for CubeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.problems().iter().map(|p| p.to_string()).collect();
        write!(f, "{}", parts.join("; "))
    }
}

impl std::error::Error for CubeError {}

/// A move sequence that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The offending token.
    pub token: String,
    /// Its 1-based position among the tokens.
    pub position: usize,
    /// Why it is rejected.
    pub reason: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error[notation]: move {} '{}' {}", self.position, self.token, self.reason)
    }
}

impl std::error::Error for NotationError {}

/// Table bytes that cannot be trusted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// Too short to hold a header, or the wrong length for the header.
    Truncated,
    /// The magic bytes belong to something else.
    Magic,
    /// Written by another format version.
    Version(u32),
    /// The header describes another table.
    Header(String),
    /// The checksum does not match the contents.
    Checksum,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Truncated => write!(f, "table bytes are truncated"),
            TableError::Magic => write!(f, "not a cubehint table (wrong magic)"),
            TableError::Version(v) => write!(f, "table format version {v} is not the one this build reads"),
            TableError::Header(why) => write!(f, "table header does not match: {why}"),
            TableError::Checksum => write!(f, "table checksum does not match its contents"),
        }
    }
}

impl std::error::Error for TableError {}

/// A search that did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The state is not a legal cube.
    Cube(CubeError),
    /// No solution within the requested maximum length.
    TooLong(u8),
    /// Stopped by the node budget or the stop hook before a solution was found.
    Stopped,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Cube(e) => write!(f, "{e}"),
            SolveError::TooLong(n) => write!(f, "error[too-long]: no solution of at most {n} moves was found"),
            SolveError::Stopped => write!(f, "error[stopped]: the search was stopped before it found a solution"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<CubeError> for SolveError {
    fn from(e: CubeError) -> Self {
        SolveError::Cube(e)
    }
}
