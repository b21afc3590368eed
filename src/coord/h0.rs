//! The coordinates of the optimal solver's table, both unchanged in meaning by all 48
//! symmetries (the target group: every corner in its own tetrad with its U/D sticker on U or D,
//! every edge in its own slice).
//!
//! - `cocsep` (corner separation and orientation): which slots hold corners of tetrad A
//!   (URF ULB DLF DRB) as a combination C(8, 4) = 70, times the corner twist 3^7: 153,090.
//! - `esep` (edge separation): which slots hold E-slice edges, C(12, 4) = 495, times which of the
//!   other eight hold M-slice edges (UF UB DF DB), C(8, 4) = 70: 34,650.
//!
//! Both read only which tetrad or slice each piece belongs to, so two cubes that differ by
//! renaming pieces within their tetrads and slices share both values; that is what makes moves
//! and symmetries act on the values through any cube that has them ([`cocsep_cube`],
//! [`esep_cube`]).

use super::esep_conj::EsepConj;
use super::index::{binomial, comb_rank, comb_unrank, ori_unrank};
use super::sym::{inverse, syms, N_SYM};
use crate::cube::cubie::{compose_corners, move_cubes};
use crate::cube::CubieCube;
use std::sync::OnceLock;

/// Corner separations: C(8, 4).
pub const N_CSEP: usize = 70;
/// `cocsep` values: 70 × 3^7.
pub const N_COCSEP: usize = N_CSEP * 2187;
/// `esep` values: C(12, 4) × C(8, 4).
pub const N_ESEP: usize = 495 * 70;

/// Corner pieces in tetrad A, as a bit mask over piece numbers: URF ULB DLF DRB.
const TETRAD_A: u32 = 0b1010_0101;
/// Edge pieces of the M slice (UF UB DF DB) as a bit mask over piece numbers.
const M_SLICE: u32 = 0b0000_1010_1010;

struct Ranks {
    /// 8-bit mask of slots holding tetrad A corners → combination rank.
    csep: [u8; 256],
    /// 12-bit mask of slots holding E-slice edges → combination rank.
    eslice: Box<[u16]>,
    /// 8-bit mask (over the slots left by the E slice) of M-slice edges → combination rank.
    mslice: [u8; 256],
}

fn ranks() -> &'static Ranks {
    static RANKS: OnceLock<Ranks> = OnceLock::new();
    RANKS.get_or_init(|| {
        let rank_of = |mask: u32, n: usize| comb_rank(&(0..n).map(|i| mask >> i & 1 == 1).collect::<Vec<_>>());
        let mut csep = [0u8; 256];
        let mut mslice = [0u8; 256];
        for m in 0..256u32 {
            if m.count_ones() == 4 {
                csep[m as usize] = rank_of(m, 8) as u8;
                mslice[m as usize] = rank_of(m, 8) as u8;
            }
        }
        let eslice = (0..4096u32).map(|m| if m.count_ones() == 4 { rank_of(m, 12) as u16 } else { 0 }).collect();
        Ranks { csep, eslice, mslice }
    })
}

/// The `cocsep` value of a cube.
#[inline]
pub fn cocsep(cube: &CubieCube) -> usize {
    let mut mask = 0usize;
    let mut twist = 0usize;
    for i in 0..8 {
        mask |= ((TETRAD_A >> cube.cp[i]) as usize & 1) << i;
    }
    for i in 0..7 {
        twist = twist * 3 + cube.co[i] as usize;
    }
    ranks().csep[mask] as usize * 2187 + twist
}

/// The rank tables behind [`esep`]: 12-bit masks of E-slice slots (4096 entries) and 8-bit
/// masks of M-slice slots among the other eight, in order (256).
pub fn esep_ranks() -> (&'static [u16], &'static [u8; 256]) {
    let r = ranks();
    (&r.eslice, &r.mslice)
}

/// The slots holding E-slice edges (bits 0-11) and M-slice edges (bits 12-23): what `esep`
/// ranks, before ranking.
pub fn esep_masks(cube: &CubieCube) -> u32 {
    (0..12).fold(0, |b, i| {
        let p = cube.ep[i] as u32;
        if p >= 8 {
            b | 1 << i
        } else {
            b | (M_SLICE >> p & 1) << (12 + i)
        }
    })
}

