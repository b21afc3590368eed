//! Moves at the facelet level: one geometric definition of a quarter turn of any set of layers,
//! from which face turns, wide turns, slices and whole-cube rotations all follow, plus the WCA
//! notation that reads and prints them.

use super::facelet::{Face, Size};
use crate::error::NotationError;
use std::fmt;
use std::sync::OnceLock;

/// One of the 18 face turns, numbered `face * 3 + (quarter turns - 1)` in face order U R F D L B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The 18 face turns: U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'.
    pub const ALL: [Move; 18] = {
        let mut all = [Move(0); 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Move(i as u8);
            i += 1;
        }
        all
    };

    /// The turn of `face` by `quarters` (1, 2 or 3) clockwise quarter turns.
    pub fn new(face: Face, quarters: u8) -> Move {
        debug_assert!((1..=3).contains(&quarters));
        Move(face as u8 * 3 + quarters - 1)
    }
    /// The move's number, 0..18.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The move with number `index` (0..18).
    pub fn from_index(index: usize) -> Move {
        Move::ALL[index]
    }
    /// The face turned.
    pub fn face(self) -> Face {
        Face::ALL[(self.0 / 3) as usize]
    }
    /// Clockwise quarter turns: 1, 2 or 3.
    pub fn quarters(self) -> u8 {
        self.0 % 3 + 1
    }
    /// The move that undoes this one.
    pub fn inverse(self) -> Move {
        Move::new(self.face(), 4 - self.quarters())
    }
    /// Cost in the quarter-turn metric: 1 or 2.
    pub fn qtm_cost(self) -> u32 {
        if self.quarters() == 2 {
            2
        } else {
            1
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = ["", "2", "'"][(self.quarters() - 1) as usize];
        write!(f, "{}{}", self.face().letter(), suffix)
    }
}

/// Appends `m`, merged with the last move when they turn the same face (`R` then `R` is `R2`;
/// `R` then `R'` is nothing).
pub fn push_merged(moves: &mut Vec<Move>, m: Move) {
    match moves.last() {
        Some(&l) if l.face() == m.face() => {
            moves.pop();
            let q = (l.quarters() + m.quarters()) % 4;
            if q != 0 {
                moves.push(Move::new(m.face(), q));
            }
        }
        _ => moves.push(m),
    }
}

/// Prints moves separated by single spaces.
pub fn format_moves(moves: &[Move]) -> String {
    let parts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    parts.join(" ")
}

/// Which layers a turn takes along its face's axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layers {
    /// The face's own layer: `R`.
    Outer,
    /// The face's layer and the middle one: `Rw` or `r`.
    Wide,
    /// The middle layer only: `M` (like L), `E` (like D), `S` (like F).
    Slice,
    /// The whole cube: `x` (like R), `y` (like U), `z` (like F).
    Whole,
}

/// Any turn of the notation: a face, wide, slice or whole-cube turn, clockwise as seen facing
/// `face`, `quarters` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The face whose direction the turn follows.
    pub face: Face,
    /// Which layers turn.
    pub layers: Layers,
    /// Clockwise quarter turns: 1, 2 or 3.
    pub quarters: u8,
}

impl Turn {
    /// The face turn, if this is one.
    pub fn as_move(self) -> Option<Move> {
        (self.layers == Layers::Outer).then(|| Move::new(self.face, self.quarters))
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let suffix = ["", "2", "'"][(self.quarters - 1) as usize];
        let letter = self.face.letter();
        match self.layers {
            Layers::Outer => write!(f, "{letter}{suffix}"),
            Layers::Wide => write!(f, "{letter}w{suffix}"),
            Layers::Slice => {
                let name = match self.face {
                    Face::L => 'M',
                    Face::D => 'E',
                    _ => 'S',
                };
                write!(f, "{name}{suffix}")
            }
            Layers::Whole => {
                let name = match self.face {
                    Face::R => 'x',
                    Face::U => 'y',
                    _ => 'z',
                };
                write!(f, "{name}{suffix}")
            }
        }
    }
}

pub(crate) type Vec3 = [i8; 3];

