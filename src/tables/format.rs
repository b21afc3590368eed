//! The binary format of a table of 4-bit (or 2-bit) entries: a header, then the packed entries.
//!
//! ```text
//! offset  size  field
//!  0       8    magic "CUBEHINT"
//!  8       4    format version (u32 LE)
//! 12       4    table kind (u32 LE; see the KIND_ constants)
//! 16       8    entry count (u64 LE)
//! 24       4    bits per entry (4, or 2 for the flip tables, h0-2bit and the phase-1 table)
//! 28       4    base value of a 2-bit table (entries hold distance - base); 0 for 4 bits
//! 32     128    distribution: entries holding each value 0..15 (16 × u64 LE)
//! 160      8    checksum of everything else (header with this field zeroed, payload): FNV-1a 64
//!               over 8-byte little-endian words, the bytes after the last whole word one by one
//! 168     ...   packed entries, low bits first (two per byte at 4 bits, four at 2 bits)
//! ```
//!
//! The flip tables (h3 to h6) are **grouped**: each 16 bytes hold 62 two-bit entries (bits 0 to
//! 123) and, in the top half of the last byte, the group's 4-bit fallback. Their distribution
//! counts the entries' values in slots 0 to 3 and the groups' fallbacks `f` in slot `4 + f`.

pub use super::nibble::distribution;
use super::nibble::NibbleTable;
use crate::error::TableError;

/// Bytes that open every table.
pub const MAGIC: &[u8; 8] = b"CUBEHINT";
/// Bumped whenever a coordinate, the move order, the layout or the checksum changes (version 2:
/// the checksum takes 8 bytes a step, a quarter of the time to read a big table).
pub const FORMAT_VERSION: u32 = 2;
/// Size of the header in bytes.
pub const HEADER_LEN: usize = 168;
const CHECKSUM_AT: usize = 160;

/// 2x2 distance table, half-turn metric.
pub const KIND_POCKET_HTM: u32 = 1;
/// 2x2 distance table, quarter-turn metric.
pub const KIND_POCKET_QTM: u32 = 2;
/// The five two-phase pruning tables, in the order of `TwoPhaseTables` (kinds 3 to 7).
pub const KIND_TWO_PHASE: [u32; 5] = [3, 4, 5, 6, 7];
/// The optimal solver's h0 table: distances, 4 bits.
pub const KIND_OPTIMAL_H0: u32 = 8;
/// The optimal solver's h0 table in two bits: distances above a base.
pub const KIND_OPTIMAL_H0_TWO_BIT: u32 = 9;
/// The two-phase search's exact phase-1 distances, mod 3 in 2 bits.
pub const KIND_PHASE1: u32 = 10;
// Kind 13 was the h0 entries within 8 moves, kept beside a flip table of the earlier layout.
/// The optimal solver's h3 table: h0 refined by three edge flips, 2 bits above a base, grouped
/// with a fallback per group (kind 11 was its earlier layout, beside a separate h0).
pub const KIND_OPTIMAL_H3: u32 = 16;
/// The h4 table: four edge flips, grouped (kind 12 earlier).
pub const KIND_OPTIMAL_H4: u32 = 17;
/// The h5 table: five edge flips, grouped (kind 14 earlier).
pub const KIND_OPTIMAL_H5: u32 = 18;
/// The h6 table: six edge flips, grouped (kind 15 earlier).
pub const KIND_OPTIMAL_H6: u32 = 19;
/// The flip tables' kinds in their earlier layout (no fallback inside; h0 read beside them),
/// refused with that reason: h3, h4, h5, h6.
const RETIRED_FLIP_KINDS: [(u32, &str); 4] = [(11, "h3"), (12, "h4"), (14, "h5"), (15, "h6")];

/// Entries in a group of a grouped table (the flip tables).
pub const GROUP_ENTRIES: u64 = 62;
/// Bytes of a group: 62 entries of 2 bits, then the group's 4-bit fallback.
pub const GROUP_BYTES: usize = 16;

/// Where entry `i` of a grouped table lies: its byte, and its shift within that byte.
#[inline(always)]
pub fn grouped_place(i: u64) -> (usize, u32) {
    let g = i / GROUP_ENTRIES;
    let k = (i - g * GROUP_ENTRIES) as u32;
    (g as usize * GROUP_BYTES + (k >> 2) as usize, (k & 3) << 1)
}

