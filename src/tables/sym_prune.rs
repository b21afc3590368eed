//! Pruning tables over a symmetry-reduced coordinate `a` and a raw coordinate `b`: entry
//! `class(a) * b_size + conj(b, sym(a))`. The move tables stay raw; a class representative is
//! moved and the result reduced again. 4 bits per entry.

use super::nibble::NibbleTable;
use super::prune::UNREACHED;
use crate::coord::sym::SymCoord;

/// What a symmetry-reduced pruning table is built from.
pub struct SymPruneSpec<'a> {
    /// The reduced coordinate.
    pub sym: &'a SymCoord,
    /// Raw move table of `a`, `stride` columns.
    pub a_move: &'a [u16],
    /// Raw move table of `b`, `stride` columns.
    pub b_move: &'a [u16],
    /// `b` conjugated by each of the `n_conj` symmetries: `b * n_conj + s`.
    pub b_conj: &'a [u16],
    /// Symmetries in `b_conj` (at least those `sym` was reduced by).
    pub n_conj: usize,
    /// Values of `b`.
    pub b_size: usize,
    /// Columns of the move tables.
    pub stride: usize,
    /// Columns searched (closed under inverses).
    pub columns: &'a [usize],
}

impl SymPruneSpec<'_> {
    #[inline(always)]
    fn neighbour(&self, a_raw: usize, b: usize, col: usize) -> (usize, usize) {
        let a2 = self.a_move[a_raw * self.stride + col] as usize;
        let b2 = self.b_move[b * self.stride + col] as usize;
        let class = self.sym.class_of[a2] as usize;
        let s = self.sym.sym_of[a2] as usize;
        (class, self.b_conj[b2 * self.n_conj + s] as usize)
    }

    /// Sets `(class, b)` and every entry its representative's symmetries make equal to it;
    /// returns how many were newly set.
    fn set_all(&self, dist: &mut [u8], class: usize, b: usize, value: u8) -> u64 {
        let mut count = 0;
        let base = class * self.b_size;
        if dist[base + b] == UNREACHED {
            dist[base + b] = value;
            count += 1;
        }
        let mut stab = self.sym.stabiliser[class] >> 1;
        let mut s = 1;
        while stab != 0 {
            if stab & 1 == 1 {
                let j = base + self.b_conj[b * self.n_conj + s] as usize;
                if dist[j] == UNREACHED {
                    dist[j] = value;
                    count += 1;
                }
            }
            stab >>= 1;
            s += 1;
        }
        count
    }

    /// Builds the table breadth-first from the solved entry (0, 0).
    pub fn build(&self) -> NibbleTable {
        let classes = self.sym.classes();
        let total = (classes * self.b_size) as u64;
        let mut dist = vec![UNREACHED; classes * self.b_size];
        let mut reached = self.set_all(&mut dist, 0, 0, 0);
        let mut at_depth = reached;
        let mut depth = 0u8;
        while at_depth > 0 && reached < total {
            let next = depth + 1;
            assert!(next < UNREACHED, "distance does not fit 4 bits");
            let backward = at_depth > (total - reached) / 2;
            let mut count = 0;
            for class in 0..classes {
                let a_raw = self.sym.reps[class] as usize;
                for b in 0..self.b_size {
                    let v = dist[class * self.b_size + b];
                    if backward {
                        if v == UNREACHED
                            && self.columns.iter().any(|&c| {
                                let (c2, b2) = self.neighbour(a_raw, b, c);
                                dist[c2 * self.b_size + b2] == depth
                            })
                        {
                            count += self.set_all(&mut dist, class, b, next);
                        }
                    } else if v == depth {
                        for &c in self.columns {
                            let (c2, b2) = self.neighbour(a_raw, b, c);
                            if dist[c2 * self.b_size + b2] == UNREACHED {
                                count += self.set_all(&mut dist, c2, b2, next);
                            }
                        }
                    }
                }
            }
            depth = next;
            at_depth = count;
            reached += count;
        }
        let packed: Box<[u8]> = dist.chunks(2).map(|p| p[0] | p.get(1).map_or(0, |&h| h << 4)).collect();
        NibbleTable::from_packed(packed, dist.len())
    }
}
