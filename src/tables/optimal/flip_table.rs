//! The flip tables h3 to h6: the h0 entry ([`crate::coord::h0`]) refined by the flips of three
//! to six edge slots ([`TRACKED`]), read after conjugating the cube by the symmetry that takes
//! its corners to their class representative. Each entry holds the least distance of the 2^11
//! / 2^bits "h11" values (every edge's flip) it merges, so it is still a lower bound. 2 bits per
//! entry above [`BASE`]: 1, 2, 3 mean at least 9, 10, 11 moves; 0 means "at most 8", and then
//! the entry's group says how many: 62 entries share 16 bytes with a 4-bit fallback, the least
//! distance of the group's entries that read 0 (9 where none does), so no second table is read.
//! h3 is 243 MB; each further flip doubles it (h6 1.94 GB). Layout and bytes: `docs/tables.md`.

use crate::coord::flips::{FlipCoords, TRACKED};
use crate::coord::h0::{N_ESEP, N_H0};
use crate::coord::h0_coords::H0Coords;
use crate::error::TableError;
use crate::tables::format::{self, fallback_byte, grouped_place, Packed};
use crate::tables::format::{KIND_OPTIMAL_H3, KIND_OPTIMAL_H4, KIND_OPTIMAL_H5, KIND_OPTIMAL_H6};
use crate::tables::huge_pages;
use crate::tables::provision::TableReader;
use std::borrow::Cow;
use std::mem::MaybeUninit;

/// Entries of the h3 table.
pub const N_H3: usize = N_H0 << 3;
/// Entries of the h4 table.
pub const N_H4: usize = N_H0 << 4;
/// The most flips a table keeps: 6 (7.5 billion entries, 1.9 GB). Entries are numbered in a
/// u64, as h6's do not fit a 32-bit index (wasm32), though its bytes do.
pub const MAX_BITS: usize = 6;
/// A stored value `v > 0` means at least `BASE + v` moves.
pub const BASE: u8 = 8;
/// A group's fallback where none of its entries reads 0 (none is read then).
pub const NO_FALLBACK: u8 = BASE + 1;

/// The entry of a cube given by `cocsep`, `esep` and its flips in a table keeping `bits` (3
/// to 6) flips.
#[inline(always)]
pub fn index(c: &H0Coords, f: &FlipCoords, bits: usize, cocsep: usize, esep: usize, flips: u16) -> u64 {
    index_by_class(c, f, bits, c.class_sym[cocsep] as usize, c.esym.mask(esep), flips)
}

/// [`index`] given the corners' `class_sym` value `cs` instead of `cocsep` and the edge
/// separation's slot masks `w` ([`EsepConj::mask`](super::optimal::EsepConj::mask)) instead of
/// `esep`.
#[inline(always)]
pub(super) fn index_by_class(c: &H0Coords, f: &FlipCoords, bits: usize, cs: usize, w: u32, flips: u16) -> u64 {
    entry_in_row(f, bits, c.row(cs, w), cs & 63, w, flips)
}

/// The entry of a cube whose h0 entry is `row`, read through symmetry `sym`, with slot masks
/// `w` and edge flips `flips`, in a table keeping `bits` flips.
#[inline(always)]
pub(super) fn entry_in_row(f: &FlipCoords, bits: usize, row: usize, sym: usize, w: u32, flips: u16) -> u64 {
    (row as u64) << bits | (f.tracked(sym, w, flips) & ((1 << bits) - 1)) as u64
}