/// The byte holding the fallback (its top half) of the group of entry `i` of a grouped table.
#[inline(always)]
pub fn fallback_byte(i: u64) -> usize {
    (i / GROUP_ENTRIES) as usize * GROUP_BYTES + GROUP_BYTES - 1
}

/// The payload bytes of a grouped table of `entries` entries.
pub fn grouped_len(entries: u64) -> usize {
    entries.div_ceil(GROUP_ENTRIES) as usize * GROUP_BYTES
}

/// The distribution slot of a group's fallback `f`.
fn fallback_slot(f: u8) -> usize {
    (4 + f as usize).min(15)
}

/// Adds to `counted` the entries and fallbacks of `bytes`: whole groups' bytes of a grouped table,
/// from byte `at` of its payload (not necessarily at a group's start).
fn count_grouped(bytes: &[u8], at: usize, counted: &mut [u64; 16]) {
    for (d, c) in distribution(bytes, bytes.len() as u64 * 4, 2).iter().enumerate() {
        counted[d] += c;
    }
    // The last byte of each group: its top two fields are the fallback, not entries.
    for &b in bytes.iter().skip(GROUP_BYTES - 1 - at % GROUP_BYTES).step_by(GROUP_BYTES) {
        counted[(b >> 4 & 3) as usize] -= 1;
        counted[(b >> 6) as usize] -= 1;
        counted[fallback_slot(b >> 4)] += 1;
    }
}

/// Adds to `counted` the last group of a grouped table, holding `real` entries (fewer than
/// [`GROUP_ENTRIES`]; the fields after them are padding).
fn count_last_group(group: &[u8], real: u64, counted: &mut [u64; 16]) {
    for (d, c) in distribution(group, real, 2).iter().enumerate() {
        counted[d] += c;
    }
    counted[fallback_slot(group[GROUP_BYTES - 1] >> 4)] += 1;
}

/// The distribution of a grouped table of `entries` entries (see the module doc).
pub fn grouped_distribution(bytes: &[u8], entries: u64) -> [u64; 16] {
    let whole = (entries / GROUP_ENTRIES) as usize * GROUP_BYTES;
    let mut counted = [0; 16];
    count_grouped(&bytes[..whole], 0, &mut counted);
    if entries % GROUP_ENTRIES != 0 {
        count_last_group(&bytes[whole..whole + GROUP_BYTES], entries % GROUP_ENTRIES, &mut counted);
    }
    counted
}

/// FNV-1a 64 over 8-byte little-endian words, each chunk's bytes after its last whole word one
/// by one. Each step is a bijection of the state for a given word, so a change within any one
/// word always changes the sum.
fn checksum(chunks: &[&[u8]]) -> u64 {
    let mut f = Fnv::new();
    for chunk in chunks {
        f.update(chunk);
        f.end_chunk();
    }
    f.h
}

/// The running state of [`checksum`], fed a chunk in pieces of any length (a table read a piece
/// at a time sums as it would whole).
struct Fnv {
    h: u64,
    /// Bytes of a word not yet whole.
    carry: [u8; 8],
    n: usize,
}

impl Fnv {
    const PRIME: u64 = 0x0000_0100_0000_01b3;

    fn new() -> Fnv {
        Fnv { h: 0xcbf2_9ce4_8422_2325, carry: [0; 8], n: 0 }
    }

    fn word(&mut self, w: u64) {
        self.h = (self.h ^ w).wrapping_mul(Fnv::PRIME);
    }

    /// More bytes of the chunk being summed.
    fn update(&mut self, mut bytes: &[u8]) {
        if self.n > 0 {
            let take = (8 - self.n).min(bytes.len());
            self.carry[self.n..self.n + take].copy_from_slice(&bytes[..take]);
            self.n += take;
            bytes = &bytes[take..];
            if self.n < 8 {
                return;
            }
            self.word(u64::from_le_bytes(self.carry));
            self.n = 0;
        }
        let words = bytes.chunks_exact(8);
        let rest = words.remainder();
        for w in words {
            self.word(u64::from_le_bytes(w.try_into().expect("8 bytes")));
        }
        self.carry[..rest.len()].copy_from_slice(rest);
        self.n = rest.len();
    }

