//! The h0 table: for every symmetry class of the coordinate pair (`cocsep`, `esep`) of
//! [`crate::coord::h0`], the fewest moves that bring a cube into the target group (corners in
//! their tetrads and oriented, edges in their slices). The group is mapped onto itself by all
//! 48 symmetries, so entries are stored per class: 3,393 corner classes × 34,650 edge values =
//! 117,567,450 entries, entry `class * 34650 + e'` (`e'` the `esep` value conjugated by the
//! symmetry that takes `cocsep` to its class representative).
//!
//! | form | bits | bytes | a 0 means |
//! | --- | --- | --- | --- |
//! | exact (h0) | 4 | 58.8 MB | solved for the coordinate (distances capped at 15) |
//! | two-bit (h0-2bit) | 2 | 29.4 MB | "at most base": fall back to corner-only and edge-only distances |
//! | near | 4 | 58.8 MB | distances up to 8, then 9 for "9 or more" (a flip table's build gives it on its way; searched while the rest builds, never kept) |
//! | none | 0 | 0 | beside a finished flip table, whose groups hold their own fallback |

use super::size::TableSize;
use crate::coord::h0::{cocsep, esep, N_CORNER_CLASSES, N_ESEP, N_H0};
use crate::coord::h0_coords::H0Coords;
use crate::coord::N_MOVES;
use crate::cube::CubieCube;
use crate::error::TableError;
use crate::tables::format::{self, Packed, KIND_OPTIMAL_H0, KIND_OPTIMAL_H0_TWO_BIT};
use crate::tables::nibble::NibbleTable;

/// Marks entries the build has not reached.
const UNREACHED: u8 = 255;

/// The h0 table in one of its three forms (see the module doc).
#[derive(Clone)]
pub enum H0Table {
    /// Exact distances, 4 bits.
    Exact(NibbleTable),
    /// Distances above `base`, 2 bits; 0 means "at most `base`".
    TwoBit {
        /// Four entries a byte, low bits first.
        packed: Box<[u8]>,
        /// What a 0 stands for at most; a code `c > 0` means `base + c`.
        base: u8,
    },
    /// Distances within 8 moves, 9 beyond ([`super::FlipTableBuild::take_near`]): what the
    /// page searches while the rest of a flip table builds. Not kept.
    Near(NibbleTable),
    /// No entries: beside a flip table, which falls back on its groups' own minima. A bound of 0.
    None,
}

impl H0Table {
    /// The bound at entry `i` of a cube with corner coordinate `cocsep` and edge slot masks
    /// `mask`; the two-bit form falls back on the corner-only and edge-only distances of `c`.
    #[inline(always)]
    pub fn bound(&self, c: &H0Coords, i: usize, cocsep: usize, mask: u32) -> u32 {
        self.bound_in(self.byte_of(i), c, i, cocsep, mask)
    }

    /// The byte that holds entry `i` (0 with no entries): read for many entries first
    /// ([`super::OptimalTables::h0_bounds_at`]), then given to [`H0Table::bound_in`].
    #[inline(always)]
    pub fn byte_of(&self, i: usize) -> u8 {
        match self {
            H0Table::Exact(t) | H0Table::Near(t) => t.byte(i),
            H0Table::TwoBit { packed, .. } => packed[i >> 2],
            H0Table::None => 0,
        }
    }

    /// [`H0Table::bound`] from the byte [`H0Table::byte_of`] read.
    #[inline(always)]
    pub fn bound_in(&self, byte: u8, c: &H0Coords, i: usize, cocsep: usize, mask: u32) -> u32 {
        match self {
            H0Table::Exact(_) | H0Table::Near(_) => NibbleTable::in_byte(byte, i) as u32,
            H0Table::None => 0,
            H0Table::TwoBit { base, .. } => match byte >> ((i & 3) << 1) & 3 {
                0 => c.cdist[cocsep].max(c.edist[c.esym.esep_of(mask)]).min(*base) as u32,
                code => (base + code) as u32,
            },
        }
    }