/// Where sticker `index` of the 3x3 sits: the position of its cubie (each coordinate -1, 0 or 1;
/// x to R, y to U, z to F) and its outward normal.
pub(crate) fn sticker_place(index: usize) -> (Vec3, Vec3) {
    let (r, c) = ((index % 9 / 3) as i8, (index % 3) as i8);
    match index / 9 {
        0 => ([c - 1, 1, r - 1], [0, 1, 0]),
        1 => ([1, 1 - r, 1 - c], [1, 0, 0]),
        2 => ([c - 1, 1 - r, 1], [0, 0, 1]),
        3 => ([c - 1, -1, 1 - r], [0, -1, 0]),
        4 => ([-1, 1 - r, c - 1], [-1, 0, 0]),
        _ => ([1 - c, 1 - r, -1], [0, 0, -1]),
    }
}

/// The axis (0 = x, 1 = y, 2 = z) and side (+1 or -1) of a face's outward normal.
fn face_axis(face: Face) -> (usize, i8) {
    match face {
        Face::U => (1, 1),
        Face::R => (0, 1),
        Face::F => (2, 1),
        Face::D => (1, -1),
        Face::L => (0, -1),
        Face::B => (2, -1),
    }
}

/// A quarter turn clockwise as seen from outside the `side` end of `axis`.
fn rotate(v: Vec3, axis: usize, side: i8) -> Vec3 {
    let [x, y, z] = v;
    let cw = match axis {
        0 => [x, z, -y],
        1 => [-z, y, x],
        _ => [y, -x, z],
    };
    if side > 0 {
        cw
    } else {
        // Clockwise from the other end is counter-clockwise from this one: three clockwise turns.
        let [a, b, c] = cw;
        let twice = match axis {
            0 => [a, c, -b],
            1 => [-c, b, a],
            _ => [b, -a, c],
        };
        let [a, b, c] = twice;
        match axis {
            0 => [a, c, -b],
            1 => [-c, b, a],
            _ => [b, -a, c],
        }
    }
}

/// A sticker permutation: after the turn, sticker `j` shows what sticker `perm[j]` showed.
pub type StickerPerm = Vec<u8>;

/// The 3x3 sticker permutation of one clockwise quarter turn of `layers` about `face`.
fn quarter_perm3(face: Face, layers: Layers) -> StickerPerm {
    let (axis, side) = face_axis(face);
    let places: Vec<(Vec3, Vec3)> = (0..54).map(sticker_place).collect();
    let mut perm = vec![0u8; 54];
    for (i, &(pos, normal)) in places.iter().enumerate() {
        let depth = pos[axis] * side;
        let turns = match layers {
            Layers::Outer => depth == 1,
            Layers::Wide => depth >= 0,
            Layers::Slice => depth == 0,
            Layers::Whole => true,
        };
        let target = if turns { (rotate(pos, axis, side), rotate(normal, axis, side)) } else { (pos, normal) };
        let j = places.iter().position(|p| *p == target).expect("a turn maps stickers to stickers");
        perm[j] = i as u8;
    }
    perm
}

fn layer_index(layers: Layers) -> usize {
    match layers {
        Layers::Outer => 0,
        Layers::Wide => 1,
        Layers::Slice => 2,
        Layers::Whole => 3,
    }
}

/// The 3x3 index of each 2x2 sticker (the corner stickers).
fn pocket_to_3x3(index2: usize) -> usize {
    let face = index2 / 4;
    let (r, c) = (index2 % 4 / 2, index2 % 2);
    face * 9 + r * 2 * 3 + c * 2
}

/// The sticker permutation of one clockwise quarter turn for a puzzle size.
pub fn quarter_perm(size: Size, face: Face, layers: Layers) -> &'static [u8] {
    static PERMS: OnceLock<Vec<[StickerPerm; 2]>> = OnceLock::new();
    let perms = PERMS.get_or_init(|| {
        let mut out = Vec::new();
        for layers in [Layers::Outer, Layers::Wide, Layers::Slice, Layers::Whole] {
            for face in Face::ALL {
                let p3 = quarter_perm3(face, layers);
                let p2: StickerPerm =
                    (0..24).map(|j| super::facelet::pocket_index(p3[pocket_to_3x3(j)] as usize) as u8).collect();
                out.push([p2, p3]);
            }
        }
        out
    });
    let entry = &perms[layer_index(layers) * 6 + face as usize];
    match size {
        Size::Two => &entry[0],
        Size::Three => &entry[1],
    }
}

