//! The optimal solver's pruning table (the "h0" table): for every symmetry class of the
//! coordinate pair (`cocsep`, `esep`) of [`crate::coord::h0`], the fewest moves that bring a cube
//! into the target group (corners in their tetrads and oriented, edges in their slices). That
//! group is mapped onto itself by all 48 symmetries, so entries are stored per class of the 48:
//! 3,393 corner classes × 34,650 edge values = 117,567,450 entries.
//!
//! | size | bits | bytes | a 0 means |
//! | --- | --- | --- | --- |
//! | large | 4 | 58.8 MB | solved for the coordinate (exact distances, capped at 15) |
//! | small | 2 | 29.4 MB | "at most base": fall back to the corner-only and edge-only distances |
//!
//! Entry `class * 34650 + e'`, where `class` is the class of `cocsep` and `e'` the `esep` value
//! after conjugating by the symmetry that takes `cocsep` to its class representative.

use super::format::{self, Packed, KIND_OPTIMAL_LARGE, KIND_OPTIMAL_NEAR, KIND_OPTIMAL_SMALL};
use super::h48::{self, H3Build, H3Table};
use super::nibble::NibbleTable;
use crate::coord::h0::{cocsep, cocsep_cube, esep, esep_cube, esep_masks, esep_ranks, N_COCSEP, N_CSEP, N_ESEP};
use crate::coord::index::{ori_rank, ori_unrank, perm_rank, perm_unrank};
use crate::coord::sym48::{inverse48, syms48, Sym48, N_SYM48};
use crate::cube::cubie::{compose_corners, move_cubes};
use crate::cube::CubieCube;
use crate::error::TableError;

/// Symmetry classes of `cocsep` under the 48 symmetries.
pub const N_CORNER_CLASSES: usize = 3393;
/// Entries of the table.
pub const N_H0: usize = N_CORNER_CLASSES * N_ESEP;
/// Marks entries the build has not reached.
const UNREACHED: u8 = 255;

/// Which tables: h0 as exact 4-bit distances, or 2-bit distances above a base at half the
/// size; or the 4-bit h0 table with a flip table of [`super::h48`] (h3 to h6) beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSize {
    /// h0, 2 bits per entry, 29.4 MB.
    Small,
    /// h0, 4 bits per entry, 58.8 MB.
    Medium,
    /// h0 at 4 bits (58.8 MB) and h3 (235.1 MB).
    Large,
    /// h0 at 4 bits (58.8 MB) and h4 (470.3 MB).
    Huge,
    /// h0 at 4 bits (58.8 MB) and h5 (940.5 MB).
    H5,
    /// h0 at 4 bits (58.8 MB) and h6 (1.88 GB; not on wasm32, whose indices have 32 bits).
    H6,
}

impl TableSize {
    /// Reads `small`, `medium`, `large`, `huge`, `h5` or `h6` (not on wasm32); `h0`, `h3` and
    /// `h4` name the medium, large and huge sizes too.
    pub fn parse(s: &str) -> Option<TableSize> {
        match s {
            "small" => Some(TableSize::Small),
            "medium" | "h0" => Some(TableSize::Medium),
            "large" | "h3" => Some(TableSize::Large),
            "huge" | "h4" => Some(TableSize::Huge),
            "h5" => Some(TableSize::H5),
            "h6" => Some(TableSize::H6),
            _ => None,
        }
    }
    /// `small`, `medium`, `large`, `huge`, `h5` or `h6`.
    pub fn name(self) -> &'static str {
        match self {
            TableSize::Small => "small",
            TableSize::Medium => "medium",
            TableSize::Large => "large",
            TableSize::Huge => "huge",
            TableSize::H5 => "h5",
            TableSize::H6 => "h6",
        }
    }
    /// The edge flips kept by the flip table read beside h0 (3 for h3 and so on), if any.
    pub fn flip_bits(self) -> Option<usize> {
        match self {
            TableSize::Small | TableSize::Medium => None,
            TableSize::Large => Some(3),
            TableSize::Huge => Some(4),
            TableSize::H5 => Some(5),
            TableSize::H6 => Some(6),
        }
    }
    /// The size whose flip table keeps `bits` flips.
    pub fn with_flips(bits: usize) -> Option<TableSize> {
        [TableSize::Large, TableSize::Huge, TableSize::H5, TableSize::H6]
            .into_iter()
            .find(|s| s.flip_bits() == Some(bits))
    }
}