/// The h11 value (`row << 12 | flips`) of a cube, conjugated to its class representative.
#[inline]
pub(super) fn h11_value(c: &H0Coords, f: &FlipCoords, cocsep: usize, w: u32, flips: u16) -> u64 {
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
pub(super) fn h11_values(c: &H0Coords, f: &FlipCoords, cocsep: usize, w: u32, flips: u16, mut each: impl FnMut(u64)) {
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
pub(super) fn entry_of(value: u64, bits: usize) -> u64 {
    let flips = value & 0xfff;
    let low = TRACKED[..bits].iter().enumerate().fold(0, |b, (k, &j)| b | (flips >> j & 1) << k);
    (value >> 12) << bits | low
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

/// A flip table (h3 to h6): 2-bit entries above [`BASE`], 62 to a 16-byte group with the
/// group's fallback.
#[derive(Clone)]
pub struct FlipTable {
    /// The groups: 62 entries, four a byte, low bits first, then the fallback in the top half of
    /// the 16th byte ([`format::grouped_place`]).
    pub packed: Box<[u8]>,
    /// The flip tables it is read through.
    pub flips: FlipCoords,
    /// Flips kept: 3 to 6 (h3 to h6).
    pub bits: usize,
}

impl FlipTable {
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
        let (b, sh) = grouped_place(i);
        (self.packed[b] >> sh) & 3
    }

    /// The fallback of entry `i`'s group: no more than the distance of any of its entries that
    /// reads 0.
    #[inline(always)]
    pub fn fallback(&self, i: u64) -> u8 {
        self.packed[fallback_byte(i)] >> 4
    }

    /// The lower bound entry `i` gives: [`BASE`] + its value, or its group's fallback where it
    /// reads 0. Both in one 16-byte group: one read.
    #[inline(always)]
    pub fn bound(&self, i: u64) -> u32 {
        let g = i / format::GROUP_ENTRIES;
        let k = (i - g * format::GROUP_ENTRIES) as usize;
        let group = &self.packed[g as usize * format::GROUP_BYTES..][..format::GROUP_BYTES];
        match (group[k >> 2] >> ((k & 3) << 1)) & 3 {
            0 => (group[format::GROUP_BYTES - 1] >> 4) as u32,
            code => (BASE + code) as u32,
        }
    }

    /// [`FlipTable::bound`] of every entry of `entries`, into `bounds` (as many; `places` is
    /// room for as many byte offsets). Three passes: each entry's byte first, then the reads,
    /// then the bounds from what was read (the fallback's byte is in the same cache line, read
    /// by then). The read pass does nothing but read, a few instructions an entry, so the
    /// processor holds many of its cache misses at once: it cannot retire an instruction past a
    /// read that missed, and a longer pass filled its reorder buffer with a handful of reads
    /// in flight. The short pass took a node of random cube 4 at h3 from about 270 ns to 150 to
    /// 200 ns in wasm (in Node); reading entry by entry was slower still (`docs/optimal.md`).
    #[inline(always)]
    pub fn bounds(&self, entries: &[u64], places: &mut [usize], bounds: &mut [u32]) {
        let (places, bounds) = (&mut places[..entries.len()], &mut bounds[..entries.len()]);
        for (&i, place) in entries.iter().zip(places.iter_mut()) {
            *place = grouped_place(i).0;
        }
        for (&place, read) in places.iter().zip(bounds.iter_mut()) {
            *read = self.packed[place] as u32;
        }
        for ((&i, &place), bound) in entries.iter().zip(places.iter()).zip(bounds.iter_mut()) {
            // The entry's shift again (cheaper than keeping it).
            let code = *bound >> grouped_place(i).1 & 3;
            let fallback = (self.packed[place | (format::GROUP_BYTES - 1)] >> 4) as u32;
            *bound = if code == 0 { fallback } else { BASE as u32 + code };
        }
    }

    /// The table's bytes in the format of [`format`].
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.header();
        out.extend_from_slice(&self.packed);
        out
    }

    /// The table's bytes as two pieces, the header and the entries (no copy of the entries).
    pub fn pieces(&self) -> Vec<Cow<'_, [u8]>> {
        vec![self.header().into(), Cow::Borrowed(&self.packed[..])]
    }

    /// The header [`FlipTable::to_bytes`] puts before the entries: the bytes are this, then
    /// `packed`.
    pub fn header(&self) -> Vec<u8> {
        let n = entries(self.bits);
        let p = Packed { bits: 2, base: BASE as u32, entries: n, bytes: &self.packed };
        format::header_packed(kind(self.bits), &p, &format::grouped_distribution(&self.packed, n))
    }

    /// Reads a table keeping `bits` flips written by [`FlipTable::to_bytes`].
    pub fn from_bytes(bytes: &[u8], bits: usize) -> Result<FlipTable, TableError> {
        let mut r = FlipTableReader::new(bits)?;
        r.push(bytes)?;
        r.finish()
    }

    /// Counts of each stored value (0 to 3), then of each group's fallback `f` (at `4 + f`).
    pub fn distribution(&self) -> [u64; 16] {
        format::grouped_distribution(&self.packed, entries(self.bits))
    }
}

