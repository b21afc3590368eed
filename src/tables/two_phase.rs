//! Tables of the two-phase search: raw move tables of every coordinate, symmetry classes, and
//! five 4-bit pruning tables over symmetry-reduced coordinates (about 750 KB of pruning data;
//! the same distances without symmetry would take 7.3 MB).
//!
//! | table | entries | distance of |
//! | --- | --- | --- |
//! | `twist_slice_prune` | twist classes (8 rotations) × 495 | twist and slice positions |
//! | `flip_slice_prune` | flip classes (the 8 diagonal symmetries) × 495 | flip and slice positions |
//! | `flip_twist_prune` | flip classes (the 8 diagonal symmetries) × 2187 | flip and twist (9 stored as 8) |
//! | `corner_slice_prune` | corner-permutation classes (16) × 24 | phase 2: corners and slice order |
//! | `edge_comb_prune` | U/D-edge-permutation classes (16) × 140 | phase 2: edges, corner combination and parity (11-13 stored as 10) |

use super::format::{self, HEADER_LEN, KIND_TWO_PHASE};
use super::move_table;
use super::nibble::NibbleTable;
use super::phase1::{conj_ud, twist_conj_table, NearSubgroup, Phase1Moves, Phase1Table};
use super::sym_prune::SymPruneSpec;
use crate::coord::index::{perm_rank, perm_unrank};
use crate::coord::phase1::{Flip, Slice, Twist};
use crate::coord::phase2::{CornerCombParity, CornerPerm, SlicePerm, UdEdgePerm};
use crate::coord::sym::{ud_mult, ud_syms, Sym, N_UD_ROT, N_UD_SYM};
use crate::coord::sym_coord::{conj_ori, conj_perm, conj_table, SymCoord};
use crate::coord::N_MOVES;
use crate::coord::{Coord, N_CORNER_COMB_PARITY, N_SLICE, N_SLICE_PERM, N_TWIST};
use crate::cube::cubie::move_cubes;
use crate::cube::{CubieCube, Face, Move};
use crate::error::TableError;
use std::sync::OnceLock;

/// The moves of phase 2, which keep a cube inside ⟨U, D, R2, L2, F2, B2⟩.
pub const PHASE2_MOVES: [Move; 10] = {
    let m = Move::ALL;
    [m[0], m[1], m[2], m[9], m[10], m[11], m[4], m[13], m[7], m[16]]
};

/// Is `m` one of the phase-2 moves?
pub fn is_phase2_move(m: Move) -> bool {
    matches!(m.face(), Face::U | Face::D) || m.quarters() == 2
}

/// The symmetries flip is reduced by: the diagonal ones (numbered as in `coord::sym`).
const FLIP_SYMS: [usize; 8] = [0, 1, 2, 3, 8, 9, 10, 11];

const ALL_COLUMNS: [usize; N_MOVES] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17];

fn apply(c: &CubieCube, m: Move) -> CubieCube {
    c.apply_move(m)
}

/// `phase2_move_conj()[s][k]`: the phase-2 move (an index into [`PHASE2_MOVES`]) that move `k`
/// becomes when conjugated by symmetry `s`. The 16 symmetries keep the UD axis, so they map
/// phase-2 moves to phase-2 moves.
pub fn phase2_move_conj() -> &'static [[u8; 10]; N_UD_SYM] {
    static CONJ: OnceLock<[[u8; 10]; N_UD_SYM]> = OnceLock::new();
    CONJ.get_or_init(|| {
        let cubes = move_cubes();
        std::array::from_fn(|s| {
            let sym = &ud_syms()[s];
            std::array::from_fn(|k| {
                let mc = &cubes[PHASE2_MOVES[k].index()];
                let (cp, ep) = (conj_perm(&mc.cp, &sym.corner), conj_perm(&mc.ep, &sym.edge));
                PHASE2_MOVES
                    .iter()
                    .position(|m| cubes[m.index()].cp == cp && cubes[m.index()].ep == ep)
                    .expect("a phase-2 move") as u8
            })
        })
    })
}