    /// The table's bytes in the format of [`format`]: the exact and two-bit forms, which the
    /// sizes h0 and h0-2bit keep (the others are kept by no one).
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        match self {
            H0Table::Exact(t) => Some(format::to_bytes(KIND_OPTIMAL_H0, t)),
            H0Table::Near(_) | H0Table::None => None,
            H0Table::TwoBit { packed, base } => {
                let p = Packed { bits: 2, base: *base as u32, entries: N_H0 as u64, bytes: packed };
                Some(format::to_bytes_packed(
                    KIND_OPTIMAL_H0_TWO_BIT,
                    &p,
                    &format::distribution(packed, N_H0 as u64, 2),
                ))
            }
        }
    }

    /// Reads the h0 table of `size` written by [`H0Table::to_bytes`]. The sizes with a flip
    /// table read none.
    pub fn from_bytes(bytes: &[u8], size: TableSize) -> Result<H0Table, TableError> {
        Ok(match size {
            TableSize::H0 => H0Table::Exact(format::from_bytes(bytes, KIND_OPTIMAL_H0, N_H0)?),
            TableSize::H3 | TableSize::H4 | TableSize::H5 | TableSize::H6 => {
                return Err(TableError::Header(format!(
                    "the {} size reads no h0 table (its flip table holds its own fallback)",
                    size.name()
                )))
            }
            TableSize::H0TwoBit => {
                let p = format::from_bytes_packed(bytes, KIND_OPTIMAL_H0_TWO_BIT, N_H0 as u64, 2)?;
                H0Table::TwoBit { packed: p.bytes.to_vec().into_boxed_slice(), base: p.base as u8 }
            }
        })
    }

    /// Counts of each stored value (distances, or codes 0..3 for the two-bit form).
    pub fn distribution(&self) -> [u64; 16] {
        match self {
            H0Table::Exact(t) | H0Table::Near(t) => format::distribution(t.packed(), N_H0 as u64, 4),
            H0Table::TwoBit { packed, .. } => format::distribution(packed, N_H0 as u64, 2),
            H0Table::None => [0; 16],
        }
    }

    /// The two-bit form made from the exact one (a copy of any other form): the distances above
    /// a base, 2 bits each.
    pub fn to_two_bit(&self) -> H0Table {
        let H0Table::Exact(t) = self else {
            return self.clone();
        };
        let base = two_bit_base(&t.distribution());
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
        H0Table::TwoBit { packed, base }
    }

    /// The base of the two-bit form (0 for the others).
    pub fn base(&self) -> u8 {
        match self {
            H0Table::Exact(_) | H0Table::Near(_) | H0Table::None => 0,
            H0Table::TwoBit { base, .. } => *base,
        }
    }
}

/// A breadth-first build of the h0 table, one slice of corner classes at a time (for progress
/// reports), one byte per entry while it runs.
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

    /// The finished table of `size` (runs the build to its end first), with the coordinates it
    /// was built through.
    pub fn finish(mut self, size: TableSize) -> (H0Coords, H0Table) {
        while self.step(usize::MAX) {}
        let packed = self.dist.chunks(2).map(|p| p[0].min(15) | p.get(1).map_or(0, |&h| h.min(15) << 4));
        let exact = H0Table::Exact(NibbleTable::from_packed(packed.collect(), N_H0));
        let table = if size == TableSize::H0TwoBit { exact.to_two_bit() } else { exact };
        (self.coords, table)
    }
}

/// The base of the two-bit form: the one whose three exact values (base + 1 ..= base + 3) cover
/// the most entries.
fn two_bit_base(count: &[u64; 16]) -> u8 {
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
    let mut base = [0usize; N_MOVES];
    let mut conj = [0usize; N_MOVES];
    let mut stab = [0u64; N_MOVES];
    for m in 0..N_MOVES {
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
            let moves = &c.emove[e * N_MOVES..e * N_MOVES + N_MOVES];
            if (0..N_MOVES).any(|m| dist[base[m] + c.econj[conj[m] + moves[m] as usize] as usize] == d) {
                dist[row + e] = d + 1;
                count += 1 + mark_stabilised(c, dist, row, e, c.stabiliser[class], d + 1);
            }
        }
    } else {
        for e in 0..N_ESEP {
            if dist[row + e] != d {
                continue;
            }
            let moves = &c.emove[e * N_MOVES..e * N_MOVES + N_MOVES];
            for m in 0..N_MOVES {
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
