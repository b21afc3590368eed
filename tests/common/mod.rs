//! Helpers shared by the integration tests.
#![allow(dead_code)]

use cubehint::cube::facelet::{read_letters, to_string};
use cubehint::cube::moves::{apply_turns, parse_turns};
use cubehint::cube::{Face, Move, Size};
use cubehint::rng::Rng;

/// A seeded sequence of `n` random face turns (no two on the same face in a row).
pub fn random_moves(rng: &mut Rng, n: usize, faces: &[Face]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    while out.len() < n {
        let f = faces[rng.below(faces.len() as u64) as usize];
        if out.last().is_some_and(|m| m.face() == f) {
            continue;
        }
        out.push(Move::new(f, 1 + rng.below(3) as u8));
    }
    out
}

/// The sticker string after applying `moves` (any notation) to `from`, by the geometric sticker
/// model alone.
pub fn stickers_after(from: &str, moves: &str) -> String {
    let (size, mut faces) = read_letters(from).expect("well-formed stickers");
    let turns = parse_turns(moves, size).expect("good notation");
    apply_turns(&mut faces, &turns);
    to_string(&faces)
}

/// True when every face of the sticker string is one colour.
pub fn solved(stickers: &str) -> bool {
    let (_, faces) = read_letters(stickers).unwrap();
    cubehint::state::stickers_solved(&faces)
}

/// The solved string of a size.
pub fn solved_string(size: Size) -> String {
    to_string(&size.solved())
}