    /// Ends a chunk: its bytes after the last whole word count one by one.
    fn end_chunk(&mut self) {
        for k in 0..self.n {
            self.h = (self.h ^ self.carry[k] as u64).wrapping_mul(Fnv::PRIME);
        }
        self.n = 0;
    }
}

/// Serialises a table of `kind`.
pub fn to_bytes(kind: u32, table: &NibbleTable) -> Vec<u8> {
    to_bytes_packed(
        kind,
        &Packed { bits: 4, base: 0, entries: table.len() as u64, bytes: table.packed() },
        &table.distribution(),
    )
}

/// Entries packed `bits` to a byte-aligned run, as stored after the header.
pub struct Packed<'a> {
    /// Bits per entry: 4 or 2.
    pub bits: u32,
    /// Base value of a 2-bit table.
    pub base: u32,
    /// Number of entries.
    pub entries: u64,
    /// The packed bytes.
    pub bytes: &'a [u8],
}

/// Serialises packed entries with their distribution.
pub fn to_bytes_packed(kind: u32, table: &Packed, distribution: &[u64; 16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + table.bytes.len());
    out.extend_from_slice(&header_packed(kind, table, distribution));
    out.extend_from_slice(table.bytes);
    out
}

/// The header [`to_bytes_packed`] writes before the entries (checksum included), for writing a
/// big table in pieces without a second copy of it.
pub fn header_packed(kind: u32, table: &Packed, distribution: &[u64; 16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&kind.to_le_bytes());
    out.extend_from_slice(&table.entries.to_le_bytes());
    out.extend_from_slice(&table.bits.to_le_bytes());
    out.extend_from_slice(&table.base.to_le_bytes());
    for d in distribution {
        out.extend_from_slice(&d.to_le_bytes());
    }
    out.extend_from_slice(&0u64.to_le_bytes());
    let sum = checksum(&[&out, table.bytes]);
    out[CHECKSUM_AT..CHECKSUM_AT + 8].copy_from_slice(&sum.to_le_bytes());
    out
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}
fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

/// Reads a table of `kind` with `entries` entries, checking every header field, the checksum and
/// the depth distribution.
pub fn from_bytes(bytes: &[u8], kind: u32, entries: usize) -> Result<NibbleTable, TableError> {
    let packed = from_bytes_packed(bytes, kind, entries as u64, 4)?;
    Ok(NibbleTable::from_packed(packed.bytes.to_vec().into_boxed_slice(), entries))
}

/// The per-value counts a header records (checked against the entries by the readers).
pub fn header_distribution(bytes: &[u8]) -> [u64; 16] {
    std::array::from_fn(|d| if bytes.len() >= HEADER_LEN { u64_at(bytes, 32 + 8 * d) } else { 0 })
}

/// Reads packed entries of `kind` (`bits` each), checking every header field, the checksum and
/// the distribution; the result borrows the payload.
pub fn from_bytes_packed(bytes: &[u8], kind: u32, entries: u64, bits: u32) -> Result<Packed<'_>, TableError> {
    if bytes.len() < HEADER_LEN {
        return Err(TableError::Truncated);
    }
    let base = check_header(bytes, kind, entries, bits)?;
    if bytes.len() != HEADER_LEN + payload_len(entries, bits) {
        return Err(TableError::Truncated);
    }
    if u64_at(bytes, CHECKSUM_AT) != checksum(&[&bytes[..CHECKSUM_AT], &[0u8; 8], &bytes[HEADER_LEN..]]) {
        return Err(TableError::Checksum);
    }
    let packed = Packed { bits, base, entries, bytes: &bytes[HEADER_LEN..] };
    check_distribution(bytes, &distribution(packed.bytes, entries, bits))?;
    Ok(packed)
}

/// Bytes of `entries` entries packed `bits` each.
fn payload_len(entries: u64, bits: u32) -> usize {
    entries.div_ceil((8 / bits) as u64) as usize
}

