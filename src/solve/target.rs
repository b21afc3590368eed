//! Targets other than solved: a named pattern, a sticker string, or a partial sticker string
//! whose `*` stickers may show any colour (CONVENTIONS.md, "Partial states and targets").
//!
//! A full target reduces to solving: `start` with its stickers renamed so that the target's
//! pieces read as the solved cube's ([`relative`]) is solved by exactly the moves that take
//! `start` to the target. Renaming commutes with turning, since a turn moves stickers and the
//! renaming goes with each sticker. Partial targets are searched for directly
//! ([`super::stage`]).

use crate::cube::facelet::{
    facelet_name, read_corner, read_edge, Face, Size, CORNER_COLORS, CORNER_FACELETS, EDGE_COLORS, EDGE_FACELETS,
    POCKET_CORNER_FACELETS,
};
use crate::error::{CubeError, ErrorCode, Problem};
use crate::state::parse_state;

/// A target as read: every sticker, or some left as any colour (`None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The puzzle.
    pub size: Size,
    /// Each sticker's colour, `None` where any colour will do.
    pub faces: Vec<Option<Face>>,
}

impl Target {
    /// Every sticker known (a full state, checked legal when read).
    pub fn full(&self) -> Option<Vec<Face>> {
        self.faces.iter().copied().collect()
    }

    /// Do `faces` show every known sticker of the target?
    pub fn matches(&self, faces: &[Face]) -> bool {
        faces.len() == self.faces.len() && self.faces.iter().zip(faces).all(|(t, f)| t.is_none_or(|t| t == *f))
    }

    /// The target as a sticker string (`*` for any colour).
    pub fn to_text(&self) -> String {
        self.faces.iter().map(|f| f.map_or('*', Face::letter)).collect()
    }
}

/// Corner slots (and edge slots on the 3x3) of `size`.
pub(crate) fn slots(size: Size) -> (&'static [[usize; 3]], &'static [[usize; 2]]) {
    match size {
        Size::Two => (&POCKET_CORNER_FACELETS, &[]),
        Size::Three => (&CORNER_FACELETS, &EDGE_FACELETS),
    }
}

/// The cube as held (no turn of the whole cube to normalise it): a 3x3 as read, a 2x2's
/// corners as they sit (its edges solved, unused). For searches of exact stickers.
pub fn held_cube(faces: &[Face]) -> Result<crate::cube::CubieCube, CubeError> {
    let size = Size::from_len(faces.len()).ok_or_else(|| invalid(ErrorCode::Length, "not a cube".into()))?;
    match size {
        Size::Three => crate::cube::CubieCube::from_facelets(faces),
        Size::Two => {
            crate::cube::PocketCube::from_facelets(faces)?;
            let mut cube = crate::cube::CubieCube::SOLVED;
            for (slot, s) in POCKET_CORNER_FACELETS.iter().enumerate() {
                let (piece, twist) = read_corner(s.map(|k| faces[k])).expect("checked above");
                cube.cp[slot] = piece as u8;
                cube.co[slot] = twist;
            }
            Ok(cube)
        }
    }
}

pub(crate) fn invalid(code: ErrorCode, message: String) -> CubeError {
    CubeError::Invalid(vec![Problem::new(code, message, vec![])])
}

