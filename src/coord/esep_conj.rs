//! The edge separation `esep` ([`super::h0`]) moved and conjugated through the slots its slices
//! occupy: a face turn or a symmetry permutes slots, so the 12-bit slot masks go through two
//! 64-entry tables each, which stay in cache where the 1.2 MB move table and the 3.3 MB
//! conjugation table of raw values do not.

use super::h0::{esep_cube, esep_ranks, N_ESEP};
use super::sym::{syms, N_SYM};
use crate::cube::cubie::move_cubes;
use crate::cube::CubieCube;

/// Conjugates `esep` values by the 48 symmetries without the 3.3 MB table: a symmetry moves
/// each edge slot to another (a bit permutation of slot masks, two 64-entry tables per
/// symmetry) and renames the slices (which slice's slots become the E slice's, which the M's).
#[derive(Clone)]
pub struct EsepConj {
    /// Per `esep`: the E slice's slots (12 bits) | the M slice's slots << 12.
    masks: Box<[u32]>,
    /// `(sym * 2 + half) * 64 + six bits` → where those slots go (12-bit mask).
    perm: Box<[u16]>,
    /// The same for the 18 moves: `(move * 2 + half) * 64 + six bits`.
    mperm: Box<[u16]>,
    /// Per symmetry: the slices (0 S, 1 M, 2 E) whose slots become the E and the M slice's.
    pick: [[u8; 2]; N_SYM],
    /// `e6 << 6 | m6` (six slots' E and M bits) → the M bits of the slots that are not E,
    /// packed, | how many those are << 8.
    squeeze: Box<[u16]>,
    erank: Box<[u16]>,
    mrank: [u8; 256],
}

impl EsepConj {
    /// Builds the tables from the symmetries' cubie definitions.
    pub fn generate() -> EsepConj {
        let slice_of = super::flips::slice_of;
        let masks = (0..N_ESEP)
            .map(|x| {
                let c = esep_cube(x);
                (0..12).fold(0u32, |b, i| match slice_of(c.ep[i]) {
                    2 => b | 1 << i,
                    1 => b | 1 << (i + 12),
                    _ => b,
                })
            })
            .collect();
        let syms = syms();
        let mut perm = vec![0u16; N_SYM * 128].into_boxed_slice();
        let mut pick = [[0u8; 2]; N_SYM];
        let solved = CubieCube::SOLVED;
        let mut conj = solved;
        for (s, sym) in syms.iter().enumerate() {
            for half in 0..2 {
                for bits in 0..64usize {
                    perm[(s * 2 + half) * 64 + bits] =
                        (0..6).filter(|k| bits >> k & 1 == 1).fold(0, |m, k| m | 1 << sym.edge[half * 6 + k]);
                }
            }
            // The slice renaming: where each slice's pieces land, and what they become.
            sym.conj_edges(&solved, &mut conj);
            for i in 0..12 {
                let (from, to) = (slice_of(solved.ep[i]), slice_of(conj.ep[sym.edge[i] as usize]));
                if to == 2 {
                    pick[s][0] = from as u8;
                } else if to == 1 {
                    pick[s][1] = from as u8;
                }
            }
        }
        let squeeze = (0..4096usize)
            .map(|x| {
                let (e, m) = (x >> 6, x & 63);
                let (mut out, mut n) = (0u16, 0u16);
                for k in 0..6 {
                    if e >> k & 1 == 0 {
                        out |= ((m >> k & 1) as u16) << n;
                        n += 1;
                    }
                }
                out | n << 8
            })
            .collect();
        // A move's cube composed after a cube: slot i then holds what slot `ep[i]` held.
        let mut mperm = vec![0u16; 18 * 128].into_boxed_slice();
        for (m, mc) in move_cubes().iter().enumerate() {
            for half in 0..2 {
                for bits in 0..64usize {
                    mperm[(m * 2 + half) * 64 + bits] = (0..12)
                        .filter(|&i| {
                            (mc.ep[i] as usize).checked_sub(half * 6).is_some_and(|k| k < 6 && bits >> k & 1 == 1)
                        })
                        .fold(0, |b, i| b | 1 << i);
                }
            }
        }
        let (erank, mrank) = esep_ranks();
        EsepConj { masks, perm, mperm, pick, squeeze, erank: erank.into(), mrank: *mrank }
    }

    /// `esep` after conjugation by symmetry `sym` (equal to `econj[sym * N_ESEP + esep]`).
    #[inline(always)]
    pub fn conj(&self, sym: usize, esep: usize) -> usize {
        self.conj_mask(sym, self.masks[esep])
    }

    /// The slots of the E slice's edges (12 bits) and of the M slice's (`<< 12`) for `esep`:
    /// what [`EsepConj::conj_mask`] and [`FlipCoords`](super::flips::FlipCoords) read of it.
    #[inline(always)]
    pub fn mask(&self, esep: usize) -> u32 {
        self.masks[esep]
    }

    /// [`EsepConj::conj`] of the `esep` whose [`EsepConj::mask`] is `w`.
    #[inline(always)]
    pub fn conj_mask(&self, sym: usize, w: u32) -> usize {
        let (e, m) = (w & 0xfff, w >> 12);
        let by = [0xfff ^ e ^ m, m, e];
        let [pe, pm] = self.pick[sym];
        let p = &self.perm[sym * 128..sym * 128 + 128];
        let (ne, nm) = (permute_slots(p, by[pe as usize]) as usize, permute_slots(p, by[pm as usize]) as usize);
        let lo = self.squeeze[(ne & 63) << 6 | (nm & 63)];
        let hi = self.squeeze[(ne >> 6) << 6 | (nm >> 6)];
        let packed = (lo & 0xff) as usize | ((hi & 0xff) as usize) << (lo >> 8);
        self.erank[ne] as usize * 70 + self.mrank[packed] as usize
    }

    /// The [`EsepConj::mask`] after move `m` (0..18) of a cube whose mask is `w`: the
    /// `esep` move without the 1.2 MB move table (equal to `mask(emove[esep * 18 + m])`).
    #[inline(always)]
    pub fn move_mask(&self, m: usize, w: u32) -> u32 {
        let p = &self.mperm[m * 128..m * 128 + 128];
        permute_slots(p, w & 0xfff) | permute_slots(p, w >> 12) << 12
    }

    /// The `esep` whose mask is `w` (the identity is symmetry 0).
    #[inline(always)]
    pub fn esep_of(&self, w: u32) -> usize {
        self.conj_mask(0, w)
    }
}

/// A 12-slot mask carried through a slot permutation given as two 64-entry tables (the low six
/// slots', then the high six's).
#[inline(always)]
fn permute_slots(p: &[u16], x: u32) -> u32 {
    (p[(x & 63) as usize] | p[64 + (x >> 6) as usize]) as u32
}
