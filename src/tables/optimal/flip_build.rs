//! The build of a flip table ([`super::flip_table`]; `docs/optimal.md` tells it whole).
//!
//! A flip table cannot be built breadth-first (merged values have no single set of
//! neighbours). So: a breadth-first search over h11 values (every edge's flip) up to 8 moves, in
//! a hash map (7.4 million symmetry-reduced values); every entry they reach is 0. Then every
//! value at exactly 8 moves is walked one and two moves further, giving the entries it reaches
//! 1 and 2 at most (an entry keeps the least); what no walk reaches stays 3. A step back within
//! 8 moves is walked on all the same: its marks change nothing, and asking the map costs more.
//! Of a value's conjugates by its corner class's own symmetries only the least is expanded or
//! walked ([`least`]). Flips, slices and corner separation move through their own small move
//! tables, so the build never touches a cube.
//!
//! The walks can be split into shares (the page's workers) and run in parallel by a caller
//! that has threads ([`FlipTableBuild::finish_with`]); the bytes are the same either way.

use super::flip_table::{entries, entry_of, h11_values, index_by_class, FlipTable, MAX_BITS, NO_FALLBACK};
use crate::coord::flips::FlipCoords;
use crate::coord::h0::{N_ESEP, N_H0};
use crate::coord::h0_coords::H0Coords;
use crate::coord::N_MOVES;
use crate::cube::CubieCube;
use crate::tables::format::{fallback_byte, grouped_len, grouped_place, GROUP_BYTES};
use crate::tables::huge_pages;
use crate::tables::nibble::NibbleTable;
use std::sync::atomic::{AtomicU8, Ordering};

/// Depth of the breadth-first part of the build.
const SHORT_DEPTH: u8 = 8;
/// An open-addressing set of h11 values with their depths (the build's first part).
struct ShortMap {
    /// `value + 1` in the low 40 bits, the depth above; 0 is empty.
    slots: Vec<u64>,
    len: usize,
}

impl ShortMap {
    fn new() -> ShortMap {
        ShortMap { slots: vec![0; 1 << 20], len: 0 }
    }

