//! Coordinates: cube states (or parts of them) numbered `0..SIZE`, so tables can be arrays.

pub mod compact;
pub mod esep_conj;
pub mod flips;
pub mod h0;
pub mod h0_coords;
pub mod index;
pub mod phase1;
pub mod phase2;
pub mod pocket;
pub mod sym;
pub mod sym_coord;

/// A coordinate: a number in `0..SIZE` for part of a cube.
pub trait Coord {
    /// The cube it reads.
    type Cube;
    /// Number of values.
    const SIZE: usize;
    /// The coordinate of `cube`.
    fn get(cube: &Self::Cube) -> usize;
    /// Changes `cube` so that its coordinate is `value`, leaving other parts alone where possible.
    fn set(cube: &mut Self::Cube, value: usize);
}

/// 2x2 corner permutations with DBL fixed: 7!.
pub const N_POCKET_PERM: usize = 5040;
/// 2x2 twists with DBL fixed: 3^6.
pub const N_POCKET_TWIST: usize = 729;
/// 2x2 states with DBL fixed.
pub const N_POCKET: usize = N_POCKET_PERM * N_POCKET_TWIST;

/// Face turns: U R F D L B, each a quarter turn, a half turn and a quarter turn back.
pub const N_MOVES: usize = 18;

/// 3x3 corner twists: 3^7.
pub const N_TWIST: usize = 2187;
/// 3x3 edge flips: 2^11.
pub const N_FLIP: usize = 2048;
/// Positions of the four UD-slice edges (FR FL BL BR), ignoring their order: C(12, 4).
pub const N_SLICE: usize = 495;
/// Positions and order of the four UD-slice edges: 12·11·10·9.
pub const N_SLICE_SORTED: usize = 11880;
/// Corner permutations: 8!.
pub const N_CORNER_PERM: usize = 40320;
/// Permutations of the eight U and D edges in phase 2: 8!.
pub const N_UD_EDGE_PERM: usize = 40320;
/// Corner combinations of the U-layer corners with permutation parity: C(8, 4) × 2.
pub const N_CORNER_COMB_PARITY: usize = 140;
/// Permutations of the four slice edges within the slice in phase 2: 4!.
pub const N_SLICE_PERM: usize = 24;
