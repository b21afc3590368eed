//! The stages of solving methods, as data: each names the pieces it places and the stickers it
//! shows, as on the solved cube, and becomes partial targets ([`super::stage`]). A method is a
//! list of stages; another method is another list. A last-layer stage also lists its cases and
//! their algorithms ([`super::algs`]), matched by [`super::cases`].

use super::algs::{self, Case};
use super::target::{slots, Target};
use crate::cube::facelet::{corner_name, edge_name, facelet_name, Face, Size};

/// A stage of a solving method: pieces to place (each of `pieces`, and `choose` of the
/// `options`) and stickers to show (`stickers`, by name), all as on the solved cube.
#[derive(Clone, Copy, Debug)]
pub struct Stage {
    /// The name the CLI and the page use (`D-cross`).
    pub name: &'static str,
    /// What it asks, for a person.
    pub goal: &'static str,
    /// Pieces placed and turned as solved (`DF`, `DFR`).
    pub pieces: &'static [&'static str],
    /// How many of the option groups must be placed too (0: none).
    pub choose: usize,
    /// Groups of pieces to choose from (the four F2L pairs).
    pub options: &'static [&'static [&'static str]],
    /// Single stickers that must show their face (`U1`…).
    pub stickers: &'static [&'static str],
    /// The cases learners tell apart at this stage, each with its algorithm (none: the stage
    /// is solved by the search for the fewest moves).
    pub cases: &'static [Case],
}

const CROSS: &[&str] = &["DF", "DR", "DB", "DL"];
const FIRST_LAYER: &[&str] = &["DF", "DR", "DB", "DL", "DFR", "DLF", "DBL", "DRB"];
const TWO_LAYERS: &[&str] = &["DF", "DR", "DB", "DL", "DFR", "DLF", "DBL", "DRB", "FR", "FL", "BL", "BR"];
const PAIRS: &[&[&str]] = &[&["DFR", "FR"], &["DLF", "FL"], &["DBL", "BL"], &["DRB", "BR"]];
const D_CORNERS: &[&[&str]] = &[&["DFR"], &["DLF"], &["DBL"], &["DRB"]];
const MIDDLE_EDGES: &[&[&str]] = &[&["FR"], &["FL"], &["BL"], &["BR"]];
const TOP_CROSS: &[&str] = &["U2", "U4", "U6", "U8"];
const TOP_FACE: &[&str] = &["U1", "U2", "U3", "U4", "U6", "U7", "U8", "U9"];
const TOP_CORNERS: &[&str] =
    &["DF", "DR", "DB", "DL", "DFR", "DLF", "DBL", "DRB", "FR", "FL", "BL", "BR", "URF", "UFL", "ULB", "UBR"];

const fn stage(name: &'static str, goal: &'static str, pieces: &'static [&'static str]) -> Stage {
    Stage { name, goal, pieces, choose: 0, options: &[], stickers: &[], cases: &[] }
}

/// Named partial targets of the 3x3 (`cubehint solve --to D-cross`).
pub const TARGETS: &[Stage] = &[
    stage("D-cross", "the cross on the bottom (D) face, its edges matching the side centres", CROSS),
    stage("first-layer", "the whole bottom layer", FIRST_LAYER),
    stage("two-layers", "the first two layers (F2L)", TWO_LAYERS),
    Stage {
        choose: 1,
        options: PAIRS,
        ..stage("cross-and-pair", "the D cross and one corner-edge pair beside it", CROSS)
    },
    Stage { stickers: TOP_CROSS, ..stage("top-cross", "the first two layers and a cross on top", TWO_LAYERS) },
    Stage {
        stickers: TOP_FACE,
        ..stage("top-face", "the first two layers and the top face one colour (OLL)", TWO_LAYERS)
    },
];

/// The stages of a beginner's layer-by-layer method, bottom layer first.
pub const BEGINNER: &[Stage] = &[
    stage("Cross", "Make the cross on the bottom: the four bottom edges, each matching its side centre.", CROSS),
    Stage { choose: 1, options: D_CORNERS, ..stage("First corner", "Put a bottom corner in place.", CROSS) },
    Stage { choose: 2, options: D_CORNERS, ..stage("Second corner", "Put another bottom corner in place.", CROSS) },
    Stage { choose: 3, options: D_CORNERS, ..stage("Third corner", "Put a third bottom corner in place.", CROSS) },
    stage("First layer", "Put the last bottom corner in place: the first layer is done.", FIRST_LAYER),
    Stage {
        choose: 1,
        options: MIDDLE_EDGES,
        ..stage("First middle edge", "Put a middle-layer edge in place.", FIRST_LAYER)
    },
    Stage {
        choose: 2,
        options: MIDDLE_EDGES,
        ..stage("Second middle edge", "Put another middle-layer edge in place.", FIRST_LAYER)
    },
    Stage {
        choose: 3,
        options: MIDDLE_EDGES,
        ..stage("Third middle edge", "Put a third middle-layer edge in place.", FIRST_LAYER)
    },
    stage("Second layer", "Put the last middle edge in place: two layers are done.", TWO_LAYERS),
    Stage {
        stickers: TOP_CROSS,
        cases: algs::BEGINNER_CROSS,
        ..stage("Top cross", "Make a cross of the top colour on the top face.", TWO_LAYERS)
    },
    Stage {
        stickers: TOP_FACE,
        cases: algs::BEGINNER_FACE,
        ..stage("Top face", "Make the whole top face one colour.", TWO_LAYERS)
    },
    Stage {
        stickers: TOP_FACE,
        cases: algs::BEGINNER_CORNERS,
        ..stage("Top corners", "Put the top corners in place.", TOP_CORNERS)
    },
    Stage { cases: algs::BEGINNER_EDGES, ..stage("Solved", "Put the top edges in place: the cube is solved.", &[]) },
];

