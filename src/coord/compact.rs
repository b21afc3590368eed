//! A cube as two rows of 16 bytes, the form the optimal search carries a node's inverse in:
//! corners as `twist << 4 | piece` (lanes 0 to 7) and edges as `flip << 4 | piece` (lanes 0 to
//! 11), the unused lanes holding their own index. Composing two cubes is then, a row each, one
//! byte shuffle and two or three byte operations: in wasm with simd128 an `i8x16.swizzle`;
//! elsewhere the same a byte at a time. The h0 coordinates and the flips are read from the rows.
//! [`CubieCube`] stays the plain form; the tests hold this one to it.

use super::h0::{csep_of_mask, M_SLICE, TETRAD_A};
use super::N_TWIST;
use crate::cube::cubie::move_cubes;
use crate::cube::{CubieCube, Move};
use std::sync::OnceLock;

/// A cube as two byte rows (see the module's text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct Compact {
    /// `twist << 4 | piece` for each corner slot; lanes 8 to 15 hold 8 to 15.
    pub corners: [u8; 16],
    /// `flip << 4 | piece` for each edge slot; lanes 12 to 15 hold 12 to 15.
    pub edges: [u8; 16],
}

const LANES: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

impl Compact {
    /// The solved cube.
    pub const SOLVED: Compact = Compact { corners: LANES, edges: LANES };

    /// The compact form of `c`.
    pub fn from_cubie(c: &CubieCube) -> Compact {
        let mut out = Compact::SOLVED;
        for i in 0..8 {
            out.corners[i] = c.co[i] << 4 | c.cp[i];
        }
        for i in 0..12 {
            out.edges[i] = c.eo[i] << 4 | c.ep[i];
        }
        out
    }

    /// The plain form.
    pub fn to_cubie(&self) -> CubieCube {
        let mut c = CubieCube::SOLVED;
        for i in 0..8 {
            (c.cp[i], c.co[i]) = (self.corners[i] & 15, self.corners[i] >> 4);
        }
        for i in 0..12 {
            (c.ep[i], c.eo[i]) = (self.edges[i] & 15, self.edges[i] >> 4);
        }
        c
    }

    /// `a`, then `b`: [`CubieCube::compose`]'s order.
    #[inline(always)]
    pub fn compose(a: &Compact, b: &Compact) -> Compact {
        compose_rows(a, b)
    }

    /// Whether this is the solved cube.
    #[inline(always)]
    pub fn is_solved(&self) -> bool {
        *self == Compact::SOLVED
    }

    /// [`super::flips::flips`]: each edge slot's flip as a bit.
    #[inline(always)]
    pub fn flips(&self) -> u16 {
        (0..12).fold(0, |b, i| b | ((self.edges[i] >> 4) as u16 & 1) << i)
    }

    /// [`super::h0::esep_masks`]: the slots holding E-slice edges (bits 0-11) and M-slice
    /// edges (bits 12-23).
    #[inline(always)]
    pub fn esep_masks(&self) -> u32 {
        (0..12).fold(0, |b, i| {
            let p = (self.edges[i] & 15) as u32;
            if p >= 8 {
                b | 1 << i
            } else {
                b | (M_SLICE >> p & 1) << (12 + i)
            }
        })
    }

    /// [`super::h0::cocsep`]: the corners' separation and twist.
    #[inline(always)]
    pub fn cocsep(&self) -> usize {
        let mut mask = 0usize;
        let mut twist = 0usize;
        for i in 0..8 {
            mask |= ((TETRAD_A >> (self.corners[i] & 15)) as usize & 1) << i;
        }
        for i in 0..7 {
            twist = twist * 3 + (self.corners[i] >> 4) as usize;
        }
        csep_of_mask(mask) * N_TWIST + twist
    }
}

/// Each face turn's inverse, by the turn's index: (the turn's inverse, then a cube's inverse)
/// is the inverse of (the cube, then the turn).
pub fn inverse_turns() -> &'static [Compact; 18] {
    static T: OnceLock<[Compact; 18]> = OnceLock::new();
    T.get_or_init(|| std::array::from_fn(|m| Compact::from_cubie(&move_cubes()[Move::ALL[m].inverse().index()])))
}

/// [`Compact::compose`] with wasm's 128-bit shuffles.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn compose_rows(a: &Compact, b: &Compact) -> Compact {
    use core::arch::wasm32::*;
    // SAFETY: `Compact` is two 16-byte arrays (repr C, 16-byte aligned), and a `v128` is any 16
    // bytes: the transmutes only view the same bytes as vectors and back.
    let row = |r: &[u8; 16]| -> v128 { unsafe { std::mem::transmute::<[u8; 16], v128>(*r) } };
    let (ac, bc, ae, be) = (row(&a.corners), row(&b.corners), row(&a.edges), row(&b.edges));
    let low = u8x16_splat(15);
    // Corners: a's byte at b's piece, plus b's twist, less 3 where it reached 3.
    let c = u8x16_add(u8x16_swizzle(ac, v128_and(bc, low)), v128_and(bc, u8x16_splat(0xf0)));
    let c = u8x16_min(c, u8x16_sub(c, u8x16_splat(0x30)));
    // Edges: a's byte at b's piece, flipped where b's is.
    let e = v128_xor(u8x16_swizzle(ae, v128_and(be, low)), v128_and(be, u8x16_splat(0x10)));
    // SAFETY: as above.
    unsafe {
        Compact { corners: std::mem::transmute::<v128, [u8; 16]>(c), edges: std::mem::transmute::<v128, [u8; 16]>(e) }
    }
}

/// [`Compact::compose`] a byte at a time.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
#[inline(always)]
fn compose_rows(a: &Compact, b: &Compact) -> Compact {
    let mut out = Compact::SOLVED;
    for i in 0..8 {
        let (from, twist) = (b.corners[i] & 15, b.corners[i] & 0xf0);
        let c = a.corners[from as usize] + twist;
        out.corners[i] = if c >= 0x30 { c - 0x30 } else { c };
    }
    for i in 0..12 {
        let from = b.edges[i] & 15;
        out.edges[i] = a.edges[from as usize] ^ (b.edges[i] & 0x10);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coord::flips::flips;
    use crate::coord::h0::{cocsep, esep_masks};
    use crate::rng::Rng;
    use crate::scramble::random_cube;

    #[test]
    fn the_compact_form_composes_and_reads_as_the_plain_one() {
        let mut rng = Rng::new(41);
        for _ in 0..500 {
            let (a, b) = (random_cube(&mut rng), random_cube(&mut rng));
            let (ca, cb) = (Compact::from_cubie(&a), Compact::from_cubie(&b));
            assert_eq!(ca.to_cubie(), a);
            let ab = Compact::compose(&ca, &cb);
            assert_eq!(ab.to_cubie(), a.compose(&b));
            assert_eq!(ab, Compact::from_cubie(&a.compose(&b)), "the unused lanes stay as they were");
            assert_eq!(
                (ab.cocsep(), ab.flips(), ab.esep_masks()),
                (cocsep(&a.compose(&b)), flips(&a.compose(&b)), esep_masks(&a.compose(&b)))
            );
            assert!(Compact::compose(&ca, &Compact::from_cubie(&a.inverse())).is_solved());
            assert!(!ca.is_solved());
        }
        for (m, turn) in inverse_turns().iter().enumerate() {
            assert_eq!(turn.to_cubie(), move_cubes()[Move::ALL[m].inverse().index()]);
        }
    }
}
