//! The optimal solver's flip tables ("h3" to "h6"): the h0 coordinate of [`super::optimal`]
//! (corner class under the 48 symmetries × edge separation) refined by the flips of three to
//! six edge slots, 2 bits per entry above a base of 8: 117,567,450 × 8 = 940,539,600 entries,
//! 235 MB, for h3; twice that for each further flip (h4 470 MB, h5 940 MB, h6 1.9 GB).
//!
//! The full refinement, every edge's flip (the "h11" coordinate: each edge in its own slice and
//! unflipped, a group every symmetry maps onto itself), has a well-defined distance, but 2^11
//! times as many entries. Keeping three of the flips merges 2^8 h11 values into one entry, which
//! holds the least of their distances: still a lower bound on the moves that solve a cube.
//! Flips are read after conjugating the cube by the symmetry that takes its corners to their
//! class representative; the slots read are UR, UF and FR (one in each slice), then DL, UB and
//! BL for h4, h5 and h6 (so h3's entry `row · 8 + t` is the lesser of h4's `row · 16 + t` and
//! `row · 16 + 8 + t`, and so on).
//!
//! A stored 1, 2 or 3 means at least 9, 10 or 11 moves; a 0 means "at most 8", where the
//! search falls back on the exact h0 table, of which it then needs only the entries within 8
//! moves: the build finds those on its way ([`H3Build::take_near`]), so the page builds no h0.
//!
//! The build: a breadth-first search over h11 values, up to 8 moves, in a hash map (7.4 million
//! symmetry-reduced values, 6.8 million of them at 8 moves); every entry they reach is 0. Then
//! every value at exactly 8 moves is walked one and two moves further, giving the entries it
//! reaches 1 and 2 (at most: an entry keeps the least). What no walk reaches stays 3. A move
//! that comes back within 8 moves is walked further all the same: the marks it makes change
//! nothing (see [`Walker::walk`]). Of a value's conjugates by its corner class's own
//! symmetries only the least is expanded or walked ([`least`]).
//!
//! Flips, slices and corner separation all change under a move through their own small move
//! tables, and under a symmetry by position and slice only, so the build never touches a cube.

use super::format::{self, Packed, KIND_OPTIMAL_H3, KIND_OPTIMAL_H4, KIND_OPTIMAL_H5, KIND_OPTIMAL_H6};
use super::huge_pages;
use super::nibble::NibbleTable;
use super::optimal::{H0Coords, N_H0};
use crate::coord::h0::N_ESEP;
use crate::coord::sym48::{syms48, N_SYM48};
use crate::cube::cubie::move_cubes;
use crate::cube::CubieCube;
use crate::error::TableError;
use std::sync::atomic::{AtomicU8, Ordering};

