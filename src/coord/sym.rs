//! Symmetry: the 16 symmetries of the cube that keep the UD axis (8 rotations, each also
//! mirrored left-right), as maps of corner and edge slots, and symmetry-reduced coordinates.
//!
//! Conjugating a state by a symmetry relabels slots and pieces alike; it keeps the distance to
//! solved in every metric whose move set the symmetry maps onto itself, so a pruning table
//! needs one entry per class of conjugate states instead of one per state.
//!
//! Numbering: 0..4 are I, y2, z2, x2 (they keep all three axes, so edge flip conjugates by
//! permuting slots alone), 0..8 the rotations (they keep corner twist), 0..16 all of them
//! (permutation coordinates only).

use std::sync::OnceLock;

/// Symmetries that keep every axis: I, y2, z2, x2.
pub const N_SYM_AXES: usize = 4;
/// Rotations that keep the UD axis.
pub const N_SYM_ROT: usize = 8;
/// All 16 symmetries that keep the UD axis.
pub const N_SYM: usize = 16;

type Vec3 = [i8; 3];

const CORNER_AT: [Vec3; 8] =
    [[1, 1, 1], [-1, 1, 1], [-1, 1, -1], [1, 1, -1], [1, -1, 1], [-1, -1, 1], [-1, -1, -1], [1, -1, -1]];
const EDGE_AT: [Vec3; 12] = [
    [1, 1, 0],
    [0, 1, 1],
    [-1, 1, 0],
    [0, 1, -1],
    [1, -1, 0],
    [0, -1, 1],
    [-1, -1, 0],
    [0, -1, -1],
    [1, 0, 1],
    [-1, 0, 1],
    [-1, 0, -1],
    [1, 0, -1],
];

/// A symmetry as where it sends each corner slot and each edge slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sym {
    /// `corner[i]`: the slot that slot `i` is carried to.
    pub corner: [u8; 8],
    /// `edge[i]`: likewise for edges.
    pub edge: [u8; 12],
}

type Matrix = [[i8; 3]; 3];

fn apply(m: &Matrix, v: Vec3) -> Vec3 {
    std::array::from_fn(|r| (0..3).map(|c| m[r][c] * v[c]).sum())
}

fn mul(a: &Matrix, b: &Matrix) -> Matrix {
    std::array::from_fn(|r| std::array::from_fn(|c| (0..3).map(|k| a[r][k] * b[k][c]).sum()))
}

fn slot_map<const N: usize>(m: &Matrix, at: &[Vec3; N]) -> [u8; N] {
    std::array::from_fn(|i| at.iter().position(|&p| p == apply(m, at[i])).expect("symmetry maps slots to slots") as u8)
}

/// The 16 symmetries, numbered as in the module doc.
pub fn syms() -> &'static [Sym; N_SYM] {
    static SYMS: OnceLock<[Sym; N_SYM]> = OnceLock::new();
    SYMS.get_or_init(|| {
        const I: Matrix = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
        const Y: Matrix = [[0, 0, 1], [0, 1, 0], [-1, 0, 0]];
        const Z2: Matrix = [[-1, 0, 0], [0, -1, 0], [0, 0, 1]];
        const MIRROR: Matrix = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]];
        let y2 = mul(&Y, &Y);
        let y3 = mul(&y2, &Y);
        let rotations = [I, y2, Z2, mul(&y2, &Z2), Y, y3, mul(&Y, &Z2), mul(&y3, &Z2)];
        std::array::from_fn(|i| {
            let m = if i < 8 { rotations[i] } else { mul(&MIRROR, &rotations[i - 8]) };
            Sym { corner: slot_map(&m, &CORNER_AT), edge: slot_map(&m, &EDGE_AT) }
        })
    })
}

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

/// The inverse of each symmetry, by its effect on corner and edge slots.
pub fn sym_inverse() -> &'static [usize; N_SYM] {
    static INV: OnceLock<[usize; N_SYM]> = OnceLock::new();
    INV.get_or_init(|| {
        let s = syms();
        std::array::from_fn(|a| {
            (0..N_SYM)
                .find(|&b| {
                    (0..8).all(|i| s[b].corner[s[a].corner[i] as usize] as usize == i)
                        && (0..12).all(|i| s[b].edge[s[a].edge[i] as usize] as usize == i)
                })
                .expect("a group")
        })
    })
}

/// `sym_mult()[a][b]`: the symmetry that conjugates as `b` followed by `a` (its slot map is
/// `a`'s after `b`'s), so a class symmetry can be updated after a move without cubies.
pub fn sym_mult() -> &'static [[u8; N_SYM]; N_SYM] {
    static MULT: OnceLock<[[u8; N_SYM]; N_SYM]> = OnceLock::new();
    MULT.get_or_init(|| {
        let s = syms();
        std::array::from_fn(|a| {
            std::array::from_fn(|b| {
                let corner: [u8; 8] = std::array::from_fn(|i| s[a].corner[s[b].corner[i] as usize]);
                let edge: [u8; 12] = std::array::from_fn(|i| s[a].edge[s[b].edge[i] as usize]);
                s.iter().position(|x| x.corner == corner && x.edge == edge).expect("a group") as u8
            })
        })
    })
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
        let inv = sym_inverse();
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
    inv: &[usize; N_SYM],
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
