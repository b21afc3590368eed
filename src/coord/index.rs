//! Ranking and unranking: permutations (Lehmer code), combinations and orientations.

/// Rank of a permutation of `0..n` (n ≤ 12) in `0..n!`, lexicographic order.
pub fn perm_rank(perm: &[u8]) -> usize {
    let n = perm.len();
    // Bit k set while value k is still to come: the Lehmer digit is the count of smaller ones.
    let mut left: u32 = (1 << n) - 1;
    let mut rank = 0;
    for (i, &p) in perm.iter().enumerate() {
        let bit = 1u32 << (p & 31);
        rank = rank * (n - i) + (left & (bit - 1)).count_ones() as usize;
        left &= !bit;
    }
    rank
}

/// The permutation of `0..n` with rank `rank`; inverse of [`perm_rank`].
pub fn perm_unrank(mut rank: usize, out: &mut [u8]) {
    let n = out.len();
    let mut digits = [0usize; 12];
    for i in (0..n).rev() {
        digits[i] = rank % (n - i);
        rank /= n - i;
    }
    // The values not yet used, in order, one per 4 bits: taking the d-th closes the gap with
    // shifts instead of moving the array's tail (this runs for every permutation the tables
    // visit).
    let mut free: u64 = 0xba98_7654_3210;
    for (i, &d) in digits[..n].iter().enumerate() {
        let shift = 4 * d as u32;
        out[i] = ((free >> shift) & 15) as u8;
        let below = free & ((1u64 << shift) - 1);
        free = below | ((free >> (shift + 4)) << shift);
    }
}

/// Binomial coefficient.
pub const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Rank of the set of marked positions in `0..C(n, k)`, where `marked` has length n and k trues.
pub fn comb_rank(marked: &[bool]) -> usize {
    let mut rank = 0;
    let mut k = 0;
    for (i, &m) in marked.iter().enumerate() {
        if m {
            k += 1;
            rank += binomial(i, k);
        }
    }
    rank
}

/// The marked positions with rank `rank`, `k` of `out.len()`; inverse of [`comb_rank`].
pub fn comb_unrank(mut rank: usize, k: usize, out: &mut [bool]) {
    let mut k = k;
    for i in (0..out.len()).rev() {
        let c = binomial(i, k);
        if k > 0 && rank >= c {
            out[i] = true;
            rank -= c;
            k -= 1;
        } else {
            out[i] = false;
        }
    }
}

/// Orientations of all pieces but the last, as a base-`base` number (the last piece's
/// orientation follows from the others).
pub fn ori_rank(ori: &[u8], base: u8) -> usize {
    ori[..ori.len() - 1].iter().fold(0, |acc, &o| acc * base as usize + o as usize)
}

/// Inverse of [`ori_rank`]: fills all pieces, the last so that the sum is 0 mod `base`.
pub fn ori_unrank(mut rank: usize, base: u8, out: &mut [u8]) {
    let n = out.len();
    let mut sum = 0u32;
    for i in (0..n - 1).rev() {
        out[i] = (rank % base as usize) as u8;
        rank /= base as usize;
        sum += out[i] as u32;
    }
    out[n - 1] = ((base as u32 - sum % base as u32) % base as u32) as u8;
}
