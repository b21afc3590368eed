//! The optimal solver's tables (nissy's H48 design; `docs/optimal.md` has the whole story):
//!
//! - [`size`]: which set of tables, named h0 to h6;
//! - [`h0`]: the h0 table (distance to the group that keeps corners in their tetrads and edges
//!   in their slices, per class of the 48 symmetries) and its breadth-first build;
//! - [`corners`]: Korf's corner table, read beside h0;
//! - [`flip_table`]: the flip tables h3 to h6 (h0 refined by the flips of three to six edge
//!   slots) and their bytes;
//! - [`flip_build`]: their build (a breadth-first map to 8 moves, then walks two moves beyond);
//! - [`bound`]: all of them read together as one lower bound for the search.

pub mod bound;
pub mod corners;
pub mod flip_build;
pub mod flip_table;
pub mod h0;
pub mod size;

pub use bound::{BoundEntry, EntryKeys, H0Steps, OptimalTables};
pub use corners::CornerTable;
pub use flip_build::FlipTableBuild;
pub use flip_table::{FlipTable, FlipTableReader, BASE, MAX_BITS};
pub use h0::{H0Build, H0Table};
pub use size::TableSize;