/// Applies a turn to a sticker string of either size.
pub fn apply_turn(facelets: &mut [Face], turn: Turn) {
    let size = Size::from_len(facelets.len()).expect("24 or 54 stickers");
    let perm = quarter_perm(size, turn.face, turn.layers);
    for _ in 0..turn.quarters {
        let before = facelets.to_vec();
        for (j, &i) in perm.iter().enumerate() {
            facelets[j] = before[i as usize];
        }
    }
}

/// Where each sticker's content comes from after `turns`: sticker `j` then shows what sticker
/// `sources[j]` showed before.
pub fn turn_sources(size: Size, turns: &[Turn]) -> Vec<usize> {
    let mut sources: Vec<usize> = (0..size.stickers()).collect();
    for t in turns {
        let perm = quarter_perm(size, t.face, t.layers);
        for _ in 0..t.quarters {
            sources = perm.iter().map(|&i| sources[i as usize]).collect();
        }
    }
    sources
}

/// Applies turns to a sticker string of either size.
pub fn apply_turns(facelets: &mut [Face], turns: &[Turn]) {
    for &t in turns {
        apply_turn(facelets, t);
    }
}

/// Reads a move sequence in WCA notation (also Kociemba's `U1 U2 U3`, rotations `x y z`, and for
/// the 3x3 wide turns `Rw`/`r` and slices `M E S`). Spaces between moves are optional;
/// brackets are ignored.
pub fn parse_turns(text: &str, size: Size) -> Result<Vec<Turn>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut turns = Vec::new();
    let mut i = 0;
    let mut position = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | ',') {
            i += 1;
            continue;
        }
        position += 1;
        let start = i;
        let bad = |reason: &str, end: usize| NotationError {
            token: chars[start..end.max(start + 1).min(chars.len())].iter().collect(),
            position,
            reason: reason.to_string(),
        };
        let token_end = |from: usize| {
            let mut e = from;
            while e < chars.len() && !chars[e].is_whitespace() {
                e += 1;
            }
            e
        };
        i += 1;
        let (face, mut layers) = match c {
            'U' | 'R' | 'F' | 'D' | 'L' | 'B' => (Face::from_letter(c).unwrap(), Layers::Outer),
            'u' | 'r' | 'f' | 'd' | 'l' | 'b' => (Face::from_letter(c.to_ascii_uppercase()).unwrap(), Layers::Wide),
            'x' | 'X' => (Face::R, Layers::Whole),
            'y' | 'Y' => (Face::U, Layers::Whole),
            'z' | 'Z' => (Face::F, Layers::Whole),
            'M' => (Face::L, Layers::Slice),
            'E' => (Face::D, Layers::Slice),
            'S' => (Face::F, Layers::Slice),
            _ => {
                return Err(bad(
                    "is not a move: use U R F D L B with ' or 2, x y z, or (3x3) Rw, r, M E S",
                    token_end(i),
                ))
            }
        };
        if layers == Layers::Outer && i < chars.len() && chars[i] == 'w' {
            layers = Layers::Wide;
            i += 1;
        }
        let mut quarters = 1u8;
        if i < chars.len() && chars[i].is_ascii_digit() {
            quarters = match chars[i] {
                '1' => 1,
                '2' => 2,
                '3' => 3,
                _ => return Err(bad("has a turn count other than 1, 2 or 3", token_end(i))),
            };
            i += 1;
            if i < chars.len() && chars[i].is_ascii_digit() {
                return Err(bad("has a turn count other than 1, 2 or 3", token_end(i)));
            }
        }
        if i < chars.len() && matches!(chars[i], '\'' | '’' | '′') {
            if quarters != 2 {
                quarters = (4 - quarters) % 4;
                if quarters == 0 {
                    return Err(bad("turns a whole turn, which is no move", token_end(i)));
                }
            }
            i += 1;
        }
        if i < chars.len() && !chars[i].is_whitespace() && !"URFDLBurfdlbxyzXYZMES()[],".contains(chars[i]) {
            return Err(bad("has characters after the move that are not notation", token_end(i)));
        }
        if size == Size::Two && matches!(layers, Layers::Wide | Layers::Slice) {
            return Err(bad("is a wide or slice turn, which a 2x2 does not have", i));
        }
        turns.push(Turn { face, layers, quarters });
    }
    Ok(turns)
}

