//! The 2x2 distance table built over symmetry classes, then unfolded: the fast path beside the
//! plain breadth-first build of [`super::pocket`] (tests hold the two equal).
//!
//! The six symmetries that fix the DBL corner (the three rotations about the DBL-URF diagonal,
//! each also mirrored) map the move set {U, R, F} onto itself, so states that they conjugate into
//! each other are equally far from solved. Corner permutations fall into 870 classes; a state's
//! entry is its permutation class × its twist after conjugating by the symmetry that takes the
//! permutation to its class representative. That is 634,230 entries instead of 3,674,160.
//!
//! Conjugating a twist depends on the permutation only through a per-permutation offset:
//! `twist'(s, p, t) = T_s(t) ⊕ D_s(p)`, digit-wise mod 3, with `T_s(t)` the conjugate of twist
//! `t` on solved corners and `D_s(p)` that of permutation `p` with no twist (a test checks this
//! against whole-cube conjugation).

use super::nibble::NibbleTable;
use super::pocket_moves::{Metric, PocketMoveTables};
use crate::coord::index::{ori_rank, ori_unrank};
use crate::coord::pocket::{pocket_cube, pocket_index};
use crate::coord::sym::Sym;
use crate::coord::{N_POCKET, N_POCKET_PERM, N_POCKET_TWIST};
use crate::cube::{CubieCube, PocketCube};
use std::sync::OnceLock;

/// The symmetries of [`crate::coord::sym::syms`] (by number) that fix DBL: the axis permutations without sign changes.
const SYMS: [usize; 6] = [0, 8, 16, 24, 32, 40];
/// Permutation classes under them.
pub const N_PERM_CLASSES: usize = 870;
const UNREACHED: u8 = 255;

/// The six symmetries (built on their own: the 2x2 needs no other).
fn pocket_syms() -> &'static [Sym; 6] {
    static SYMS6: OnceLock<[Sym; 6]> = OnceLock::new();
    SYMS6.get_or_init(|| SYMS.map(Sym::by_index))
}

/// Conjugates a 2x2 state by symmetry `s` (0..6) through the 3x3 cubie path.
pub fn conj_pocket(c: &PocketCube, s: usize) -> PocketCube {
    let cube = CubieCube { cp: c.cp, co: c.co, ..CubieCube::SOLVED };
    let mut out = cube;
    pocket_syms()[s].conj_corners(&cube, &mut out);
    PocketCube { cp: out.cp, co: out.co }
}

/// Symmetry classes of the 2x2 permutation and the twist conjugation tables.
pub struct PocketSyms {
    /// For each permutation: its class `<< 3 |` the symmetry taking it to the representative.
    class_sym: Box<[u16]>,
    /// Representative permutation of each class.
    reps: Box<[u16]>,
    /// For each class, the symmetries other than the identity that fix its representative.
    stab: Box<[u8]>,
    /// `s * 729 + t` → `T_s(t)`, split for [`add3`]: its first three digits × 27 in the low
    /// ten bits, its last three digits above them.
    tconj: Box<[u16]>,
    /// `s * 5040 + p` → `D_s(p)`.
    pconj_twist: Box<[u16]>,
    /// `a * 27 + b` → digit-wise sum mod 3 of three-digit base-3 numbers `a` and `b` (a twist
    /// is two of them: its first three digits and its last three).
    add27: [u8; 729],
}

/// Digit-wise sum mod 3 of a split twist `a` (as in `PocketSyms::tconj`) and twist `b`, through
/// the three-digit table (which stays in cache).
#[inline(always)]
fn add3(add27: &[u8; 729], a: u16, b: usize) -> usize {
    add27[(a & 1023) as usize + b / 27] as usize * 27 + add27[(a >> 10) as usize * 27 + b % 27] as usize
}

/// A twist split for [`add3`].
fn split(t: usize) -> u16 {
    (t / 27 * 27) as u16 | ((t % 27) << 10) as u16
}

