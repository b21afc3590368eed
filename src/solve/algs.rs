//! The algorithms learners memorise, as data: each case of a last-layer stage with its name,
//! what to look for, and the algorithm the cubing community teaches for it, in the notation
//! learners read (wide turns, slices and rotations allowed; brackets mark triggers).
//!
//! A case is recognised by what its algorithm does, not by a pattern typed in beside it: the
//! cube (turned by `U`, `U2` or `U'` first) is in case C when C's algorithm takes it to the
//! stage (`super::method`). The tests enumerate every last-layer state of each stage and check
//! that exactly one case of the set takes it there, so a mistyped algorithm cannot hide.

/// A case of a last-layer stage.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// Its name as learners' charts give it (`Sune`, `OLL 45`, `T perm`).
    pub name: &'static str,
    /// What to look for.
    pub look: &'static str,
    /// The algorithm, held as the case's picture shows it.
    pub alg: &'static str,
}

const fn case(name: &'static str, look: &'static str, alg: &'static str) -> Case {
    Case { name, look, alg }
}

// The beginner's method: one algorithm a stage, done once, twice or three times with the top
// turned between. Each case's sequence is the shortest such (fewest repetitions, then fewest
// moves; `cases::tests::beginner_sequences_are_the_shortest_repetitions` checks it).

/// The beginner's algorithm for the top cross.
pub const CROSS_ALG: &str = "F (R U R' U') F'";
/// The Sune, the beginner's algorithm for the top face.
pub const SUNE: &str = "R U R' U R U2 R'";
/// The beginner's algorithm for the top corners (an A perm).
pub const CORNERS_ALG: &str = "R' F R' B2 R F' R' B2 R2";
/// The beginner's algorithm for the top edges (the Ua perm).
pub const EDGES_ALG: &str = "R U' R U R U R U' R' U' R2";

/// Beginner: the top cross with `F R U R' U' F'`.
pub const BEGINNER_CROSS: &[Case] = &[
    case("Line", "Two opposite top edges show the top colour: hold the line left to right.", "[F (R U R' U') F']"),
    case(
        "L shape",
        "Two neighbouring top edges show the top colour: hold them at the back and left, as drawn. The algorithm twice.",
        "[F (R U R' U') F'] [F (R U R' U') F']",
    ),
    case(
        "Dot",
        "No top edge shows the top colour, only the centre. The algorithm twice, then U, then once more.",
        "[F (R U R' U') F'] [F (R U R' U') F'] U [F (R U R' U') F']",
    ),
];

/// Beginner: the top face with the Sune.
pub const BEGINNER_FACE: &[Case] = &[
    case("Sune", "One corner shows the top colour on top: hold it at the front left.", "[R U R' U R U2 R']"),
    case(
        "Antisune",
        "One corner shows the top colour on top, the others not: hold as drawn. Sune, U2, Sune.",
        "[R U R' U R U2 R'] U2 [R U R' U R U2 R']",
    ),
    case(
        "H",
        "No corner shows the top colour on top, and two sides show it twice each. Sune twice.",
        "[R U R' U R U2 R'] [R U R' U R U2 R']",
    ),
    case(
        "Pi",
        "No corner shows the top colour on top, and one side shows it twice. Sune, U, Sune.",
        "[R U R' U R U2 R'] U [R U R' U R U2 R']",
    ),
    case(
        "Headlights",
        "Two neighbouring corners up, the other two show the top colour on the same side. Sune, U, Sune, U', Sune.",
        "[R U R' U R U2 R'] U [R U R' U R U2 R'] U' [R U R' U R U2 R']",
    ),
    case(
        "Chameleon",
        "Two neighbouring corners up, the other two show the top colour on opposite sides. Sune, U, Sune, U2, Sune.",
        "[R U R' U R U2 R'] U [R U R' U R U2 R'] U2 [R U R' U R U2 R']",
    ),
    case(
        "Bowtie",
        "Two corners up across a diagonal. Sune three times.",
        "[R U R' U R U2 R'] [R U R' U R U2 R'] [R U R' U R U2 R']",
    ),
];

/// Beginner: the top corners placed with the headlights algorithm.
pub const BEGINNER_CORNERS: &[Case] = &[
    case(
        "Headlights",
        "One side shows two corners of one colour (headlights): hold them at the back.",
        "[R' F R' B2 R F' R' B2 R2]",
    ),
    case(
        "Diagonal",
        "No side has headlights. The algorithm, then U, then the algorithm again.",
        "[R' F R' B2 R F' R' B2 R2] U [R' F R' B2 R F' R' B2 R2]",
    ),
];

