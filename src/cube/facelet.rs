//! Facelet level: the sticker strings people paste between tools.
//!
//! A 3x3 state is 54 letters, a 2x2 state 24 letters, faces in the order U R F D L B, each
//! face row by row as drawn on this net. A letter names the face whose centre has that colour.
//!
//! ```text
//!              U1 U2 U3
//!              U4 U5 U6
//!              U7 U8 U9
//!  L1 L2 L3    F1 F2 F3    R1 R2 R3    B1 B2 B3
//!  L4 L5 L6    F4 F5 F6    R4 R5 R6    B4 B5 B6
//!  L7 L8 L9    F7 F8 F9    R7 R8 R9    B7 B8 B9
//!              D1 D2 D3
//!              D4 D5 D6
//!              D7 D8 D9
//! ```
//!
//! String index: U = 0..8, R = 9..17, F = 18..26, D = 27..35, L = 36..44, B = 45..53. U is seen
//! from above with B at the top, D from below with F at the top, the side faces from outside with
//! U at the top. The 2x2 uses the same net with the corner stickers only (`U1 U2 / U3 U4`).
//!
//! Parsing validates the whole string and reports every problem it finds, each with a stable
//! code and the stickers involved.

use crate::error::{CubeError, ErrorCode, Problem};

/// One of the six faces, in facelet-string order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// Up
    U = 0,
    /// Right
    R = 1,
    /// Front
    F = 2,
    /// Down
    D = 3,
    /// Left
    L = 4,
    /// Back
    B = 5,
}

impl Face {
    /// All faces in string order.
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    /// The face's letter.
    pub fn letter(self) -> char {
        b"URFDLB"[self as usize] as char
    }

    /// The face for a letter (upper case only).
    pub fn from_letter(c: char) -> Option<Face> {
        "URFDLB".find(c).map(|i| Face::ALL[i])
    }

    /// The face on the other side of the cube.
    pub fn opposite(self) -> Face {
        Face::ALL[(self as usize + 3) % 6]
    }
}

/// Puzzle size: 2x2 (pocket cube) or 3x3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// The 2x2 pocket cube: 24 stickers.
    Two,
    /// The 3x3 cube: 54 stickers.
    Three,
}

impl Size {
    /// Layers along an edge of the cube.
    pub fn n(self) -> usize {
        match self {
            Size::Two => 2,
            Size::Three => 3,
        }
    }
    /// Stickers per face.
    pub fn per_face(self) -> usize {
        self.n() * self.n()
    }
    /// Stickers on the whole cube.
    pub fn stickers(self) -> usize {
        6 * self.per_face()
    }
    /// The size whose strings have this many letters.
    pub fn from_len(len: usize) -> Option<Size> {
        match len {
            24 => Some(Size::Two),
            54 => Some(Size::Three),
            _ => None,
        }
    }
    /// The solved string.
    pub fn solved(self) -> Vec<Face> {
        Face::ALL.iter().flat_map(|&f| std::iter::repeat_n(f, self.per_face())).collect()
    }
}

/// The name of a sticker, `U1` … `B9` (3x3) or `U1` … `B4` (2x2).
pub fn facelet_name(size: Size, index: usize) -> String {
    let per = size.per_face();
    format!("{}{}", Face::ALL[index / per].letter(), index % per + 1)
}

/// Names of several stickers separated by spaces.
pub fn facelet_names(size: Size, indices: &[usize]) -> String {
    let names: Vec<String> = indices.iter().map(|&i| facelet_name(size, i)).collect();
    names.join(" ")
}

/// Turns faces into their letters.
pub fn to_string(facelets: &[Face]) -> String {
    facelets.iter().map(|f| f.letter()).collect()
}

/// Stickers of the eight corners on the 3x3, each listed clockwise starting on the U or D face,
/// in corner order URF UFL ULB UBR DFR DLF DBL DRB.
pub const CORNER_FACELETS: [[usize; 3]; 8] =
    [[8, 9, 20], [6, 18, 38], [0, 36, 47], [2, 45, 11], [29, 26, 15], [27, 44, 24], [33, 53, 42], [35, 17, 51]];

/// The colours of each corner piece, in the order of [`CORNER_FACELETS`].
pub const CORNER_COLORS: [[Face; 3]; 8] = {
    use Face::*;
    [[U, R, F], [U, F, L], [U, L, B], [U, B, R], [D, F, R], [D, L, F], [D, B, L], [D, R, B]]
};

/// Stickers of the twelve edges on the 3x3, in edge order UR UF UL UB DR DF DL DB FR FL BL BR.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],
    [7, 19],
    [3, 37],
    [1, 46],
    [32, 16],
    [28, 25],
    [30, 43],
    [34, 52],
    [23, 12],
    [21, 41],
    [50, 39],
    [48, 14],
];

