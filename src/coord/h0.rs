//! The coordinates of the optimal solver's table, both unchanged in meaning by all 48
//! symmetries (the target group: every corner in its own tetrad with its U/D sticker on U or D,
//! every edge in its own slice).
//!
//! - `cocsep` (corner separation and orientation): which slots hold corners of tetrad A
//!   (URF ULB DLF DRB) as a combination C(8, 4) = 70, times the corner twist 3^7: 153,090.
//! - `esep` (edge separation): which slots hold E-slice edges, C(12, 4) = 495, times which of the
//!   other eight hold M-slice edges (UF UB DF DB), C(8, 4) = 70: 34,650.
//!
//! Both read only which tetrad or slice each piece belongs to, so two cubes that differ by
//! renaming pieces within their tetrads and slices share both values; that is what makes moves
//! and symmetries act on the values through any cube that has them ([`cocsep_cube`],
//! [`esep_cube`]).

use super::index::{binomial, comb_rank, comb_unrank, ori_unrank};
use super::N_TWIST;
use crate::cube::CubieCube;
use std::sync::OnceLock;

/// Corner separations: C(8, 4).
pub const N_CSEP: usize = 70;
/// `cocsep` values: 70 × 3^7.
pub const N_COCSEP: usize = N_CSEP * N_TWIST;
/// `esep` values: C(12, 4) × C(8, 4).
pub const N_ESEP: usize = 495 * 70;

/// Corner pieces in tetrad A, as a bit mask over piece numbers: URF ULB DLF DRB.
pub(crate) const TETRAD_A: u32 = 0b1010_0101;
/// Edge pieces of the M slice (UF UB DF DB) as a bit mask over piece numbers.
pub(crate) const M_SLICE: u32 = 0b0000_1010_1010;

struct Ranks {
    /// 8-bit mask of slots holding tetrad A corners → combination rank.
    csep: [u8; 256],
    /// 12-bit mask of slots holding E-slice edges → combination rank.
    eslice: Box<[u16]>,
    /// 8-bit mask (over the slots left by the E slice) of M-slice edges → combination rank.
    mslice: [u8; 256],
}

fn ranks() -> &'static Ranks {
    static RANKS: OnceLock<Ranks> = OnceLock::new();
    RANKS.get_or_init(|| {
        let rank_of = |mask: u32, n: usize| comb_rank(&(0..n).map(|i| mask >> i & 1 == 1).collect::<Vec<_>>());
        let mut csep = [0u8; 256];
        let mut mslice = [0u8; 256];
        for m in 0..256u32 {
            if m.count_ones() == 4 {
                csep[m as usize] = rank_of(m, 8) as u8;
                mslice[m as usize] = rank_of(m, 8) as u8;
            }
        }
        let eslice = (0..4096u32).map(|m| if m.count_ones() == 4 { rank_of(m, 12) as u16 } else { 0 }).collect();
        Ranks { csep, eslice, mslice }
    })
}

/// The combination rank of the corner slots `mask` marks as holding tetrad A's corners (the
/// separation of [`cocsep`]).
#[inline(always)]
pub(crate) fn csep_of_mask(mask: usize) -> usize {
    ranks().csep[mask] as usize
}

/// The `cocsep` value of a cube.
#[inline]
pub fn cocsep(cube: &CubieCube) -> usize {
    let mut mask = 0usize;
    let mut twist = 0usize;
    for i in 0..8 {
        mask |= ((TETRAD_A >> cube.cp[i]) as usize & 1) << i;
    }
    for i in 0..7 {
        twist = twist * 3 + cube.co[i] as usize;
    }
    ranks().csep[mask] as usize * N_TWIST + twist
}

/// The rank tables behind [`esep`]: 12-bit masks of E-slice slots (4096 entries) and 8-bit
/// masks of M-slice slots among the other eight, in order (256).
pub fn esep_ranks() -> (&'static [u16], &'static [u8; 256]) {
    let r = ranks();
    (&r.eslice, &r.mslice)
}

/// The slots holding E-slice edges (bits 0-11) and M-slice edges (bits 12-23): what `esep`
/// ranks, before ranking.
pub fn esep_masks(cube: &CubieCube) -> u32 {
    (0..12).fold(0, |b, i| {
        let p = cube.ep[i] as u32;
        if p >= 8 {
            b | 1 << i
        } else {
            b | (M_SLICE >> p & 1) << (12 + i)
        }
    })
}

/// The `esep` value of a cube.
#[inline]
pub fn esep(cube: &CubieCube) -> usize {
    let mut e_mask = 0usize;
    let mut m_mask = 0usize;
    let mut k = 0;
    for i in 0..12 {
        let p = cube.ep[i];
        if p >= 8 {
            e_mask |= 1 << i;
        } else {
            m_mask |= ((M_SLICE >> p) as usize & 1) << k;
            k += 1;
        }
    }
    let r = ranks();
    r.eslice[e_mask] as usize * 70 + r.mslice[m_mask] as usize
}

/// A cube (corners only; edges solved) with `cocsep` value `value`.
pub fn cocsep_cube(value: usize) -> CubieCube {
    let mut marked = [false; 8];
    comb_unrank(value / N_TWIST, 4, &mut marked);
    let mut cube = CubieCube::SOLVED;
    let (mut a, mut b) = ([0u8, 2, 5, 7].into_iter(), [1u8, 3, 4, 6].into_iter());
    for i in 0..8 {
        cube.cp[i] = if marked[i] { a.next() } else { b.next() }.expect("four of each");
    }
    ori_unrank(value % N_TWIST, 3, &mut cube.co);
    cube
}

/// A cube (edges only; corners solved) with `esep` value `value`.
pub fn esep_cube(value: usize) -> CubieCube {
    let mut e = [false; 12];
    comb_unrank(value / 70, 4, &mut e);
    let mut m = [false; 8];
    comb_unrank(value % 70, 4, &mut m);
    let mut cube = CubieCube::SOLVED;
    let (mut es, mut ms, mut ss) = (8u8..12, [1u8, 3, 5, 7].into_iter(), [0u8, 2, 4, 6].into_iter());
    let mut k = 0;
    for i in 0..12 {
        cube.ep[i] = if e[i] {
            es.next()
        } else {
            k += 1;
            if m[k - 1] {
                ms.next()
            } else {
                ss.next()
            }
        }
        .expect("four of each");
    }
    cube
}

const _: () = assert!(binomial(8, 4) == N_CSEP && binomial(12, 4) == 495);

/// Symmetry classes of `cocsep` under the 48 symmetries.
pub const N_CORNER_CLASSES: usize = 3393;
/// Entries of the h0 table: a corner class × an `esep` value.
pub const N_H0: usize = N_CORNER_CLASSES * N_ESEP;
