//! The binary format of a 4-bit table: a header, then the packed entries.
//!
//! ```text
//! offset  size  field
//!  0       8    magic "CUBEHINT"
//!  8       4    format version (u32 LE)
//! 12       4    table kind (u32 LE; see the KIND_ constants)
//! 16       8    entry count (u64 LE)
//! 24       4    bits per entry (4)
//! 28       4    reserved (0)
//! 32     128    depth distribution: entries holding 0..15 (16 × u64 LE)
//! 160      8    FNV-1a 64 checksum of everything else (header with this field zeroed, payload)
//! 168     ...   packed entries, two per byte, low nibble first
//! ```

use super::nibble::NibbleTable;
use crate::error::TableError;

/// Bytes that open every table.
pub const MAGIC: &[u8; 8] = b"CUBEHINT";
/// Bumped whenever a coordinate, the move order or the layout changes.
pub const FORMAT_VERSION: u32 = 1;
/// Size of the header in bytes.
pub const HEADER_LEN: usize = 168;
const CHECKSUM_AT: usize = 160;

/// 2x2 distance table, half-turn metric.
pub const KIND_POCKET_HTM: u32 = 1;
/// 2x2 distance table, quarter-turn metric.
pub const KIND_POCKET_QTM: u32 = 2;
/// The five two-phase pruning tables, in the order of `TwoPhaseTables` (kinds 3 to 7).
pub const KIND_TWO_PHASE: [u32; 5] = [3, 4, 5, 6, 7];

fn fnv1a(chunks: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for chunk in chunks {
        for &b in *chunk {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// Serialises a table of `kind`.
pub fn to_bytes(kind: u32, table: &NibbleTable) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + table.packed().len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&kind.to_le_bytes());
    out.extend_from_slice(&(table.len() as u64).to_le_bytes());
    out.extend_from_slice(&4u32.to_le_bytes());
    out.extend_from_slice(&0u32.to_le_bytes());
    for d in table.distribution() {
        out.extend_from_slice(&d.to_le_bytes());
    }
    out.extend_from_slice(&0u64.to_le_bytes());
    out.extend_from_slice(table.packed());
    let sum = fnv1a(&[&out]);
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
    if bytes.len() < HEADER_LEN {
        return Err(TableError::Truncated);
    }
    if &bytes[..8] != MAGIC {
        return Err(TableError::Magic);
    }
    let version = u32_at(bytes, 8);
    if version != FORMAT_VERSION {
        return Err(TableError::Version(version));
    }
    let found_kind = u32_at(bytes, 12);
    if found_kind != kind {
        return Err(TableError::Header(format!("table kind {found_kind}, expected {kind}")));
    }
    let found_entries = u64_at(bytes, 16);
    if found_entries != entries as u64 {
        return Err(TableError::Header(format!("{found_entries} entries, expected {entries}")));
    }
    if u32_at(bytes, 24) != 4 || u32_at(bytes, 28) != 0 {
        return Err(TableError::Header("bits per entry must be 4".to_string()));
    }
    if bytes.len() != HEADER_LEN + entries.div_ceil(2) {
        return Err(TableError::Truncated);
    }
    let stored = u64_at(bytes, CHECKSUM_AT);
    let sum = fnv1a(&[&bytes[..CHECKSUM_AT], &[0u8; 8], &bytes[HEADER_LEN..]]);
    if stored != sum {
        return Err(TableError::Checksum);
    }
    let table = NibbleTable::from_packed(bytes[HEADER_LEN..].to_vec().into_boxed_slice(), entries);
    let dist = table.distribution();
    for (d, want) in dist.iter().enumerate() {
        if *want != u64_at(bytes, 32 + 8 * d) {
            return Err(TableError::Header(format!("depth {d} count does not match the entries")));
        }
    }
    Ok(table)
}