/// The move table of a symmetry-reduced permutation coordinate over the phase-2 moves, one row
/// per class: the representative's class and symmetry after each move (`class << 4 | sym`, as
/// in `SymCoord::class_sym`). 2,768 rows instead of 40,320.
#[inline(never)]
fn class_move_table<C: Coord<Cube = CubieCube>>(sym: &SymCoord) -> Box<[u16]> {
    let mut table = vec![0u16; sym.classes() * 10].into_boxed_slice();
    for (class, &rep) in sym.reps.iter().enumerate() {
        class_move_row::<C>(&mut table[class * 10..class * 10 + 10], rep as usize, sym);
    }
    table
}

/// One row of [`class_move_table`]; out of line so browsers optimise it early (see
/// `prune::expand_row`).
#[inline(never)]
fn class_move_row<C: Coord<Cube = CubieCube>>(row: &mut [u16], rep: usize, sym: &SymCoord) {
    let mut cube = CubieCube::SOLVED;
    C::set(&mut cube, rep);
    for (k, &m) in PHASE2_MOVES.iter().enumerate() {
        row[k] = sym.class_sym[C::get(&cube.apply_move(m))] as u16;
    }
}

/// Conjugates raw value `x` of coordinate `C` by symmetry `s`, through a cube.
fn conj<C: Coord<Cube = CubieCube>>(x: usize, s: usize, f: impl Fn(&mut CubieCube, &Sym)) -> usize {
    let mut c = CubieCube::SOLVED;
    C::set(&mut c, x);
    f(&mut c, ud_syms()[s]);
    C::get(&c)
}

/// Conjugates permutation rank `x` of eight pieces (as `perm_rank`) by a slot map of those
/// eight slots.
fn conj_perm_rank(x: usize, map: &[u8]) -> usize {
    let mut p = [0u8; 8];
    perm_unrank(x, &mut p);
    let map: [u8; 8] = std::array::from_fn(|i| map[i]);
    perm_rank(&conj_perm(&p, &map))
}

fn conj_corners(c: &mut CubieCube, s: &Sym) {
    c.cp = conj_perm(&c.cp, &s.corner);
    c.co = conj_ori(&c.co, &s.corner);
}

fn conj_edges(c: &mut CubieCube, s: &Sym) {
    c.ep = conj_perm(&c.ep, &s.edge);
    c.eo = conj_ori(&c.eo, &s.edge);
}

/// Every table the two-phase search reads.
pub struct TwoPhaseTables {
    /// Corner twist × 18 moves.
    pub twist_move: Box<[u16]>,
    /// Edge flip × 18 moves.
    pub flip_move: Box<[u16]>,
    /// UD-slice edge positions × 18 moves.
    pub slice_move: Box<[u16]>,
    /// Corner-permutation class × 10 phase-2 moves: `class << 4 | sym` after the move (see
    /// [`TwoPhaseTables::corner_after`]).
    pub corner_class_move: Box<[u16]>,
    /// U/D-edge-permutation class × 10 phase-2 moves, likewise.
    pub edge_class_move: Box<[u16]>,
    /// [`phase2_move_conj`], copied here for the search.
    pub move_conj: [[u8; 10]; N_UD_SYM],
    /// [`ud_mult`], copied here for the search.
    pub sym_mult: [[u8; N_UD_SYM]; N_UD_SYM],
    /// Slice edge permutation × 10 phase-2 moves.
    pub slice_perm_move: Box<[u16]>,
    /// Corner combination and parity × 10 phase-2 moves.
    pub corner_comb_move: Box<[u16]>,
    /// Twist classes under the 8 rotations.
    pub twist_sym: SymCoord,
    /// Flip classes under I, y2, z2, x2 and their left-right mirrors.
    pub flip_sym: SymCoord,
    /// Corner permutation classes under all 16 symmetries.
    pub corner_sym: SymCoord,
    /// U/D edge permutation classes under all 16 symmetries.
    pub edge_sym: SymCoord,
    /// Slice positions conjugated: `slice * 16 + s`.
    pub slice_conj: Box<[u16]>,
    /// Twist conjugated: `twist * 16 + s` (mirrors reverse it).
    pub twist_conj: Box<[u16]>,
    /// Slice permutation conjugated: `slice_perm * 16 + s`.
    pub slice_perm_conj: Box<[u16]>,
    /// Corner combination and parity conjugated: `comb * 16 + s`.
    pub corner_comb_conj: Box<[u16]>,
    /// Phase 1: twist class × slice.
    pub twist_slice_prune: NibbleTable,
    /// Phase 1: flip class × slice.
    pub flip_slice_prune: NibbleTable,
    /// Phase 1: flip class × twist.
    pub flip_twist_prune: NibbleTable,
    /// Phase 2: corner permutation class × slice permutation.
    pub corner_slice_prune: NibbleTable,
    /// Phase 2: U/D edge permutation class × corner combination and parity.
    pub edge_comb_prune: NibbleTable,
    /// The exact phase-1 distances (35 MB, built apart and added when ready): with it the
    /// phase-1 search visits a few nodes per phase-1 solution instead of dozens.
    pub phase1: Option<Phase1Table>,
    /// Exact phase-1 distances of the states within three moves of the subgroup.
    pub near: NearSubgroup,
}

