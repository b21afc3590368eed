//! Phase-1 coordinates of the two-phase search: phase 1 ends in the subgroup
//! ⟨U, D, R2, L2, F2, B2⟩, where every corner is untwisted, every edge unflipped and the four
//! UD-slice edges (FR FL BL BR) are in the slice.

use super::index::{comb_rank, comb_unrank, ori_rank, ori_unrank};
use super::{Coord, N_FLIP, N_SLICE, N_TWIST};
use crate::cube::CubieCube;

/// Corner twist: `0..2187`, solved 0 (the twist of DRB follows from the others).
pub struct Twist;

impl Coord for Twist {
    type Cube = CubieCube;
    const SIZE: usize = N_TWIST;
    fn get(c: &CubieCube) -> usize {
        ori_rank(&c.co, 3)
    }
    fn set(c: &mut CubieCube, v: usize) {
        ori_unrank(v, 3, &mut c.co);
    }
}

/// Edge flip: `0..2048`, solved 0 (the flip of BR follows from the others).
pub struct Flip;

impl Coord for Flip {
    type Cube = CubieCube;
    const SIZE: usize = N_FLIP;
    fn get(c: &CubieCube) -> usize {
        ori_rank(&c.eo, 2)
    }
    fn set(c: &mut CubieCube, v: usize) {
        ori_unrank(v, 2, &mut c.eo);
    }
}

/// Which slots hold the four UD-slice edges, order ignored: `0..495`, solved 0. Slots are read
/// from BR down to UR so that the solved slots (FR FL BL BR) rank 0.
pub struct Slice;

/// Is edge `e` one of the UD-slice edges FR FL BL BR?
pub fn is_slice_edge(e: u8) -> bool {
    e >= 8
}

impl Coord for Slice {
    type Cube = CubieCube;
    const SIZE: usize = N_SLICE;
    fn get(c: &CubieCube) -> usize {
        let marked: [bool; 12] = std::array::from_fn(|i| is_slice_edge(c.ep[11 - i]));
        comb_rank(&marked)
    }
    fn set(c: &mut CubieCube, v: usize) {
        let mut marked = [false; 12];
        comb_unrank(v, 4, &mut marked);
        let (mut slice, mut other) = (8u8, 0u8);
        for i in 0..12 {
            if marked[11 - i] {
                c.ep[i] = slice;
                slice += 1;
            } else {
                c.ep[i] = other;
                other += 1;
            }
        }
    }
}
