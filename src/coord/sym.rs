//! The 48 symmetries of the cube (24 rotations, each also mirrored) and, as a subset, the 16
//! that keep the UD axis, which the two-phase tables are reduced by.
//!
//! A symmetry is a signed permutation matrix acting on sticker positions (x towards R, y
//! towards U, z towards F); conjugating a state by it moves every sticker and renames every
//! colour the same way, which keeps the distance to solved (it maps the 18 face turns onto
//! themselves). The slow path works on stickers; the fast path ([`Sym::conj`]) on cubies, with
//! per-slot tables read off the slow path once.
//!
//! The 48 are numbered by [`Sym::by_index`]. The 16 UD symmetries have numbers of their own,
//! `0..16`, which the two-phase tables store ([`ud_syms`]): 0..4 are I, y2, z2, x2 (they keep
//! all three axes, so edge flip conjugates by permuting slots alone), 0..8 the rotations (they
//! keep corner twist), 8..16 the same mirrored left-right.

use crate::cube::facelet::{
    read_corner, read_edge, Face, Size, CORNER_COLORS, CORNER_FACELETS, EDGE_COLORS, EDGE_FACELETS,
};
use crate::cube::moves::{sticker_place, Vec3};
use crate::cube::CubieCube;
use std::sync::OnceLock;

/// Number of symmetries.
pub const N_SYM: usize = 48;

type Matrix = [[i8; 3]; 3];

/// One symmetry: where it sends each sticker, and its effect on corner and edge cubies.
pub struct Sym {
    /// The matrix (rows), determinant -1 for mirrors.
    pub matrix: Matrix,
    /// `sticker[k]`: the sticker position that sticker `k` is carried to.
    pub sticker: [u8; 54],
    /// `face[f]`: the face that face `f` is carried to (colours are renamed likewise).
    pub face: [Face; 6],
    /// `corner[i]`: the corner slot that slot `i` is carried to (pieces are renamed likewise).
    pub corner: [u8; 8],
    /// `edge[i]`: likewise for edge slots.
    pub edge: [u8; 12],
    /// `twist[i * 24 + p * 3 + t]`: the twist, after conjugation, of piece `p` with twist `t`
    /// that sat in slot `i`.
    twist: [u8; 192],
    /// `flip[i * 24 + p * 2 + f]`: likewise for edges.
    flip: [u8; 288],
}

fn apply(m: &Matrix, v: Vec3) -> Vec3 {
    std::array::from_fn(|r| (0..3).map(|c| m[r][c] * v[c]).sum())
}

/// Reads a piece from its stickers: which piece and how it is turned.
type ReadPiece<const K: usize> = fn([Face; K]) -> Result<(usize, u8), String>;

/// Fills `out[i * N * K + p * K + o]` with the orientation, after conjugation by the symmetry
/// with sticker map and face map `sym`, of piece
/// `p` turned `o` in slot `i` (pieces with `K` stickers at `slots`, coloured `colors`, slots
/// carried by `map`). One piece at a time: where its stickers land and in what colours (the rest
/// of the cube does not matter to where that piece goes).
fn orientation_table<const N: usize, const K: usize>(
    (sticker, face): (&[u8; 54], &[Face; 6]),
    slots: &[[usize; K]; N],
    colors: &[[Face; K]; N],
    map: &[u8; N],
    read: ReadPiece<K>,
    out: &mut [u8],
) {
    let mut faces = Size::Three.solved();
    for i in 0..N {
        let j = map[i] as usize;
        for p in 0..N {
            for o in 0..K {
                for k in 0..K {
                    faces[sticker[slots[i][(k + o) % K]] as usize] = face[colors[p][k] as usize];
                }
                let (piece, turned) = read(slots[j].map(|k| faces[k])).expect("a piece");
                debug_assert_eq!(piece, map[p] as usize);
                out[i * N * K + p * K + o] = turned;
            }
        }
    }
}

/// Conjugates a sticker string by symmetry `s` (the slow path): every sticker moves to where the
/// symmetry carries it and shows the colour the symmetry carries its colour to.
pub fn conj_facelets(faces: &[Face], s: &Sym) -> Vec<Face> {
    let mut out = faces.to_vec();
    for (k, &f) in faces.iter().enumerate() {
        out[s.sticker[k] as usize] = s.face[f as usize];
    }
    out
}

