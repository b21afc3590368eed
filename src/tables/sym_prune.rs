//! Pruning tables over a symmetry-reduced coordinate `a` and a raw coordinate `b`: entry
//! `class(a) * b_size + conj(b, sym(a))`. The move tables stay raw; a class representative is
//! moved and the result reduced again. 4 bits per entry.

use super::nibble::NibbleTable;
use super::prune::UNREACHED;
use crate::coord::sym_coord::SymCoord;

/// What a symmetry-reduced pruning table is built from.
pub struct SymPruneSpec<'a> {
    /// The reduced coordinate.
    pub sym: &'a SymCoord,
    /// Move table of `a`, `stride` columns: raw (a row per raw value, raw entries), or by class
    /// when `a_by_class`.
    pub a_move: &'a [u16],
    /// `a_move` has a row per class, with entries `class << 4 | sym` (as `SymCoord::class_sym`).
    pub a_by_class: bool,
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
    /// Entries farther than this are stored as this (still a lower bound); the build stops
    /// there instead of finding the last few far entries.
    pub cap: Option<u8>,
}

impl SymPruneSpec<'_> {
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

    /// Where move column `c` takes value `b` of the raw coordinate, conjugated into the class
    /// row the move's [`Target`] lands in.
    #[inline(always)]
    fn moved(&self, b: usize, c: usize, t: &Target) -> usize {
        self.b_conj[self.b_move[b * self.stride + c] as usize * self.n_conj + t.sym] as usize
    }

    /// One row of a forward breadth-first step: sets the unreached neighbours of the row's
    /// entries at `depth`. Out of line so browsers optimise it early (see `prune::expand_row`);
    /// the backward step is a function of its own, so each compiles sooner.
    #[inline(never)]
    fn expand_forward(&self, dist: &mut [u8], class: usize, to: &[Target], depth: u8) -> u64 {
        let (b_size, next) = (self.b_size, depth + 1);
        let row = class * b_size;
        let mut count = 0;
        for b in 0..b_size {
            if dist[row + b] != depth {
                continue;
            }
            for (t, &c) in to.iter().zip(self.columns) {
                let b2 = self.moved(b, c, t);
                let j = t.row + b2;
                if t.plain {
                    let v = dist[j];
                    let fresh = (v == UNREACHED) as u8;
                    dist[j] = v - fresh * (UNREACHED - next);
                    count += fresh as u64;
                } else if dist[j] == UNREACHED {
                    count += self.set_all(dist, t.row / b_size, b2, next);
                }
            }
        }
        count
    }

    /// One row of a backward breadth-first step: sets the row's unreached entries that have a
    /// neighbour at `depth` (see [`Self::expand_forward`]).
    #[inline(never)]
    fn expand_backward(&self, dist: &mut [u8], class: usize, to: &[Target], depth: u8) -> u64 {
        let row = class * self.b_size;
        let mut count = 0;
        for b in 0..self.b_size {
            if dist[row + b] != UNREACHED {
                continue;
            }
            let hit = to.iter().zip(self.columns).any(|(t, &c)| dist[t.row + self.moved(b, c, t)] == depth);
            if hit {
                count += self.set_all(dist, class, b, depth + 1);
            }
        }
        count
    }

    /// Builds the table breadth-first from the solved entry (0, 0).
    #[inline(never)]
    pub fn build(&self) -> NibbleTable {
        let classes = self.sym.classes();
        let b_size = self.b_size;
        let total = (classes * b_size) as u64;
        let mut dist = vec![UNREACHED; classes * b_size];
        let mut reached = self.set_all(&mut dist, 0, 0, 0);
        let mut at_depth = reached;
        let mut depth = 0u8;
        let cols = self.columns.len();
        // Per row: where each move takes the class representative.
        let mut to = vec![Target { row: 0, sym: 0, plain: false }; cols];
        while at_depth > 0 && reached < total {
            let next = depth + 1;
            if Some(next) == self.cap {
                // Every entry not yet reached is at least `next` away.
                dist.iter_mut().filter(|d| **d == UNREACHED).for_each(|d| *d = next);
                break;
            }
            assert!(next < UNREACHED, "distance does not fit 4 bits");
            let backward = at_depth > (total - reached) / 2;
            let look_for = if backward { UNREACHED } else { depth };
            let mut count = 0;
            for class in 0..classes {
                let row = class * b_size;
                if !row_has(&dist[row..row + b_size], look_for) {
                    continue;
                }
                let a_row = if self.a_by_class { class } else { self.sym.reps[class] as usize };
                for (t, &c) in to.iter_mut().zip(self.columns) {
                    let moved = self.a_move[a_row * self.stride + c] as usize;
                    let cs = if self.a_by_class { moved } else { self.sym.class_sym[moved] as usize };
                    // Most representatives have no symmetry of their own: one entry to set.
                    *t = Target { row: (cs >> 4) * b_size, sym: cs & 15, plain: self.sym.stabiliser[cs >> 4] == 1 };
                }
                count += if backward {
                    self.expand_backward(&mut dist, class, &to, depth)
                } else {
                    self.expand_forward(&mut dist, class, &to, depth)
                };
            }
            depth = next;
            at_depth = count;
            reached += count;
        }
        NibbleTable::from_values(&dist)
    }
}

/// Where one move takes a row's class representative: the row of the class it lands in, the
/// symmetry that conjugates it there, and whether that class has no symmetry of its own.
#[derive(Clone, Copy)]
struct Target {
    row: usize,
    sym: usize,
    plain: bool,
}

/// Does a row hold `value`? Out of line so browsers optimise it early (see `prune::expand_row`).
#[inline(never)]
fn row_has(row: &[u8], value: u8) -> bool {
    row.contains(&value)
}