/// The edge slots whose flips are kept (after conjugation to the representative): UR, UF, FR,
/// then DL for h4, UB for h5 and BL for h6. Bit `k` of an entry's low bits is the flip of slot
/// `TRACKED[k]`.
pub const TRACKED: [usize; 6] = [0, 1, 8, 6, 3, 10];
/// Entries of the h3 table.
pub const N_H3: usize = N_H0 << 3;
/// Entries of the h4 table.
pub const N_H4: usize = N_H0 << 4;
/// The most flips a table keeps: 6 (7.5 billion entries, 1.9 GB). Entries are numbered in a
/// u64, as h6's do not fit a 32-bit index (wasm32), though its bytes do.
pub const MAX_BITS: usize = 6;
/// A stored value `v > 0` means at least `BASE + v` moves.
pub const BASE: u8 = 8;
/// Depth of the breadth-first part of the build.
const SHORT_DEPTH: u8 = 8;

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
        let mut flip_move = vec![0u16; 4096 * 18].into_boxed_slice();
        for f in 0..4096usize {
            let mut c = CubieCube::SOLVED;
            for i in 0..12 {
                c.eo[i] = (f >> i & 1) as u8;
            }
            for (m, mc) in moves.iter().enumerate() {
                flip_move[f * 18 + m] = flips(&c.compose(mc));
            }
        }
        let mut add = vec![[0u16; 3]; N_SYM48].into_boxed_slice();
        let mut move_all = vec![0u16; N_SYM48 * 128].into_boxed_slice();
        let mut move_tracked = vec![0u8; N_SYM48 * 128].into_boxed_slice();
        // One piece of each slice: UR (S), UF (M), FR (E).
        let sample = [0usize, 1, 8];
        for (s, sym) in syms48().iter().enumerate() {
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

/// The entry of a cube given by `cocsep`, `esep` and its flips in a table keeping `bits` (3
/// or 4) flips.
#[inline(always)]
pub fn index(c: &H0Coords, f: &FlipCoords, bits: usize, cocsep: usize, esep: usize, flips: u16) -> u64 {
    index_by_class(c, f, bits, c.class_sym[cocsep] as usize, c.esym.mask(esep), flips)
}

/// [`index`] given the corners' `class_sym` value `cs` instead of `cocsep` and the edge
/// separation's slot masks `w` ([`EsepConj::mask`](super::optimal::EsepConj::mask)) instead of
/// `esep`.
#[inline(always)]
fn index_by_class(c: &H0Coords, f: &FlipCoords, bits: usize, cs: usize, w: u32, flips: u16) -> u64 {
    entry_in_row(f, bits, c.row(cs, w), cs & 63, w, flips)
}

/// The entry of a cube whose h0 entry is `row`, read through symmetry `sym`, with slot masks
/// `w` and edge flips `flips`, in a table keeping `bits` flips.
#[inline(always)]
fn entry_in_row(f: &FlipCoords, bits: usize, row: usize, sym: usize, w: u32, flips: u16) -> u64 {
    (row as u64) << bits | (f.tracked(sym, w, flips) & ((1 << bits) - 1)) as u64
}

/// The h11 value (`row << 12 | flips`) of a cube, conjugated to its class representative.
#[inline]
fn h11_value(c: &H0Coords, f: &FlipCoords, cocsep: usize, w: u32, flips: u16) -> u64 {
    let cs = c.class_sym[cocsep] as usize;
    let (class, s) = (cs >> 6, cs & 63);
    let e = c.esym.conj_mask(s, w);
    ((class * N_ESEP + e) as u64) << 12 | f.conj(s, w, flips) as u64
}

/// Calls `each` with the h11 value (`row << 12 | flips`) of a cube, and with the values of
/// the same cube conjugated by each symmetry that fixes its corner class representative (the
/// search may land on any of them). `w` is the edge separation's slot masks
/// ([`EsepConj::mask`](super::optimal::EsepConj::mask)).
#[inline]
fn h11_values(c: &H0Coords, f: &FlipCoords, cocsep: usize, w: u32, flips: u16, mut each: impl FnMut(u64)) {
    let first = h11_value(c, f, cocsep, w, flips);
    each(first);
    let (class, e, fl) = ((first >> 12) as usize / N_ESEP, (first >> 12) as usize % N_ESEP, first as u16 & 0xfff);
    let mut stab = c.stabiliser[class];
    let we = c.esym.mask(e);
    while stab != 0 {
        let t = stab.trailing_zeros() as usize;
        stab &= stab - 1;
        let e2 = c.esym.conj_mask(t, we);
        each(((class * N_ESEP + e2) as u64) << 12 | f.conj(t, we, fl) as u64);
    }
}

/// The entry of an h11 value in a table keeping `bits` flips.
#[inline]
fn entry_of(value: u64, bits: usize) -> u64 {
    let flips = value & 0xfff;
    let low = TRACKED[..bits].iter().enumerate().fold(0, |b, (k, &j)| b | (flips >> j & 1) << k);
    (value >> 12) << bits | low
}

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

/// The table's entries for `bits` kept flips.
pub fn entries(bits: usize) -> u64 {
    (N_H0 as u64) << bits
}

/// The format kind of the table keeping `bits` flips.
fn kind(bits: usize) -> u32 {
    match bits {
        3 => KIND_OPTIMAL_H3,
        4 => KIND_OPTIMAL_H4,
        5 => KIND_OPTIMAL_H5,
        _ => KIND_OPTIMAL_H6,
    }
}

/// A flip table (h3 to h6): 2-bit entries above [`BASE`].
#[derive(Clone)]
pub struct H3Table {
    /// Four entries a byte, low bits first.
    pub packed: Box<[u8]>,
    /// The flip tables it is read through.
    pub flips: FlipCoords,
    /// Flips kept: 3 to 6 (h3 to h6).
    pub bits: usize,
}

impl H3Table {
    /// The entry of a cube given by `cocsep`, `esep` and its flips.
    #[inline(always)]
    pub fn index(&self, c: &H0Coords, cocsep: usize, esep: usize, flips: u16) -> u64 {
        index(c, &self.flips, self.bits, cocsep, esep, flips)
    }

    /// The entry of a cube whose h0 entry is `row`, read through symmetry `sym`, with slot
    /// masks `w` ([`EsepConj::mask`](super::optimal::EsepConj::mask)) and edge flips `flips`.
    #[inline(always)]
    pub fn entry_in_row(&self, row: usize, sym: usize, w: u32, flips: u16) -> u64 {
        entry_in_row(&self.flips, self.bits, row, sym, w, flips)
    }

    /// The stored value (0..=3) of entry `i`.
    #[inline(always)]
    pub fn code(&self, i: u64) -> u8 {
        (self.packed[(i >> 2) as usize] >> ((i & 3) << 1)) & 3
    }

    /// The table's bytes in the format of [`format`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.header();
        out.extend_from_slice(&self.packed);
        out
    }

    /// Bytes `start..end` of [`H3Table::to_bytes`] (fewer at the end), given its `header`.
    pub fn bytes_piece(&self, header: &[u8], start: usize, end: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(end.saturating_sub(start));
        for (part, at) in [(header, 0), (&self.packed[..], header.len())] {
            let (from, to) = (start.clamp(at, at + part.len()), end.clamp(at, at + part.len()));
            out.extend_from_slice(&part[from - at..to - at]);
        }
        out
    }

    /// The header [`H3Table::to_bytes`] puts before the entries: the bytes are this, then
    /// `packed`.
    pub fn header(&self) -> Vec<u8> {
        let n = entries(self.bits);
        let p = Packed { bits: 2, base: BASE as u32, entries: n, bytes: &self.packed };
        format::header_packed(kind(self.bits), &p, &format::distribution(&self.packed, n, 2))
    }

    /// Reads a table keeping `bits` flips written by [`H3Table::to_bytes`].
    pub fn from_bytes(bytes: &[u8], bits: usize) -> Result<H3Table, TableError> {
        let mut r = H3Reader::new(bits)?;
        r.push(bytes)?;
        r.finish()
    }

    /// Reads a table keeping `bits` flips from a file written by [`H3Table::to_bytes`], a piece
    /// at a time into memory backed by huge pages where the system offers them.
    pub fn read_file(path: &str, bits: usize) -> std::io::Result<Result<H3Table, TableError>> {
        let mut f = std::fs::File::open(path)?;
        let mut r = match H3Reader::new(bits) {
            Ok(r) => r,
            Err(e) => return Ok(Err(e)),
        };
        let mut piece = vec![0u8; 4 << 20];
        loop {
            let n = std::io::Read::read(&mut f, &mut piece)?;
            if n == 0 {
                return Ok(r.finish());
            }
            if let Err(e) = r.push(&piece[..n]) {
                return Ok(Err(e));
            }
        }
    }

    /// Counts of each stored value.
    pub fn distribution(&self) -> [u64; 16] {
        format::distribution(&self.packed, entries(self.bits), 2)
    }
}