/// Move tables, symmetry classes and the small fallback tables the h0 table is read through.
#[derive(Clone)]
pub struct H0Coords {
    /// `twist * 18 + move` → twist after the move (`cocsep % 2187`).
    twist_move: Box<[u16]>,
    /// `csep * 18 + move` → corner separation after the move (`cocsep / 2187`). The two parts
    /// move independently, and these two small tables stay in cache where one 11 MB table of
    /// whole `cocsep` values would not.
    csep_move: Box<[u8]>,
    /// `esep * 18 + move` → `esep` after the move.
    pub emove: Box<[u16]>,
    /// For each `cocsep`: its class `<< 6 |` the symmetry taking it to the class representative.
    pub class_sym: Box<[u32]>,
    /// `cocsep` of each class representative.
    pub reps: Box<[u32]>,
    /// For each class, the symmetries other than the identity that fix its representative (bit
    /// `s`). Entries of such a class that these symmetries conjugate into each other are the
    /// same cubes up to symmetry, and must hold the same distance.
    pub stabiliser: Box<[u64]>,
    /// `sym * 34650 + esep` → `esep` conjugated by the symmetry.
    pub econj: Box<[u16]>,
    /// The same conjugation computed from slot masks through small tables, and moves of the
    /// slot masks: the search's and the flip-table build's way (a read of the 3.3 MB `econj`
    /// or the 1.2 MB `emove` misses the cache).
    pub esym: EsepConj,
    /// Distance of the corner part alone (a lower bound), per `cocsep`.
    pub cdist: Box<[u8]>,
    /// Distance of the edge part alone, per `esep`.
    pub edist: Box<[u8]>,
}

/// Breadth-first distances over one coordinate (`step(x, move)`, 18 moves) from `start`.
fn bfs_small(size: usize, start: usize, step: impl Fn(usize, usize) -> usize) -> Box<[u8]> {
    let mut dist = vec![UNREACHED; size].into_boxed_slice();
    dist[start] = 0;
    let mut frontier = vec![start];
    let mut d = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &x in &frontier {
            for m in 0..18 {
                let y = step(x, m);
                if dist[y] == UNREACHED {
                    dist[y] = d + 1;
                    next.push(y);
                }
            }
        }
        frontier = next;
        d += 1;
    }
    dist
}