const CFOP_F2L: [Stage; 5] = [
    stage("Cross", "Make the cross on the bottom: the four bottom edges, each matching its side centre.", CROSS),
    Stage {
        choose: 1,
        options: PAIRS,
        ..stage("First pair", "Put a corner and its edge in place beside the cross (F2L).", CROSS)
    },
    Stage { choose: 2, options: PAIRS, ..stage("Second pair", "Put a second corner-edge pair in place.", CROSS) },
    Stage { choose: 3, options: PAIRS, ..stage("Third pair", "Put a third corner-edge pair in place.", CROSS) },
    stage("Fourth pair", "Put the last pair in place: the first two layers are done.", TWO_LAYERS),
];

/// CFOP with two-look OLL and PLL: cross, four F2L pairs, the top cross, the top face, the top
/// corners, the top edges.
pub const CFOP_2LOOK: &[Stage] = &[
    CFOP_F2L[0],
    CFOP_F2L[1],
    CFOP_F2L[2],
    CFOP_F2L[3],
    CFOP_F2L[4],
    Stage {
        stickers: TOP_CROSS,
        cases: algs::EDGES_ORIENTED,
        ..stage("OLL edges", "Make a cross of the top colour on the top face (first look of OLL).", TWO_LAYERS)
    },
    Stage {
        stickers: TOP_FACE,
        cases: algs::CORNERS_ORIENTED,
        ..stage("OLL corners", "Make the whole top face one colour (second look of OLL).", TWO_LAYERS)
    },
    Stage {
        stickers: TOP_FACE,
        cases: algs::CORNERS_PLACED,
        ..stage("PLL corners", "Put the top corners in place (first look of PLL).", TOP_CORNERS)
    },
    Stage { cases: algs::EDGES_PLACED, ..stage("PLL edges", "Put the top edges in place: the cube is solved.", &[]) },
];

/// CFOP: cross, four F2L pairs, OLL (57 cases), PLL (21 cases).
pub const CFOP: &[Stage] = &[
    CFOP_F2L[0],
    CFOP_F2L[1],
    CFOP_F2L[2],
    CFOP_F2L[3],
    CFOP_F2L[4],
    Stage { stickers: TOP_FACE, cases: algs::OLL, ..stage("OLL", "Make the top face one colour.", TWO_LAYERS) },
    Stage { cases: algs::PLL, ..stage("PLL", "Put the last layer's pieces in place: the cube is solved.", &[]) },
];

/// The methods by name.
pub const METHODS: &[(&str, &[Stage])] = &[("beginner", BEGINNER), ("cfop-2look", CFOP_2LOOK), ("cfop", CFOP)];

/// The method called `name` (letter case aside).
pub fn method(name: &str) -> Option<&'static [Stage]> {
    METHODS.iter().find(|(n, _)| n.eq_ignore_ascii_case(name.trim())).map(|(_, s)| *s)
}

impl Stage {
    /// The stage's targets: one per choice of option groups (the solved cube when it names
    /// nothing).
    pub fn targets(&self) -> Vec<Target> {
        let mut out = Vec::new();
        let n = self.options.len();
        for mask in 0u32..(1 << n) {
            if mask.count_ones() as usize != self.choose {
                continue;
            }
            let mut names: Vec<&str> = self.pieces.to_vec();
            for (i, g) in self.options.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    names.extend_from_slice(g);
                }
            }
            out.push(partial_solved(&names, self.stickers));
        }
        out
    }
}

/// The solved 3x3 with only the stickers of `pieces` (and `stickers`) known, centres too; all
/// known when both are empty.
fn partial_solved(pieces: &[&str], stickers: &[&str]) -> Target {
    let size = Size::Three;
    let solved = size.solved();
    if pieces.is_empty() && stickers.is_empty() {
        return Target { size, faces: solved.into_iter().map(Some).collect() };
    }
    let mut faces: Vec<Option<Face>> = vec![None; 54];
    for k in 0..6 {
        faces[k * 9 + 4] = Some(solved[k * 9 + 4]);
    }
    let (corner_slots, edge_slots) = slots(size);
    for name in pieces {
        let corner = (0..8).find(|&c| corner_name(c) == *name);
        let edge = (0..12).find(|&e| edge_name(e) == *name);
        let at: Vec<usize> = match (corner, edge) {
            (Some(c), _) => corner_slots[c].to_vec(),
            (_, Some(e)) => edge_slots[e].to_vec(),
            _ => panic!("no piece is called {name}"),
        };
        for i in at {
            faces[i] = Some(solved[i]);
        }
    }
    for name in stickers {
        let i = (0..54).find(|&i| facelet_name(size, i) == *name).expect("a sticker name");
        faces[i] = Some(solved[i]);
    }
    Target { size, faces }
}

/// The targets of the stage or named partial target `name` (`D-cross`, `first-layer`, …),
/// letter case aside.
pub fn stage_targets(size: Size, name: &str) -> Option<Vec<Target>> {
    if size != Size::Three {
        return None;
    }
    let wanted = name.trim().to_ascii_lowercase();
    TARGETS.iter().find(|s| s.name.to_ascii_lowercase() == wanted).map(Stage::targets)
}

/// The first stage of `method` that `faces` (a 3x3) has not reached, with its index.
pub fn next_stage<'a>(method: &'a [Stage], faces: &[Face]) -> Option<(usize, &'a Stage)> {
    method.iter().enumerate().find(|(_, s)| !s.targets().iter().any(|t| t.matches(faces)))
}