/// A flip table read a piece at a time (from the browser's cache, which keeps it in 32 MB
/// pieces, or from a file), checked as a whole one is, into its final place: no copy of the
/// whole table with its header is made, nor moved to drop the header.
pub struct H3Reader {
    reader: format::PieceReader,
    packed: Vec<u8>,
    bits: usize,
}

impl H3Reader {
    /// Starts reading a table keeping `bits` flips (allocates it).
    pub fn new(bits: usize) -> Result<H3Reader, TableError> {
        if !(3..=MAX_BITS).contains(&bits) {
            return Err(TableError::Header(format!("no h{bits} table here (h3 to h{MAX_BITS})")));
        }
        let reader = format::PieceReader::new(kind(bits), entries(bits), 2);
        let packed = huge_pages::with_capacity(reader.payload_len());
        Ok(H3Reader { reader, packed, bits })
    }

    /// The next bytes of the table.
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), TableError> {
        self.reader.push(bytes, &mut self.packed)
    }

    /// The table, once all of it is read and it checks out.
    pub fn finish(self) -> Result<H3Table, TableError> {
        let base = self.reader.finish(&self.packed)?;
        if base != BASE as u32 {
            return Err(TableError::Header(format!("base {base} where {BASE} was expected")));
        }
        Ok(H3Table { packed: self.packed.into_boxed_slice(), flips: FlipCoords::generate(), bits: self.bits })
    }
}