/// Reads a sequence of face turns only (no rotations, wide turns or slices).
pub fn parse_moves(text: &str) -> Result<Vec<Move>, NotationError> {
    let turns = parse_turns(text, Size::Three)?;
    turns
        .iter()
        .enumerate()
        .map(|(k, t)| {
            t.as_move().ok_or_else(|| NotationError {
                token: t.to_string(),
                position: k + 1,
                reason: "is not a face turn (only U R F D L B turns are allowed here)".to_string(),
            })
        })
        .collect()
}

/// The face turns that a whole-cube rotation carries each face to: after rotating by `turns`
/// (rotations only), the face now at position `f` was at position `map[f]` before.
pub fn rotation_face_map(turns: &[Turn]) -> [Face; 6] {
    let mut centres = Size::Three.solved();
    apply_turns(&mut centres, turns);
    Face::ALL.map(|f| centres[f as usize * 9 + 4])
}

/// The 24 whole-cube rotations, each as a short sequence of `x`, `y`, `z` turns (the first is
/// the identity).
pub fn rotations() -> &'static [Vec<Turn>] {
    static ROTATIONS: OnceLock<Vec<Vec<Turn>>> = OnceLock::new();
    ROTATIONS.get_or_init(|| {
        let gens = [Face::R, Face::U, Face::F].map(|face| Turn { face, layers: Layers::Whole, quarters: 1 });
        let mut seen = vec![rotation_face_map(&[])];
        let mut out: Vec<Vec<Turn>> = vec![vec![]];
        let mut next = 0;
        while next < out.len() {
            for g in gens {
                let mut seq = out[next].clone();
                seq.push(g);
                let map = rotation_face_map(&seq);
                if !seen.contains(&map) {
                    seen.push(map);
                    out.push(seq);
                }
            }
            next += 1;
        }
        out
    })
}

/// The face turns that `turns` (any notation: wide, slice, whole-cube) make with the centres
/// kept where they are, and where the faces end: `held[p]` is the face (as the cube began)
/// now at position `p`. A wide `r` is an `L` turn and a whole-cube `x`; a slice `M` is
/// `L' R` and an `x'`; every later turn is renamed by the rotations so far. When `held` is
/// the identity the moves leave the cube exactly as `turns` do.
pub fn face_moves(turns: &[Turn]) -> (Vec<Move>, [Face; 6]) {
    let mut held = Face::ALL;
    let mut moves = Vec::new();
    for &t in turns {
        let q = t.quarters;
        let (p, o) = (held[t.face as usize], held[t.face.opposite() as usize]);
        match t.layers {
            Layers::Outer => moves.push(Move::new(p, q)),
            // A whole-cube turn is the wide turn and the opposite face turned the same way
            // round (its own inverse turn), so the wide turn is the whole turn and that face's
            // own turn.
            Layers::Wide => moves.push(Move::new(o, q)),
            Layers::Slice => {
                moves.push(Move::new(p, 4 - q));
                moves.push(Move::new(o, q));
            }
            Layers::Whole => {}
        }
        if t.layers != Layers::Outer {
            let map = rotation_face_map(&[Turn { face: t.face, layers: Layers::Whole, quarters: q }]);
            held = map.map(|was| held[was as usize]);
        }
    }
    (moves, held)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Face turns with the centres kept, then the whole cube turned as `held` says, give the
    /// stickers the notation's own geometry gives.
    #[test]
    fn face_moves_match_the_geometry() {
        let texts = [
            "r U R' U' r' F R F'",
            "f R U R' U' f'",
            "M2 U M2 U2 M2 U M2",
            "x R' U R' D2 R U' R' D2 R2 x'",
            "r' U2 R U R' U r y2 S E' M b2 d' l u' z",
            "Rw U Lw' x' Fw2 Bw Dw' y",
        ];
        for text in texts {
            let turns = parse_turns(text, Size::Three).unwrap();
            let mut direct = Size::Three.solved();
            apply_turns(&mut direct, &turns);
            let (moves, held) = face_moves(&turns);
            let mut kept = Size::Three.solved();
            let as_turns: Vec<Turn> =
                moves.iter().map(|m| Turn { face: m.face(), layers: Layers::Outer, quarters: m.quarters() }).collect();
            apply_turns(&mut kept, &as_turns);
            // Turn the whole cube so that the faces sit where `held` says.
            let rotation = rotations().iter().find(|r| rotation_face_map(r) == held).expect("a rotation");
            apply_turns(&mut kept, rotation);
            assert_eq!(kept, direct, "{text}");
        }
    }
}