/// Checks a header's fields (all but the checksum and the distribution) for a table of `kind`
/// with `entries` entries of `bits` bits; gives its base value.
fn check_header(header: &[u8], kind: u32, entries: u64, bits: u32) -> Result<u32, TableError> {
    if &header[..8] != MAGIC {
        return Err(TableError::Magic);
    }
    let version = u32_at(header, 8);
    if version != FORMAT_VERSION {
        return Err(TableError::Version(version));
    }
    let found_kind = u32_at(header, 12);
    if let Some((_, name)) = RETIRED_FLIP_KINDS.iter().find(|(k, _)| *k == found_kind) {
        return Err(TableError::Header(format!(
            "an {name} table in an earlier layout (kind {found_kind}, read beside a separate h0), not this \
             version's (kind {kind}, with its fallback inside)"
        )));
    }
    if found_kind != kind {
        return Err(TableError::Header(format!("table kind {found_kind}, expected {kind}")));
    }
    let found_entries = u64_at(header, 16);
    if found_entries != entries {
        return Err(TableError::Header(format!("{found_entries} entries, expected {entries}")));
    }
    let base = u32_at(header, 28);
    if u32_at(header, 24) != bits || (bits == 4 && base != 0) || base > 15 {
        return Err(TableError::Header(format!("bits per entry must be {bits}")));
    }
    Ok(base)
}

/// Checks the counts a header records against the entries' own.
fn check_distribution(header: &[u8], counted: &[u64; 16]) -> Result<(), TableError> {
    for (d, want) in counted.iter().enumerate() {
        if *want != u64_at(header, 32 + 8 * d) {
            return Err(TableError::Header(format!("depth {d} count does not match the entries")));
        }
    }
    Ok(())
}

/// Reads a packed table handed over a piece at a time (a big table kept in pieces by the browser,
/// or read from a file), checking it as [`from_bytes_packed`] does, into a buffer of the
/// payload alone: no whole copy with its header is ever made. A wrong header is refused as soon
/// as it is all there; the checksum and the distribution at the end.
pub struct PieceReader {
    kind: u32,
    entries: u64,
    bits: u32,
    /// A grouped table's (2 bits, see the module doc).
    grouped: bool,
    header: Vec<u8>,
    base: u32,
    sum: Fnv,
    counted: [u64; 16],
    /// Payload bytes read so far.
    seen: usize,
}

impl PieceReader {
    /// Starts reading a table of `kind` with `entries` entries of `bits` bits.
    pub fn new(kind: u32, entries: u64, bits: u32) -> PieceReader {
        PieceReader {
            kind,
            entries,
            bits,
            grouped: false,
            header: Vec::with_capacity(HEADER_LEN),
            base: 0,
            sum: Fnv::new(),
            counted: [0; 16],
            seen: 0,
        }
    }

    /// Starts reading a grouped table of `kind` with `entries` two-bit entries (the flip
    /// tables; see the module doc).
    pub fn grouped(kind: u32, entries: u64) -> PieceReader {
        PieceReader { grouped: true, ..PieceReader::new(kind, entries, 2) }
    }

    /// The payload's length in bytes (what `out` holds at the end).
    pub fn payload_len(&self) -> usize {
        if self.grouped {
            grouped_len(self.entries)
        } else {
            payload_len(self.entries, self.bits)
        }
    }

    /// Entries a byte, and the payload's bytes whose entries are all real (a last byte with
    /// padding after them, if any; a grouped table's last group if not full).
    fn whole_bytes(&self) -> (usize, usize) {
        if self.grouped {
            return (4, (self.entries / GROUP_ENTRIES) as usize * GROUP_BYTES);
        }
        let per_byte = (8 / self.bits) as usize;
        (per_byte, (self.entries / per_byte as u64) as usize)
    }

    /// The next bytes of the table; its payload's are added to the end of `out`.
    pub fn push(&mut self, mut bytes: &[u8], out: &mut Vec<u8>) -> Result<(), TableError> {
        if self.header.len() < HEADER_LEN {
            let take = (HEADER_LEN - self.header.len()).min(bytes.len());
            self.header.extend_from_slice(&bytes[..take]);
            bytes = &bytes[take..];
            if self.header.len() < HEADER_LEN {
                return Ok(());
            }
            self.base = check_header(&self.header, self.kind, self.entries, self.bits)?;
            self.sum.update(&self.header[..CHECKSUM_AT]);
            self.sum.update(&[0u8; 8]);
            self.sum.end_chunk();
        }
        self.push_in_place(bytes)?;
        out.extend_from_slice(bytes);
        Ok(())
    }

