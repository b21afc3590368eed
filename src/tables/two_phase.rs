//! Tables of the two-phase search: move tables of every coordinate and four 4-bit pruning
//! tables, about 2 MB in all.
//!
//! | table | entries | bytes |
//! | --- | --- | --- |
//! | `twist_move`, `flip_move`, `slice_move` | (2187 + 2048 + 495) × 18 | 170,280 |
//! | `corner_perm_move`, `ud_edge_perm_move`, `slice_perm_move` | (40320 + 40320 + 24) × 10 | 1,613,280 |
//! | `twist_slice_prune` | 2187 × 495 | 541,283 |
//! | `flip_slice_prune` | 2048 × 495 | 506,880 |
//! | `corner_slice_prune` | 40320 × 24 | 483,840 |
//! | `edge_slice_prune` | 40320 × 24 | 483,840 |

use super::move_table;
use super::nibble::NibbleTable;
use super::prune::Bfs;
use crate::coord::phase1::{Flip, Slice, Twist};
use crate::coord::phase2::{CornerCombParity, CornerPerm, SlicePerm, UdEdgePerm};
use crate::coord::{N_CORNER_COMB_PARITY, N_FLIP, N_SLICE, N_SLICE_PERM};
use crate::cube::{CubieCube, Face, Move};

/// The moves of phase 2, which keep a cube inside ⟨U, D, R2, L2, F2, B2⟩.
pub const PHASE2_MOVES: [Move; 10] = {
    let m = Move::ALL;
    [m[0], m[1], m[2], m[9], m[10], m[11], m[4], m[13], m[7], m[16]]
};

/// Is `m` one of the phase-2 moves?
pub fn is_phase2_move(m: Move) -> bool {
    matches!(m.face(), Face::U | Face::D) || m.quarters() == 2
}

/// Every table the two-phase search reads.
pub struct TwoPhaseTables {
    /// Corner twist × 18 moves.
    pub twist_move: Box<[u16]>,
    /// Edge flip × 18 moves.
    pub flip_move: Box<[u16]>,
    /// UD-slice edge positions × 18 moves.
    pub slice_move: Box<[u16]>,
    /// Corner permutation × 10 phase-2 moves.
    pub corner_perm_move: Box<[u16]>,
    /// U and D edge permutation × 10 phase-2 moves.
    pub ud_edge_perm_move: Box<[u16]>,
    /// Slice edge permutation × 10 phase-2 moves.
    pub slice_perm_move: Box<[u16]>,
    /// Phase-1 distance of twist and slice: `twist * 495 + slice`.
    pub twist_slice_prune: NibbleTable,
    /// Phase-1 distance of flip and slice: `flip * 495 + slice`.
    pub flip_slice_prune: NibbleTable,
    /// Phase-2 distance of corner permutation and slice permutation: `corner_perm * 24 + slice_perm`.
    pub corner_slice_prune: NibbleTable,
    /// Phase-2 distance of U/D edge permutation and slice permutation: `ud_edge_perm * 24 + slice_perm`.
    pub edge_slice_prune: NibbleTable,
    /// Corner combination and parity × 10 phase-2 moves.
    pub corner_comb_move: Box<[u16]>,
    /// Phase-1 distance of twist and flip: `twist * 2048 + flip`.
    pub twist_flip_prune: NibbleTable,
    /// Phase-2 distance of U/D edge permutation and corner combination: `ud_edge_perm * 140 + comb`.
    pub edge_comb_prune: NibbleTable,
}

const ALL_COLUMNS: [usize; 18] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

fn apply(c: &CubieCube, m: Move) -> CubieCube {
    c.apply_move(m)
}

/// Builds the tables in steps, so a caller can report progress between them.
#[derive(Default)]
pub struct TwoPhaseBuilder {
    step: usize,
    twist_move: Option<Box<[u16]>>,
    flip_move: Option<Box<[u16]>>,
    slice_move: Option<Box<[u16]>>,
    corner_perm_move: Option<Box<[u16]>>,
    ud_edge_perm_move: Option<Box<[u16]>>,
    slice_perm_move: Option<Box<[u16]>>,
    corner_comb_move: Option<Box<[u16]>>,
    prunes: Vec<NibbleTable>,
}