impl TwoPhaseTables {
    /// The five pruning tables in the table format, one after another (about 560 KB): what
    /// [`TwoPhaseBuilder::preload`] takes back.
    pub fn prune_bytes(&self) -> Vec<u8> {
        let tables = [
            &self.twist_slice_prune,
            &self.flip_slice_prune,
            &self.flip_twist_prune,
            &self.corner_slice_prune,
            &self.edge_comb_prune,
        ];
        let mut out = Vec::new();
        for (t, kind) in tables.iter().zip(KIND_TWO_PHASE) {
            out.extend_from_slice(&format::to_bytes(kind, t));
        }
        out
    }

    /// Builds every table.
    pub fn generate() -> TwoPhaseTables {
        TwoPhaseBuilder::new().finish()
    }

    /// The phase-1 move-table rows of a state: its twist, flip and slice after each of the 18
    /// moves.
    #[inline(always)]
    pub fn phase1_rows(&self, twist: usize, flip: usize, slice: usize) -> (&[u16], &[u16], &[u16]) {
        (
            &self.twist_move[twist * N_MOVES..twist * N_MOVES + N_MOVES],
            &self.flip_move[flip * N_MOVES..flip * N_MOVES + N_MOVES],
            &self.slice_move[slice * N_MOVES..slice * N_MOVES + N_MOVES],
        )
    }

    /// Phase-1 distance bound from twist and slice.
    #[inline(always)]
    pub fn twist_slice(&self, twist: usize, slice: usize) -> u8 {
        let cs = self.twist_sym.class_sym[twist] as usize;
        let (c, s) = (cs >> 4, cs & 15);
        self.twist_slice_prune.get(c * N_SLICE + self.slice_conj[slice * N_UD_SYM + s] as usize)
    }

    /// Phase-1 distance bound from flip and slice.
    #[inline(always)]
    pub fn flip_slice(&self, flip: usize, slice: usize) -> u8 {
        let cs = self.flip_sym.class_sym[flip] as usize;
        let (c, s) = (cs >> 4, cs & 15);
        self.flip_slice_prune.get(c * N_SLICE + self.slice_conj[slice * N_UD_SYM + s] as usize)
    }

    /// Phase-1 distance bound from flip and twist.
    #[inline(always)]
    pub fn flip_twist(&self, flip: usize, twist: usize) -> u8 {
        let cs = self.flip_sym.class_sym[flip] as usize;
        let (c, s) = (cs >> 4, cs & 15);
        self.flip_twist_prune.get(c * N_TWIST + self.twist_conj[twist * N_UD_SYM + s] as usize)
    }

    /// Phase-2 distance bound from corner permutation and slice permutation.
    #[inline(always)]
    pub fn corner_slice(&self, corner: usize, slice_perm: usize) -> u8 {
        self.corner_slice_sym(self.corner_sym.class_sym[corner] as usize, slice_perm)
    }

    /// [`Self::corner_slice`] from the corner permutation's `class << 4 | sym`.
    #[inline(always)]
    pub fn corner_slice_sym(&self, cs: usize, slice_perm: usize) -> u8 {
        let (c, s) = (cs >> 4, cs & 15);
        self.corner_slice_prune.get(c * N_SLICE_PERM + self.slice_perm_conj[slice_perm * N_UD_SYM + s] as usize)
    }