/// Beginner: the top edges placed with the U perm.
pub const BEGINNER_EDGES: &[Case] = &[
    case(
        "Edges cycle anticlockwise",
        "One side is solved: hold it at the back. The front edge belongs on the right.",
        "[R U' R U R U R U' R' U' R2]",
    ),
    case(
        "Edges cycle clockwise",
        "One side is solved: hold it at the back. The front edge belongs on the left. The algorithm twice.",
        "[R U' R U R U R U' R' U' R2] [R U' R U R U R U' R' U' R2]",
    ),
    case(
        "Opposite edges swapped",
        "No side solved; each edge is across from its place. The algorithm, U, the algorithm.",
        "[R U' R U R U R U' R' U' R2] U [R U' R U R U R U' R' U' R2]",
    ),
    case(
        "Neighbouring edges swapped",
        "No side solved; edges swap with their neighbours. The algorithm, U', the algorithm.",
        "[R U' R U R U R U' R' U' R2] U' [R U' R U R U R U' R' U' R2]",
    ),
];

// CFOP, two-look: the top cross, the top face, the corners, the edges.

/// 2-look OLL, first look: the top cross.
pub const EDGES_ORIENTED: &[Case] = &[
    case("Line", "Two opposite top edges show the top colour: hold the line left to right.", "F (R U R' U') F'"),
    case(
        "L shape",
        "Two neighbouring top edges show the top colour: hold them at the front and right.",
        "f (R U R' U') f'",
    ),
    case("Dot", "No top edge shows the top colour, only the centre.", "F (R U R' U') F' f (R U R' U') f'"),
];

/// 2-look OLL, second look (the seven OCLL cases, OLL 21–27).
pub const CORNERS_ORIENTED: &[Case] = &[
    case(
        "Sune",
        "One corner shows the top colour on top: hold it at the front left. The front right corner shows it to the front.",
        "R U R' U R U2 R'",
    ),
    case(
        "Antisune",
        "One corner shows the top colour on top: hold it at the back right. The front left corner shows it to the front.",
        "R U2 R' U' R U' R'",
    ),
    case("H", "No corner shows the top colour on top; the front and the back each show it twice.", "R U2 R' U' (R U R' U') R U' R'"),
    case(
        "Pi",
        "No corner shows the top colour on top; the left side shows it twice, the right-hand corners to the front and back.",
        "R U2 R2 U' R2 U' R2 U2 R",
    ),
    case(
        "Headlights",
        "The two front corners show the top colour on top; the back shows it at both ends (headlights).",
        "R2 D' R U2 R' D R U2 R",
    ),
    case(
        "Chameleon",
        "The two right-hand corners show the top colour on top; the left-hand ones show it to the front and back.",
        "r U R' U' r' F R F'",
    ),
    case(
        "Bowtie",
        "Two corners across a diagonal show the top colour on top: hold them at the front left and back right.",
        "F' r U R' U' r' F R",
    ),
];

/// 2-look PLL, first look: the corners.
pub const CORNERS_PLACED: &[Case] = &[
    case(
        "Headlights",
        "One side shows two corners of one colour (headlights): hold them on the left.",
        "(R U R' U') R' F R2 U' R' U' R U R' F'",
    ),
    case(
        "Diagonal",
        "No side has headlights: two corners across a diagonal are swapped.",
        "F R U' R' U' R U R' F' (R U R' U') R' F R F'",
    ),
];

/// 2-look PLL, second look: the edges.
pub const EDGES_PLACED: &[Case] = &[
    case(
        "Ua perm",
        "One side is solved: hold it at the back. The front edge belongs on the right (three edges cycle anticlockwise).",
        "R U' R U R U R U' R' U' R2",
    ),
    case(
        "Ub perm",
        "One side is solved: hold it at the back. The front edge belongs on the left (three edges cycle clockwise).",
        "R2 U R U R' U' R' U' R' U R'",
    ),
    case("H perm", "No side is solved; each edge is across from its place.", "M2 U M2 U2 M2 U M2"),
    case("Z perm", "No side is solved; edges swap with their neighbours.", "M' U M2 U M2 U M' U2 M2"),
];

// Full CFOP: the 57 OLL and 21 PLL cases, numbered and named as on learners' charts.

const DOT: &str = "A dot: no top edge shows the top colour on top.";
const LINE: &str = "A line: two opposite top edges show the top colour on top.";
const T_SHAPE: &str = "A T shape of the top colour on top.";
const SQUARE: &str = "A square of the top colour on top, in one quarter of the face.";
const LIGHTNING: &str = "A small lightning bolt of the top colour on top.";
const FISH: &str = "A fish of the top colour on top.";
const KNIGHT: &str = "A knight's move shape of the top colour on top.";
const AWKWARD: &str = "An awkward shape: two neighbouring edges and two corners in a row up.";
const P_SHAPE: &str = "A P shape of the top colour on top.";
const W_SHAPE: &str = "A W (steps) of the top colour on top.";
const C_SHAPE: &str = "A C shape of the top colour on top.";
const SMALL_L: &str = "A small L: two neighbouring top edges up, no corner up.";
const CORNERS_UP: &str = "All four corners show the top colour on top; the edges do not make a cross.";
const CROSS: &str = "The top cross is done; the corners are left (the shape of the corners as drawn).";