impl H0Coords {
    /// Builds everything from cubies (a fraction of a second).
    pub fn generate() -> H0Coords {
        let moves = move_cubes();
        let mut twist_move = vec![0u16; 2187 * 18].into_boxed_slice();
        let mut csep_move = vec![0u8; N_CSEP * 18].into_boxed_slice();
        let corner_move = |x: usize, mc: &CubieCube| {
            let c = cocsep_cube(x);
            let (cp, co) = compose_corners(&c.cp, &c.co, &mc.cp, &mc.co);
            cocsep(&CubieCube { cp, co, ..c })
        };
        for (m, mc) in moves.iter().enumerate() {
            for t in 0..2187 {
                twist_move[t * 18 + m] = (corner_move(t, mc) % 2187) as u16;
            }
            for s in 0..N_CSEP {
                csep_move[s * 18 + m] = (corner_move(s * 2187, mc) / 2187) as u8;
            }
        }
        let mut emove = vec![0u16; N_ESEP * 18].into_boxed_slice();
        for x in 0..N_ESEP {
            let c = esep_cube(x);
            for (m, mc) in moves.iter().enumerate() {
                emove[x * 18 + m] = esep(&c.compose(mc)) as u16;
            }
        }
        let syms = syms48();
        let inv = inverse48();
        let mut class_sym = vec![u32::MAX; N_COCSEP].into_boxed_slice();
        let mut reps = Vec::with_capacity(N_CORNER_CLASSES);
        let mut stabiliser = Vec::with_capacity(N_CORNER_CLASSES);
        for x in 0..N_COCSEP {
            if class_sym[x] != u32::MAX {
                continue;
            }
            let class = reps.len() as u32;
            reps.push(x as u32);
            let cube = cocsep_cube(x);
            let mut conj = cube;
            let mut fixed = 0u64;
            for (s, sym) in syms.iter().enumerate() {
                sym.conj_corners(&cube, &mut conj);
                let y = cocsep(&conj);
                if y == x && s != 0 {
                    fixed |= 1 << s;
                }
                if class_sym[y] == u32::MAX {
                    // y = x conjugated by s, so y conjugated by s⁻¹ is the representative x.
                    class_sym[y] = class << 6 | inv[s] as u32;
                }
            }
            stabiliser.push(fixed);
        }
        assert_eq!(reps.len(), N_CORNER_CLASSES, "corner classes");
        let mut econj = vec![0u16; N_SYM48 * N_ESEP].into_boxed_slice();
        for x in 0..N_ESEP {
            let cube = esep_cube(x);
            let mut conj = cube;
            for (s, sym) in syms.iter().enumerate() {
                sym.conj_edges(&cube, &mut conj);
                econj[s * N_ESEP + x] = esep(&conj) as u16;
            }
        }
        let edist = bfs_small(N_ESEP, esep(&CubieCube::SOLVED), |x, m| emove[x * 18 + m] as usize);
        let (reps, stabiliser) = (reps.into_boxed_slice(), stabiliser.into_boxed_slice());
        let mut coords = H0Coords {
            twist_move,
            csep_move,
            emove,
            class_sym,
            reps,
            stabiliser,
            econj,
            esym: EsepConj::generate(),
            cdist: Box::new([]),
            edist,
        };
        coords.cdist = bfs_small(N_COCSEP, cocsep(&CubieCube::SOLVED), |x, m| coords.cmove(x, m));
        coords
    }

    /// `cocsep` after move `m` (0..18).
    #[inline(always)]
    pub fn cmove(&self, cocsep: usize, m: usize) -> usize {
        let (s, t) = (cocsep / 2187, cocsep % 2187);
        self.csep_move[s * 18 + m] as usize * 2187 + self.twist_move[t * 18 + m] as usize
    }

    /// The table entry of a coordinate pair.
    #[inline(always)]
    pub fn index(&self, cocsep: usize, esep: usize) -> usize {
        self.row(self.class_sym[cocsep] as usize, self.esym.mask(esep))
    }

    /// [`H0Coords::index`] given the corners' `class_sym` value `cs` and the edge separation's
    /// slot masks `w` ([`EsepConj::mask`]).
    #[inline(always)]
    pub fn row(&self, cs: usize, w: u32) -> usize {
        (cs >> 6) * N_ESEP + self.esym.conj_mask(cs & 63, w)
    }
}

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
    pick: [[u8; 2]; N_SYM48],
    /// `e6 << 6 | m6` (six slots' E and M bits) → the M bits of the slots that are not E,
    /// packed, | how many those are << 8.
    squeeze: Box<[u16]>,
    erank: Box<[u16]>,
    mrank: [u8; 256],
}