    /// Phase-2 distance bound from U/D edge permutation and corner combination.
    #[inline(always)]
    pub fn edge_comb(&self, edge: usize, comb: usize) -> u8 {
        self.edge_comb_sym(self.edge_sym.class_sym[edge] as usize, comb)
    }

    /// [`Self::edge_comb`] from the edge permutation's `class << 4 | sym`.
    #[inline(always)]
    pub fn edge_comb_sym(&self, cs: usize, comb: usize) -> u8 {
        let (c, s) = (cs >> 4, cs & 15);
        self.edge_comb_prune.get(c * N_CORNER_COMB_PARITY + self.corner_comb_conj[comb * N_UD_SYM + s] as usize)
    }

    /// The corner permutation's `class << 4 | sym` after phase-2 move `k` (an index into
    /// [`PHASE2_MOVES`]). With `s` taking the state to its representative, the move becomes its
    /// conjugate by `s` on the representative, whose table entry gives the new class and the
    /// symmetry to apply after `s`.
    #[inline(always)]
    pub fn corner_after(&self, cs: usize, k: usize) -> usize {
        Self::class_after(&self.corner_class_move, &self.move_conj, &self.sym_mult, cs, k)
    }

    /// [`Self::corner_after`] for the U/D edge permutation.
    #[inline(always)]
    pub fn edge_after(&self, cs: usize, k: usize) -> usize {
        Self::class_after(&self.edge_class_move, &self.move_conj, &self.sym_mult, cs, k)
    }

    #[inline(always)]
    fn class_after(
        table: &[u16],
        conj: &[[u8; 10]; N_UD_SYM],
        mult: &[[u8; N_UD_SYM]; N_UD_SYM],
        cs: usize,
        k: usize,
    ) -> usize {
        let (c, s) = (cs >> 4, cs & 15);
        let x = table[c * 10 + conj[s][k] as usize] as usize;
        (x & !15) | mult[x & 15][s] as usize
    }
}

/// Builds the tables in steps, so a caller can report progress between them.
#[derive(Default)]
pub struct TwoPhaseBuilder {
    step: usize,
    moves: Vec<Box<[u16]>>,
    syms: Vec<SymCoord>,
    conjs: Vec<Box<[u16]>>,
    prunes: Vec<NibbleTable>,
}

/// The flip-twist table stores distances 9 as 8: 2,324 of its 734,832 entries, whose exact
/// values took the last and slowest breadth-first step (40% of the table's build). The table
/// only serves until the exact phase-1 table is there.
pub const FLIP_TWIST_CAP: u8 = 8;

/// The phase-2 edge table stores distances 11 to 13 as 10: 33,142 of its 387,520 entries, whose
/// exact values took the slowest half of its build. Phase 2 is searched at most 12 moves deep
/// and the corner table bounds it too: the search visits 0.2% more nodes.
pub const EDGE_COMB_CAP: u8 = 10;

/// Number of steps of [`TwoPhaseBuilder::step`].
pub const BUILD_STEPS: usize = 20;

/// The first step that makes a pruning table (where cached ones are read instead).
const PRUNE_STEP: usize = 15;

// Indices into the builder's vectors.
const TWIST: usize = 0;
const FLIP: usize = 1;
const SLICE: usize = 2;
const SLICE_PERM: usize = 3;
const COMB: usize = 4;
const CORNER: usize = 5;
const EDGE: usize = 6;

impl TwoPhaseBuilder {
    /// A build not yet started.
    pub fn new() -> TwoPhaseBuilder {
        TwoPhaseBuilder::default()
    }