/// Full OLL: the 57 cases.
pub const OLL: &[Case] = &[
    case("OLL 1", DOT, "R U2 R2 F R F' U2 R' F R F'"),
    case("OLL 2", DOT, "F (R U R' U') F' f (R U R' U') f'"),
    case("OLL 3", DOT, "f (R U R' U') f' U' F (R U R' U') F'"),
    case("OLL 4", DOT, "f (R U R' U') f' U F (R U R' U') F'"),
    case("OLL 5", SQUARE, "r' U2 R U R' U r"),
    case("OLL 6", SQUARE, "r U2 R' U' R U' r'"),
    case("OLL 7", LIGHTNING, "r U R' U R U2 r'"),
    case("OLL 8", LIGHTNING, "r' U' R U' R' U2 r"),
    case("OLL 9", FISH, "(R U R' U') R' F R2 U R' U' F'"),
    case("OLL 10", FISH, "R U R' U R' F R F' R U2 R'"),
    case("OLL 11", LIGHTNING, "r U R' U R' F R F' R U2 r'"),
    case("OLL 12", LIGHTNING, "M' R' U' R U' R' U2 R U' R r'"),
    case("OLL 13", KNIGHT, "F U R U' R2 F' R U R U' R'"),
    case("OLL 14", KNIGHT, "R' F R U R' F' R F U' F'"),
    case("OLL 15", KNIGHT, "r' U' r R' U' R U r' U r"),
    case("OLL 16", KNIGHT, "r U r' R U R' U' r U' r'"),
    case("OLL 17", DOT, "R U R' U R' F R F' U2 R' F R F'"),
    case("OLL 18", DOT, "r U R' U R U2 r2 U' R U' R' U2 r"),
    case("OLL 19", DOT, "r' R U R U R' U' M' R' F R F'"),
    case("OLL 20", DOT, "r U R' U' M2 U R U' R' U' M'"),
    case("OLL 21", CROSS, "R U2 R' U' (R U R' U') R U' R'"),
    case("OLL 22", CROSS, "R U2 R2 U' R2 U' R2 U2 R"),
    case("OLL 23", CROSS, "R2 D' R U2 R' D R U2 R"),
    case("OLL 24", CROSS, "r U R' U' r' F R F'"),
    case("OLL 25", CROSS, "F' r U R' U' r' F R"),
    case("OLL 26", CROSS, "R U2 R' U' R U' R'"),
    case("OLL 27", CROSS, "R U R' U R U2 R'"),
    case("OLL 28", CORNERS_UP, "r U R' U' r' R U R U' R'"),
    case("OLL 29", AWKWARD, "(R U R' U') R U' R' F' U' F R U R'"),
    case("OLL 30", AWKWARD, "F R' F R2 U' R' U' R U R' F2"),
    case("OLL 31", P_SHAPE, "R' U' F U R U' R' F' R"),
    case("OLL 32", P_SHAPE, "L U F' U' L' U L F L'"),
    case("OLL 33", T_SHAPE, "(R U R' U') R' F R F'"),
    case("OLL 34", C_SHAPE, "R U R2 U' R' F R U R U' F'"),
    case("OLL 35", FISH, "R U2 R2 F R F' R U2 R'"),
    case("OLL 36", W_SHAPE, "L' U' L U' L' U L U L F' L' F"),
    case("OLL 37", FISH, "F R' F' R U R U' R'"),
    case("OLL 38", W_SHAPE, "R U R' U R U' R' U' R' F R F'"),
    case("OLL 39", LINE, "L F' L' U' L U F U' L'"),
    case("OLL 40", LINE, "R' F R U R' U' F' U R"),
    case("OLL 41", AWKWARD, "R U R' U R U2 R' F (R U R' U') F'"),
    case("OLL 42", AWKWARD, "R' U' R U' R' U2 R F (R U R' U') F'"),
    case("OLL 43", P_SHAPE, "F' U' L' U L F"),
    case("OLL 44", P_SHAPE, "F U R U' R' F'"),
    case("OLL 45", T_SHAPE, "F (R U R' U') F'"),
    case("OLL 46", C_SHAPE, "R' U' R' F R F' U R"),
    case("OLL 47", SMALL_L, "R' U' R' F R F' R' F R F' U R"),
    case("OLL 48", SMALL_L, "F (R U R' U') (R U R' U') F'"),
    case("OLL 49", SMALL_L, "r U' r2 U r2 U r2 U' r"),
    case("OLL 50", SMALL_L, "r' U r2 U' r2 U' r2 U r'"),
    case("OLL 51", LINE, "f (R U R' U') (R U R' U') f'"),
    case("OLL 52", LINE, "R U R' U R U' B U' B' R'"),
    case("OLL 53", SMALL_L, "r' U' R U' R' U R U' R' U2 r"),
    case("OLL 54", SMALL_L, "r U R' U R U' R' U R U2 r'"),
    case("OLL 55", LINE, "R' F R U R U' R2 F' R2 U' R' U R U R'"),
    case("OLL 56", LINE, "r' U' r U' R' U R U' R' U R r' U r"),
    case("OLL 57", CORNERS_UP, "R U R' U' M' U R U' r'"),
];

