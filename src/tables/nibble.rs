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
    /// The byte that holds entry `index` (and its neighbour).
    #[inline(always)]
    pub fn byte(&self, index: usize) -> u8 {
        self.packed[index >> 1]
    }
    /// Entry `index`.
    #[inline(always)]
    pub fn get(&self, index: usize) -> u8 {
        Self::in_byte(self.byte(index), index)
    }
    /// Entry `index` from the byte [`NibbleTable::byte`] read for it.
    #[inline(always)]
    pub fn in_byte(byte: u8, index: usize) -> u8 {
        (byte >> ((index & 1) << 2)) & 15
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
        distribution(&self.packed, self.len as u64, 4)
    }
}

/// How many entries hold each value, for entries packed `bits` each.
pub fn distribution(bytes: &[u8], entries: u64, bits: u32) -> [u64; 16] {
    let per_byte = (8 / bits) as usize;
    let mask = (1u8 << bits) - 1;
    let mut d = [0u64; 16];
    // Whole bytes through a byte histogram (fast), the tail entry by entry.
    let whole = (entries / per_byte as u64) as usize;
    let mut from = 0;
    if bits == 2 {
        // 2-bit entries a word at a time by counting bits: on the flip tables (the CLI reads
        // h6, 1.9 GB, on every run) the byte histogram was about a quarter of the load.
        const LO: u64 = 0x5555_5555_5555_5555;
        from = whole / 8 * 8;
        let (mut ones, mut twos, mut threes) = (0u64, 0u64, 0u64);
        for w in bytes[..from].chunks_exact(8) {
            let w = u64::from_le_bytes(w.try_into().expect("8 bytes"));
            let (lo, hi) = (w & LO, w >> 1 & LO);
            ones += (lo & !hi).count_ones() as u64;
            twos += (hi & !lo).count_ones() as u64;
            threes += (lo & hi).count_ones() as u64;
        }
        d[1] = ones;
        d[2] = twos;
        d[3] = threes;
        d[0] = from as u64 * 4 - ones - twos - threes;
    }
    let mut hist = [0u64; 256];
    for &b in &bytes[from..whole] {
        hist[b as usize] += 1;
    }
    for (b, &n) in hist.iter().enumerate() {
        for k in 0..per_byte {
            d[(b >> (k * bits as usize)) & mask as usize] += n;
        }
    }
    // The last byte's entries before its padding (the index of an entry may not fit a usize).
    for k in 0..(entries - whole as u64 * per_byte as u64) as usize {
        d[((bytes[whole] >> (k * bits as usize)) & mask) as usize] += 1;
    }
    d
}
