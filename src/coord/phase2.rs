//! Phase-2 coordinates: inside ⟨U, D, R2, L2, F2, B2⟩ only permutations are left.

use super::index::{comb_rank, comb_unrank, perm_rank, perm_unrank};
use super::{Coord, N_CORNER_PERM, N_SLICE_PERM, N_UD_EDGE_PERM};
use crate::cube::CubieCube;

/// Corner permutation: `0..40320`, solved 0. Defined for every state, so its move table takes all
/// 18 moves.
pub struct CornerPerm;

impl Coord for CornerPerm {
    type Cube = CubieCube;
    const SIZE: usize = N_CORNER_PERM;
    fn get(c: &CubieCube) -> usize {
        perm_rank(&c.cp)
    }
    fn set(c: &mut CubieCube, v: usize) {
        perm_unrank(v, &mut c.cp);
    }
}

/// Permutation of the eight U and D edges in slots UR..DB: `0..40320`, solved 0. Meaningful only
/// in phase 2, where those edges stay in those slots.
pub struct UdEdgePerm;

impl Coord for UdEdgePerm {
    type Cube = CubieCube;
    const SIZE: usize = N_UD_EDGE_PERM;
    fn get(c: &CubieCube) -> usize {
        perm_rank(&c.ep[..8])
    }
    fn set(c: &mut CubieCube, v: usize) {
        perm_unrank(v, &mut c.ep[..8]);
        for i in 8..12 {
            c.ep[i] = i as u8;
        }
    }
}

/// Permutation of the four slice edges within slots FR..BR: `0..24`, solved 0. Meaningful only in
/// phase 2.
pub struct SlicePerm;

impl Coord for SlicePerm {
    type Cube = CubieCube;
    const SIZE: usize = N_SLICE_PERM;
    fn get(c: &CubieCube) -> usize {
        let p: [u8; 4] = std::array::from_fn(|i| c.ep[8 + i].wrapping_sub(8));
        perm_rank(&p)
    }
    fn set(c: &mut CubieCube, v: usize) {
        let mut p = [0u8; 4];
        perm_unrank(v, &mut p);
        for i in 0..8 {
            c.ep[i] = i as u8;
        }
        for i in 0..4 {
            c.ep[8 + i] = p[i] + 8;
        }
    }
}

/// Which four slots hold the U-layer corners (URF UFL ULB UBR), with the corner permutation's
/// parity: `0..140` as `combination * 2 + parity`, solved 0.
pub struct CornerCombParity;

impl Coord for CornerCombParity {
    type Cube = CubieCube;
    const SIZE: usize = super::N_CORNER_COMB_PARITY;
    fn get(c: &CubieCube) -> usize {
        let marked: [bool; 8] = std::array::from_fn(|i| c.cp[i] < 4);
        comb_rank(&marked) * 2 + c.corner_parity() as usize
    }
    fn set(c: &mut CubieCube, v: usize) {
        let mut marked = [false; 8];
        comb_unrank(v / 2, 4, &mut marked);
        let (mut up, mut down) = (0u8, 4u8);
        for i in 0..8 {
            if marked[i] {
                c.cp[i] = up;
                up += 1;
            } else {
                c.cp[i] = down;
                down += 1;
            }
        }
        if c.corner_parity() as usize != v % 2 {
            // Swapping two corners of the same layer changes the parity, not the combination.
            let a = (0..8).find(|&i| c.cp[i] >= 4).unwrap();
            let b = (a + 1..8).find(|&i| c.cp[i] >= 4).unwrap();
            c.cp.swap(a, b);
        }
    }
}
