//! Symmetry-reduced coordinates over the 16 symmetries that keep the UD axis
//! ([`super::sym::ud_syms`]): each raw value's class and the symmetry that takes it to its class
//! representative, so a pruning table needs one entry per class instead of one per value.

use super::sym::{ud_inverse, N_UD_SYM};

/// Conjugates a permutation (`perm[slot]` = piece) by a slot map: the piece in slot `i` moves
/// to slot `map[i]` and is renamed `map[piece]`.
pub fn conj_perm<const N: usize>(perm: &[u8; N], map: &[u8; N]) -> [u8; N] {
    let mut out = [0u8; N];
    for i in 0..N {
        out[map[i] as usize] = map[perm[i] as usize];
    }
    out
}

/// Conjugates orientations (`ori[slot]`) by a slot map that keeps them (no mirror, and for
/// edges a symmetry that keeps every axis).
pub fn conj_ori<const N: usize>(ori: &[u8; N], map: &[u8; N]) -> [u8; N] {
    let mut out = [0u8; N];
    for i in 0..N {
        out[map[i] as usize] = ori[i];
    }
    out
}

/// A coordinate reduced by symmetry: each raw value's class, and the symmetry that conjugates it
/// to its class representative.
pub struct SymCoord {
    /// Class of each raw value.
    pub class_of: Box<[u16]>,
    /// For each raw value, the symmetry `s` with `conj(value, s)` = its class representative.
    pub sym_of: Box<[u8]>,
    /// Raw value of each class representative.
    pub reps: Box<[u32]>,
    /// For each class, the symmetries that fix its representative (bit `s`).
    pub stabiliser: Box<[u16]>,
    /// `class_of << 4 | sym_of` in one array, so a search reads both with one load.
    pub class_sym: Box<[u32]>,
}

impl SymCoord {
    /// Reduces `0..size` under the first `n_syms` symmetries, where `conj(x, s)` conjugates raw
    /// value `x` by symmetry `s`.
    pub fn new(size: usize, n_syms: usize, conj: impl Fn(usize, usize) -> usize) -> SymCoord {
        let all: Vec<usize> = (0..n_syms).collect();
        SymCoord::with_syms(size, &all, conj)
    }

    /// Reduces `0..size` under the symmetries `list` (a group, numbered as [`syms`]).
    #[inline(never)]
    pub fn with_syms(size: usize, list: &[usize], conj: impl Fn(usize, usize) -> usize) -> SymCoord {
        let inv = ud_inverse();
        let mut class_of = vec![u16::MAX; size].into_boxed_slice();
        let mut sym_of = vec![0u8; size].into_boxed_slice();
        let mut reps = Vec::new();
        let mut stabiliser = Vec::new();
        for x in 0..size {
            if class_of[x] != u16::MAX {
                continue;
            }
            let class = reps.len() as u16;
            let fixed = add_class(x, class, list, &conj, inv, &mut class_of, &mut sym_of);
            reps.push(x as u32);
            stabiliser.push(fixed);
        }
        let class_sym = class_of.iter().zip(sym_of.iter()).map(|(&c, &s)| (c as u32) << 4 | s as u32).collect();
        SymCoord {
            class_of,
            sym_of,
            reps: reps.into_boxed_slice(),
            stabiliser: stabiliser.into_boxed_slice(),
            class_sym,
        }
    }

    /// Number of classes.
    pub fn classes(&self) -> usize {
        self.reps.len()
    }
}

/// Labels the class of representative `x`; returns the symmetries that fix `x`. Out of line so
/// browsers optimise it early (see `tables::prune`).
#[inline(never)]
fn add_class(
    x: usize,
    class: u16,
    list: &[usize],
    conj: &impl Fn(usize, usize) -> usize,
    inv: &[usize; N_UD_SYM],
    class_of: &mut [u16],
    sym_of: &mut [u8],
) -> u16 {
    let mut fixed = 0u16;
    for &s in list {
        let y = conj(x, s);
        if y == x {
            fixed |= 1 << s;
        }
        if class_of[y] == u16::MAX {
            class_of[y] = class;
            // y = conj(x, s), so conj(y, s⁻¹) = x.
            sym_of[y] = inv[s] as u8;
        }
    }
    fixed
}

/// A table of raw value × symmetry → conjugated raw value, for the first `n_syms` symmetries.
#[inline(never)]
pub fn conj_table(size: usize, n_syms: usize, conj: impl Fn(usize, usize) -> usize) -> Box<[u16]> {
    (0..size).flat_map(|x| (0..n_syms).map(move |s| (x, s))).map(|(x, s)| conj(x, s) as u16).collect()
}