/// The colours of each edge piece, in the order of [`EDGE_FACELETS`].
pub const EDGE_COLORS: [[Face; 2]; 12] = {
    use Face::*;
    [[U, R], [U, F], [U, L], [U, B], [D, R], [D, F], [D, L], [D, B], [F, R], [F, L], [B, L], [B, R]]
};

/// The 2x2 sticker that stands where a 3x3 corner sticker stands.
pub const fn pocket_index(index3: usize) -> usize {
    let face = index3 / 9;
    let pos = index3 % 9;
    let row = pos / 3 / 2;
    let col = pos % 3 / 2;
    face * 4 + row * 2 + col
}

/// Corner stickers on the 2x2, in the order of [`CORNER_FACELETS`].
pub const POCKET_CORNER_FACELETS: [[usize; 3]; 8] = {
    let mut out = [[0; 3]; 8];
    let mut c = 0;
    while c < 8 {
        let mut k = 0;
        while k < 3 {
            out[c][k] = pocket_index(CORNER_FACELETS[c][k]);
            k += 1;
        }
        c += 1;
    }
    out
};

/// Short name of a corner piece, such as `URF`.
pub fn corner_name(corner: usize) -> String {
    CORNER_COLORS[corner].iter().map(|f| f.letter()).collect()
}

/// Short name of an edge piece, such as `UR`.
pub fn edge_name(edge: usize) -> String {
    EDGE_COLORS[edge].iter().map(|f| f.letter()).collect()
}

/// Reads letters, dropping white space. Reports `letter` and `length` problems; on success the
/// size follows from the length.
pub fn read_letters(text: &str) -> Result<(Size, Vec<Face>), CubeError> {
    let mut faces = Vec::new();
    let mut problems = Vec::new();
    let mut bad_positions = Vec::new();
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match Face::from_letter(c) {
            Some(f) => faces.push(f),
            None => {
                bad_positions.push(faces.len() + bad_positions.len());
                if problems.len() < 8 {
                    problems.push((c, faces.len() + bad_positions.len()));
                }
            }
        }
    }
    let total = faces.len() + bad_positions.len();
    let size = Size::from_len(total);
    let mut out = Vec::new();
    for (c, pos) in problems {
        let sticker = size.map(|s| facelet_name(s, pos - 1));
        let shown = if c.is_control() { format!("{:?}", c) } else { format!("'{c}'") };
        let at = match &sticker {
            Some(name) => format!("letter {pos} ({name})"),
            None => format!("letter {pos}"),
        };
        out.push(Problem::new(
            ErrorCode::Letter,
            format!("{at} is {shown}, which is not one of U R F D L B"),
            if size.is_some() { vec![pos - 1] } else { vec![] },
        ));
    }
    if bad_positions.len() > 8 {
        out.push(Problem::new(
            ErrorCode::Letter,
            format!("{} more letters are not one of U R F D L B", bad_positions.len() - 8),
            vec![],
        ));
    }
    if size.is_none() {
        out.push(Problem::new(
            ErrorCode::Length,
            format!("the state has {total} letters; a 2x2 needs 24 and a 3x3 needs 54 (spaces are ignored)"),
            vec![],
        ));
    }
    match size {
        Some(size) if out.is_empty() => Ok((size, faces)),
        _ => Err(CubeError::Invalid(out)),
    }
}

/// How a corner slot reads: the piece and its twist, or why no piece fits.
pub(crate) fn read_corner(colors: [Face; 3]) -> Result<(usize, u8), String> {
    for (piece, want) in CORNER_COLORS.iter().enumerate() {
        for twist in 0..3 {
            if (0..3).all(|k| colors[(twist + k) % 3] == want[k]) {
                return Ok((piece, twist as u8));
            }
        }
    }
    Err(describe_bad_piece(&colors, "corner"))
}

/// How an edge slot reads: the piece and its flip, or why no piece fits.
pub(crate) fn read_edge(colors: [Face; 2]) -> Result<(usize, u8), String> {
    for (piece, want) in EDGE_COLORS.iter().enumerate() {
        for flip in 0..2 {
            if colors[flip] == want[0] && colors[1 - flip] == want[1] {
                return Ok((piece, flip as u8));
            }
        }
    }
    Err(describe_bad_piece(&colors, "edge"))
}

fn describe_bad_piece(colors: &[Face], kind: &str) -> String {
    let letters: Vec<String> = colors.iter().map(|f| f.letter().to_string()).collect();
    let shown = letters.join(" ");
    for (i, a) in colors.iter().enumerate() {
        for b in &colors[i + 1..] {
            if a == b {
                return format!("shows {shown}: {} twice, but no {kind} has one colour twice", a.letter());
            }
            if a.opposite() == *b {
                return format!(
                    "shows {shown}: {} and {} are opposite faces, so no {kind} has both",
                    a.letter(),
                    b.letter()
                );
            }
        }
    }
    format!("shows {shown} in an order no real {kind} has (its mirror image)")
}

