//! Edge flips for the flip tables: every edge's flip as a 12-bit word by slot, moved by face
//! turns and conjugated by the 48 symmetries through small tables, and the flips of the few
//! slots a flip table keeps ([`TRACKED`]).

use super::sym::{syms, N_SYM};
use super::N_MOVES;
use crate::cube::cubie::move_cubes;
use crate::cube::CubieCube;

/// The edge slots whose flips are kept (after conjugation to the representative): UR, UF, FR,
/// then DL for h4, UB for h5 and BL for h6. Bit `k` of an entry's low bits is the flip of slot
/// `TRACKED[k]`.
pub const TRACKED: [usize; 6] = [0, 1, 8, 6, 3, 10];

/// The slice an edge piece belongs to: 0 for S (UR UL DR DL), 1 for M (UF UB DF DB), 2 for E.
#[inline]
pub(crate) fn slice_of(piece: u8) -> u32 {
    if piece >= 8 {
        2
    } else {
        (piece & 1) as u32
    }
}

/// The flips of a cube's 12 edge slots as bits.
#[inline]
pub fn flips(cube: &CubieCube) -> u16 {
    (0..12).fold(0, |b, i| b | (cube.eo[i] as u16) << i)
}

/// Tables that carry edge flips (by slot) through moves and symmetries.
///
/// Conjugation by a symmetry moves each slot's flip to another slot and adds 0 or 1 to it, and
/// what it adds depends only on the slice of the edge in that slot (S, M or E). So the flips
/// conjugate in two steps: first the additions, as masks on the slots where they fall (the E and
/// M slices' slots are bits of the edge separation's slot masks), then the move of bits from
/// slot to slot, read from two 64-entry tables (low and high six slots): a few operations where
/// the same slot by slot took two reads for each of the twelve slots (the flip-table build's and
/// the search's every entry read conjugates flips).
#[derive(Clone)]
pub struct FlipCoords {
    /// `flips * 18 + move` → flips after the move (flips by slot do not depend on which edges
    /// sit where).
    pub flip_move: Box<[u16]>,
    /// Per symmetry, in the slots before conjugation: what it adds to the flip of an S edge
    /// there, and how much more for an E edge, and for an M edge (`[s, e, m]`).
    add: Box<[[u16; 3]]>,
    /// `(sym * 2 + half) * 64 + six bits` → where those slots' flips go (12 bits).
    move_all: Box<[u16]>,
    /// The same for the [`TRACKED`] slots only: bit `k` is slot `TRACKED[k]`'s flip.
    move_tracked: Box<[u8]>,
}

impl FlipCoords {
    /// Builds the tables from cubies and the symmetries' own tables.
    pub fn generate() -> FlipCoords {
        let moves = move_cubes();
        let mut flip_move = vec![0u16; 4096 * N_MOVES].into_boxed_slice();
        for f in 0..4096usize {
            let mut c = CubieCube::SOLVED;
            for i in 0..12 {
                c.eo[i] = (f >> i & 1) as u8;
            }
            for (m, mc) in moves.iter().enumerate() {
                flip_move[f * N_MOVES + m] = flips(&c.compose(mc));
            }
        }
        let mut add = vec![[0u16; 3]; N_SYM].into_boxed_slice();
        let mut move_all = vec![0u16; N_SYM * 128].into_boxed_slice();
        let mut move_tracked = vec![0u8; N_SYM * 128].into_boxed_slice();
        // One piece of each slice: UR (S), UF (M), FR (E).
        let sample = [0usize, 1, 8];
        for (s, sym) in syms().iter().enumerate() {
            for i in 0..12 {
                let a = sample.map(|p| sym.edge_flip(i, p, 0) as u16);
                // The same for every piece of the slice, and linear in the flip.
                for q in 0..12 {
                    let k = slice_of(q as u8) as usize;
                    assert_eq!(sym.edge_flip(i, q, 0), a[k] as u8, "flip conjugation by slice");
                    assert_eq!(sym.edge_flip(i, q, 1), a[k] as u8 ^ 1, "flip conjugation is linear");
                }
                add[s] = [add[s][0] | a[0] << i, add[s][1] | (a[2] ^ a[0]) << i, add[s][2] | (a[1] ^ a[0]) << i];
            }
            for half in 0..2 {
                for six in 0..64usize {
                    let (mut all, mut tracked) = (0u16, 0u8);
                    for b in (0..6).filter(|b| six >> b & 1 == 1) {
                        let j = sym.edge[half * 6 + b] as usize;
                        all |= 1 << j;
                        if let Some(k) = TRACKED.iter().position(|&t| t == j) {
                            tracked |= 1 << k;
                        }
                    }
                    move_all[(s * 2 + half) * 64 + six] = all;
                    move_tracked[(s * 2 + half) * 64 + six] = tracked;
                }
            }
        }
        FlipCoords { flip_move, add, move_all, move_tracked }
    }

