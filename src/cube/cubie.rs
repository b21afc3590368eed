//! Cubie level of the 3x3: which corner and edge sits in each slot and how it is turned.
//!
//! Corners are numbered URF UFL ULB UBR DFR DLF DBL DRB, edges UR UF UL UB DR DF DL DB FR FL BL
//! BR. `cp[i]` is the corner in slot `i`, `co[i]` its twist (0..3: where its U/D sticker sits,
//! counted clockwise from the slot's U/D sticker); `ep` and `eo` likewise for edges.

use super::facelet::{self, Face, Size, CORNER_COLORS, CORNER_FACELETS, EDGE_COLORS, EDGE_FACELETS};
use super::moves::{apply_turn, Layers, Move, Turn};
use crate::error::{CubeError, ErrorCode, Problem};
use std::sync::OnceLock;

/// A 3x3 state at the cubie level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubieCube {
    /// Corner in each corner slot.
    pub cp: [u8; 8],
    /// Twist of the corner in each slot, 0..3.
    pub co: [u8; 8],
    /// Edge in each edge slot.
    pub ep: [u8; 12],
    /// Flip of the edge in each slot, 0..2.
    pub eo: [u8; 12],
}

/// Paints the corner stickers of `faces` (at `slots`) from a corner permutation and twist
/// (shared by the 3x3 and the 2x2).
pub(crate) fn paint_corners(faces: &mut [Face], slots: &[[usize; 3]; 8], cp: &[u8; 8], co: &[u8; 8]) {
    for i in 0..8 {
        for k in 0..3 {
            faces[slots[i][(k + co[i] as usize) % 3]] = CORNER_COLORS[cp[i] as usize][k];
        }
    }
}

/// Corners: composes `a` then `b` (shared by the 3x3 and the 2x2).
pub(crate) fn compose_corners(a_cp: &[u8; 8], a_co: &[u8; 8], b_cp: &[u8; 8], b_co: &[u8; 8]) -> ([u8; 8], [u8; 8]) {
    let mut cp = [0; 8];
    let mut co = [0; 8];
    for i in 0..8 {
        let from = b_cp[i] as usize;
        cp[i] = a_cp[from];
        co[i] = (a_co[from] + b_co[i]) % 3;
    }
    (cp, co)
}

/// Corners: the inverse permutation and twist.
pub(crate) fn invert_corners(cp: &[u8; 8], co: &[u8; 8]) -> ([u8; 8], [u8; 8]) {
    let mut icp = [0; 8];
    let mut ico = [0; 8];
    for i in 0..8 {
        icp[cp[i] as usize] = i as u8;
    }
    for i in 0..8 {
        ico[i] = (3 - co[icp[i] as usize]) % 3;
    }
    (icp, ico)
}

impl Default for CubieCube {
    fn default() -> Self {
        CubieCube::SOLVED
    }
}