    #[inline]
    fn home(&self, value: u64) -> usize {
        (value.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize & (self.slots.len() - 1)
    }

    /// Inserts `value` at `depth` unless present; true if it was new.
    fn insert(&mut self, value: u64, depth: u8) -> bool {
        if self.len * 10 > self.slots.len() * 6 {
            let grown = vec![0; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, grown);
            self.len = 0;
            for v in old.into_iter().filter(|&v| v != 0) {
                self.insert((v & ((1 << 40) - 1)) - 1, (v >> 56) as u8);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(value);
        loop {
            let v = self.slots[i];
            if v == 0 {
                self.slots[i] = (value + 1) | (depth as u64) << 56;
                self.len += 1;
                return true;
            }
            if v & ((1 << 40) - 1) == value + 1 {
                return false;
            }
            i = (i + 1) & mask;
        }
    }
}

/// One part of a flip table's walks, to run on a thread ([`FlipTableBuild::finish_with`]).
pub type WalkTask<'a> = Box<dyn FnOnce() + Send + 'a>;

/// A stepwise build of a flip table (for progress reports and for sharing among workers).
pub struct FlipTableBuild {
    flips: FlipCoords,
    packed: Vec<u8>,
    map: ShortMap,
    /// Values at the depth being expanded (breadth-first part), then the values at 8 moves
    /// being walked.
    frontier: Vec<u64>,
    next: Vec<u64>,
    depth: u8,
    at: usize,
    /// The walks are done when `at` gets here (the end of this build's share of the values).
    end: usize,
    /// This build's share of the walks (`which`, of how many: [`FlipTableBuild::share`]).
    share: (usize, usize),
    /// Flips kept: 3 to 6.
    bits: usize,
    /// The walks' marks and corner paths (the part after the breadth-first one).
    walker: Walker,
    /// The h0 entries' distances within 8 moves, once the breadth-first part is done
    /// ([`FlipTableBuild::take_near`]).
    near: Option<NibbleTable>,
}

/// What walks the values at 8 moves: the marks waiting to be written and the corners it moves
/// through. The build has one; [`FlipTableBuild::finish_threads`] gives each thread its own.
struct Walker {
    /// Marks of the walks waiting to be written, by table region (`offset << 2 | value`, the
    /// entry's offset in its region): written region by region, they go to memory in a few
    /// streams rather than all over the table.
    pending: Vec<Vec<u32>>,
    /// The corners one and two moves from the last walk's (the walks go in order of corner
    /// class, so thousands in a row share them).
    paths: Box<CornerPaths>,
    /// Flips kept: 3 to 6.
    bits: usize,
}

/// The corner coordinates (`cocsep` and its `class_sym` value) one and two moves from one
/// `cocsep`, for the moves [`Walker::walk`] makes.
struct CornerPaths {
    from: usize,
    one: [(u32, u32); N_MOVES],
    two: [(u32, u32); 18 * N_MOVES],
}

impl CornerPaths {
    /// Makes these the paths from `cocsep`.
    fn fill(&mut self, c: &H0Coords, cocsep: usize) {
        self.from = cocsep;
        for m1 in 0..N_MOVES {
            let cs1 = c.cmove(cocsep, m1);
            self.one[m1] = (cs1 as u32, c.class_sym[cs1]);
            for m2 in 0..N_MOVES {
                let cs2 = c.cmove(cs1, m2);
                self.two[m1 * N_MOVES + m2] = (cs2 as u32, c.class_sym[cs2]);
            }
        }
    }
}

/// Walks per step when the build runs to its end ([`FlipTableBuild::finish`]).
const WALKS_PER_STEP: usize = 3000;

/// Walks between writes of the pending marks (about 260 marks, 1 KB, a walk).
const FLUSH_WALKS: usize = 24_000;

/// Entries per region of pending marks (16 MB of table; h6 has 113 regions). Few regions keep
/// the marks' pushes in cache (each region's end is one line of a few kilobytes); the sizes
/// tried are in `docs/optimal.md`.
const REGION_BITS: u32 = 26;

impl FlipTableBuild {
    /// Starts a build of the table keeping `bits` (3 to [`MAX_BITS`]) flips (allocates the
    /// table: 243 MB for h3, twice that for each further flip).
    pub fn new(c: &H0Coords, bits: usize) -> FlipTableBuild {
        assert!((3..=MAX_BITS).contains(&bits), "h3 to h{MAX_BITS}");
        let flips = FlipCoords::generate();
        let mut map = ShortMap::new();
        let solved = CubieCube::SOLVED;
        let mut frontier = Vec::new();
        h11_values(c, &flips, crate::coord::h0::cocsep(&solved), crate::coord::h0::esep_masks(&solved), 0, |v| {
            if map.insert(v, 0) {
                frontier.push(v);
            }
        });
        FlipTableBuild {
            bits,
            flips,
            packed: {
                // Every entry 3 until marked lower, every group's fallback "none reads 0".
                let n = grouped_len(entries(bits));
                let mut packed = huge_pages::with_capacity(n);
                let mut group = [0xff; GROUP_BYTES];
                group[GROUP_BYTES - 1] = NO_FALLBACK << 4 | 0x0f;
                packed.extend(group.iter().cycle().take(n));
                packed
            },
            map,
            frontier,
            next: Vec::new(),
            depth: 0,
            at: 0,
            end: 0,
            share: (0, 1),
            walker: Walker::new(bits),
            near: None,
        }
    }

    /// The distance of every h0 entry within 8 moves, and 9 for the rest (no more than their
    /// distance), once the breadth-first part is done (a tenth of the build); `None` before,
    /// and after it has been taken. Where the flip table reads "at most 8", this is all of h0
    /// it needs: an h0 entry's distance is the least of its h11 values' (if moves `w` take a
    /// cube `x` of the entry into the h0 group, to `h`, then `h⁻¹x` is in the same entry and
    /// `w` solves it), and the map holds every h11 value within 8 moves with its distance. So
    /// the page builds no h0 table beside the flip table (`tests/h3.rs` checks these values
    /// against h0, entry by entry).
    pub fn take_near(&mut self) -> Option<NibbleTable> {
        self.near.take()
    }

    /// The fraction done, roughly (the breadth-first part counts for a tenth).
    pub fn progress(&self) -> f64 {
        if self.depth < SHORT_DEPTH {
            self.depth as f64 / SHORT_DEPTH as f64 * 0.1
        } else {
            let (from, _) = self.range(self.share);
            0.1 + 0.9 * (self.at - from) as f64 / (self.end - from).max(1) as f64
        }
    }

    /// Makes this build walk only share `which` of `of` of the values at 8 moves (a run of
    /// neighbours: they share corner paths), so that several workers can build one table, each
    /// its share, and merge what they built ([`FlipTableBuild::piece`], [`FlipTableBuild::merge`]): every
    /// mark only lowers an entry, so the merged bytes are those of one whole build. Before the
    /// breadth-first part ends; a share's table is not a lower bound until merged.
    pub fn share(&mut self, which: usize, of: usize) {
        assert!(which < of && self.depth < SHORT_DEPTH, "share {which} of {of}, set before the walks");
        self.share = (which, of);
    }

    /// Once this build's own share is walked, walks share `which` of `of` too (another worker's,
    /// which failed): then the build is whole again with what was merged.
    pub fn take_over(&mut self, which: usize, of: usize) {
        assert!(self.depth == SHORT_DEPTH && self.at == self.end, "own walks done first");
        (self.at, self.end) = self.range((which, of));
        self.share = (0, 1);
    }

    /// Marks every share of the walks as done (the other shares' tables have been merged), so
    /// the build can finish.
    pub fn merged(&mut self) {
        self.share = (0, 1);
    }

    /// Whether this build walks (or, merged, has) every share.
    pub fn whole(&self) -> bool {
        self.share.1 == 1
    }

    /// The values at 8 moves of a share, as a range of the sorted frontier.
    fn range(&self, (which, of): (usize, usize)) -> (usize, usize) {
        let n = self.frontier.len();
        (n * which / of, n * (which + 1) / of)
    }

    /// Whether this build's own walks are done (with a share of several, the table then waits
    /// for the others': [`FlipTableBuild::merge`]).
    pub fn walks_done(&self) -> bool {
        self.depth == SHORT_DEPTH && self.at == self.end
    }

    /// Bytes `start..start + len` of the table being built (the entries 2 bits each, four a
    /// byte), fewer at the end: what a share's build hands to the one that finishes.
    pub fn piece(&self, start: usize, len: usize) -> &[u8] {
        let start = start.min(self.packed.len());
        &self.packed[start..(start + len).min(self.packed.len())]
    }

    /// Lowers every entry in `bytes` (another share's [`FlipTableBuild::piece`] from `start`) to the
    /// value there when that is less. The groups' fallbacks are the same in both (each build
    /// makes the whole breadth-first part), and the least of two equal fields is either.
    pub fn merge(&mut self, start: usize, bytes: &[u8]) {
        let to = self.packed.get_mut(start..start + bytes.len()).expect("a piece of this table");
        let (mut a, mut b) = (to.chunks_exact_mut(8), bytes.chunks_exact(8));
        for (x, y) in (&mut a).zip(&mut b) {
            let m = min_fields(u64::from_le_bytes((*x).try_into().unwrap()), u64::from_le_bytes(y.try_into().unwrap()));
            x.copy_from_slice(&m.to_le_bytes());
        }
        for (x, &y) in a.into_remainder().iter_mut().zip(b.remainder()) {
            *x = min_fields(*x as u64, y as u64) as u8;
        }
    }

    /// The table's length in bytes.
    pub fn len_bytes(&self) -> usize {
        self.packed.len()
    }

    /// Does about `work` values' worth of the build; false once it is done.
    pub fn step(&mut self, c: &H0Coords, work: usize) -> bool {
        if self.depth < SHORT_DEPTH {
            let end = self.at.saturating_add(work).min(self.frontier.len());
            for k in self.at..end {
                if !least(c, &self.flips, self.frontier[k]) {
                    continue;
                }
                let (cs, es, fl) = start(c, self.frontier[k]);
                for m in 0..N_MOVES {
                    let (cs2, es2) = (c.cmove(cs, m), c.emove[es * N_MOVES + m] as usize);
                    let fl2 = self.flips.flip_move[fl as usize * N_MOVES + m];
                    let (map, next, d) = (&mut self.map, &mut self.next, self.depth + 1);
                    h11_values(c, &self.flips, cs2, c.esym.mask(es2), fl2, |v| {
                        if map.insert(v, d) {
                            next.push(v);
                        }
                    });
                }
            }
            self.at = end;
            if end == self.frontier.len() {
                self.depth += 1;
                self.frontier = std::mem::take(&mut self.next);
                self.at = 0;
                if self.depth == SHORT_DEPTH {
                    // Walked in order of corner class and edge separation, neighbouring walks
                    // read the same rows of the move and symmetry tables.
                    self.frontier.sort_unstable();
                    (self.at, self.end) = self.range(self.share);
                    // Everything within 8 moves reads 0, and its group's fallback is no more than
                    // its distance (an entry's distance is its nearest value's); its h0 entry is
                    // as near as its nearest value. The map is not needed after this (128 MB).
                    let mut near = NibbleTable::new(N_H0, SHORT_DEPTH + 1);
                    let map = std::mem::replace(&mut self.map, ShortMap { slots: Vec::new(), len: 0 });
                    for v in map.slots.into_iter().filter(|&v| v != 0) {
                        let (value, depth) = ((v & ((1 << 40) - 1)) - 1, (v >> 56) as u8);
                        let i = entry_of(value, self.bits);
                        set_min(&mut self.packed, i, 0);
                        let b = &mut self.packed[fallback_byte(i)];
                        if depth < *b >> 4 {
                            *b = *b & 0x0f | depth << 4;
                        }
                        let row = (value >> 12) as usize;
                        if depth < near.get(row) {
                            near.set(row, depth);
                        }
                    }
                    self.near = Some(near);
                }
            }
            return true;
        }
        let end = self.at.saturating_add(work).min(self.end);
        for k in self.at..end {
            self.walker.walk(c, &self.flips, self.frontier[k]);
        }
        // Written only every so many walks: fewer, longer streams of writes.
        if end / FLUSH_WALKS != self.at / FLUSH_WALKS || end == self.end {
            let packed = &mut self.packed;
            self.walker.flush(|i, v| set_min(packed, i, v));
        }
        self.at = end;
        end < self.end
    }

    /// The finished table, its remaining walks cut into `parts` tasks that `run` runs (natively,
    /// each on a thread of its own: [`crate::native::flip_table_threads`]). Each task walks its
    /// own run of values and writes its marks with atomic updates (a mark only lowers an entry),
    /// so the bytes are those of [`FlipTableBuild::finish`] whatever the order.
    pub fn finish_with(mut self, c: &H0Coords, parts: usize, run: impl FnOnce(Vec<WalkTask<'_>>)) -> FlipTable {
        while self.depth < SHORT_DEPTH {
            self.step(c, usize::MAX);
        }
        assert_eq!(self.share.1, 1, "a whole build");
        {
            let rest = &self.frontier[self.at..self.end];
            let table = atomic_bytes(&mut self.packed);
            let (flips, bits) = (&self.flips, self.bits);
            // In order of corner class, each task a run of neighbours (they share corner paths).
            let tasks = rest
                .chunks(rest.len().div_ceil(parts.max(1)).max(1))
                .map(|part| {
                    Box::new(move || {
                        let mut walker = Walker::new(bits);
                        for (k, &v) in part.iter().enumerate() {
                            walker.walk(c, flips, v);
                            if (k + 1) % FLUSH_WALKS == 0 {
                                walker.flush(|i, v| set_min_atomic(table, i, v));
                            }
                        }
                        walker.flush(|i, v| set_min_atomic(table, i, v));
                    }) as WalkTask<'_>
                })
                .collect();
            run(tasks);
        }
        self.into_table()
    }

    /// The finished table (runs the build to its end first).
    pub fn finish(mut self, c: &H0Coords) -> FlipTable {
        // In slices, as the page builds it: the marks waiting to be written stay small.
        while self.step(c, WALKS_PER_STEP) {}
        assert_eq!(self.share.1, 1, "the other shares merged first");
        self.into_table()
    }

    /// The table once every walk is written.
    fn into_table(self) -> FlipTable {
        FlipTable { packed: self.packed.into_boxed_slice(), flips: self.flips, bits: self.bits }
    }
}

/// The least of each 2-bit field of `a` and `b`.
#[inline]
fn min_fields(a: u64, b: u64) -> u64 {
    const LO: u64 = 0x5555_5555_5555_5555;
    let (a1, a0, b1, b0) = (a >> 1 & LO, a & LO, b >> 1 & LO, b & LO);
    // Per field, at its low bit: a < b (a lower high bit, or the same high bit and a lower low bit).
    let less = (!a1 & b1 | !(a1 ^ b1) & !a0 & b0) & LO;
    let pick_a = less | less << 1;
    a & pick_a | b & !pick_a
}

/// Gives entry `i` of a grouped table at most `v`.
#[inline]
fn set_min(packed: &mut [u8], i: u64, v: u8) {
    let (b, sh) = grouped_place(i);
    if v < packed[b] >> sh & 3 {
        packed[b] = packed[b] & !(3 << sh) | v << sh;
    }
}

/// [`set_min`] on a table other threads write too.
#[inline]
fn set_min_atomic(packed: &[AtomicU8], i: u64, v: u8) {
    let (b, sh) = grouped_place(i);
    let _ = packed[b].fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
        (v < old >> sh & 3).then_some(old & !(3 << sh) | v << sh)
    });
}

/// A table's bytes, for threads that each write some of them.
fn atomic_bytes(bytes: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: AtomicU8 has the size and alignment of u8, and the borrow is exclusive for as
    // long as the atomic view lives.
    unsafe { &*(bytes as *mut [u8] as *const [AtomicU8]) }
}

/// Whether `v` is the least of its conjugates by the symmetries that fix its corner class
/// representative. Where that class has such symmetries, the map holds every conjugate of a
/// value, and the moves from any of them reach the same entries (an entry stands for all of a
/// cube's conjugates), so only the least is expanded or walked: a tenth fewer walks and a sixth
/// fewer entries queued, the same bytes.
#[inline]
fn least(c: &H0Coords, flips: &FlipCoords, v: u64) -> bool {
    if c.stabiliser[(v >> 12) as usize / N_ESEP] == 0 {
        return true;
    }
    let (cs, es, fl) = start(c, v);
    let mut least = v;
    h11_values(c, flips, cs, c.esym.mask(es), fl, |x| least = least.min(x));
    least == v
}

/// The raw coordinates of a cube with h11 value `v`.
#[inline]
fn start(c: &H0Coords, v: u64) -> (usize, usize, u16) {
    let row = (v >> 12) as usize;
    (c.reps[row / N_ESEP] as usize, row % N_ESEP, (v & 0xfff) as u16)
}

impl Walker {
    fn new(bits: usize) -> Walker {
        Walker {
            pending: vec![Vec::new(); (entries(bits) >> REGION_BITS) as usize + 1],
            paths: Box::new(CornerPaths { from: usize::MAX, one: [(0, 0); N_MOVES], two: [(0, 0); 324] }),
            bits,
        }
    }

    /// Marks what lies one and two moves beyond a value at 8 moves. A neighbour that is itself
    /// within 8 moves is walked too: its entries read 0 already and its own neighbours are
    /// within 9 moves, so its marks change nothing, and asking the map (a cache miss for each
    /// of the 18) costs more than the few extra marks (the same table, byte for byte).
    ///
    /// Only the least of a value's conjugates is walked ([`least`]).
    fn walk(&mut self, c: &H0Coords, flips: &FlipCoords, v: u64) {
        if !least(c, flips, v) {
            return;
        }
        let (cs, es, fl) = start(c, v);
        if self.paths.from != cs {
            self.paths.fill(c, cs);
        }
        // Edge separations moved as slot masks: small tables in place of the 1.2 MB move table.
        let w = c.esym.mask(es);
        for m1 in 0..N_MOVES {
            let w1 = c.esym.move_mask(m1, w);
            let fl1 = flips.flip_move[fl as usize * N_MOVES + m1];
            self.mark(c, flips, self.paths.one[m1], w1, fl1, 1);
            for m2 in 0..N_MOVES {
                // Not the same face again, and opposite faces in one order only.
                if m2 / 3 == m1 / 3 || (m2 / 3 % 3 == m1 / 3 % 3 && m2 < m1) {
                    continue;
                }
                let w2 = c.esym.move_mask(m2, w1);
                let fl2 = flips.flip_move[fl1 as usize * N_MOVES + m2];
                self.mark(c, flips, self.paths.two[m1 * N_MOVES + m2], w2, fl2, 2);
            }
        }
    }

    /// Gives the entries of a cube (and its stabiliser conjugates) at most `v` (once
    /// [`Walker::flush`] writes them); `corners` is its `cocsep` and that one's `class_sym`
    /// value, `w` its edge separation's slot masks.
    #[inline]
    fn mark(&mut self, c: &H0Coords, flips: &FlipCoords, corners: (u32, u32), w: u32, fl: u16, v: u8) {
        let (cs, class_sym) = (corners.0 as usize, corners.1 as usize);
        let push = |pending: &mut Vec<Vec<u32>>, i: u64| {
            pending[(i >> REGION_BITS) as usize].push(((i & ((1 << REGION_BITS) - 1)) as u32) << 2 | v as u32)
        };
        if c.stabiliser[class_sym >> 6] == 0 {
            push(&mut self.pending, index_by_class(c, flips, self.bits, class_sym, w, fl));
        } else {
            let (pending, bits) = (&mut self.pending, self.bits);
            h11_values(c, flips, cs, w, fl, |v| push(pending, entry_of(v, bits)));
        }
    }

    /// Writes the pending marks with `set(entry, value)`, region by region.
    fn flush(&mut self, mut set: impl FnMut(u64, u8)) {
        for (r, region) in self.pending.iter_mut().enumerate() {
            for &p in region.iter() {
                set((r as u64) << REGION_BITS | (p >> 2) as u64, (p & 3) as u8);
            }
            region.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::min_fields;
    use crate::rng::Rng;

    #[test]
    fn merging_keeps_the_least_of_each_entry() {
        // Every pair of 2-bit values in every field position, then random words, against the
        // entry-by-entry least.
        let slow = |a: u64, b: u64| (0..32).fold(0, |m, k| m | (a >> (2 * k) & 3).min(b >> (2 * k) & 3) << (2 * k));
        for x in 0..4u64 {
            for y in 0..4u64 {
                for k in 0..32 {
                    let (a, b) = (x << (2 * k), y << (2 * k));
                    assert_eq!(min_fields(a, b), slow(a, b), "{x} {y} at {k}");
                }
            }
        }
        let mut rng = Rng::new(7);
        for _ in 0..100_000 {
            let (a, b) = (rng.next_u64(), rng.next_u64());
            assert_eq!(min_fields(a, b), slow(a, b));
        }
    }
}