/// A stepwise build of the large table (for progress reports).
pub struct H3Build {
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
    /// This build's share of the walks (`which`, of how many: [`H3Build::share`]).
    share: (usize, usize),
    /// Flips kept: 3 to 6.
    bits: usize,
    /// The walks' marks and corner paths (the part after the breadth-first one).
    walker: Walker,
    /// The h0 entries' distances within 8 moves, once the breadth-first part is done
    /// ([`H3Build::take_near`]).
    near: Option<NibbleTable>,
}

/// What walks the values at 8 moves: the marks waiting to be written and the corners it moves
/// through. The build has one; [`H3Build::finish_threads`] gives each thread its own.
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
    one: [(u32, u32); 18],
    two: [(u32, u32); 18 * 18],
}

impl CornerPaths {
    /// Makes these the paths from `cocsep`.
    fn fill(&mut self, c: &H0Coords, cocsep: usize) {
        self.from = cocsep;
        for m1 in 0..18 {
            let cs1 = c.cmove(cocsep, m1);
            self.one[m1] = (cs1 as u32, c.class_sym[cs1]);
            for m2 in 0..18 {
                let cs2 = c.cmove(cs1, m2);
                self.two[m1 * 18 + m2] = (cs2 as u32, c.class_sym[cs2]);
            }
        }
    }
}

/// Walks per step when the build runs to its end ([`H3Build::finish`]).
const WALKS_PER_STEP: usize = 3000;

/// Walks between writes of the pending marks (about 260 marks, 1 KB, a walk).
const FLUSH_WALKS: usize = 24_000;

/// Entries per region of pending marks (16 MB of table; h6 has 113 regions). Few regions keep
/// the marks' pushes in cache (each region's end is one line of a few kilobytes); h6's native
/// walks took 56.5 and 56.2 s with these, 61.6 and 64.2 s with 256 KB regions (7,176 of them),
/// and the page's build 82-100 s against 95-107 s.
const REGION_BITS: u32 = 26;