impl PocketSyms {
    /// Builds the classes and tables (a few milliseconds).
    pub fn generate() -> PocketSyms {
        let perm_of = |c: &PocketCube| pocket_index(c) / N_POCKET_TWIST;
        let twist_of = |c: &PocketCube| pocket_index(c) % N_POCKET_TWIST;
        let mut pconj = vec![0u16; 6 * N_POCKET_PERM];
        let mut pconj_twist = vec![0u16; 6 * N_POCKET_PERM].into_boxed_slice();
        for p in 0..N_POCKET_PERM {
            let c = pocket_cube(p * N_POCKET_TWIST);
            for s in 0..6 {
                let d = conj_pocket(&c, s);
                pconj[s * N_POCKET_PERM + p] = perm_of(&d) as u16;
                pconj_twist[s * N_POCKET_PERM + p] = twist_of(&d) as u16;
            }
        }
        let mut tconj = vec![0u16; 6 * N_POCKET_TWIST].into_boxed_slice();
        for t in 0..N_POCKET_TWIST {
            let c = pocket_cube(t);
            for s in 0..6 {
                tconj[s * N_POCKET_TWIST + t] = split(twist_of(&conj_pocket(&c, s)));
            }
        }
        let inv: Vec<usize> = (0..6)
            .map(|a| {
                let probe = pocket_cube(1234 * N_POCKET_TWIST + 567);
                (0..6).find(|&b| conj_pocket(&conj_pocket(&probe, a), b) == probe).expect("a group")
            })
            .collect();
        let mut class_sym = vec![u16::MAX; N_POCKET_PERM].into_boxed_slice();
        let (mut reps, mut stab) = (Vec::new(), Vec::new());
        for p in 0..N_POCKET_PERM {
            if class_sym[p] != u16::MAX {
                continue;
            }
            let class = reps.len() as u16;
            let mut fixed = 0u8;
            for s in 0..6 {
                let q = pconj[s * N_POCKET_PERM + p] as usize;
                if q == p && s != 0 {
                    fixed |= 1 << s;
                }
                if class_sym[q] == u16::MAX {
                    class_sym[q] = class << 3 | inv[s] as u16;
                }
            }
            reps.push(p as u16);
            stab.push(fixed);
        }
        assert_eq!(reps.len(), N_PERM_CLASSES, "2x2 permutation classes");
        // Three base-3 digits: `ori_rank` of four orientations (the fourth follows the others).
        let digits = |t: usize| {
            let mut d = [0u8; 4];
            ori_unrank(t, 3, &mut d);
            d
        };
        let add27 = std::array::from_fn(|i| {
            let (a, b) = (digits(i / 27), digits(i % 27));
            ori_rank(&std::array::from_fn::<u8, 4, _>(|k| (a[k] + b[k]) % 3), 3) as u8
        });
        PocketSyms {
            class_sym,
            reps: reps.into_boxed_slice(),
            stab: stab.into_boxed_slice(),
            tconj,
            pconj_twist,
            add27,
        }
    }

    /// The reduced entry of state `(perm, twist)`.
    #[inline(always)]
    pub fn entry(&self, perm: usize, twist: usize) -> usize {
        let cs = self.class_sym[perm] as usize;
        let (class, s) = (cs >> 3, cs & 7);
        class * N_POCKET_TWIST + self.conj_twist(s, perm, twist)
    }

    /// `T_s(t) ⊕ D_s(p)`: the twist of state `(p, t)` conjugated by symmetry `s`.
    #[inline(always)]
    pub fn conj_twist(&self, s: usize, perm: usize, twist: usize) -> usize {
        add3(&self.add27, self.tconj[s * N_POCKET_TWIST + twist], self.pconj_twist[s * N_POCKET_PERM + perm] as usize)
    }
}

/// A stepwise build: classes, then one breadth-first depth per step, then the unfolding.
pub struct PocketSymBuild {
    syms: PocketSyms,
    perm_move: Box<[u16]>,
    twist_move: Box<[u16]>,
    columns: &'static [usize],
    dist: Vec<u8>,
    depth: u8,
    reached: usize,
    at_depth: usize,
}

impl PocketSymBuild {
    /// Starts a build in `metric`.
    pub fn new(moves: &PocketMoveTables, metric: Metric) -> PocketSymBuild {
        let syms = PocketSyms::generate();
        let mut dist = vec![UNREACHED; N_PERM_CLASSES * N_POCKET_TWIST];
        dist[syms.entry(0, 0)] = 0;
        PocketSymBuild {
            syms,
            perm_move: moves.perm_move.clone(),
            twist_move: moves.twist_move.clone(),
            columns: metric.columns(),
            dist,
            depth: 0,
            reached: 1,
            at_depth: 1,
        }
    }

    /// Fraction of the reduced entries reached.
    pub fn progress(&self) -> f64 {
        self.reached as f64 / self.dist.len() as f64
    }