/// A flip table read a piece at a time (from the browser's cache, which keeps it in 32 MB
/// pieces, or from a file), checked as a whole one is, into its final place: no copy of the
/// whole table with its header is made, nor moved to drop the header.
pub struct FlipTableReader {
    reader: format::PieceReader,
    packed: Vec<u8>,
    bits: usize,
}

impl FlipTableReader {
    /// Starts reading a table keeping `bits` flips (allocates it).
    pub fn new(bits: usize) -> Result<FlipTableReader, TableError> {
        if !(3..=MAX_BITS).contains(&bits) {
            return Err(TableError::Header(format!("no h{bits} table here (h3 to h{MAX_BITS})")));
        }
        let reader = format::PieceReader::grouped(kind(bits), entries(bits));
        let packed = huge_pages::with_capacity(reader.payload_len());
        Ok(FlipTableReader { reader, packed, bits })
    }

    /// The next bytes of the table.
    pub fn push(&mut self, bytes: &[u8]) -> Result<(), TableError> {
        self.reader.push(bytes, &mut self.packed)
    }

    /// Room for all the entries, not yet written, for a kept file to be read straight into
    /// once the header alone was pushed; then [`FlipTableReader::finish_in_place`]. Nothing is
    /// zeroed first: the file's read is the only pass over the memory before the check.
    pub fn entries_room(&mut self) -> &mut [MaybeUninit<u8>] {
        let len = self.reader.payload_len();
        self.packed.reserve_exact(len.saturating_sub(self.packed.len()));
        &mut self.packed.spare_capacity_mut()[..len]
    }

    /// The table read through [`FlipTableReader::entries_room`], `filled` bytes of it from the
    /// start, checked as a pushed one is: all of it must be there, then the checksum and the
    /// distribution.
    ///
    /// # Safety
    ///
    /// The first `filled` bytes of the room were written (so that none is read unwritten).
    pub unsafe fn finish_in_place(mut self, filled: usize) -> Result<FlipTable, TableError> {
        let len = self.reader.payload_len();
        if filled != len || !self.packed.is_empty() {
            return Err(TableError::Truncated);
        }
        // SAFETY: the caller wrote all `len` bytes, within the capacity `entries_room` reserved.
        unsafe { self.packed.set_len(len) };
        for chunk in self.packed.chunks(4 << 20) {
            self.reader.push_in_place(chunk)?;
        }
        self.finish()
    }

    /// The table, once all of it is read and it checks out.
    pub fn finish(self) -> Result<FlipTable, TableError> {
        let base = self.reader.finish(&self.packed)?;
        if base != BASE as u32 {
            return Err(TableError::Header(format!("base {base} where {BASE} was expected")));
        }
        Ok(FlipTable { packed: self.packed.into_boxed_slice(), flips: FlipCoords::generate(), bits: self.bits })
    }
}

impl TableReader<FlipTable> for FlipTableReader {
    fn push(&mut self, bytes: &[u8]) -> Result<(), TableError> {
        FlipTableReader::push(self, bytes)
    }
    fn finish(self) -> Result<FlipTable, TableError> {
        FlipTableReader::finish(self)
    }
}
