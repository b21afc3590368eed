//! Tables of 4-bit entries, two to a byte: distances 0..15 at half the memory of bytes.

/// Packed 4-bit entries; entry `i` is the low nibble of byte `i / 2` when `i` is even.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NibbleTable {
    packed: Box<[u8]>,
    len: usize,
}

impl NibbleTable {
    /// `len` entries, all `fill`.
    pub fn new(len: usize, fill: u8) -> NibbleTable {
        let byte = (fill & 15) | (fill << 4);
        NibbleTable { packed: vec![byte; len.div_ceil(2)].into_boxed_slice(), len }
    }
    /// Wraps packed bytes (length `len.div_ceil(2)`).
    pub fn from_packed(packed: Box<[u8]>, len: usize) -> NibbleTable {
        assert_eq!(packed.len(), len.div_ceil(2));
        NibbleTable { packed, len }
    }
    /// Packs one entry a byte (values 0..16), two to a byte.
    pub fn from_values(values: &[u8]) -> NibbleTable {
        let mut packed = vec![0u8; values.len().div_ceil(2)].into_boxed_slice();
        // Whole pairs first (a loop the compiler vectorises), then the odd last entry.
        let pairs = values.chunks_exact(2);
        if let [last] = pairs.remainder() {
            packed[values.len() / 2] = *last;
        }
        for (p, pair) in packed.iter_mut().zip(pairs) {
            *p = pair[0] | pair[1] << 4;
        }
        NibbleTable { packed, len: values.len() }
    }
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.len
    }
    /// True when the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The packed bytes.
    pub fn packed(&self) -> &[u8] {
        &self.packed
    }
    /// Entry `index`.
    #[inline(always)]
    pub fn get(&self, index: usize) -> u8 {
        (self.packed[index >> 1] >> ((index & 1) << 2)) & 15
    }
    /// Sets entry `index` to `value` (0..16).
    #[inline(always)]
    pub fn set(&mut self, index: usize, value: u8) {
        let shift = (index & 1) << 2;
        let b = &mut self.packed[index >> 1];
        *b = (*b & !(15 << shift)) | ((value & 15) << shift);
    }
    /// How many entries hold each value.
    pub fn distribution(&self) -> [u64; 16] {
        super::format::distribution(&self.packed, self.len as u64, 4)
    }
}
