//! Cubie level of the 2x2 (pocket cube): eight corners, numbered as on the 3x3.
//!
//! A 2x2 has no centres, so a state is only defined up to a whole-cube rotation. We normalise
//! by rotating the whole cube until the DBL corner sits in its slot untwisted; then U, R and F
//! reach every state.

use super::cubie::{compose_corners, invert_corners, move_cubes, paint_corners};
use super::facelet::{self, Face, Size, CORNER_COLORS, POCKET_CORNER_FACELETS};
use super::moves::{apply_turns, rotation_face_map, rotations, Move};
use crate::error::CubeError;

/// A 2x2 state: the corner in each slot and its twist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PocketCube {
    /// Corner in each slot.
    pub cp: [u8; 8],
    /// Twist of the corner in each slot, 0..3.
    pub co: [u8; 8],
}

/// The slot of the DBL corner, held fixed by normalisation.
pub const DBL: usize = 6;

impl Default for PocketCube {
    fn default() -> Self {
        PocketCube::SOLVED
    }
}

/// A 2x2 state read from stickers, with the rotation that normalised it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldPocket {
    /// The state with DBL in place.
    pub cube: PocketCube,
    /// For each face position of the normalised cube, the face of the cube as held that was
    /// rotated there. Index by a face turn's face to find the face the person turns.
    pub held_face: [Face; 6],
}

impl HeldPocket {
    /// A face turn of the normalised cube, as a turn of the cube as held.
    pub fn to_held(&self, m: Move) -> Move {
        Move::new(self.held_face[m.face() as usize], m.quarters())
    }
}

impl PocketCube {
    /// The solved cube.
    pub const SOLVED: PocketCube = PocketCube { cp: [0, 1, 2, 3, 4, 5, 6, 7], co: [0; 8] };

    /// `a.compose(b)`: apply `a`, then `b`.
    pub fn compose(&self, b: &PocketCube) -> PocketCube {
        let (cp, co) = compose_corners(&self.cp, &self.co, &b.cp, &b.co);
        PocketCube { cp, co }
    }

    /// `a.compose(a.inverse())` is solved.
    pub fn inverse(&self) -> PocketCube {
        let (cp, co) = invert_corners(&self.cp, &self.co);
        PocketCube { cp, co }
    }

    /// The cube after one face turn.
    pub fn apply_move(&self, m: Move) -> PocketCube {
        let c = &move_cubes()[m.index()];
        self.compose(&PocketCube { cp: c.cp, co: c.co })
    }

    /// The cube after a sequence of face turns.
    pub fn apply_moves(&self, moves: &[Move]) -> PocketCube {
        moves.iter().fold(*self, |c, &m| c.apply_move(m))
    }

    /// Is this the solved cube (DBL in place)?
    pub fn is_solved(&self) -> bool {
        *self == PocketCube::SOLVED
    }

    /// The 24-letter sticker string.
    pub fn to_facelets(&self) -> Vec<Face> {
        let mut faces = Size::Two.solved();
        paint_corners(&mut faces, &POCKET_CORNER_FACELETS, &self.cp, &self.co);
        faces
    }

    /// Reads a 24-letter sticker string held in any orientation; every problem is reported.
    pub fn from_facelets(faces: &[Face]) -> Result<HeldPocket, CubeError> {
        // Validate as held: counts, pieces, duplicates and twist do not depend on orientation.
        facelet::read_pieces(Size::Two, faces, &POCKET_CORNER_FACELETS, &[])?;
        let dbl = POCKET_CORNER_FACELETS[DBL];
        for rotation in rotations() {
            let mut turned = faces.to_vec();
            apply_turns(&mut turned, rotation);
            if dbl.iter().zip(CORNER_COLORS[DBL]).all(|(&i, f)| turned[i] == f) {
                let r = facelet::read_pieces(Size::Two, &turned, &POCKET_CORNER_FACELETS, &[])?;
                let mut cube = PocketCube::SOLVED;
                cube.cp.copy_from_slice(&r.corner_perm);
                cube.co.copy_from_slice(&r.twist);
                return Ok(HeldPocket { cube, held_face: rotation_face_map(rotation) });
            }
        }
        unreachable!("some rotation brings the DBL corner home")
    }
}