/// Number of steps of [`TwoPhaseBuilder::step`].
pub const BUILD_STEPS: usize = 8;

impl TwoPhaseBuilder {
    /// A build not yet started.
    pub fn new() -> TwoPhaseBuilder {
        TwoPhaseBuilder::default()
    }

    /// Runs the next step; returns the steps done so far (`BUILD_STEPS` when finished).
    pub fn step(&mut self) -> usize {
        match self.step {
            0 => {
                self.twist_move = Some(move_table::build::<Twist>(&Move::ALL, apply));
                self.flip_move = Some(move_table::build::<Flip>(&Move::ALL, apply));
                self.slice_move = Some(move_table::build::<Slice>(&Move::ALL, apply));
                self.slice_perm_move = Some(move_table::build::<SlicePerm>(&PHASE2_MOVES, apply));
                self.corner_comb_move = Some(move_table::build::<CornerCombParity>(&PHASE2_MOVES, apply));
            }
            1 => {
                self.corner_perm_move = Some(move_table::build::<CornerPerm>(&PHASE2_MOVES, apply));
                self.ud_edge_perm_move = Some(move_table::build::<UdEdgePerm>(&PHASE2_MOVES, apply));
            }
            2 => {
                let (a, b) = (self.twist_move.as_ref().unwrap(), self.slice_move.as_ref().unwrap());
                self.prunes.push(Bfs::new(a, b, N_SLICE, 18, &ALL_COLUMNS).finish());
            }
            3 => {
                let (a, b) = (self.flip_move.as_ref().unwrap(), self.slice_move.as_ref().unwrap());
                self.prunes.push(Bfs::new(a, b, N_SLICE, 18, &ALL_COLUMNS).finish());
            }
            4 => {
                let (a, b) = (self.corner_perm_move.as_ref().unwrap(), self.slice_perm_move.as_ref().unwrap());
                self.prunes.push(Bfs::new(a, b, N_SLICE_PERM, 10, &ALL_COLUMNS[..10]).finish());
            }
            5 => {
                let (a, b) = (self.ud_edge_perm_move.as_ref().unwrap(), self.slice_perm_move.as_ref().unwrap());
                self.prunes.push(Bfs::new(a, b, N_SLICE_PERM, 10, &ALL_COLUMNS[..10]).finish());
            }
            6 => {
                let (a, b) = (self.twist_move.as_ref().unwrap(), self.flip_move.as_ref().unwrap());
                self.prunes.push(Bfs::new(a, b, N_FLIP, 18, &ALL_COLUMNS).finish());
            }
            7 => {
                let (a, b) = (self.ud_edge_perm_move.as_ref().unwrap(), self.corner_comb_move.as_ref().unwrap());
                self.prunes.push(Bfs::new(a, b, N_CORNER_COMB_PARITY, 10, &ALL_COLUMNS[..10]).finish());
            }
            _ => return BUILD_STEPS,
        }
        self.step += 1;
        self.step
    }

    /// The finished tables (runs any steps left).
    pub fn finish(mut self) -> TwoPhaseTables {
        while self.step() < BUILD_STEPS {}
        let mut prunes = self.prunes.into_iter();
        TwoPhaseTables {
            twist_move: self.twist_move.unwrap(),
            flip_move: self.flip_move.unwrap(),
            slice_move: self.slice_move.unwrap(),
            corner_perm_move: self.corner_perm_move.unwrap(),
            ud_edge_perm_move: self.ud_edge_perm_move.unwrap(),
            slice_perm_move: self.slice_perm_move.unwrap(),
            twist_slice_prune: prunes.next().unwrap(),
            flip_slice_prune: prunes.next().unwrap(),
            corner_slice_prune: prunes.next().unwrap(),
            edge_slice_prune: prunes.next().unwrap(),
            corner_comb_move: self.corner_comb_move.unwrap(),
            twist_flip_prune: prunes.next().unwrap(),
            edge_comb_prune: prunes.next().unwrap(),
        }
    }
}

impl TwoPhaseTables {
    /// Builds every table.
    pub fn generate() -> TwoPhaseTables {
        TwoPhaseBuilder::new().finish()
    }
}
