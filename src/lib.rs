//! cubehint: a Rubik's cube solver for the browser and the command line.
//!
//! Layers, each depending only on the ones before: [`cube`] (stickers, cubies, moves),
//! [`coord`] (coordinates), [`tables`] (move and pruning tables), [`solve`] (searches),
//! [`scramble`], and the `wasm` bindings.
#![deny(missing_docs)]
// Cube code indexes several parallel arrays by slot; explicit index loops read best there.
#![allow(clippy::needless_range_loop)]

pub mod coord;
pub mod cube;
pub mod error;
pub mod native;
pub mod rng;
pub mod scramble;
pub mod solve;
pub mod state;
pub mod tables;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use cube::{CubieCube, Face, Move, PocketCube, Size};
pub use error::{CubeError, ErrorCode, NotationError, Problem, SolveError, TableError};
