//! 2x2 tables: move tables of the two pocket coordinates, and the distance table over all
//! 3,674,160 states (DBL fixed), 4 bits per state: 1,837,080 bytes.

use super::format::{self, KIND_POCKET_HTM, KIND_POCKET_QTM};
use super::move_table;
use super::nibble::NibbleTable;
use super::prune::Bfs;
use crate::coord::pocket::{PocketPerm, PocketTwist};
use crate::coord::{N_POCKET, N_POCKET_TWIST};
use crate::cube::{Move, PocketCube};
use crate::error::TableError;

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
    fn kind(self) -> u32 {
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

/// Distance to solved of every 2x2 state in one metric.
pub struct PocketDistance {
    /// The metric the distances count in.
    pub metric: Metric,
    table: NibbleTable,
}

impl PocketDistance {
    /// A breadth-first build that can be stepped one depth at a time.
    pub fn builder(moves: &PocketMoveTables, metric: Metric) -> Bfs {
        Bfs::new(&moves.perm_move, &moves.twist_move, N_POCKET_TWIST, 9, metric.columns())
    }

    /// Wraps a finished table (from [`super::pocket_sym::PocketSymBuild`]).
    pub fn from_table(table: NibbleTable, metric: Metric) -> PocketDistance {
        assert_eq!(table.len(), crate::coord::N_POCKET);
        PocketDistance { metric, table }
    }

    /// Wraps a finished build.
    pub fn from_build(bfs: Bfs, metric: Metric) -> PocketDistance {
        PocketDistance { metric, table: bfs.finish() }
    }

    /// Builds the whole table: breadth-first over symmetry classes, then unfolded (the fast
    /// path, [`super::pocket_sym`]).
    pub fn generate(moves: &PocketMoveTables, metric: Metric) -> PocketDistance {
        PocketDistance::from_table(super::pocket_sym::PocketSymBuild::new(moves, metric).finish(), metric)
    }

    /// Builds the whole table breadth-first over every state (the plain path the tests hold the
    /// fast one to).
    pub fn generate_plain(moves: &PocketMoveTables, metric: Metric) -> PocketDistance {
        PocketDistance::from_build(PocketDistance::builder(moves, metric), metric)
    }

    /// Moves from state `index` to solved.
    #[inline(always)]
    pub fn distance(&self, index: usize) -> u8 {
        self.table.get(index)
    }

    /// The underlying table.
    pub fn table(&self) -> &NibbleTable {
        &self.table
    }

    /// Serialises with header and checksum.
    pub fn to_bytes(&self) -> Vec<u8> {
        format::to_bytes(self.metric.kind(), &self.table)
    }

    /// Reads bytes written by [`PocketDistance::to_bytes`], rejecting anything else.
    pub fn from_bytes(bytes: &[u8], metric: Metric) -> Result<PocketDistance, TableError> {
        let table = format::from_bytes(bytes, metric.kind(), N_POCKET)?;
        Ok(PocketDistance { metric, table })
    }
}
