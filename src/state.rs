//! Either puzzle, as read from a sticker string: the entry point the CLI and the page share.

use crate::cube::facelet::{read_letters, to_string};
use crate::cube::moves::{apply_turns, parse_turns};
use crate::cube::{CubieCube, Face, HeldPocket, PocketCube, Size};
use crate::error::CubeError;

/// A legal state of either puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// A 2x2, normalised, with the rotation back to how it is held.
    Two(HeldPocket),
    /// A 3x3.
    Three(CubieCube),
}

/// Reads and validates a sticker string of either size (white space ignored).
pub fn parse_state(text: &str) -> Result<State, CubeError> {
    let (size, faces) = read_letters(text)?;
    match size {
        Size::Two => Ok(State::Two(PocketCube::from_facelets(&faces)?)),
        Size::Three => Ok(State::Three(CubieCube::from_facelets(&faces)?)),
    }
}

/// True when every face shows one colour (the cube is solved, however it is held).
pub fn stickers_solved(faces: &[Face]) -> bool {
    let per = faces.len() / 6;
    faces.chunks(per).all(|f| f.iter().all(|&x| x == f[0]))
}

/// Error from [`apply_text`]: a bad state or bad notation, as printable text.
pub type ApplyError = String;

/// Applies a move sequence (any notation) to the stickers `from` (or solved) and returns the
/// sticker string. `from` need only be well formed (right letters and length), not solvable.
pub fn apply_text(size: Option<Size>, from: Option<&str>, moves: &str) -> Result<String, ApplyError> {
    let mut faces = match from {
        Some(text) => {
            let (found, faces) = read_letters(text).map_err(|e| e.to_string())?;
            if size.is_some_and(|s| s != found) {
                return Err(format!(
                    "error[length]: --from has {} letters, which does not match --size {}",
                    faces.len(),
                    size.unwrap().n()
                ));
            }
            faces
        }
        None => size.unwrap_or(Size::Three).solved(),
    };
    let size = Size::from_len(faces.len()).expect("read_letters checked the length");
    let turns = parse_turns(moves, size).map_err(|e| e.to_string())?;
    apply_turns(&mut faces, &turns);
    Ok(to_string(&faces))
}