    /// The next payload bytes, already in their place (read straight into the table's memory,
    /// after the header went through [`PieceReader::push`]): checked as `push` checks them, not
    /// copied.
    pub fn push_in_place(&mut self, bytes: &[u8]) -> Result<(), TableError> {
        if self.header.len() < HEADER_LEN {
            return Err(TableError::Truncated);
        }
        if self.seen + bytes.len() > self.payload_len() {
            return Err(TableError::Header("longer than its header says".into()));
        }
        // Bytes whose entries are all real count here; a last byte with padding, at the end.
        let (per_byte, whole) = self.whole_bytes();
        let n = whole.saturating_sub(self.seen).min(bytes.len());
        if self.grouped {
            count_grouped(&bytes[..n], self.seen, &mut self.counted);
        } else {
            for (d, c) in distribution(&bytes[..n], (n * per_byte) as u64, self.bits).iter().enumerate() {
                self.counted[d] += c;
            }
        }
        self.sum.update(bytes);
        self.seen += bytes.len();
        Ok(())
    }

    /// Checks the table once all of it is read (`payload` is what [`PieceReader::push`] added
    /// to `out`); gives its base value.
    pub fn finish(mut self, payload: &[u8]) -> Result<u32, TableError> {
        if self.header.len() < HEADER_LEN || self.seen != self.payload_len() || payload.len() != self.seen {
            return Err(TableError::Truncated);
        }
        self.sum.end_chunk();
        if u64_at(&self.header, CHECKSUM_AT) != self.sum.h {
            return Err(TableError::Checksum);
        }
        let (per_byte, whole) = self.whole_bytes();
        if self.grouped {
            if self.entries % GROUP_ENTRIES != 0 {
                count_last_group(&payload[whole..], self.entries % GROUP_ENTRIES, &mut self.counted);
            }
        } else {
            let tail = distribution(&payload[whole..], self.entries - whole as u64 * per_byte as u64, self.bits);
            for (d, c) in tail.iter().enumerate() {
                self.counted[d] += c;
            }
        }
        check_distribution(&self.header, &self.counted)?;
        Ok(self.base)
    }
}

#[cfg(test)]
mod tests {
    use super::{checksum, distribution, from_bytes_packed, to_bytes_packed, Packed, PieceReader, TableError};
    use super::{fallback_byte, fallback_slot, grouped_distribution, grouped_len, grouped_place, GROUP_ENTRIES};
    use crate::rng::Rng;