impl CubieCube {
    /// The solved cube.
    pub const SOLVED: CubieCube =
        CubieCube { cp: [0, 1, 2, 3, 4, 5, 6, 7], co: [0; 8], ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], eo: [0; 12] };

    /// `a.compose(b)`: apply `a`, then `b`.
    pub fn compose(&self, b: &CubieCube) -> CubieCube {
        let (cp, co) = compose_corners(&self.cp, &self.co, &b.cp, &b.co);
        let mut ep = [0; 12];
        let mut eo = [0; 12];
        for i in 0..12 {
            let from = b.ep[i] as usize;
            ep[i] = self.ep[from];
            eo[i] = self.eo[from] ^ b.eo[i];
        }
        CubieCube { cp, co, ep, eo }
    }

    /// `a.inverse()`: `a.compose(a.inverse())` is solved.
    pub fn inverse(&self) -> CubieCube {
        let (cp, co) = invert_corners(&self.cp, &self.co);
        let mut ep = [0; 12];
        let mut eo = [0; 12];
        for i in 0..12 {
            ep[self.ep[i] as usize] = i as u8;
        }
        for i in 0..12 {
            eo[i] = self.eo[ep[i] as usize];
        }
        CubieCube { cp, co, ep, eo }
    }

    /// The cube after one face turn.
    pub fn apply_move(&self, m: Move) -> CubieCube {
        self.compose(&move_cubes()[m.index()])
    }

    /// The cube after a sequence of face turns.
    pub fn apply_moves(&self, moves: &[Move]) -> CubieCube {
        moves.iter().fold(*self, |c, &m| c.apply_move(m))
    }

    /// The cube reached from solved by `moves`.
    pub fn from_moves(moves: &[Move]) -> CubieCube {
        CubieCube::SOLVED.apply_moves(moves)
    }

    /// Is this the solved cube?
    pub fn is_solved(&self) -> bool {
        *self == CubieCube::SOLVED
    }

    /// Reads a validated 54-letter sticker string; every problem is reported.
    pub fn from_facelets(faces: &[Face]) -> Result<CubieCube, CubeError> {
        if faces.len() != 54 {
            return Err(CubeError::Invalid(vec![Problem::new(
                ErrorCode::Length,
                format!("a 3x3 state needs 54 letters, not {}", faces.len()),
                vec![],
            )]));
        }
        let mut problems = Vec::new();
        let mut wrong_centres = Vec::new();
        for face in Face::ALL {
            let at = face as usize * 9 + 4;
            if faces[at] != face {
                wrong_centres.push(at);
                problems.push(Problem::new(
                    ErrorCode::Center,
                    format!(
                        "the centre {} is {}, but the centre of the {} face must be {} (letters name \
                         the face whose centre has that colour)",
                        facelet::facelet_name(Size::Three, at),
                        faces[at].letter(),
                        face.letter(),
                        face.letter()
                    ),
                    vec![at],
                ));
            }
        }
        if !problems.is_empty() {
            return Err(CubeError::Invalid(problems));
        }
        let r = facelet::read_pieces(Size::Three, faces, &CORNER_FACELETS, &EDGE_FACELETS)?;
        let mut cube = CubieCube::SOLVED;
        cube.cp.copy_from_slice(&r.corner_perm);
        cube.co.copy_from_slice(&r.twist);
        cube.ep.copy_from_slice(&r.edge_perm);
        cube.eo.copy_from_slice(&r.flip);
        Ok(cube)
    }

    /// Reads a sticker string with the pieces known to be real (no validation).
    fn from_facelets_trusted(faces: &[Face]) -> CubieCube {
        let mut cube = CubieCube::SOLVED;
        for i in 0..8 {
            let (p, t) = facelet::read_corner(CORNER_FACELETS[i].map(|k| faces[k])).expect("real corner");
            cube.cp[i] = p as u8;
            cube.co[i] = t;
        }
        for i in 0..12 {
            let (p, f) = facelet::read_edge(EDGE_FACELETS[i].map(|k| faces[k])).expect("real edge");
            cube.ep[i] = p as u8;
            cube.eo[i] = f;
        }
        cube
    }

    /// The 54-letter sticker string.
    pub fn to_facelets(&self) -> Vec<Face> {
        let mut faces = Size::Three.solved();
        paint_corners(&mut faces, &CORNER_FACELETS, &self.cp, &self.co);
        for i in 0..12 {
            let piece = self.ep[i] as usize;
            for k in 0..2 {
                faces[EDGE_FACELETS[i][(k + self.eo[i] as usize) % 2]] = EDGE_COLORS[piece][k];
            }
        }
        faces
    }

    /// Corner permutation parity (0 even, 1 odd).
    pub fn corner_parity(&self) -> u8 {
        facelet::permutation_parity(&self.cp)
    }

    /// Is this a state a real cube can reach?
    pub fn is_legal(&self) -> bool {
        let perm_ok = |p: &[u8]| {
            let mut seen = vec![false; p.len()];
            p.iter().all(|&x| (x as usize) < p.len() && !std::mem::replace(&mut seen[x as usize], true))
        };
        perm_ok(&self.cp)
            && perm_ok(&self.ep)
            && self.co.iter().all(|&t| t < 3)
            && self.eo.iter().all(|&f| f < 2)
            && self.co.iter().map(|&t| t as u32).sum::<u32>() % 3 == 0
            && self.eo.iter().map(|&f| f as u32).sum::<u32>() % 2 == 0
            && facelet::permutation_parity(&self.cp) == facelet::permutation_parity(&self.ep)
    }
}

/// The 18 face turns as cubie cubes, read off the geometric sticker turns.
pub fn move_cubes() -> &'static [CubieCube; 18] {
    static MOVES: OnceLock<[CubieCube; 18]> = OnceLock::new();
    MOVES.get_or_init(|| {
        Move::ALL.map(|m| {
            let mut faces = Size::Three.solved();
            apply_turn(&mut faces, Turn { face: m.face(), layers: Layers::Outer, quarters: m.quarters() });
            CubieCube::from_facelets_trusted(&faces)
        })
    })
}
