//! What the h0 table ([`crate::tables::optimal::h0`]) is read through: the move tables of the
//! coordinates of [`super::h0`], the symmetry class of every `cocsep`, the conjugation of
//! `esep`, and the corner-only and edge-only distances the two-bit form falls back on.

use super::esep_conj::EsepConj;
use super::h0::{cocsep, cocsep_cube, esep, esep_cube, N_COCSEP, N_CORNER_CLASSES, N_CSEP, N_ESEP};
use super::sym::{inverse, syms, N_SYM};
use super::{N_MOVES, N_TWIST};
use crate::cube::cubie::{compose_corners, move_cubes};
use crate::cube::CubieCube;

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
            for m in 0..N_MOVES {
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
        let mut twist_move = vec![0u16; N_TWIST * N_MOVES].into_boxed_slice();
        let mut csep_move = vec![0u8; N_CSEP * N_MOVES].into_boxed_slice();
        let corner_move = |x: usize, mc: &CubieCube| {
            let c = cocsep_cube(x);
            let (cp, co) = compose_corners(&c.cp, &c.co, &mc.cp, &mc.co);
            cocsep(&CubieCube { cp, co, ..c })
        };
        for (m, mc) in moves.iter().enumerate() {
            for t in 0..N_TWIST {
                twist_move[t * N_MOVES + m] = (corner_move(t, mc) % N_TWIST) as u16;
            }
            for s in 0..N_CSEP {
                csep_move[s * N_MOVES + m] = (corner_move(s * N_TWIST, mc) / N_TWIST) as u8;
            }
        }
        let mut emove = vec![0u16; N_ESEP * N_MOVES].into_boxed_slice();
        for x in 0..N_ESEP {
            let c = esep_cube(x);
            for (m, mc) in moves.iter().enumerate() {
                emove[x * N_MOVES + m] = esep(&c.compose(mc)) as u16;
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
        let edist = bfs_small(N_ESEP, esep(&CubieCube::SOLVED), |x, m| emove[x * N_MOVES + m] as usize);
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
        let (s, t) = (cocsep / N_TWIST, cocsep % N_TWIST);
        self.csep_move[s * N_MOVES + m] as usize * N_TWIST + self.twist_move[t * N_MOVES + m] as usize
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
