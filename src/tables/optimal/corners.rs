//! Korf's corner table, read beside h0: it knows the corner permutation, which h0 does not.

use crate::coord::index::{ori_rank, ori_unrank, perm_rank, perm_unrank};
use crate::coord::sym::{ud_inverse, ud_syms};
use crate::coord::{N_CORNER_PERM, N_MOVES, N_TWIST};
use crate::cube::cubie::{compose_corners, move_cubes};
use crate::cube::CubieCube;
use crate::tables::nibble::NibbleTable;

/// Marks entries the build has not reached.
const UNREACHED: u8 = 255;

/// Corner permutation classes under the 16 symmetries that keep the UD axis.
pub const N_CPERM_CLASSES: usize = 2768;

/// Korf's corner table: the distance of the whole corner state (permutation and twist), one
/// entry per class of the 16 symmetries that keep the UD axis (they keep each corner's U/D
/// sticker on U or D, so twist conjugates without the permutation): 2,768 × 2,187 entries,
/// 4 bits, 3 MB, built in well under a second. It knows the corner permutation, which h0 does
/// not, and is read beside it.
#[derive(Clone)]
pub struct CornerTable {
    /// `perm * 18 + move` → corner permutation rank after the move.
    pub pmove: Box<[u16]>,
    /// `twist * 18 + move` → twist after the move.
    pub tmove: Box<[u16]>,
    /// For each permutation rank: its class `<< 4 |` the symmetry (0..16) taking it to the
    /// class representative.
    class_sym: Box<[u16]>,
    /// `sym * 2187 + twist` → the twist conjugated by the symmetry.
    tconj: Box<[u16]>,
    /// For each class, the symmetries other than the identity that fix its representative.
    stabiliser: Box<[u16]>,
    dist: NibbleTable,
}

impl CornerTable {
    /// Builds the move tables, classes and distances.
    pub fn generate() -> CornerTable {
        let moves = move_cubes();
        let cube_of = |perm: usize, twist: usize| {
            let mut c = CubieCube::SOLVED;
            perm_unrank(perm, &mut c.cp);
            ori_unrank(twist, 3, &mut c.co);
            c
        };
        let mut pmove = vec![0u16; N_CORNER_PERM * N_MOVES].into_boxed_slice();
        for p in 0..N_CORNER_PERM {
            let c = cube_of(p, 0);
            for (m, mc) in moves.iter().enumerate() {
                pmove[p * N_MOVES + m] = perm_rank(&compose_corners(&c.cp, &c.co, &mc.cp, &mc.co).0) as u16;
            }
        }
        let mut tmove = vec![0u16; N_TWIST * N_MOVES].into_boxed_slice();
        for t in 0..N_TWIST {
            let c = cube_of(0, t);
            for (m, mc) in moves.iter().enumerate() {
                tmove[t * N_MOVES + m] = ori_rank(&compose_corners(&c.cp, &c.co, &mc.cp, &mc.co).1, 3) as u16;
            }
        }
        let (syms, inv16) = (ud_syms(), ud_inverse());
        let mut class_sym = vec![u16::MAX; N_CORNER_PERM].into_boxed_slice();
        let mut classes = 0u16;
        let mut stabiliser = Vec::new();
        for p in 0..N_CORNER_PERM {
            if class_sym[p] != u16::MAX {
                continue;
            }
            let cube = cube_of(p, 0);
            let mut conj = cube;
            let mut fixed = 0u16;
            for (s, sym) in syms.iter().enumerate() {
                sym.conj_corners(&cube, &mut conj);
                let q = perm_rank(&conj.cp);
                if q == p && s != 0 {
                    fixed |= 1 << s;
                }
                if class_sym[q] == u16::MAX {
                    class_sym[q] = classes << 4 | inv16[s] as u16;
                }
            }
            stabiliser.push(fixed);
            classes += 1;
        }
        assert_eq!(classes as usize, N_CPERM_CLASSES, "corner permutation classes");
        let mut tconj = vec![0u16; 16 * N_TWIST].into_boxed_slice();
        for t in 0..N_TWIST {
            let cube = cube_of(0, t);
            let mut conj = cube;
            for (s, sym) in syms.iter().enumerate() {
                sym.conj_corners(&cube, &mut conj);
                tconj[s * N_TWIST + t] = ori_rank(&conj.co, 3) as u16;
            }
        }
        let stabiliser = stabiliser.into_boxed_slice();
        let mut table = CornerTable { pmove, tmove, class_sym, tconj, stabiliser, dist: NibbleTable::new(0, 0) };
        table.dist = table.bfs();
        table
    }