impl Sym {
    fn new(matrix: Matrix) -> Sym {
        let places: Vec<(Vec3, Vec3)> = (0..54).map(sticker_place).collect();
        let sticker: [u8; 54] = std::array::from_fn(|k| {
            let (pos, normal) = places[k];
            let want = (apply(&matrix, pos), apply(&matrix, normal));
            places.iter().position(|&p| p == want).expect("a symmetry maps stickers to stickers") as u8
        });
        let face = Face::ALL.map(|f| Face::ALL[sticker[f as usize * 9 + 4] as usize / 9]);
        let mut sym = Sym { matrix, sticker, face, corner: [0; 8], edge: [0; 12], twist: [0; 192], flip: [0; 288] };
        let carried = |stickers: &[usize]| -> Vec<usize> {
            let mut v: Vec<usize> = stickers.iter().map(|&k| sym.sticker[k] as usize).collect();
            v.sort_unstable();
            v
        };
        let sorted = |stickers: &[usize]| -> Vec<usize> {
            let mut v = stickers.to_vec();
            v.sort_unstable();
            v
        };
        let corner: [u8; 8] = std::array::from_fn(|i| {
            let want = carried(&CORNER_FACELETS[i]);
            (0..8).find(|&j| sorted(&CORNER_FACELETS[j]) == want).expect("corner slot") as u8
        });
        let edge: [u8; 12] = std::array::from_fn(|i| {
            let want = carried(&EDGE_FACELETS[i]);
            (0..12).find(|&j| sorted(&EDGE_FACELETS[j]) == want).expect("edge slot") as u8
        });
        sym.corner = corner;
        sym.edge = edge;
        let (sticker, face) = (sym.sticker, sym.face);
        orientation_table(
            (&sticker, &face),
            &CORNER_FACELETS,
            &CORNER_COLORS,
            &sym.corner,
            read_corner,
            &mut sym.twist,
        );
        orientation_table((&sticker, &face), &EDGE_FACELETS, &EDGE_COLORS, &sym.edge, read_edge, &mut sym.flip);
        sym
    }

    /// Is this a mirror (it turns clockwise turns into anticlockwise ones)?
    pub fn is_mirror(&self) -> bool {
        let m = &self.matrix;
        let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
        det < 0
    }

    /// Conjugates corners only (the edges are left as they were).
    #[inline]
    pub fn conj_corners(&self, cube: &CubieCube, out: &mut CubieCube) {
        for i in 0..8 {
            let p = cube.cp[i] as usize;
            let j = self.corner[i] as usize;
            out.cp[j] = self.corner[p];
            out.co[j] = self.twist[i * 24 + p * 3 + cube.co[i] as usize];
        }
    }

    /// Conjugates edges only (the corners are left as they were).
    #[inline]
    pub fn conj_edges(&self, cube: &CubieCube, out: &mut CubieCube) {
        for i in 0..12 {
            let p = cube.ep[i] as usize;
            let j = self.edge[i] as usize;
            out.ep[j] = self.edge[p];
            out.eo[j] = self.flip[i * 24 + p * 2 + cube.eo[i] as usize];
        }
    }

    /// The flip, after conjugation, of edge piece `piece` with flip `flip` in slot `slot`.
    #[inline]
    pub fn edge_flip(&self, slot: usize, piece: usize, flip: u8) -> u8 {
        self.flip[slot * 24 + piece * 2 + flip as usize]
    }

    /// Conjugates a cube (the fast path; agrees with [`conj_facelets`]).
    pub fn conj(&self, cube: &CubieCube) -> CubieCube {
        let mut out = *cube;
        self.conj_corners(cube, &mut out);
        self.conj_edges(cube, &mut out);
        out
    }
}

/// The 48 symmetries; 0 is the identity and `inverse()[s]` undoes `s`.
pub fn syms() -> &'static [Sym] {
    static SYMS: OnceLock<Vec<Sym>> = OnceLock::new();
    SYMS.get_or_init(|| (0..N_SYM).map(Sym::by_index).collect())
}

/// The symmetries other than the identity that map `cube` onto itself (numbered as [`syms`]).
pub fn self_symmetries(cube: &CubieCube) -> impl Iterator<Item = usize> + '_ {
    let syms = syms();
    (1..syms.len()).filter(move |&s| syms[s].conj(cube) == *cube)
}

