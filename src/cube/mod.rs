//! The cube model: stickers, cubies and moves for the 3x3 and the 2x2.

pub mod cubie;
pub mod facelet;
pub mod moves;
pub mod patterns;
pub mod pocket;

pub use cubie::CubieCube;
pub use facelet::{Face, Size};
pub use moves::{face_moves, format_moves, parse_moves, parse_turns, push_merged, Layers, Move, Turn};
pub use pocket::{HeldPocket, PocketCube};