    /// The table entry of a corner state.
    #[inline(always)]
    pub fn index(&self, perm: usize, twist: usize) -> usize {
        let cs = self.class_sym[perm] as usize;
        (cs >> 4) * N_TWIST + self.tconj[(cs & 15) * N_TWIST + twist] as usize
    }

    /// The fewest moves that solve the corners of a cube with these coordinates.
    #[inline(always)]
    pub fn distance(&self, perm: usize, twist: usize) -> u32 {
        self.dist.get(self.index(perm, twist)) as u32
    }

    fn bfs(&self) -> NibbleTable {
        let n = N_CPERM_CLASSES * N_TWIST;
        let mut dist = vec![UNREACHED; n];
        let mut rep = vec![u16::MAX; N_CPERM_CLASSES];
        for p in (0..N_CORNER_PERM).rev() {
            rep[(self.class_sym[p] >> 4) as usize] = p as u16;
        }
        dist[self.index(0, 0)] = 0;
        let (mut d, mut at_d, mut unreached) = (0u8, 1usize, n - 1);
        let neighbour = |i: usize, m: usize| {
            let (p, t) = (rep[i / N_TWIST] as usize, i % N_TWIST);
            self.index(self.pmove[p * N_MOVES + m] as usize, self.tmove[t * N_MOVES + m] as usize)
        };
        while at_d > 0 {
            if at_d > unreached {
                // Most entries are reached: each one left looks for a neighbour at `d` (it stops
                // at the first), which costs less than moving every entry at `d` 18 ways. A
                // symmetry fixing an entry's class maps its neighbours to another entry's, so
                // conjugate entries still get the same distance.
                at_d = 0;
                for i in 0..n {
                    if dist[i] == UNREACHED && (0..N_MOVES).any(|m| dist[neighbour(i, m)] == d) {
                        dist[i] = d + 1;
                        at_d += 1;
                    }
                }
                unreached -= at_d;
                d += 1;
                continue;
            }
            let before = unreached;
            for i in 0..n {
                if dist[i] != d {
                    continue;
                }
                for m in 0..N_MOVES {
                    let j = neighbour(i, m);
                    if dist[j] == UNREACHED {
                        // And the same corners up to a symmetry that fixes the class (see
                        // `expand_class`).
                        let (class, t2) = (j / N_TWIST, j % N_TWIST);
                        let mut stab = self.stabiliser[class] as u32 | 1;
                        while stab != 0 {
                            let s = stab.trailing_zeros() as usize;
                            stab &= stab - 1;
                            let k = class * N_TWIST + self.tconj[s * N_TWIST + t2] as usize;
                            if dist[k] == UNREACHED {
                                dist[k] = d + 1;
                                unreached -= 1;
                            }
                        }
                    }
                }
            }
            at_d = before - unreached;
            d += 1;
        }
        let packed = dist.chunks(2).map(|p| p[0].min(15) | p.get(1).map_or(0, |&h| h.min(15) << 4));
        NibbleTable::from_packed(packed.collect(), n)
    }

    /// How many entries hold each distance.
    pub fn distribution(&self) -> [u64; 16] {
        self.dist.distribution()
    }
}
