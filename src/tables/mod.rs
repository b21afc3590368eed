//! Tables: move tables, 4-bit distance and pruning tables, and their binary format.

pub mod format;
pub mod huge_pages;
pub mod move_table;
pub mod nibble;
pub mod optimal;
pub mod phase1;
pub mod pocket;
pub mod pocket_moves;
pub mod pocket_sym;
pub mod provision;
pub mod prune;
pub mod sym_prune;
pub mod two_phase;

pub use nibble::NibbleTable;
pub use pocket::PocketDistance;
pub use pocket_moves::{Metric, PocketMoveTables};