    /// The flips with what conjugation by `sym` adds, still in their slots before it, for a
    /// cube whose edge separation has the slot masks `w`.
    #[inline(always)]
    fn added(&self, sym: usize, w: u32, flips: u16) -> usize {
        let [s, e, m] = self.add[sym];
        (flips ^ s ^ (w as u16 & e) ^ ((w >> 12) as u16 & m)) as usize & 0xfff
    }

    /// All 12 flips after conjugation by `sym` of a cube whose edge separation has the slot
    /// masks `w`.
    #[inline]
    pub fn conj(&self, sym: usize, w: u32, flips: u16) -> u16 {
        let x = self.added(sym, w, flips);
        self.move_all[sym * 128 + (x & 63)] | self.move_all[sym * 128 + 64 + (x >> 6)]
    }

    /// The flips of the six [`TRACKED`] slots after conjugation by `sym` (h3 keeps the low
    /// three), for slot masks `w`.
    #[inline(always)]
    pub fn tracked(&self, sym: usize, w: u32, flips: u16) -> usize {
        let x = self.added(sym, w, flips);
        (self.move_tracked[sym * 128 + (x & 63)] | self.move_tracked[sym * 128 + 64 + (x >> 6)]) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::{FlipCoords, TRACKED};
    use crate::coord::esep_conj::EsepConj;
    use crate::coord::h0::N_ESEP;
    use crate::coord::sym::syms;
    use crate::rng::Rng;

    /// The slice (0 S, 1 M, 2 E) of the edge in slot `i`, from the edge separation's slot masks
    /// ([`EsepConj::mask`]: E slots, then M slots `<< 12`).
    fn slice_in(w: u32, i: u32) -> usize {
        ((w >> i & 1) << 1 | w >> (12 + i) & 1) as usize
    }

    #[test]
    fn flips_conjugate_as_slot_by_slot() {
        // Slot by slot: the flip of the edge in slot i, plus what the symmetry adds for that
        // edge's slice (read off a piece of the slice), lands in the slot the symmetry takes i to.
        let (f, esym) = (FlipCoords::generate(), EsepConj::generate());
        let sample = [0usize, 1, 8];
        let mut rng = Rng::new(11);
        for (s, sym) in syms().iter().enumerate() {
            for _ in 0..300 {
                let w = esym.mask(rng.next_u64() as usize % N_ESEP);
                for flips in (0..4096u16).step_by(7) {
                    let mut slow = 0u16;
                    for i in 0..12 {
                        let piece = sample[slice_in(w, i as u32)];
                        slow |= (sym.edge_flip(i, piece, (flips >> i & 1) as u8) as u16) << sym.edge[i];
                    }
                    assert_eq!(f.conj(s, w, flips), slow, "symmetry {s}, masks {w:x}, flips {flips:x}");
                    let tracked = TRACKED.iter().enumerate().fold(0, |b, (k, &j)| b | (slow as usize >> j & 1) << k);
                    assert_eq!(f.tracked(s, w, flips), tracked);
                }
            }
        }
    }
}