/// Full PLL: the 21 cases.
pub const PLL: &[Case] = &[
    case("Aa perm", "Only corners move, three of them; one side shows headlights.", "x R' U R' D2 R U' R' D2 R2 x'"),
    case(
        "Ab perm",
        "Only corners move, three of them the other way; one side shows headlights.",
        "x R2 D2 R U R' D2 R U' R x'",
    ),
    case(
        "E perm",
        "Only corners move, two pairs swap; no side shows headlights.",
        "x' R U' R' D R U R' D' R U R' D R U' R' D' x",
    ),
    case(
        "F perm",
        "Two corners and two edges swap; one side shows a solved bar of three.",
        "R' U' F' (R U R' U') R' F R2 U' R' U' R U R' U R",
    ),
    case(
        "Ga perm",
        "Three corners and three edges cycle; one side shows headlights.",
        "R2 U R' U R' U' R U' R2 U' D R' U R D'",
    ),
    case(
        "Gb perm",
        "Three corners and three edges cycle; one side shows headlights.",
        "R' U' R U D' R2 U R' U R U' R U' R2 D",
    ),
    case(
        "Gc perm",
        "Three corners and three edges cycle; one side shows headlights.",
        "R2 U' R U' R U R' U R2 U D' R U' R' D",
    ),
    case(
        "Gd perm",
        "Three corners and three edges cycle; one side shows headlights.",
        "R U R' U' D R2 U' R U' R' U R' U R2 D'",
    ),
    case("H perm", "Only edges move: each is across from its place.", "M2 U M2 U2 M2 U M2"),
    case(
        "Ja perm",
        "Two neighbouring corners and two neighbouring edges swap; one side shows a bar of three.",
        "R' U L' U2 R U' R' U2 R L",
    ),
    case(
        "Jb perm",
        "Two neighbouring corners and two neighbouring edges swap; one side shows a bar of three.",
        "R U R' F' (R U R' U') R' F R2 U' R'",
    ),
    case(
        "Na perm",
        "Two corners across a diagonal and two opposite edges swap; no headlights.",
        "R U R' U R U R' F' (R U R' U') R' F R2 U' R' U2 R U' R'",
    ),
    case(
        "Nb perm",
        "Two corners across a diagonal and two opposite edges swap, the mirror of Na.",
        "R' U R U' R' F' U' F R U R' F R' F' R U' R",
    ),
    case(
        "Ra perm",
        "Two neighbouring corners and two neighbouring edges swap; headlights with another colour between.",
        "R U' R' U' R U R D R' U' R D' R' U2 R'",
    ),
    case(
        "Rb perm",
        "Two neighbouring corners and two neighbouring edges swap; headlights with another colour between.",
        "R2 F R U R U' R' F' R U2 R' U2 R",
    ),
    case(
        "T perm",
        "Two neighbouring corners and two opposite edges swap; one side shows headlights.",
        "(R U R' U') R' F R2 U' R' U' R U R' F'",
    ),
    case("Ua perm", "Only edges move: one side is solved, three edges cycle.", "R U' R U R U R U' R' U' R2"),
    case(
        "Ub perm",
        "Only edges move: one side is solved, three edges cycle the other way.",
        "R2 U R U R' U' R' U' R' U R'",
    ),
    case(
        "V perm",
        "Two corners across a diagonal and two neighbouring edges swap.",
        "R' U R' U' R D' R' D R' U D' R2 U' R2 D R2",
    ),
    case(
        "Y perm",
        "Two corners across a diagonal and two neighbouring edges swap (the edges beside one of them).",
        "F R U' R' U' R U R' F' (R U R' U') R' F R F'",
    ),
    case("Z perm", "Only edges move: each pair of neighbours swaps.", "M' U M2 U M2 U M' U2 M2"),
];