impl Sym {
    /// Symmetry number `index` of [`syms`], built on its own: `index / 8` picks how the axes
    /// are permuted, the bits of `index % 8` which of them are reversed.
    pub fn by_index(index: usize) -> Sym {
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let (p, signs) = (perms[index / 8], index % 8);
        let sign = |r: usize| if signs >> r & 1 == 1 { -1 } else { 1 };
        Sym::new(std::array::from_fn(|r| std::array::from_fn(|c| if c == p[r] { sign(r) } else { 0 })))
    }
}

/// `inverse()[s]`: the symmetry that undoes `s` (its matrix is the transpose).
pub fn inverse() -> &'static [u8; N_SYM] {
    static INV: OnceLock<[u8; N_SYM]> = OnceLock::new();
    INV.get_or_init(|| {
        let s = syms();
        std::array::from_fn(|a| {
            let t: Matrix = std::array::from_fn(|r| std::array::from_fn(|c| s[a].matrix[c][r]));
            s.iter().position(|b| b.matrix == t).expect("a group") as u8
        })
    })
}

/// Symmetries that keep the UD axis.
pub const N_UD_SYM: usize = 16;
/// Of those, the rotations (numbers `0..8`).
pub const N_UD_ROT: usize = 8;
/// Of those, the ones that keep every axis: I, y2, z2, x2 (numbers `0..4`).
pub const N_UD_AXES: usize = 4;

fn mul(a: &Matrix, b: &Matrix) -> Matrix {
    std::array::from_fn(|r| std::array::from_fn(|c| (0..3).map(|k| a[r][k] * b[k][c]).sum()))
}

/// `ud_index()[i]`: the number among the 48 of UD symmetry `i` (numbered as in the module doc).
pub fn ud_index() -> &'static [u8; N_UD_SYM] {
    static UD: OnceLock<[u8; N_UD_SYM]> = OnceLock::new();
    UD.get_or_init(|| {
        const I: Matrix = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
        const Y: Matrix = [[0, 0, 1], [0, 1, 0], [-1, 0, 0]];
        const Z2: Matrix = [[-1, 0, 0], [0, -1, 0], [0, 0, 1]];
        const MIRROR: Matrix = [[-1, 0, 0], [0, 1, 0], [0, 0, 1]];
        let y2 = mul(&Y, &Y);
        let y3 = mul(&y2, &Y);
        let rotations = [I, y2, Z2, mul(&y2, &Z2), Y, y3, mul(&Y, &Z2), mul(&y3, &Z2)];
        std::array::from_fn(|i| {
            let m = if i < 8 { rotations[i] } else { mul(&MIRROR, &rotations[i - 8]) };
            syms().iter().position(|s| s.matrix == m).expect("a UD symmetry is one of the 48") as u8
        })
    })
}

/// The 16 UD symmetries, numbered as in the module doc.
pub fn ud_syms() -> &'static [&'static Sym; N_UD_SYM] {
    static UD: OnceLock<[&'static Sym; N_UD_SYM]> = OnceLock::new();
    UD.get_or_init(|| ud_index().map(|k| &syms()[k as usize]))
}

/// The UD number of a symmetry given by its number among the 48.
fn ud_number(k: u8) -> usize {
    ud_index().iter().position(|&u| u == k).expect("the UD symmetries are a group")
}

/// The inverse of each UD symmetry, by UD number.
pub fn ud_inverse() -> &'static [usize; N_UD_SYM] {
    static INV: OnceLock<[usize; N_UD_SYM]> = OnceLock::new();
    INV.get_or_init(|| ud_index().map(|k| ud_number(inverse()[k as usize])))
}

/// `ud_mult()[a][b]`: the UD symmetry that conjugates as `b` followed by `a` (its slot map is
/// `a`'s after `b`'s), so a class symmetry can be updated after a move without cubies.
pub fn ud_mult() -> &'static [[u8; N_UD_SYM]; N_UD_SYM] {
    static MULT: OnceLock<[[u8; N_UD_SYM]; N_UD_SYM]> = OnceLock::new();
    MULT.get_or_init(|| {
        let s = ud_syms();
        std::array::from_fn(|a| {
            std::array::from_fn(|b| {
                let m = mul(&s[a].matrix, &s[b].matrix);
                ud_number(syms().iter().position(|x| x.matrix == m).expect("a group") as u8) as u8
            })
        })
    })
}