impl EsepConj {
    /// Builds the tables from the symmetries' cubie definitions.
    pub fn generate() -> EsepConj {
        let slice_of = h48::slice_of;
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
        let syms = syms48();
        let mut perm = vec![0u16; N_SYM48 * 128].into_boxed_slice();
        let mut pick = [[0u8; 2]; N_SYM48];
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
    /// what [`EsepConj::conj_mask`] and [`h48::FlipCoords`] read of it.
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
        let mut pmove = vec![0u16; 40320 * 18].into_boxed_slice();
        for p in 0..40320 {
            let c = cube_of(p, 0);
            for (m, mc) in moves.iter().enumerate() {
                pmove[p * 18 + m] = perm_rank(&compose_corners(&c.cp, &c.co, &mc.cp, &mc.co).0) as u16;
            }
        }
        let mut tmove = vec![0u16; 2187 * 18].into_boxed_slice();
        for t in 0..2187 {
            let c = cube_of(0, t);
            for (m, mc) in moves.iter().enumerate() {
                tmove[t * 18 + m] = ori_rank(&compose_corners(&c.cp, &c.co, &mc.cp, &mc.co).1, 3) as u16;
            }
        }
        let syms: Vec<&Sym48> = ud_syms().iter().map(|&s| &syms48()[s]).collect();
        let inv16: Vec<usize> = (0..16)
            .map(|a| {
                (0..16)
                    .find(|&b| syms[b].conj(&syms[a].conj(&cube_of(1234, 567))) == cube_of(1234, 567))
                    .expect("a group")
            })
            .collect();
        let mut class_sym = vec![u16::MAX; 40320].into_boxed_slice();
        let mut classes = 0u16;
        let mut stabiliser = Vec::new();
        for p in 0..40320 {
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
        let mut tconj = vec![0u16; 16 * 2187].into_boxed_slice();
        for t in 0..2187 {
            let cube = cube_of(0, t);
            let mut conj = cube;
            for (s, sym) in syms.iter().enumerate() {
                sym.conj_corners(&cube, &mut conj);
                tconj[s * 2187 + t] = ori_rank(&conj.co, 3) as u16;
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
        (cs >> 4) * 2187 + self.tconj[(cs & 15) * 2187 + twist] as usize
    }

    /// The fewest moves that solve the corners of a cube with these coordinates.
    #[inline(always)]
    pub fn distance(&self, perm: usize, twist: usize) -> u32 {
        self.dist.get(self.index(perm, twist)) as u32
    }

    fn bfs(&self) -> NibbleTable {
        let n = N_CPERM_CLASSES * 2187;
        let mut dist = vec![UNREACHED; n];
        let mut rep = vec![u16::MAX; N_CPERM_CLASSES];
        for p in (0..40320).rev() {
            rep[(self.class_sym[p] >> 4) as usize] = p as u16;
        }
        dist[self.index(0, 0)] = 0;
        let (mut d, mut at_d, mut unreached) = (0u8, 1usize, n - 1);
        let neighbour = |i: usize, m: usize| {
            let (p, t) = (rep[i / 2187] as usize, i % 2187);
            self.index(self.pmove[p * 18 + m] as usize, self.tmove[t * 18 + m] as usize)
        };
        while at_d > 0 {
            if at_d > unreached {
                // Most entries are reached: each one left looks for a neighbour at `d` (it stops
                // at the first), which costs less than moving every entry at `d` 18 ways (the
                // last two depths: a table built in 0.25 s natively instead of 0.55 s). A
                // symmetry fixing an entry's class maps its neighbours to another entry's, so
                // conjugate entries still get the same distance.
                at_d = 0;
                for i in 0..n {
                    if dist[i] == UNREACHED && (0..18).any(|m| dist[neighbour(i, m)] == d) {
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
                for m in 0..18 {
                    let j = neighbour(i, m);
                    if dist[j] == UNREACHED {
                        // And the same corners up to a symmetry that fixes the class (see
                        // `expand_class`).
                        let (class, t2) = (j / 2187, j % 2187);
                        let mut stab = self.stabiliser[class] as u32 | 1;
                        while stab != 0 {
                            let s = stab.trailing_zeros() as usize;
                            stab &= stab - 1;
                            let k = class * 2187 + self.tconj[s * 2187 + t2] as usize;
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

/// The symmetries of [`syms48`] that keep the UD axis (16 of them).
pub fn ud_syms() -> Vec<usize> {
    (0..N_SYM48).filter(|&s| syms48()[s].matrix[1][1] != 0).collect()
}

/// A cube's coordinates, its h0 entry and its entry in the flip table (`u64::MAX` without
/// one).
#[derive(Clone, Copy, Default)]
pub struct BoundEntry {
    cocsep: usize,
    /// The edge separation's slot masks ([`EsepConj::mask`]).
    mask: u32,
    row: usize,
    h3: u64,
}

/// What an entry is computed from: the corner class and symmetry (`class_sym`, in a table too
/// big for the cache: read for several cubes in a row, [`OptimalTables::keys`], their misses
/// overlap) and the edge slices' slots ([`EsepConj::mask`]).
#[derive(Clone, Copy, Default)]
pub struct EntryKeys {
    class_sym: u32,
    mask: u32,
}

/// The h0 pruning table with the coordinates it is read through, and the corner table.
pub struct OptimalTables {
    /// Coordinates, move tables and fallbacks.
    pub coords: H0Coords,
    /// The corner table read beside it.
    pub corners: CornerTable,
    prune: Prune,
    /// The h3 table, read before h0 when present.
    pub h3: Option<H3Table>,
}

#[derive(Clone)]
enum Prune {
    Large(NibbleTable),
    Small {
        packed: Box<[u8]>,
        base: u8,
    },
    /// h0 within 8 moves, 9 beyond ([`H3Build::take_near`]): enough beside a flip table.
    Near(NibbleTable),
}

impl OptimalTables {
    /// Builds the tables of `size` in one go.
    pub fn generate(size: TableSize) -> OptimalTables {
        let mut b = H0Build::new(H0Coords::generate());
        while b.step(usize::MAX) {}
        let mut t = b.finish(size);
        if let Some(bits) = size.flip_bits() {
            t.h3 = Some(H3Build::new(&t.coords, bits).finish(&t.coords));
        }
        t
    }

    /// The tables of the large or huge size from their flip table's build alone: `near`
    /// ([`H3Build::take_near`]) in place of h0, which it equals wherever a flip table falls back
    /// on h0 (a tenth of the time of an h0 build saved; the flip table is still to be added).
    /// Without the flip table it is a weaker h0 (9 at most).
    pub fn with_near(coords: H0Coords, near: NibbleTable) -> OptimalTables {
        assert_eq!(near.len(), N_H0);
        OptimalTables { coords, corners: CornerTable::generate(), prune: Prune::Near(near), h3: None }
    }

    /// Whether the h0 part is [`OptimalTables::with_near`]'s (h0 within 8 moves only).
    pub fn is_near(&self) -> bool {
        matches!(self.prune, Prune::Near(_))
    }

    /// A lower bound on the moves that solve a cube with these coordinates.
    #[inline(always)]
    pub fn bound(&self, cocsep: usize, esep: usize) -> u32 {
        self.bound_row(self.coords.index(cocsep, esep), cocsep, self.coords.esym.mask(esep))
    }

    /// [`OptimalTables::bound`] given the coordinates' h0 entry `i` (and the edge slot masks in
    /// place of `esep`).
    #[inline(always)]
    fn bound_row(&self, i: usize, cocsep: usize, mask: u32) -> u32 {
        match &self.prune {
            Prune::Large(t) | Prune::Near(t) => t.get(i) as u32,
            Prune::Small { packed, base } => {
                let code = (packed[i >> 2] >> ((i & 3) << 1)) & 3;
                if code != 0 {
                    (base + code) as u32
                } else {
                    let esep = self.coords.esym.esep_of(mask);
                    self.coords.cdist[cocsep].max(self.coords.edist[esep]).min(*base) as u32
                }
            }
        }
    }

    /// The h3 bound of a cube when the table is there and knows more than "at most 8"; else
    /// the h0 bound (the exact distance to the target group with the 4-bit table). Half turns
    /// applied before the cube change neither.
    #[inline]
    pub fn coords_bound(&self, cube: &CubieCube) -> u32 {
        self.bound_at(self.bound_entry(cube))
    }

    /// Where [`OptimalTables::coords_bound`] reads: found for several cubes before
    /// [`OptimalTables::bound_at`] reads them, the cache misses overlap.
    #[inline(always)]
    pub fn bound_entry(&self, cube: &CubieCube) -> BoundEntry {
        let flips = self.h3.as_ref().map_or(0, |_| h48::flips(cube));
        let cs = cocsep(cube);
        self.entry_at(self.keys(cs, esep_masks(cube)), cs, flips)
    }

    /// The [`EntryKeys`] of a cube's corners and edge slot masks `mask`.
    #[inline(always)]
    pub fn keys(&self, cocsep: usize, mask: u32) -> EntryKeys {
        EntryKeys { class_sym: self.coords.class_sym[cocsep], mask }
    }

    /// The entry of a cube given by its [`EntryKeys`], `cocsep` and edge flips.
    #[inline(always)]
    pub fn entry_at(&self, keys: EntryKeys, cocsep: usize, flips: u16) -> BoundEntry {
        let (cs, w) = (keys.class_sym as usize, keys.mask);
        let row = self.coords.row(cs, w);
        let h3 = self.h3.as_ref().map_or(u64::MAX, |h3| h3.entry_in_row(row, cs & 63, w, flips));
        BoundEntry { cocsep, mask: w, row, h3 }
    }

    /// The bound read where `at` says: at most [`OptimalTables::most`].
    #[inline(always)]
    pub fn bound_at(&self, at: BoundEntry) -> u32 {
        if let Some(h3) = &self.h3 {
            let code = h3.code(at.h3);
            if code != 0 {
                return (h48::BASE + code) as u32;
            }
        }
        self.bound_row(at.row, at.cocsep, at.mask)
    }

    /// The largest bound [`OptimalTables::bound_at`] gives: 11 with a flip table (h3 to h6),
    /// whose 2-bit entries reach [`h48::BASE`] + 3 (where one reads 0, "at most 8", h0 says no
    /// more); `u32::MAX` (no limit assumed) with h0 alone. The search reads no entry where
    /// `most` cannot prune; were an entry to say more, it would only prune less.
    pub fn most(&self) -> u32 {
        if self.h3.is_some() {
            h48::BASE as u32 + 3
        } else {
            u32::MAX
        }
    }

    /// The corner distance of a cube.
    #[inline]
    pub fn corner_bound(&self, cube: &CubieCube) -> u32 {
        self.corners.distance(perm_rank(&cube.cp), ori_rank(&cube.co, 3))
    }

    /// A lower bound for a cube: the h0 bound and the corner distance, whichever is larger.
    pub fn bound_of(&self, cube: &CubieCube) -> u32 {
        self.coords_bound(cube).max(self.corner_bound(cube))
    }

    /// The table's bytes in the format of [`format`].
    pub fn to_bytes(&self) -> Vec<u8> {
        match &self.prune {
            Prune::Large(t) => format::to_bytes(KIND_OPTIMAL_LARGE, t),
            Prune::Near(t) => format::to_bytes(KIND_OPTIMAL_NEAR, t),
            Prune::Small { packed, base } => {
                let p = Packed { bits: 2, base: *base as u32, entries: N_H0 as u64, bytes: packed };
                format::to_bytes_packed(KIND_OPTIMAL_SMALL, &p, &format::distribution(packed, N_H0 as u64, 2))
            }
        }
    }

    /// Reads a table of `size` written by [`OptimalTables::to_bytes`], with freshly built coordinates.
    pub fn from_bytes(bytes: &[u8], size: TableSize) -> Result<OptimalTables, TableError> {
        let prune = match size {
            TableSize::Medium => Prune::Large(format::from_bytes(bytes, KIND_OPTIMAL_LARGE, N_H0)?),
            // Beside a flip table, the h0 entries within 8 moves do as well as h0.
            TableSize::Large | TableSize::Huge | TableSize::H5 | TableSize::H6 => {
                match format::from_bytes(bytes, KIND_OPTIMAL_LARGE, N_H0) {
                    Ok(t) => Prune::Large(t),
                    Err(e) => Prune::Near(format::from_bytes(bytes, KIND_OPTIMAL_NEAR, N_H0).map_err(|_| e)?),
                }
            }
            TableSize::Small => {
                let p = format::from_bytes_packed(bytes, KIND_OPTIMAL_SMALL, N_H0 as u64, 2)?;
                Prune::Small { packed: p.bytes.to_vec().into_boxed_slice(), base: p.base as u8 }
            }
        };
        Ok(OptimalTables { coords: H0Coords::generate(), corners: CornerTable::generate(), prune, h3: None })
    }

    /// Counts of each stored value (distances for the large table, codes 0..3 for the small).
    pub fn distribution(&self) -> [u64; 16] {
        match &self.prune {
            Prune::Large(t) | Prune::Near(t) => format::distribution(t.packed(), N_H0 as u64, 4),
            Prune::Small { packed, .. } => format::distribution(packed, N_H0 as u64, 2),
        }
    }

    /// The small table made from the large one (itself if it is small already): the distances
    /// above a base, 2 bits each.
    pub fn to_small(&self) -> OptimalTables {
        let Prune::Large(t) = &self.prune else {
            return OptimalTables {
                coords: self.coords.clone(),
                corners: self.corners.clone(),
                prune: self.prune.clone(),
                h3: None,
            };
        };
        let base = small_base(&t.distribution());
        let code = |i: usize| {
            let d = t.get(i);
            if d <= base {
                0
            } else {
                (d - base).min(3)
            }
        };
        let packed = (0..N_H0.div_ceil(4))
            .map(|q| (0..4).filter(|k| q * 4 + k < N_H0).fold(0u8, |b, k| b | code(q * 4 + k) << (2 * k)))
            .collect();
        OptimalTables {
            coords: self.coords.clone(),
            corners: self.corners.clone(),
            prune: Prune::Small { packed, base },
            h3: None,
        }
    }

    /// The base of the small table (0 for the large one).
    pub fn base(&self) -> u8 {
        match self.prune {
            Prune::Large(_) | Prune::Near(_) => 0,
            Prune::Small { base, .. } => base,
        }
    }
}

/// A breadth-first build of the h0 table, one slice of corner classes at a time (for progress
/// reports), one byte per entry while it runs.
pub struct H0Build {
    coords: H0Coords,
    dist: Vec<u8>,
    depth: u8,
    at_depth: u64,
    reached: u64,
    class: usize,
    marked: u64,
    backward: bool,
}

impl H0Build {
    /// Starts a build; the solved cube's entry is at depth 0.
    pub fn new(coords: H0Coords) -> H0Build {
        let mut dist = vec![UNREACHED; N_H0];
        dist[coords.index(cocsep(&CubieCube::SOLVED), esep(&CubieCube::SOLVED))] = 0;
        H0Build { coords, dist, depth: 0, at_depth: 1, reached: 1, class: 0, marked: 0, backward: false }
    }

    /// Entries with a distance so far, out of [`N_H0`].
    pub fn reached(&self) -> u64 {
        self.reached + self.marked
    }

    /// True once every entry has its distance.
    pub fn is_done(&self) -> bool {
        self.at_depth == 0 || self.reached == N_H0 as u64
    }

    /// Works through at most `max_classes` corner classes of the current depth. Returns false
    /// once the build is done.
    pub fn step(&mut self, max_classes: usize) -> bool {
        if self.is_done() {
            return false;
        }
        if self.class == 0 {
            // Late depths have a frontier larger than what is left: then it is cheaper to ask
            // each unreached entry whether a neighbour is on the frontier.
            self.backward = self.at_depth > (N_H0 as u64 - self.reached) / 2;
            self.marked = 0;
        }
        let end = self.class.saturating_add(max_classes).min(N_CORNER_CLASSES);
        for class in self.class..end {
            self.marked += expand_class(&self.coords, &mut self.dist, class, self.depth, self.backward);
        }
        self.class = end;
        if end == N_CORNER_CLASSES {
            self.depth += 1;
            self.at_depth = self.marked;
            self.reached += self.marked;
            self.marked = 0;
            self.class = 0;
        }
        !self.is_done()
    }

    /// The finished table of `size` (runs the build to its end first).
    pub fn finish(mut self, size: TableSize) -> OptimalTables {
        while self.step(usize::MAX) {}
        let prune = match size {
            TableSize::Medium | TableSize::Large | TableSize::Huge | TableSize::H5 | TableSize::H6 => {
                let packed = self.dist.chunks(2).map(|p| p[0].min(15) | p.get(1).map_or(0, |&h| h.min(15) << 4));
                Prune::Large(NibbleTable::from_packed(packed.collect(), N_H0))
            }
            TableSize::Small => return self.finish(TableSize::Large).to_small(),
        };
        OptimalTables { coords: self.coords, corners: CornerTable::generate(), prune, h3: None }
    }
}

/// The base of the 2-bit table: the one whose three exact values (base + 1 ..= base + 3) cover
/// the most entries.
fn small_base(count: &[u64; 16]) -> u8 {
    (0..13u8).max_by_key(|&b| (count[b as usize + 1] + count[b as usize + 2] + count[b as usize + 3], b)).unwrap_or(0)
}

/// One corner class of a breadth-first step: forward, marks the unreached neighbours of its
/// entries at depth `d`; backward, marks its unreached entries that have a neighbour at `d`.
/// Every entry marked takes the entries its class's stabiliser conjugates it to along (they are
/// the same cubes up to symmetry; the search may land on any of them). Out of line so browsers
/// optimise it early (see `tables::prune`).
#[inline(never)]
fn expand_class(c: &H0Coords, dist: &mut [u8], class: usize, d: u8, backward: bool) -> u64 {
    let row = class * N_ESEP;
    let rep = c.reps[class] as usize;
    let mut base = [0usize; 18];
    let mut conj = [0usize; 18];
    let mut stab = [0u64; 18];
    for m in 0..18 {
        let cs = c.class_sym[c.cmove(rep, m)] as usize;
        base[m] = (cs >> 6) * N_ESEP;
        conj[m] = (cs & 63) * N_ESEP;
        stab[m] = c.stabiliser[cs >> 6];
    }
    let mut count = 0u64;
    if backward {
        for e in 0..N_ESEP {
            if dist[row + e] != UNREACHED {
                continue;
            }
            let moves = &c.emove[e * 18..e * 18 + 18];
            if (0..18).any(|m| dist[base[m] + c.econj[conj[m] + moves[m] as usize] as usize] == d) {
                dist[row + e] = d + 1;
                count += 1 + mark_stabilised(c, dist, row, e, c.stabiliser[class], d + 1);
            }
        }
    } else {
        for e in 0..N_ESEP {
            if dist[row + e] != d {
                continue;
            }
            let moves = &c.emove[e * 18..e * 18 + 18];
            for m in 0..18 {
                let e2 = c.econj[conj[m] + moves[m] as usize] as usize;
                if dist[base[m] + e2] == UNREACHED {
                    dist[base[m] + e2] = d + 1;
                    count += 1 + mark_stabilised(c, dist, base[m], e2, stab[m], d + 1);
                }
            }
        }
    }
    count
}

/// Gives distance `d` to the unreached entries of row `row` that the symmetries `stab` conjugate
/// edge value `e` to; returns how many.
#[inline]
fn mark_stabilised(c: &H0Coords, dist: &mut [u8], row: usize, e: usize, mut stab: u64, d: u8) -> u64 {
    let mut count = 0;
    while stab != 0 {
        let s = stab.trailing_zeros() as usize;
        stab &= stab - 1;
        let j = row + c.econj[s * N_ESEP + e] as usize;
        if dist[j] == UNREACHED {
            dist[j] = d;
            count += 1;
        }
    }
    count
}