/// The `esep` value of a cube.
#[inline]
pub fn esep(cube: &CubieCube) -> usize {
    let mut e_mask = 0usize;
    let mut m_mask = 0usize;
    let mut k = 0;
    for i in 0..12 {
        let p = cube.ep[i];
        if p >= 8 {
            e_mask |= 1 << i;
        } else {
            m_mask |= ((M_SLICE >> p) as usize & 1) << k;
            k += 1;
        }
    }
    let r = ranks();
    r.eslice[e_mask] as usize * 70 + r.mslice[m_mask] as usize
}

/// A cube (corners only; edges solved) with `cocsep` value `value`.
pub fn cocsep_cube(value: usize) -> CubieCube {
    let mut marked = [false; 8];
    comb_unrank(value / 2187, 4, &mut marked);
    let mut cube = CubieCube::SOLVED;
    let (mut a, mut b) = ([0u8, 2, 5, 7].into_iter(), [1u8, 3, 4, 6].into_iter());
    for i in 0..8 {
        cube.cp[i] = if marked[i] { a.next() } else { b.next() }.expect("four of each");
    }
    ori_unrank(value % 2187, 3, &mut cube.co);
    cube
}

/// A cube (edges only; corners solved) with `esep` value `value`.
pub fn esep_cube(value: usize) -> CubieCube {
    let mut e = [false; 12];
    comb_unrank(value / 70, 4, &mut e);
    let mut m = [false; 8];
    comb_unrank(value % 70, 4, &mut m);
    let mut cube = CubieCube::SOLVED;
    let (mut es, mut ms, mut ss) = (8u8..12, [1u8, 3, 5, 7].into_iter(), [0u8, 2, 4, 6].into_iter());
    let mut k = 0;
    for i in 0..12 {
        cube.ep[i] = if e[i] {
            es.next()
        } else {
            k += 1;
            if m[k - 1] {
                ms.next()
            } else {
                ss.next()
            }
        }
        .expect("four of each");
    }
    cube
}

const _: () = assert!(binomial(8, 4) == N_CSEP && binomial(12, 4) == 495);

/// Symmetry classes of `cocsep` under the 48 symmetries.
pub const N_CORNER_CLASSES: usize = 3393;
/// Entries of the h0 table: a corner class × an `esep` value.
pub const N_H0: usize = N_CORNER_CLASSES * N_ESEP;
/// Marks values a breadth-first search has not reached.
const UNREACHED: u8 = 255;

/// Move tables, symmetry classes and the small fallback tables the h0 table is read through.
#[derive(Clone)]
pub struct H0Coords {
    /// `twist * 18 + move` → twist after the move (`cocsep % 2187`).
    twist_move: Box<[u16]>,
    /// `csep * 18 + move` → corner separation after the move (`cocsep / 2187`). The two parts
    /// move independently, and these two small tables stay in cache where one 11 MB table of
    /// whole `cocsep` values would not.
    csep_move: Box<[u8]>,
    /// `esep * 18 + move` → `esep` after the move.
    pub emove: Box<[u16]>,
    /// For each `cocsep`: its class `<< 6 |` the symmetry taking it to the class representative.
    pub class_sym: Box<[u32]>,
    /// `cocsep` of each class representative.
    pub reps: Box<[u32]>,
    /// For each class, the symmetries other than the identity that fix its representative (bit
    /// `s`). Entries of such a class that these symmetries conjugate into each other are the
    /// same cubes up to symmetry, and must hold the same distance.
    pub stabiliser: Box<[u64]>,
    /// `sym * 34650 + esep` → `esep` conjugated by the symmetry.
    pub econj: Box<[u16]>,
    /// The same conjugation computed from slot masks through small tables, and moves of the
    /// slot masks: the search's and the flip-table build's way (a read of the 3.3 MB `econj`
    /// or the 1.2 MB `emove` misses the cache).
    pub esym: EsepConj,
    /// Distance of the corner part alone (a lower bound), per `cocsep`.
    pub cdist: Box<[u8]>,
    /// Distance of the edge part alone, per `esep`.
    pub edist: Box<[u8]>,
}

/// Breadth-first distances over one coordinate (`step(x, move)`, 18 moves) from `start`.
fn bfs_small(size: usize, start: usize, step: impl Fn(usize, usize) -> usize) -> Box<[u8]> {
    let mut dist = vec![UNREACHED; size].into_boxed_slice();
    dist[start] = 0;
    let mut frontier = vec![start];
    let mut d = 0u8;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &x in &frontier {
            for m in 0..18 {
                let y = step(x, m);
                if dist[y] == UNREACHED {
                    dist[y] = d + 1;
                    next.push(y);
                }
            }
        }
        frontier = next;
        d += 1;
    }
    dist
}