/// Pieces read off a string: which piece sits in each slot and how it is turned.
pub(crate) struct PieceReading {
    pub corner_perm: Vec<u8>,
    pub twist: Vec<u8>,
    pub edge_perm: Vec<u8>,
    pub flip: Vec<u8>,
}

/// Checks counts, pieces and duplicates, then twist, flip and parity. The slots are the corner
/// stickers (and edge stickers on the 3x3) of `size`.
pub(crate) fn read_pieces(
    size: Size,
    faces: &[Face],
    corner_slots: &[[usize; 3]],
    edge_slots: &[[usize; 2]],
) -> Result<PieceReading, CubeError> {
    let mut problems = Vec::new();
    let want = size.per_face();
    for face in Face::ALL {
        let at: Vec<usize> = (0..faces.len()).filter(|&i| faces[i] == face).collect();
        if at.len() != want {
            problems.push(Problem::new(
                ErrorCode::Count,
                format!("{} appears {} times; it must appear exactly {want} times", face.letter(), at.len()),
                if at.len() > want { at } else { vec![] },
            ));
        }
    }
    let mut reading = PieceReading { corner_perm: vec![], twist: vec![], edge_perm: vec![], flip: vec![] };
    let mut corner_at: Vec<Vec<usize>> = vec![vec![]; 8];
    for (slot, stickers) in corner_slots.iter().enumerate() {
        match read_corner(stickers.map(|i| faces[i])) {
            Ok((piece, twist)) => {
                corner_at[piece].push(slot);
                reading.corner_perm.push(piece as u8);
                reading.twist.push(twist);
            }
            Err(why) => problems.push(Problem::new(
                ErrorCode::Piece,
                format!("the corner at {} {why}", facelet_names(size, stickers)),
                stickers.to_vec(),
            )),
        }
    }
    let mut edge_at: Vec<Vec<usize>> = vec![vec![]; 12];
    for (slot, stickers) in edge_slots.iter().enumerate() {
        match read_edge(stickers.map(|i| faces[i])) {
            Ok((piece, flip)) => {
                edge_at[piece].push(slot);
                reading.edge_perm.push(piece as u8);
                reading.flip.push(flip);
            }
            Err(why) => problems.push(Problem::new(
                ErrorCode::Piece,
                format!("the edge at {} {why}", facelet_names(size, stickers)),
                stickers.to_vec(),
            )),
        }
    }
    duplicates(size, "corner", &corner_at, corner_slots, corner_name, &mut problems);
    if !edge_slots.is_empty() {
        duplicates(size, "edge", &edge_at, edge_slots, edge_name, &mut problems);
    }
    if !problems.is_empty() {
        return Err(CubeError::Invalid(problems));
    }

    let twist_sum: u32 = reading.twist.iter().map(|&t| t as u32).sum();
    if twist_sum % 3 != 0 {
        let clockwise = twist_sum % 3 == 1;
        let way = if clockwise { "clockwise" } else { "counter-clockwise" };
        let twisted: Vec<usize> = (0..corner_slots.len()).filter(|&s| reading.twist[s] != 0).collect();
        let (message, stickers) = if twisted.len() == 1 {
            let s = &corner_slots[twisted[0]];
            (format!("the corner at {} is twisted {way}", facelet_names(size, s)), s.to_vec())
        } else {
            let stickers: Vec<usize> = twisted.iter().flat_map(|&s| corner_slots[s]).collect();
            (
                format!(
                    "one corner is twisted {way} in place (the corners' twists do not add up); \
                     twisting any one corner counter to that fixes it"
                ),
                stickers,
            )
        };
        problems.push(Problem::new(ErrorCode::Twist, message, stickers));
    }
    if !edge_slots.is_empty() {
        let flipped: Vec<usize> = (0..edge_slots.len()).filter(|&s| reading.flip[s] != 0).collect();
        if flipped.len() % 2 == 1 {
            let (message, stickers) = if flipped.len() == 1 {
                let s = &edge_slots[flipped[0]];
                (format!("the edge at {} is flipped", facelet_names(size, s)), s.to_vec())
            } else {
                (
                    "one edge is flipped in place (an odd number of edges are flipped); \
                     flipping any one edge fixes it"
                        .to_string(),
                    flipped.iter().flat_map(|&s| edge_slots[s]).collect(),
                )
            };
            problems.push(Problem::new(ErrorCode::Flip, message, stickers));
        }
        if permutation_parity(&reading.corner_perm) != permutation_parity(&reading.edge_perm) {
            problems.push(Problem::new(
                ErrorCode::Parity,
                "two pieces are swapped: the corners and the edges are permuted with different \
                 parity, so swapping any two corners or any two edges fixes it"
                    .to_string(),
                vec![],
            ));
        }
    }
    if problems.is_empty() {
        Ok(reading)
    } else {
        Err(CubeError::Invalid(problems))
    }
}

