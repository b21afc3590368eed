//! 2x2 moves with DBL fixed (U, R, F), how they are counted, and the move tables of the two
//! pocket coordinates.

use super::format::{KIND_POCKET_HTM, KIND_POCKET_QTM};
use super::move_table;
use crate::coord::pocket::{PocketPerm, PocketTwist};
use crate::coord::N_POCKET_TWIST;
use crate::cube::{Move, PocketCube};

/// How moves are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Half-turn metric: every face turn counts 1.
    Htm,
    /// Quarter-turn metric: a half turn counts 2.
    Qtm,
}

impl Metric {
    /// Parses `htm` or `qtm`.
    pub fn parse(s: &str) -> Option<Metric> {
        match s.to_ascii_lowercase().as_str() {
            "htm" => Some(Metric::Htm),
            "qtm" => Some(Metric::Qtm),
            _ => None,
        }
    }
    /// `htm` or `qtm`.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Htm => "htm",
            Metric::Qtm => "qtm",
        }
    }
    /// The length of a move sequence in this metric.
    pub fn length(self, moves: &[Move]) -> u32 {
        match self {
            Metric::Htm => moves.len() as u32,
            Metric::Qtm => moves.iter().map(|m| m.qtm_cost()).sum(),
        }
    }
    /// Columns of [`POCKET_MOVES`] that are one move in this metric.
    pub fn columns(self) -> &'static [usize] {
        match self {
            Metric::Htm => &[0, 1, 2, 3, 4, 5, 6, 7, 8],
            Metric::Qtm => &[0, 2, 3, 5, 6, 8],
        }
    }
    pub(super) fn kind(self) -> u32 {
        match self {
            Metric::Htm => KIND_POCKET_HTM,
            Metric::Qtm => KIND_POCKET_QTM,
        }
    }
}

/// The 2x2 moves with DBL fixed: U U2 U' R R2 R' F F2 F'.
pub const POCKET_MOVES: [Move; 9] = {
    let mut m = [Move::ALL[0]; 9];
    let mut i = 0;
    while i < 9 {
        m[i] = Move::ALL[i];
        i += 1;
    }
    m
};

/// Move tables of the corner permutation (5040 × 9) and twist (729 × 9).
pub struct PocketMoveTables {
    /// `perm * 9 + column`.
    pub perm_move: Box<[u16]>,
    /// `twist * 9 + column`.
    pub twist_move: Box<[u16]>,
}

impl PocketMoveTables {
    /// Builds both move tables (a few hundred microseconds).
    pub fn generate() -> PocketMoveTables {
        let apply = |c: &PocketCube, m: Move| c.apply_move(m);
        PocketMoveTables {
            perm_move: move_table::build::<PocketPerm>(&POCKET_MOVES, apply),
            twist_move: move_table::build::<PocketTwist>(&POCKET_MOVES, apply),
        }
    }

    /// The state index after move column `col`.
    #[inline(always)]
    pub fn apply(&self, index: usize, col: usize) -> usize {
        let (p, t) = (index / N_POCKET_TWIST, index % N_POCKET_TWIST);
        self.perm_move[p * 9 + col] as usize * N_POCKET_TWIST + self.twist_move[t * 9 + col] as usize
    }
}
