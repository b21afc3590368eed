//! 2x2 tables: move tables of the two pocket coordinates, and the distance table over all
//! 3,674,160 states (DBL fixed), 4 bits per state: 1,837,080 bytes.

use super::format;
use super::nibble::NibbleTable;
pub use super::pocket_moves::{Metric, PocketMoveTables, POCKET_MOVES};
use super::prune::Bfs;
use crate::coord::{N_POCKET, N_POCKET_TWIST};
use crate::error::TableError;

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

/// The 2x2 distance table's build as a provisioning build: the symmetry classes when started,
/// then a breadth-first depth a step, then the unfolding.
pub struct PocketSteps {
    build: super::pocket_sym::PocketSymBuild,
    metric: Metric,
}

impl PocketSteps {
    /// A build of the table for `metric`.
    pub fn new(moves: &PocketMoveTables, metric: Metric) -> PocketSteps {
        PocketSteps { build: super::pocket_sym::PocketSymBuild::new(moves, metric), metric }
    }
}

impl super::provision::Build for PocketSteps {
    type Table = PocketDistance;
    fn step(&mut self) -> bool {
        self.build.step()
    }
    fn fraction(&self) -> f64 {
        self.build.progress()
    }
    fn finish(self) -> PocketDistance {
        PocketDistance::from_table(self.build.finish(), self.metric)
    }
    fn pieces(table: &PocketDistance) -> Vec<std::borrow::Cow<'_, [u8]>> {
        vec![table.to_bytes().into()]
    }
}