fn duplicates<const N: usize>(
    size: Size,
    kind: &str,
    at: &[Vec<usize>],
    slots: &[[usize; N]],
    name: fn(usize) -> String,
    problems: &mut Vec<Problem>,
) {
    let missing: Vec<String> = (0..at.len()).filter(|&p| at[p].is_empty()).map(name).collect();
    for (piece, places) in at.iter().enumerate() {
        if places.len() > 1 {
            let where_: Vec<String> = places.iter().map(|&s| facelet_names(size, &slots[s])).collect();
            let stickers: Vec<usize> = places.iter().flat_map(|&s| slots[s].to_vec()).collect();
            problems.push(Problem::new(
                ErrorCode::Duplicate,
                format!(
                    "the {} {kind} appears {} times (at {}); missing {kind}s: {}",
                    name(piece),
                    places.len(),
                    where_.join(" and "),
                    if missing.is_empty() { "none".to_string() } else { missing.join(" ") }
                ),
                stickers,
            ));
        }
    }
}

/// 0 for an even permutation, 1 for an odd one.
pub fn permutation_parity(perm: &[u8]) -> u8 {
    let mut parity = 0;
    for i in 0..perm.len() {
        for j in i + 1..perm.len() {
            if perm[i] > perm[j] {
                parity ^= 1;
            }
        }
    }
    parity
}

/// Fills in unpainted stickers (`None`) whose colour is forced: a corner or edge whose painted
/// stickers fit only one piece and turn, counting pieces already complete elsewhere and, for the
/// last incomplete corner or edge, the twist or flip the others leave. Returns the stickers
/// filled. On the 3x3 the centres must be painted (they name the faces).
pub fn fill_forced(size: Size, faces: &mut [Option<Face>]) -> Vec<usize> {
    let corner_slots: &[[usize; 3]] = match size {
        Size::Two => &POCKET_CORNER_FACELETS,
        Size::Three => &CORNER_FACELETS,
    };
    let edge_slots: &[[usize; 2]] = match size {
        Size::Two => &[],
        Size::Three => &EDGE_FACELETS,
    };
    let mut filled = Vec::new();
    loop {
        let before = filled.len();
        fill_pieces(faces, corner_slots, &CORNER_COLORS, 3, &mut filled);
        fill_pieces(faces, edge_slots, &EDGE_COLORS, 2, &mut filled);
        if filled.len() == before {
            return filled;
        }
    }
}

fn fill_pieces<const N: usize>(
    faces: &mut [Option<Face>],
    slots: &[[usize; N]],
    colors: &[[Face; N]],
    turns: usize,
    filled: &mut Vec<usize>,
) {
    // What complete slots already hold.
    let reading = |s: &[usize; N], faces: &[Option<Face>]| -> Option<(usize, usize)> {
        let got: Vec<Face> = s.iter().map(|&i| faces[i]).collect::<Option<_>>()?;
        (0..colors.len())
            .find_map(|p| (0..turns).find(|&t| (0..N).all(|k| got[(t + k) % N] == colors[p][k])).map(|t| (p, t)))
    };
    let complete: Vec<Option<(usize, usize)>> = slots.iter().map(|s| reading(s, faces)).collect();
    let open: Vec<usize> = (0..slots.len()).filter(|&i| complete[i].is_none()).collect();
    let used: Vec<usize> = complete.iter().flatten().map(|&(p, _)| p).collect();
    let turn_sum: usize = complete.iter().flatten().map(|&(_, t)| t).sum();
    for &slot in &open {
        let s = &slots[slot];
        let mut options: Vec<[Face; N]> = Vec::new();
        for p in (0..colors.len()).filter(|p| !used.contains(p)) {
            for t in 0..turns {
                if open.len() == 1 && (turn_sum + t) % turns != 0 {
                    continue;
                }
                let shown: [Face; N] = std::array::from_fn(|k| colors[p][(k + N - t) % N]);
                if (0..N).all(|k| faces[s[k]].is_none_or(|f| f == shown[k])) {
                    options.push(shown);
                }
            }
        }
        for k in 0..N {
            if faces[s[k]].is_none() && !options.is_empty() && options.iter().all(|o| o[k] == options[0][k]) {
                faces[s[k]] = Some(options[0][k]);
                filled.push(s[k]);
            }
        }
    }
}