/// Reads a sticker string with `*` for any colour. A string with no `*` must be a legal state;
/// a partial one must be one that some legal state shows: centres in place (a `*` centre is
/// its face's), no colour more often than a face has stickers, each complete piece a real one
/// and no piece twice, each partly known piece one that is left, and the twists, flips and
/// parity right where every piece of a kind is known.
pub fn read_stickers(text: &str) -> Result<Target, CubeError> {
    let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if !letters.contains(&'*') {
        parse_state(text)?;
        let (size, faces) = crate::cube::facelet::read_letters(text)?;
        return Ok(Target { size, faces: faces.into_iter().map(Some).collect() });
    }
    let Some(size) = Size::from_len(letters.len()) else {
        return Err(invalid(
            ErrorCode::Length,
            format!(
                "the target has {} stickers; a 2x2 needs 24 and a 3x3 needs 54 (spaces are ignored)",
                letters.len()
            ),
        ));
    };
    let mut problems = Vec::new();
    let mut faces: Vec<Option<Face>> = Vec::with_capacity(letters.len());
    for (i, &c) in letters.iter().enumerate() {
        match c {
            '*' => faces.push(None),
            c => match Face::from_letter(c) {
                Some(f) => faces.push(Some(f)),
                None => {
                    problems.push(Problem::new(
                        ErrorCode::Letter,
                        format!(
                            "letter {} ({}) is '{c}', which is not one of U R F D L B or *",
                            i + 1,
                            facelet_name(size, i)
                        ),
                        vec![i],
                    ));
                    faces.push(None);
                }
            },
        }
    }
    if size == Size::Three {
        for (k, face) in Face::ALL.into_iter().enumerate() {
            let at = k * 9 + 4;
            match faces[at] {
                None => faces[at] = Some(face),
                Some(f) if f != face => problems.push(Problem::new(
                    ErrorCode::Center,
                    format!(
                        "the centre {} is {}; centres name their faces, so it must be {}",
                        facelet_name(size, at),
                        f.letter(),
                        face.letter()
                    ),
                    vec![at],
                )),
                _ => {}
            }
        }
    }
    for face in Face::ALL {
        let at: Vec<usize> = (0..faces.len()).filter(|&i| faces[i] == Some(face)).collect();
        if at.len() > size.per_face() {
            problems.push(Problem::new(
                ErrorCode::Count,
                format!("{} appears {} times; a face has {} stickers", face.letter(), at.len(), size.per_face()),
                at,
            ));
        }
    }
    if problems.is_empty() {
        check_pieces(size, &faces, &mut problems);
    }
    if problems.is_empty() {
        Ok(Target { size, faces })
    } else {
        Err(CubeError::Invalid(problems))
    }
}

/// The piece checks of [`read_stickers`] for a partial target.
fn check_pieces(size: Size, faces: &[Option<Face>], problems: &mut Vec<Problem>) {
    let (corner_slots, edge_slots) = slots(size);
    let names = |s: &[usize]| s.iter().map(|&i| facelet_name(size, i)).collect::<Vec<_>>().join(" ");
    // Complete pieces: real, and each once.
    let mut corners: Vec<Option<(usize, u8)>> = vec![None; corner_slots.len()];
    for (i, s) in corner_slots.iter().enumerate() {
        if let [Some(a), Some(b), Some(c)] = s.map(|k| faces[k]) {
            match read_corner([a, b, c]) {
                Ok(r) => corners[i] = Some(r),
                Err(why) => problems.push(Problem::new(ErrorCode::Piece, format!("{}: {why}", names(s)), s.to_vec())),
            }
        }
    }
    let mut edges: Vec<Option<(usize, u8)>> = vec![None; edge_slots.len()];
    for (i, s) in edge_slots.iter().enumerate() {
        if let [Some(a), Some(b)] = s.map(|k| faces[k]) {
            match read_edge([a, b]) {
                Ok(r) => edges[i] = Some(r),
                Err(why) => problems.push(Problem::new(ErrorCode::Piece, format!("{}: {why}", names(s)), s.to_vec())),
            }
        }
    }
    duplicates(size, corner_slots, &corners, "corner", problems);
    duplicates(size, edge_slots, &edges, "edge", problems);
    // Partly known pieces: some piece not used elsewhere shows those colours.
    open_pieces(size, faces, corner_slots, &CORNER_COLORS, &corners, problems);
    open_pieces(size, faces, edge_slots, &EDGE_COLORS, &edges, problems);
    if !problems.is_empty() {
        return;
    }
    let all = |v: &[Option<(usize, u8)>]| v.iter().copied().collect::<Option<Vec<_>>>();
    let (all_corners, all_edges) = (all(&corners), all(&edges));
    if let Some(c) = &all_corners {
        if c.iter().map(|&(_, t)| t as u32).sum::<u32>() % 3 != 0 {
            let at: Vec<usize> = corner_slots.iter().flatten().copied().collect();
            problems.push(Problem::new(
                ErrorCode::Twist,
                "the corners' twists do not add up: one is twisted in place".into(),
                at,
            ));
        }
    }
    if let Some(e) = &all_edges {
        if size == Size::Three && e.iter().map(|&(_, f)| f as u32).sum::<u32>() % 2 != 0 {
            let at: Vec<usize> = edge_slots.iter().flatten().copied().collect();
            problems.push(Problem::new(
                ErrorCode::Flip,
                "the edges' flips do not add up: one is flipped in place".into(),
                at,
            ));
        }
    }
    if let (Some(c), Some(e)) = (&all_corners, &all_edges) {
        let perm = |v: &[(usize, u8)]| v.iter().map(|&(p, _)| p as u8).collect::<Vec<u8>>();
        let parity = crate::cube::facelet::permutation_parity;
        if size == Size::Three && parity(&perm(c)) != parity(&perm(e)) {
            problems.push(Problem::new(
                ErrorCode::Parity,
                "two pieces are swapped (the corner and edge parities differ)".into(),
                vec![],
            ));
        }
    }
}