impl H3Build {
    /// Starts a build of the table keeping `bits` (3 to [`MAX_BITS`]) flips (allocates the
    /// table: 235 MB for h3, twice that for each further flip).
    pub fn new(c: &H0Coords, bits: usize) -> H3Build {
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
        H3Build {
            bits,
            flips,
            packed: {
                let n = entries(bits).div_ceil(4) as usize;
                let mut packed = huge_pages::with_capacity(n);
                packed.resize(n, 0xff);
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
    /// its share, and merge what they built ([`H3Build::piece`], [`H3Build::merge`]): every
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
    /// for the others': [`H3Build::merge`]).
    pub fn walks_done(&self) -> bool {
        self.depth == SHORT_DEPTH && self.at == self.end
    }

    /// Bytes `start..start + len` of the table being built (the entries 2 bits each, four a
    /// byte), fewer at the end: what a share's build hands to the one that finishes.
    pub fn piece(&self, start: usize, len: usize) -> &[u8] {
        let start = start.min(self.packed.len());
        &self.packed[start..(start + len).min(self.packed.len())]
    }

    /// Lowers every entry in `bytes` (another share's [`H3Build::piece`] from `start`) to the
    /// value there when that is less.
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
                for m in 0..18 {
                    let (cs2, es2) = (c.cmove(cs, m), c.emove[es * 18 + m] as usize);
                    let fl2 = self.flips.flip_move[fl as usize * 18 + m];
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
                    // Everything within 8 moves reads 0; its h0 entry is as near as its nearest
                    // value. The map is not needed after this (128 MB).
                    let mut near = NibbleTable::new(N_H0, SHORT_DEPTH + 1);
                    let map = std::mem::replace(&mut self.map, ShortMap { slots: Vec::new(), len: 0 });
                    for v in map.slots.into_iter().filter(|&v| v != 0) {
                        let (value, depth) = ((v & ((1 << 40) - 1)) - 1, (v >> 56) as u8);
                        set_min(&mut self.packed, entry_of(value, self.bits), 0);
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
        // Written only every so many walks (every step's 3,000 was about 8% slower natively).
        if end / FLUSH_WALKS != self.at / FLUSH_WALKS || end == self.end {
            let packed = &mut self.packed;
            self.walker.flush(|i, v| set_min(packed, i, v));
        }
        self.at = end;
        end < self.end
    }

    /// The finished table, the walks shared among `threads` threads (natively; one on wasm,
    /// which has none): each walks its own part of the values at 8 moves and writes its marks
    /// with atomic updates, so the bytes are those of [`H3Build::finish`], whatever the order.
    pub fn finish_threads(mut self, c: &H0Coords, threads: usize) -> H3Table {
        if threads <= 1 || cfg!(target_arch = "wasm32") {
            return self.finish(c);
        }
        while self.depth < SHORT_DEPTH {
            self.step(c, usize::MAX);
        }
        assert_eq!(self.share.1, 1, "a whole build");
        let rest = &self.frontier[self.at..self.end];
        let table = atomic_bytes(&mut self.packed);
        let (flips, bits) = (&self.flips, self.bits);
        std::thread::scope(|s| {
            // In order of corner class, each thread a run of neighbours (they share corner paths).
            for part in rest.chunks(rest.len().div_ceil(threads).max(1)) {
                s.spawn(move || {
                    let mut walker = Walker::new(bits);
                    for (k, &v) in part.iter().enumerate() {
                        walker.walk(c, flips, v);
                        if (k + 1) % FLUSH_WALKS == 0 {
                            walker.flush(|i, v| set_min_atomic(table, i, v));
                        }
                    }
                    walker.flush(|i, v| set_min_atomic(table, i, v));
                });
            }
        });
        self.into_table()
    }

    /// The finished table (runs the build to its end first).
    pub fn finish(mut self, c: &H0Coords) -> H3Table {
        // In slices, as the page builds it: the marks waiting to be written stay small.
        while self.step(c, WALKS_PER_STEP) {}
        assert_eq!(self.share.1, 1, "the other shares merged first");
        self.into_table()
    }

    /// The table once every walk is written.
    fn into_table(self) -> H3Table {
        H3Table { packed: self.packed.into_boxed_slice(), flips: self.flips, bits: self.bits }
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

/// Gives entry `i` of a packed table at most `v`.
#[inline]
fn set_min(packed: &mut [u8], i: u64, v: u8) {
    let (b, sh) = ((i >> 2) as usize, (i & 3) << 1);
    if v < packed[b] >> sh & 3 {
        packed[b] = packed[b] & !(3 << sh) | v << sh;
    }
}

/// [`set_min`] on a table other threads write too.
#[inline]
fn set_min_atomic(packed: &[AtomicU8], i: u64, v: u8) {
    let (b, sh) = ((i >> 2) as usize, (i & 3) << 1);
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
/// fewer entries queued (native h4 build 96.5 s against 109.5 s, the same bytes).
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
            paths: Box::new(CornerPaths { from: usize::MAX, one: [(0, 0); 18], two: [(0, 0); 324] }),
            bits,
        }
    }

    /// Marks what lies one and two moves beyond a value at 8 moves. A neighbour that is itself
    /// within 8 moves is walked too: its entries read 0 already and its own neighbours are
    /// within 9 moves, so its marks change nothing, and asking the map (a cache miss for each
    /// of the 18) cost more than the few extra marks (native build 108 s against 122 s; the
    /// same table, byte for byte).
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
        for m1 in 0..18 {
            let w1 = c.esym.move_mask(m1, w);
            let fl1 = flips.flip_move[fl as usize * 18 + m1];
            self.mark(c, flips, self.paths.one[m1], w1, fl1, 1);
            for m2 in 0..18 {
                // Not the same face again, and opposite faces in one order only.
                if m2 / 3 == m1 / 3 || (m2 / 3 % 3 == m1 / 3 % 3 && m2 < m1) {
                    continue;
                }
                let w2 = c.esym.move_mask(m2, w1);
                let fl2 = flips.flip_move[fl1 as usize * 18 + m2];
                self.mark(c, flips, self.paths.two[m1 * 18 + m2], w2, fl2, 2);
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
    use super::{min_fields, FlipCoords, TRACKED};
    use crate::coord::h0::N_ESEP;
    use crate::coord::sym48::syms48;
    use crate::rng::Rng;
    use crate::tables::optimal::EsepConj;

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
        for (s, sym) in syms48().iter().enumerate() {
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