    /// One breadth-first depth; false once every entry has its distance.
    pub fn step(&mut self) -> bool {
        if self.at_depth == 0 || self.reached == self.dist.len() {
            return false;
        }
        let backward = self.at_depth > (self.dist.len() - self.reached) / 2;
        let mut marked = 0;
        for class in 0..N_PERM_CLASSES {
            marked += self.expand_class(class, backward);
        }
        self.depth += 1;
        self.at_depth = marked;
        self.reached += marked;
        self.at_depth != 0 && self.reached != self.dist.len()
    }

    /// Forward: marks the unreached neighbours of the class's entries at the current depth;
    /// backward: marks its unreached entries with a neighbour there. Entries the class's
    /// stabiliser maps onto each other are marked together.
    #[inline(never)]
    fn expand_class(&mut self, class: usize, backward: bool) -> usize {
        let s = &self.syms;
        let dist = &mut self.dist;
        let twist_move = &self.twist_move;
        let p = s.reps[class] as usize;
        let n = self.columns.len();
        let mut row = [0usize; 9];
        let mut sym = [0usize; 9];
        let mut offset = [0usize; 9];
        let mut col = [0usize; 9];
        let mut stab = [0u8; 9];
        for (k, &c) in self.columns.iter().enumerate() {
            let p2 = self.perm_move[p * 9 + c] as usize;
            let cs = s.class_sym[p2] as usize;
            row[k] = (cs >> 3) * N_POCKET_TWIST;
            sym[k] = (cs & 7) * N_POCKET_TWIST;
            offset[k] = s.pconj_twist[(cs & 7) * N_POCKET_PERM + p2] as usize;
            col[k] = c;
            stab[k] = s.stab[cs >> 3];
        }
        let d = self.depth;
        let base = class * N_POCKET_TWIST;
        let target = |k: usize, t: usize| {
            let t2 = twist_move[t * 9 + col[k]] as usize;
            add3(&s.add27, s.tconj[sym[k] + t2], offset[k])
        };
        let mut count = 0;
        if backward {
            let mut found = Vec::new();
            for t in 0..N_POCKET_TWIST {
                if dist[base + t] == UNREACHED && (0..n).any(|k| dist[row[k] + target(k, t)] == d) {
                    found.push(t);
                }
            }
            for t in found {
                count += mark(dist, s, base, t, s.stab[class], d + 1);
            }
        } else {
            for t in 0..N_POCKET_TWIST {
                if dist[base + t] != d {
                    continue;
                }
                for k in 0..n {
                    let t3 = target(k, t);
                    if dist[row[k] + t3] == UNREACHED {
                        count += mark(dist, s, row[k], t3, stab[k], d + 1);
                    }
                }
            }
        }
        count
    }

    /// Runs to the end and unfolds the classes into the full 3,674,160-entry table.
    pub fn finish(mut self) -> NibbleTable {
        while self.step() {}
        let mut packed = vec![0u8; N_POCKET.div_ceil(2)].into_boxed_slice();
        for p in 0..N_POCKET_PERM {
            unfold_perm(&self.syms, &self.dist, p, &mut packed);
        }
        NibbleTable::from_packed(packed, N_POCKET)
    }
}

/// Writes the full-table entries of permutation `p` from its class's entries. Out of line (one
/// call per permutation) so browsers optimise it early (see `tables::prune`).
#[inline(never)]
fn unfold_perm(s: &PocketSyms, dist: &[u8], p: usize, packed: &mut [u8]) {
    let cs = s.class_sym[p] as usize;
    let (row, sym) = ((cs >> 3) * N_POCKET_TWIST, (cs & 7) * N_POCKET_TWIST);
    let offset = s.pconj_twist[(cs & 7) * N_POCKET_PERM + p] as usize;
    for t in 0..N_POCKET_TWIST {
        let t2 = add3(&s.add27, s.tconj[sym + t], offset);
        let v = dist[row + t2].min(15);
        let i = p * N_POCKET_TWIST + t;
        packed[i >> 1] |= v << ((i & 1) << 2);
    }
}

/// Marks entry `(row, t)` and its conjugates under the stabiliser `stab` with distance `d`
/// where still unreached; returns how many it marked.
#[inline(always)]
fn mark(dist: &mut [u8], s: &PocketSyms, row: usize, t: usize, stab: u8, d: u8) -> usize {
    let mut count = 0;
    if dist[row + t] == UNREACHED {
        dist[row + t] = d;
        count += 1;
    }
    let rep = s.reps[row / N_POCKET_TWIST] as usize;
    let mut bits = stab;
    while bits != 0 {
        let u = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let j = row + s.conj_twist(u, rep, t);
        if dist[j] == UNREACHED {
            dist[j] = d;
            count += 1;
        }
    }
    count
}