fn duplicates<const N: usize>(
    size: Size,
    slots: &[[usize; N]],
    read: &[Option<(usize, u8)>],
    kind: &str,
    problems: &mut Vec<Problem>,
) {
    for i in 0..read.len() {
        for j in i + 1..read.len() {
            if let (Some((a, _)), Some((b, _))) = (read[i], read[j]) {
                if a == b {
                    let at: Vec<usize> = slots[i].iter().chain(&slots[j]).copied().collect();
                    let names: Vec<String> = at.iter().map(|&k| facelet_name(size, k)).collect();
                    problems.push(Problem::new(
                        ErrorCode::Duplicate,
                        format!("the same {kind} appears twice ({})", names.join(" ")),
                        at,
                    ));
                }
            }
        }
    }
}

fn open_pieces<const N: usize>(
    size: Size,
    faces: &[Option<Face>],
    slots: &[[usize; N]],
    colors: &[[Face; N]],
    read: &[Option<(usize, u8)>],
    problems: &mut Vec<Problem>,
) {
    let used: Vec<usize> = read.iter().flatten().map(|&(p, _)| p).collect();
    for (i, s) in slots.iter().enumerate() {
        let known = s.iter().filter(|&&k| faces[k].is_some()).count();
        if read[i].is_some() || known == 0 {
            continue;
        }
        let fits = (0..colors.len())
            .filter(|p| !used.contains(p))
            .any(|p| (0..N).any(|t| (0..N).all(|k| faces[s[k]].is_none_or(|f| f == colors[p][(k + N - t) % N]))));
        if !fits {
            let names: Vec<String> =
                s.iter().filter(|&&k| faces[k].is_some()).map(|&k| facelet_name(size, k)).collect();
            problems.push(Problem::new(
                ErrorCode::Piece,
                format!("{}: no piece left shows these colours together", names.join(" ")),
                s.iter().copied().filter(|&k| faces[k].is_some()).collect(),
            ));
        }
    }
}

/// `start` with its stickers renamed so that `target`'s pieces read as the solved cube's: its
/// solutions are exactly the move sequences that take `start` to `target`. Both must be legal
/// states of one size.
pub fn relative(start: &[Face], target: &[Face]) -> Vec<Face> {
    let size = Size::from_len(start.len()).expect("a legal state");
    let (corner_slots, edge_slots) = slots(size);
    let mut out = start.to_vec();
    rename(start, target, corner_slots, &CORNER_COLORS, &mut out);
    rename(start, target, edge_slots, &EDGE_COLORS, &mut out);
    out
}

/// Renames the stickers of each piece of `start` (in `slots`) after the slot where `target`
/// holds that piece: the sticker showing colour `c` gets the solved colour of the target slot's
/// sticker showing `c`.
fn rename<const N: usize>(
    start: &[Face],
    target: &[Face],
    slots: &[[usize; N]],
    solved: &[[Face; N]],
    out: &mut [Face],
) {
    let reading = |faces: &[Face], s: &[usize; N]| -> [Face; N] { s.map(|k| faces[k]) };
    let key = |colors: &[Face; N]| -> u32 {
        let mut sorted = *colors;
        sorted.sort();
        sorted.iter().fold(0u32, |acc, &f| acc * 6 + f as u32)
    };
    let homes: Vec<(u32, [Face; N])> = slots.iter().map(|s| reading(target, s)).map(|c| (key(&c), c)).collect();
    for s in slots {
        let shown = reading(start, s);
        let k = key(&shown);
        let (home, (_, target_colors)) =
            homes.iter().enumerate().find(|(_, (hk, _))| *hk == k).expect("the same pieces");
        for (j, &at) in s.iter().enumerate() {
            let which = target_colors.iter().position(|&c| c == shown[j]).expect("a colour of the piece");
            out[at] = solved[home][which];
        }
    }
}