impl H0Coords {
    /// Builds everything from cubies (a fraction of a second).
    pub fn generate() -> H0Coords {
        let moves = move_cubes();
        let mut twist_move = vec![0u16; 2187 * 18].into_boxed_slice();
        let mut csep_move = vec![0u8; N_CSEP * 18].into_boxed_slice();
        let corner_move = |x: usize, mc: &CubieCube| {
            let c = cocsep_cube(x);
            let (cp, co) = compose_corners(&c.cp, &c.co, &mc.cp, &mc.co);
            cocsep(&CubieCube { cp, co, ..c })
        };
        for (m, mc) in moves.iter().enumerate() {
            for t in 0..2187 {
                twist_move[t * 18 + m] = (corner_move(t, mc) % 2187) as u16;
            }
            for s in 0..N_CSEP {
                csep_move[s * 18 + m] = (corner_move(s * 2187, mc) / 2187) as u8;
            }
        }
        let mut emove = vec![0u16; N_ESEP * 18].into_boxed_slice();
        for x in 0..N_ESEP {
            let c = esep_cube(x);
            for (m, mc) in moves.iter().enumerate() {
                emove[x * 18 + m] = esep(&c.compose(mc)) as u16;
            }
        }
        let syms = syms();
        let inv = inverse();
        let mut class_sym = vec![u32::MAX; N_COCSEP].into_boxed_slice();
        let mut reps = Vec::with_capacity(N_CORNER_CLASSES);
        let mut stabiliser = Vec::with_capacity(N_CORNER_CLASSES);
        for x in 0..N_COCSEP {
            if class_sym[x] != u32::MAX {
                continue;
            }
            let class = reps.len() as u32;
            reps.push(x as u32);
            let cube = cocsep_cube(x);
            let mut conj = cube;
            let mut fixed = 0u64;
            for (s, sym) in syms.iter().enumerate() {
                sym.conj_corners(&cube, &mut conj);
                let y = cocsep(&conj);
                if y == x && s != 0 {
                    fixed |= 1 << s;
                }
                if class_sym[y] == u32::MAX {
                    // y = x conjugated by s, so y conjugated by s⁻¹ is the representative x.
                    class_sym[y] = class << 6 | inv[s] as u32;
                }
            }
            stabiliser.push(fixed);
        }
        assert_eq!(reps.len(), N_CORNER_CLASSES, "corner classes");
        let mut econj = vec![0u16; N_SYM * N_ESEP].into_boxed_slice();
        for x in 0..N_ESEP {
            let cube = esep_cube(x);
            let mut conj = cube;
            for (s, sym) in syms.iter().enumerate() {
                sym.conj_edges(&cube, &mut conj);
                econj[s * N_ESEP + x] = esep(&conj) as u16;
            }
        }
        let edist = bfs_small(N_ESEP, esep(&CubieCube::SOLVED), |x, m| emove[x * 18 + m] as usize);
        let (reps, stabiliser) = (reps.into_boxed_slice(), stabiliser.into_boxed_slice());
        let mut coords = H0Coords {
            twist_move,
            csep_move,
            emove,
            class_sym,
            reps,
            stabiliser,
            econj,
            esym: EsepConj::generate(),
            cdist: Box::new([]),
            edist,
        };
        coords.cdist = bfs_small(N_COCSEP, cocsep(&CubieCube::SOLVED), |x, m| coords.cmove(x, m));
        coords
    }

    /// `cocsep` after move `m` (0..18).
    #[inline(always)]
    pub fn cmove(&self, cocsep: usize, m: usize) -> usize {
        let (s, t) = (cocsep / 2187, cocsep % 2187);
        self.csep_move[s * 18 + m] as usize * 2187 + self.twist_move[t * 18 + m] as usize
    }

    /// The table entry of a coordinate pair.
    #[inline(always)]
    pub fn index(&self, cocsep: usize, esep: usize) -> usize {
        self.row(self.class_sym[cocsep] as usize, self.esym.mask(esep))
    }

    /// [`H0Coords::index`] given the corners' `class_sym` value `cs` and the edge separation's
    /// slot masks `w` ([`EsepConj::mask`]).
    #[inline(always)]
    pub fn row(&self, cs: usize, w: u32) -> usize {
        (cs >> 6) * N_ESEP + self.esym.conj_mask(cs & 63, w)
    }
}