    #[test]
    fn every_flipped_bit_and_every_cut_is_refused() {
        // A table whose payload ends inside a word, so that the checksum's byte-wise tail counts.
        let mut rng = Rng::new(9);
        let payload: Vec<u8> = (0..1_003).map(|_| rng.next_u64() as u8).collect();
        let entries = payload.len() as u64 * 4;
        let packed = Packed { bits: 2, base: 8, entries, bytes: &payload };
        let bytes = to_bytes_packed(18, &packed, &distribution(&payload, entries, 2));
        assert!(from_bytes_packed(&bytes, 18, entries, 2).is_ok());
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                assert!(from_bytes_packed(&bad, 18, entries, 2).is_err(), "bit {bit} of byte {i}");
            }
        }
        assert!(from_bytes_packed(&bytes[..bytes.len() - 1], 18, entries, 2).is_err());
        // The checksum alone (the distribution check also catches most payload changes).
        let sum = checksum(&[&bytes]);
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                assert_ne!(checksum(&[&bad]), sum, "bit {bit} of byte {i}");
            }
        }
        // Chunks split at whole words sum as the bytes they hold.
        assert_eq!(checksum(&[&bytes[..160], &bytes[160..]]), sum);
    }

    /// Reads `bytes` through a [`PieceReader`] in pieces of `piece` bytes.
    fn read_in_pieces(bytes: &[u8], entries: u64, piece: usize) -> Result<Vec<u8>, TableError> {
        let mut r = PieceReader::new(18, entries, 2);
        let mut out = Vec::with_capacity(r.payload_len());
        for p in bytes.chunks(piece) {
            r.push(p, &mut out)?;
        }
        r.finish(&out).map(|_| out)
    }

    #[test]
    fn a_table_read_in_pieces_is_checked_as_a_whole_one() {
        // Entries that end inside a byte (padding in the last one) and a payload that ends
        // inside a word; pieces of every length from 1 to past the end.
        let mut rng = Rng::new(3);
        let entries = 4 * 1_003 - 1u64;
        let mut payload: Vec<u8> = (0..1_003).map(|_| rng.next_u64() as u8).collect();
        payload[1_002] &= 0x3f; // the padding entry holds 0
        let packed = Packed { bits: 2, base: 8, entries, bytes: &payload };
        let bytes = to_bytes_packed(18, &packed, &distribution(&payload, entries, 2));
        for piece in (1..=40).chain([167, 168, 169, 500, 4096]) {
            assert_eq!(read_in_pieces(&bytes, entries, piece).expect("reads"), payload, "pieces of {piece}");
        }
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                assert!(from_bytes_packed(&bad, 18, entries, 2).is_err());
                assert!(read_in_pieces(&bad, entries, 64).is_err(), "bit {bit} of byte {i}");
            }
        }
        assert!(matches!(read_in_pieces(&bytes[..bytes.len() - 1], entries, 64), Err(TableError::Truncated)));
        assert!(read_in_pieces(&bytes[..100], entries, 64).is_err(), "the header alone, cut");
        let mut long = bytes.clone();
        long.push(0);
        assert!(read_in_pieces(&long, entries, 64).is_err(), "a byte too many");
        assert!(matches!(read_in_pieces(&bytes, entries + 4, 64), Err(TableError::Header(_))), "another size");
    }

    #[test]
    fn a_grouped_table_counts_its_entries_and_fallbacks_read_whole_or_in_pieces() {
        // 40 whole groups and a last one of 17 entries, against entry-by-entry counts.
        let mut rng = Rng::new(11);
        let entries = 40 * GROUP_ENTRIES + 17;
        let payload: Vec<u8> = (0..grouped_len(entries)).map(|_| rng.next_u64() as u8).collect();
        let mut slow = [0u64; 16];
        for i in 0..entries {
            let (b, sh) = grouped_place(i);
            slow[(payload[b] >> sh & 3) as usize] += 1;
        }
        for g in 0..entries.div_ceil(GROUP_ENTRIES) {
            slow[fallback_slot(payload[fallback_byte(g * GROUP_ENTRIES)] >> 4)] += 1;
        }
        assert_eq!(grouped_distribution(&payload, entries), slow);
        let packed = Packed { bits: 2, base: 8, entries, bytes: &payload };
        let bytes = to_bytes_packed(16, &packed, &slow);
        let read = |bytes: &[u8], piece: usize| {
            let mut r = PieceReader::grouped(16, entries);
            let mut out = Vec::with_capacity(r.payload_len());
            for p in bytes.chunks(piece) {
                r.push(p, &mut out)?;
            }
            r.finish(&out).map(|_| out)
        };
        for piece in (1..=40).chain([167, 168, 169, 500]) {
            assert_eq!(read(&bytes, piece).expect("reads"), payload, "pieces of {piece}");
        }
        for i in (0..bytes.len()).step_by(7) {
            let mut bad = bytes.clone();
            bad[i] ^= 0x40;
            assert!(read(&bad, 64).is_err(), "byte {i}");
        }
        // The same bytes under the earlier layout's kind are refused as such.
        let mut old = bytes.clone();
        old[12..16].copy_from_slice(&11u32.to_le_bytes());
        let e = read(&old, 64).expect_err("an earlier layout").to_string();
        assert!(e.contains("h3 table in an earlier layout"), "{e}");
    }

    #[test]
    fn distribution_counts_every_entry_and_no_padding() {
        // Against entry-by-entry counts, for lengths that end inside a word and inside a byte.
        let mut rng = Rng::new(5);
        for entries in [0usize, 1, 3, 4, 5, 31, 32, 33, 63, 4_000, 4_001, 4_003, 100_007] {
            for bits in [2u32, 4] {
                let per_byte = 8 / bits as usize;
                let bytes: Vec<u8> = (0..entries.div_ceil(per_byte)).map(|_| rng.next_u64() as u8).collect();
                let mut slow = [0u64; 16];
                for i in 0..entries {
                    slow[(bytes[i / per_byte] >> (i % per_byte * bits as usize) & ((1u8 << bits) - 1)) as usize] += 1;
                }
                assert_eq!(distribution(&bytes, entries as u64, bits), slow, "{entries} entries of {bits} bits");
            }
        }
    }
}
