//! Named patterns: states people make for their looks, each defined by the moves that make it
//! from solved (so a pattern's stickers are whatever those moves give; the tests apply them).

use super::facelet::{to_string, Size};
use super::moves::{apply_turns, parse_turns};

/// A named pattern of one puzzle.
#[derive(Clone, Copy, Debug)]
pub struct Pattern {
    /// The name the CLI and the page take (`checkerboard`).
    pub name: &'static str,
    /// What it looks like, in a few words.
    pub description: &'static str,
    /// The puzzle.
    pub size: Size,
    /// Moves that make it from solved.
    pub moves: &'static str,
}

impl Pattern {
    /// The pattern's sticker string.
    pub fn facelets(&self) -> String {
        let mut faces = self.size.solved();
        let turns = parse_turns(self.moves, self.size).expect("pattern moves are valid notation");
        apply_turns(&mut faces, &turns);
        to_string(&faces)
    }
}

const fn three(name: &'static str, description: &'static str, moves: &'static str) -> Pattern {
    Pattern { name, description, size: Size::Three, moves }
}

const fn two(name: &'static str, description: &'static str, moves: &'static str) -> Pattern {
    Pattern { name, description, size: Size::Two, moves }
}

/// Every named pattern, 3x3 first.
pub static PATTERNS: &[Pattern] = &[
    three("checkerboard", "every face a checkerboard of two opposite colours", "U2 D2 F2 B2 L2 R2"),
    three(
        "superflip",
        "every edge flipped in place (20 moves away from solved)",
        "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2",
    ),
    three("six-spots", "each centre a spot on a face of another colour", "U D' R L' F B' U D'"),
    three("four-spots", "spots on the four side faces", "F2 B2 U D' R2 L2 U D'"),
    three("cube-in-a-cube", "a small cube nested in a corner", "F L F U' R U F2 L2 U' L' B D' B' L2 U"),
    three("cube-in-a-cube-in-a-cube", "two nested cubes in a corner", "U' L' U' F' R2 B' R F U B2 U B' L U' F U R F'"),
    three("plus-minus", "a plus on the front and back, a minus on the left and right", "U2 R2 L2 U2 R2 L2"),
    three("tetris", "zigzag bands on the side faces", "L R F B U' D' L' R'"),
    three("wire", "a thin wire around the cube", "R L F B R L F B R L F B R2 B2 L2 R2 B2 L2"),
    three("anaconda", "a snake winding around the cube", "L U B' U' R L' B R' F B' D R D' F'"),
    three("stripes", "stripes across the faces", "F U F R L2 B D' R D2 L D' B R2 L F U F"),
    three(
        "superflip-fourspots",
        "the superflip with spots on four faces",
        "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2 F2 B2 U D' R2 L2 U D'",
    ),
    two("checkers", "a checkerboard on four faces", "F2 R2 U2 F2 R2 U2"),
    two("bands", "top and bottom swapped, two bands on each side face", "R2 L2 U2"),
    two("bars", "two upright bars on each side face", "R2 F2 R2"),
    two("stripes", "two stripes on every face", "R2 U2 R2 U2"),
    two("swapped-corners", "two top corners swapped", "F R U' R' U' R U R' F' R U R' U' R' F R F'"),
    two(
        "twisted",
        "two top corners twisted in place",
        "R' D' R D R' D' R D U R' D' R D R' D' R D R' D' R D R' D' R D U'",
    ),
];

/// The pattern called `name` for `size` (letter case and `_` for `-` do not matter).
pub fn pattern(size: Size, name: &str) -> Option<&'static Pattern> {
    let wanted = name.trim().to_ascii_lowercase().replace('_', "-");
    PATTERNS.iter().find(|p| p.size == size && p.name == wanted)
}

/// The patterns of `size`.
pub fn patterns(size: Size) -> impl Iterator<Item = &'static Pattern> {
    PATTERNS.iter().filter(move |p| p.size == size)
}
