//! Searches: the 2x2 table walk and its independent IDA* twin, the 3x3 two-phase search.

pub mod algs;
pub mod cases;
pub mod easy;
pub mod goal;
pub mod methods;
pub mod optimal;
pub mod pocket;
pub mod pocket_ida;
pub mod portfolio;
pub mod stage;
pub mod target;
pub mod two_phase;