    fn spec<'a>(
        &'a self,
        sym: usize,
        a: usize,
        b: usize,
        conj: usize,
        n_conj: usize,
        b_size: usize,
    ) -> SymPruneSpec<'a> {
        let phase1 = a <= SLICE;
        SymPruneSpec {
            sym: &self.syms[sym],
            a_move: &self.moves[a],
            a_by_class: !phase1,
            b_move: &self.moves[b],
            b_conj: &self.conjs[conj],
            n_conj,
            b_size,
            stride: if phase1 { 18 } else { 10 },
            columns: if phase1 { &ALL_COLUMNS } else { &ALL_COLUMNS[..10] },
            cap: None,
        }
    }

    /// Runs the next step; returns the steps done so far (`BUILD_STEPS` when finished).
    ///
    /// The builders it calls are kept out of line: in a browser, a function whose loops run hot
    /// is compiled again by the optimising compiler, and this one with every build inlined
    /// kept that compiler busy on a first visit, ahead of the row functions that needed it.
    pub fn step(&mut self) -> usize {
        match self.step {
            // One table a step: a page reports progress and answers requests between them.
            0 => self.moves.push(move_table::build::<Twist>(&Move::ALL, apply)),
            1 => self.moves.push(move_table::build::<Flip>(&Move::ALL, apply)),
            2 => self.moves.push(move_table::build::<Slice>(&Move::ALL, apply)),
            3 => self.moves.push(move_table::build::<SlicePerm>(&PHASE2_MOVES, apply)),
            4 => self.moves.push(move_table::build::<CornerCombParity>(&PHASE2_MOVES, apply)),
            5 => self.syms.push(SymCoord::new(N_TWIST, N_UD_ROT, |x, s| conj::<Twist>(x, s, conj_corners))),
            // Flip under the eight symmetries whose matrices are diagonal (I, the half turns
            // x2 y2 z2, and their left-right mirrors): they keep every axis, so edge flip
            // conjugates on its own; mirrors change corner twist, hence the 48-symmetry
            // conjugation for twist.
            6 => self.syms.push(SymCoord::with_syms(crate::coord::N_FLIP, &FLIP_SYMS, |x, s| {
                conj_ud::<Flip>(x, s, Sym::conj_edges)
            })),
            // The permutations are conjugated as arrays (the symmetries keep the U/D edges
            // among themselves), not through whole cubes: 40,320 values each.
            7 => self.syms.push(SymCoord::new(crate::coord::N_CORNER_PERM, N_UD_SYM, |x, s| {
                conj_perm_rank(x, &ud_syms()[s].corner)
            })),
            8 => self.syms.push(SymCoord::new(crate::coord::N_UD_EDGE_PERM, N_UD_SYM, |x, s| {
                conj_perm_rank(x, &ud_syms()[s].edge[..8])
            })),
            // The big permutation coordinates move by class (their raw tables would be 15
            // times the work).
            9 => self.moves.push(class_move_table::<CornerPerm>(&self.syms[2])),
            10 => self.moves.push(class_move_table::<UdEdgePerm>(&self.syms[3])),
            11 => self.conjs.push(conj_table(N_SLICE, N_UD_SYM, |x, s| conj::<Slice>(x, s, conj_edges))),
            12 => self.conjs.push(twist_conj_table()),
            13 => self.conjs.push(conj_table(N_SLICE_PERM, N_UD_SYM, |x, s| conj::<SlicePerm>(x, s, conj_edges))),
            14 => self
                .conjs
                .push(conj_table(N_CORNER_COMB_PARITY, N_UD_SYM, |x, s| conj::<CornerCombParity>(x, s, conj_corners))),
            15 => self.prunes.push(self.spec(0, TWIST, SLICE, 0, N_UD_SYM, N_SLICE).build()),
            16 => self.prunes.push(self.spec(1, FLIP, SLICE, 0, N_UD_SYM, N_SLICE).build()),
            17 => self.prunes.push(
                SymPruneSpec { cap: Some(FLIP_TWIST_CAP), ..self.spec(1, FLIP, TWIST, 1, N_UD_SYM, N_TWIST) }.build(),
            ),
            18 => self.prunes.push(self.spec(2, CORNER, SLICE_PERM, 2, N_UD_SYM, N_SLICE_PERM).build()),
            19 => self.prunes.push(
                SymPruneSpec {
                    cap: Some(EDGE_COMB_CAP),
                    ..self.spec(3, EDGE, COMB, 3, N_UD_SYM, N_CORNER_COMB_PARITY)
                }
                .build(),
            ),
            _ => return BUILD_STEPS,
        }
        self.step += 1;
        self.step
    }

    /// Takes pruning tables saved by [`TwoPhaseTables::prune_bytes`], checked (format, sizes,
    /// checksums, distributions) against this build's own symmetry tables, which it makes
    /// first if it has not yet: the steps before [`Self::at_prunes`] are needed either way, so
    /// a caller may run them while it asks its store. A refused copy changes nothing.
    pub fn offer(&mut self, bytes: &[u8]) -> Result<(), TableError> {
        while self.step < PRUNE_STEP {
            self.step();
        }
        self.prunes = self.read_prunes(bytes)?;
        self.step = BUILD_STEPS;
        Ok(())
    }

    /// Is the next step the first pruning table (where a stored copy saves the rest)?
    pub fn at_prunes(&self) -> bool {
        self.step == PRUNE_STEP
    }

    fn read_prunes(&self, bytes: &[u8]) -> Result<Vec<NibbleTable>, TableError> {
        let sizes = [
            self.syms[0].classes() * N_SLICE,
            self.syms[1].classes() * N_SLICE,
            self.syms[1].classes() * N_TWIST,
            self.syms[2].classes() * N_SLICE_PERM,
            self.syms[3].classes() * N_CORNER_COMB_PARITY,
        ];
        let mut at = 0;
        let mut out = Vec::new();
        for (kind, entries) in KIND_TWO_PHASE.iter().zip(sizes) {
            let len = HEADER_LEN + entries.div_ceil(2);
            let chunk = bytes.get(at..at + len).ok_or(TableError::Truncated)?;
            out.push(format::from_bytes(chunk, *kind, entries)?);
            at += len;
        }
        if at != bytes.len() {
            return Err(TableError::Truncated);
        }
        Ok(out)
    }

    /// The finished tables (runs any steps left).
    pub fn finish(mut self) -> TwoPhaseTables {
        while self.step() < BUILD_STEPS {}
        let mut moves = self.moves.into_iter();
        let mut syms = self.syms.into_iter();
        let mut conjs = self.conjs.into_iter();
        let mut prunes = self.prunes.into_iter();
        let mut next_move = || moves.next().unwrap();
        let (twist_move, flip_move, slice_move) = (next_move(), next_move(), next_move());
        TwoPhaseTables {
            near: NearSubgroup::generate(&twist_move, &flip_move, &slice_move),
            twist_move,
            flip_move,
            slice_move,
            slice_perm_move: next_move(),
            corner_comb_move: next_move(),
            corner_class_move: next_move(),
            edge_class_move: next_move(),
            move_conj: *phase2_move_conj(),
            sym_mult: *ud_mult(),
            twist_sym: syms.next().unwrap(),
            flip_sym: syms.next().unwrap(),
            corner_sym: syms.next().unwrap(),
            edge_sym: syms.next().unwrap(),
            slice_conj: conjs.next().unwrap(),
            twist_conj: conjs.next().unwrap(),
            slice_perm_conj: conjs.next().unwrap(),
            corner_comb_conj: conjs.next().unwrap(),
            twist_slice_prune: prunes.next().unwrap(),
            flip_slice_prune: prunes.next().unwrap(),
            flip_twist_prune: prunes.next().unwrap(),
            corner_slice_prune: prunes.next().unwrap(),
            edge_comb_prune: prunes.next().unwrap(),
            phase1: None,
        }
    }
}

impl Phase1Moves for TwoPhaseTables {
    fn twist_move(&self) -> &[u16] {
        &self.twist_move
    }
    fn flip_move(&self) -> &[u16] {
        &self.flip_move
    }
    fn slice_move(&self) -> &[u16] {
        &self.slice_move
    }
}

/// The two-phase build as a provisioning build: a table a step; stored pruning tables come in
/// through [`TwoPhaseBuilder::preload`], as only the build's own move tables can check them.
impl super::provision::Build for TwoPhaseBuilder {
    type Table = TwoPhaseTables;
    fn step(&mut self) -> bool {
        TwoPhaseBuilder::step(self) < BUILD_STEPS
    }
    fn fraction(&self) -> f64 {
        self.step as f64 / BUILD_STEPS as f64
    }
    fn finish(self) -> TwoPhaseTables {
        TwoPhaseBuilder::finish(self)
    }
    fn pieces(table: &TwoPhaseTables) -> Vec<std::borrow::Cow<'_, [u8]>> {
        vec![table.prune_bytes().into()]
    }
}
