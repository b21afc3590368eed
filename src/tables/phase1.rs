//! The exact phase-1 distance of the two-phase search: every (edge flip, UD-slice position,
//! corner twist) state, reduced by the 16 symmetries that keep the UD axis, with its distance
//! to ⟨U, D, R2, L2, F2, B2⟩ stored modulo 3 in 2 bits (Kociemba's "depth 3" trick).
//!
//! | part | entries | what |
//! | --- | --- | --- |
//! | flip-slice classes | 64,430 of 1,013,760 | edge flip and slice positions, up to symmetry |
//! | table | 64,430 × 2,187 = 140,908,410 | distance mod 3 of class × twist, 35.2 MB |
//!
//! Distance modulo 3 is enough during a search: a move changes the distance by at most one,
//! so knowing a node's distance `d`, a child's code picks one of `d - 1`, `d`, `d + 1`. A
//! root's distance is found by walking down: from any state a neighbour whose code is one less
//! (mod 3) is one move closer.
//!
//! The symmetric reduction needs the edge flip conjugated by symmetries that exchange the F-B
//! and R-L axes; that conjugate depends on the flip and on which slots hold slice edges, which
//! is why flip and slice are reduced together (their product's conjugates are closed).

use super::format::{self, Packed, KIND_PHASE1};
use crate::coord::phase1::{Flip, Slice, Twist};
use crate::coord::sym::{ud_syms, Sym, N_UD_SYM};
use crate::coord::sym_coord::{conj_table, SymCoord};
use crate::coord::N_MOVES;
use crate::coord::{Coord, N_FLIP, N_SLICE, N_TWIST};
use crate::cube::CubieCube;
use crate::error::TableError;

/// Raw flip-slice values: `slice * 2048 + flip`.
pub const N_FLIPSLICE: usize = N_SLICE * N_FLIP;
/// Flip-slice classes under the 16 symmetries.
pub const N_FLIPSLICE_CLASSES: usize = 64_430;
/// Entries of the table: flip-slice class × twist.
pub const N_PHASE1: usize = N_FLIPSLICE_CLASSES * N_TWIST;
/// Bytes of the packed table (four entries a byte).
pub const PHASE1_BYTES: usize = N_PHASE1.div_ceil(4);

/// Code of an entry not reached yet (only during the build).
const UNREACHED: u8 = 3;

/// Conjugates value `x` of coordinate `C` by UD symmetry `s` (numbered as [`ud_syms`]) through a
/// cube, with `part` conjugating the pieces `C` reads (mirrors included).
pub(crate) fn conj_ud<C: Coord<Cube = CubieCube>>(
    x: usize,
    s: usize,
    part: fn(&Sym, &CubieCube, &mut CubieCube),
) -> usize {
    let mut c = CubieCube::SOLVED;
    C::set(&mut c, x);
    let mut out = c;
    part(ud_syms()[s], &c, &mut out);
    C::get(&out)
}

/// Twist conjugated by each of the 16 UD symmetries: `twist * 16 + s`.
#[inline(never)]
pub(crate) fn twist_conj_table() -> Box<[u16]> {
    conj_table(N_TWIST, N_UD_SYM, |x, s| conj_ud::<Twist>(x, s, Sym::conj_corners))
}

/// Conjugates raw flip-slice value `x` (`slice * 2048 + flip`) by symmetry `s` (numbered as
/// [`syms`]) through a cube: the slow path.
pub fn conj_flipslice_slow(x: usize, s: usize) -> usize {
    conj_flipslice(ud_syms(), x, s)
}

fn conj_flipslice(u: &[&Sym; N_UD_SYM], x: usize, s: usize) -> usize {
    let mut c = CubieCube::SOLVED;
    Slice::set(&mut c, x / N_FLIP);
    Flip::set(&mut c, x % N_FLIP);
    let mut out = c;
    u[s].conj_edges(&c, &mut out);
    Slice::get(&out) * N_FLIP + Flip::get(&out)
}

/// The symmetry reduction the table is indexed by.
pub struct Phase1Coords {
    /// Flip-slice classes: `class_sym[slice * 2048 + flip]` = class << 4 | symmetry.
    pub flipslice: SymCoord,
    /// Twist conjugated: `twist * 16 + s`.
    pub twist_conj: Box<[u16]>,
}

impl Phase1Coords {
    /// Builds the classes. Conjugation is linear in the flip (over bits): the conjugate of
    /// (flip, slice) is the flip's conjugate with the slice solved, corrected by a mask that
    /// depends on the slice alone; so two small tables made through cubies give all 16 million
    /// conjugates ([`conj_flipslice_slow`] is the reference a test holds them to).
    pub fn generate() -> Phase1Coords {
        let u = ud_syms();
        let slice_conj = conj_table(N_SLICE, N_UD_SYM, |x, s| conj_flipslice(u, x * N_FLIP, s) / N_FLIP);
        let flip_conj = conj_table(N_FLIP, N_UD_SYM, |f, s| conj_flipslice(u, f, s) % N_FLIP);
        let mask = conj_table(N_SLICE, N_UD_SYM, |x, s| {
            (conj_flipslice(u, x * N_FLIP, s) % N_FLIP) ^ (conj_flipslice(u, 0, s) % N_FLIP)
        });
        let flipslice = SymCoord::new(N_FLIPSLICE, N_UD_SYM, |x, s| {
            let (sl, f) = (x / N_FLIP, x % N_FLIP);
            slice_conj[sl * N_UD_SYM + s] as usize * N_FLIP
                + (flip_conj[f * N_UD_SYM + s] ^ mask[sl * N_UD_SYM + s]) as usize
        });
        Phase1Coords { flipslice, twist_conj: twist_conj_table() }
    }

    /// The table index of a state given by its phase-1 coordinates.
    #[inline(always)]
    pub fn index(&self, twist: usize, flip: usize, slice: usize) -> usize {
        self.index_in_class(self.class_sym(flip, slice), twist)
    }

    /// The flip-slice pair's class and symmetry (`class << 4 | sym`): the read [`Phase1Coords::index`]
    /// starts with (a 4 MB map).
    #[inline(always)]
    pub fn class_sym(&self, flip: usize, slice: usize) -> usize {
        self.flipslice.class_sym[slice * N_FLIP + flip] as usize
    }

    /// [`Phase1Coords::index`] given the flip-slice pair's [`Phase1Coords::class_sym`].
    #[inline(always)]
    pub fn index_in_class(&self, cs: usize, twist: usize) -> usize {
        (cs >> 4) * N_TWIST + self.twist_conj[twist * N_UD_SYM + (cs & 15)] as usize
    }
}

/// The child's distance from its parent's distance `d` and its own code (distance mod 3).
#[inline(always)]
pub fn next_distance(d: u8, code: u8) -> u8 {
    // The one of d - 1, d, d + 1 that is ≡ code (mod 3). A code no neighbour can have (only
    // possible with a corrupt table) gives 255, which every search prunes.
    (d + ((code + 4 - d % 3) % 3)).wrapping_sub(1)
}

#[inline(always)]
fn get(packed: &[u8], i: usize) -> u8 {
    code_in(packed[i >> 2], i)
}

/// Entry `i`'s code in its byte `b`.
#[inline(always)]
fn code_in(b: u8, i: usize) -> u8 {
    (b >> ((i & 3) << 1)) & 3
}

#[inline(always)]
fn set(packed: &mut [u8], i: usize, v: u8) {
    let shift = (i & 3) << 1;
    let b = &mut packed[i >> 2];
    *b = (*b & !(3 << shift)) | (v << shift);
}

/// The phase-1 move tables (`coord * 18 + move`) the table is built and walked through: the
/// two-phase tables' own ([`super::two_phase::TwoPhaseTables`]).
pub trait Phase1Moves {
    /// Corner twist after each move.
    fn twist_move(&self) -> &[u16];
    /// Edge flip after each move.
    fn flip_move(&self) -> &[u16];
    /// UD-slice edge positions after each move.
    fn slice_move(&self) -> &[u16];
}

/// The exact phase-1 distance table.
pub struct Phase1Table {
    /// The reduction it is indexed by.
    pub coords: Phase1Coords,
    packed: Box<[u8]>,
}

impl Phase1Table {
    /// Builds the table in one go (see [`Phase1Build`] for steps).
    pub fn generate(t: &impl Phase1Moves) -> Phase1Table {
        Phase1Build::new(t).finish()
    }

    /// The code (distance mod 3) of entry `i`.
    #[inline(always)]
    pub fn code(&self, i: usize) -> u8 {
        get(&self.packed, i)
    }

    /// The codes of the children `ks` (move indices) of a node whose children's coordinates
    /// are `tw`, `fl` and `sl` (by move), into `codes` (by position in `ks`). In passes, each
    /// doing one thing: the flip-slice classes read, then the entries worked out, then their
    /// bytes read, then the codes. A processor cannot retire an instruction past a load that
    /// missed the cache, so a pass that only reads holds many of its misses at once (both the
    /// 4 MB class map and the 35 MB table miss).
    #[inline(always)]
    pub fn codes(&self, tw: &[u16], fl: &[u16], sl: &[u16], ks: &[u8], codes: &mut [u8; N_MOVES]) {
        let (mut class, mut entry) = ([0usize; N_MOVES], [0usize; N_MOVES]);
        let n = ks.len();
        for (j, &k) in ks.iter().enumerate() {
            class[j] = self.coords.class_sym(fl[k as usize] as usize, sl[k as usize] as usize);
        }
        for j in 0..n {
            entry[j] = self.coords.index_in_class(class[j], tw[ks[j] as usize] as usize);
        }
        for j in 0..n {
            codes[j] = self.packed[entry[j] >> 2];
        }
        for j in 0..n {
            codes[j] = code_in(codes[j], entry[j]);
        }
    }

    /// The exact phase-1 distance of a state, walking down to the subgroup: at most 12 steps
    /// of 18 look-ups. `None` if the table is inconsistent (no step down exists).
    pub fn distance(&self, t: &impl Phase1Moves, twist: usize, flip: usize, slice: usize) -> Option<u8> {
        let (mut tw, mut fl, mut sl) = (twist, flip, slice);
        let mut steps = 0u8;
        while (tw, fl, sl) != (0, 0, 0) {
            let code = self.code(self.coords.index(tw, fl, sl));
            let down = (code + 2) % 3;
            let k = (0..N_MOVES).find(|&k| {
                let (t2, f2, s2) = (
                    t.twist_move()[tw * N_MOVES + k],
                    t.flip_move()[fl * N_MOVES + k],
                    t.slice_move()[sl * N_MOVES + k],
                );
                self.code(self.coords.index(t2 as usize, f2 as usize, s2 as usize)) == down
            })?;
            (tw, fl, sl) = (
                t.twist_move()[tw * N_MOVES + k] as usize,
                t.flip_move()[fl * N_MOVES + k] as usize,
                t.slice_move()[sl * N_MOVES + k] as usize,
            );
            steps += 1;
            if steps > 20 {
                return None;
            }
        }
        Some(steps)
    }

    /// The exact phase-1 distance of a cube.
    pub fn cube_distance(&self, t: &impl Phase1Moves, cube: &CubieCube) -> Option<u8> {
        self.distance(t, Twist::get(cube), Flip::get(cube), Slice::get(cube))
    }

    /// Counts of each code 0..3 (the header's distribution).
    pub fn code_distribution(&self) -> [u64; 16] {
        format::distribution(&self.packed, N_PHASE1 as u64, 2)
    }

    /// The table in the table format (35.2 MB).
    pub fn to_bytes(&self) -> Vec<u8> {
        let p = Packed { bits: 2, base: 0, entries: N_PHASE1 as u64, bytes: &self.packed };
        format::to_bytes_packed(KIND_PHASE1, &p, &self.code_distribution())
    }

    /// Reads a table written by [`Phase1Table::to_bytes`] (checked: header, size, checksum,
    /// distribution; no entry may be unreached), with freshly built classes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Phase1Table, TableError> {
        let p = format::from_bytes_packed(bytes, KIND_PHASE1, N_PHASE1 as u64, 2)?;
        let packed: Box<[u8]> = p.bytes.to_vec().into_boxed_slice();
        // The counts were checked against the entries above.
        if format::header_distribution(bytes)[UNREACHED as usize] != 0 {
            return Err(TableError::Header("entries without a distance".into()));
        }
        Ok(Phase1Table { coords: Phase1Coords::generate(), packed })
    }
}

/// Builds the table breadth-first in steps, so a page can report progress and answer between
/// them. Early depths go forward from the frontier; once the frontier is larger than what is
/// left, each unreached entry asks whether a neighbour is on the frontier (exact with codes
/// mod 3: a neighbour of an unreached entry is at least at the frontier's depth).
pub struct Phase1Build {
    coords: Phase1Coords,
    twist_move: Box<[u16]>,
    flip_move: Box<[u16]>,
    slice_move: Box<[u16]>,
    packed: Box<[u8]>,
    depth: u8,
    class: usize,
    backward: bool,
    marked: u64,
    /// Entries found at each depth so far.
    counts: Vec<u64>,
}

impl Phase1Build {
    /// Starts a build (makes the symmetry classes first, about 0.1 s natively).
    pub fn new(t: &impl Phase1Moves) -> Phase1Build {
        let coords = Phase1Coords::generate();
        debug_assert_eq!(coords.flipslice.classes(), N_FLIPSLICE_CLASSES);
        let mut packed = vec![0xffu8; PHASE1_BYTES].into_boxed_slice();
        set(&mut packed, coords.index(0, 0, 0), 0);
        Phase1Build {
            coords,
            twist_move: t.twist_move().into(),
            flip_move: t.flip_move().into(),
            slice_move: t.slice_move().into(),
            packed,
            depth: 0,
            class: 0,
            backward: false,
            marked: 0,
            counts: vec![1],
        }
    }

    /// Entries with a distance so far.
    pub fn reached(&self) -> u64 {
        self.counts.iter().sum::<u64>() + self.marked
    }

    /// Share of the work done, 0..1, for a progress bar: passes weighted by their time in a
    /// native build (the passes to depths 9 and 10 take three quarters of it).
    pub fn progress(&self) -> f64 {
        const WEIGHT: [f64; 13] = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 3.5, 16.0, 33.0, 2.5, 1.0];
        if self.is_done() {
            return 1.0;
        }
        let d = (self.depth as usize).min(12);
        let done: f64 = WEIGHT[..d].iter().sum::<f64>() + WEIGHT[d] * self.class as f64 / N_FLIPSLICE_CLASSES as f64;
        (done / WEIGHT.iter().sum::<f64>()).min(0.999)
    }

    /// True once every entry has its distance.
    pub fn is_done(&self) -> bool {
        self.counts.last() == Some(&0) || self.reached() == N_PHASE1 as u64
    }

    /// Entries at each distance (complete once the build is done).
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Works through at most `max_classes` flip-slice classes of the current depth; false once
    /// the build is done.
    pub fn step(&mut self, max_classes: usize) -> bool {
        if self.is_done() {
            return false;
        }
        if self.class == 0 {
            let left = N_PHASE1 as u64 - self.reached();
            self.backward = *self.counts.last().unwrap_or(&0) > left / 4;
            self.marked = 0;
        }
        let end = self.class.saturating_add(max_classes).min(N_FLIPSLICE_CLASSES);
        for class in self.class..end {
            self.marked += self.expand(class);
        }
        self.class = end;
        if end == N_FLIPSLICE_CLASSES {
            self.counts.push(self.marked);
            self.depth += 1;
            self.marked = 0;
            self.class = 0;
        }
        !self.is_done()
    }

    /// One class of a breadth-first step; returns how many entries it gave a distance. Out of
    /// line so browsers optimise it early (see `tables::prune`).
    #[inline(never)]
    fn expand(&mut self, class: usize) -> u64 {
        let c = &self.coords;
        let code = self.depth % 3;
        let next = (self.depth + 1) % 3;
        let rep = c.flipslice.reps[class] as usize;
        let (sl, fl) = (rep / N_FLIP, rep % N_FLIP);
        let mut base = [0usize; N_MOVES];
        let mut sym = [0usize; N_MOVES];
        let mut stab = [0u16; N_MOVES];
        for m in 0..N_MOVES {
            let raw = self.slice_move[sl * N_MOVES + m] as usize * N_FLIP + self.flip_move[fl * N_MOVES + m] as usize;
            let cs = c.flipslice.class_sym[raw] as usize;
            base[m] = (cs >> 4) * N_TWIST;
            sym[m] = cs & 15;
            stab[m] = c.flipslice.stabiliser[cs >> 4];
        }
        let row = class * N_TWIST;
        let packed = &mut self.packed;
        let mut count = 0u64;
        let mut t = 0;
        while t < N_TWIST {
            // Four entries a byte: skip whole bytes with nothing to do (all unreached going
            // forward, none unreached going backward).
            let i = row + t;
            if i & 3 == 0 && t + 4 <= N_TWIST {
                let b = packed[i >> 2];
                let any_unreached = b & (b >> 1) & 0x55 != 0;
                if (self.backward && !any_unreached) || (!self.backward && b == 0xff) {
                    t += 4;
                    continue;
                }
            }
            let here = get(packed, i);
            let moves = &self.twist_move[t * N_MOVES..t * N_MOVES + N_MOVES];
            if self.backward {
                if here != UNREACHED {
                    t += 1;
                    continue;
                }
                let found = (0..N_MOVES).any(|m| {
                    let t2 = c.twist_conj[moves[m] as usize * N_UD_SYM + sym[m]] as usize;
                    get(packed, base[m] + t2) == code
                });
                if found {
                    set(packed, row + t, next);
                    count += 1 + mark_stabilised(c, packed, row, t, c.flipslice.stabiliser[class], next);
                }
            } else {
                if here != code {
                    t += 1;
                    continue;
                }
                for m in 0..N_MOVES {
                    let t2 = c.twist_conj[moves[m] as usize * N_UD_SYM + sym[m]] as usize;
                    if get(packed, base[m] + t2) == UNREACHED {
                        set(packed, base[m] + t2, next);
                        count += 1 + mark_stabilised(c, packed, base[m], t2, stab[m], next);
                    }
                }
            }
            t += 1;
        }
        count
    }

    /// The finished table (runs what is left of the build first).
    pub fn finish(mut self) -> Phase1Table {
        while self.step(usize::MAX) {}
        Phase1Table { coords: self.coords, packed: self.packed }
    }
}

/// Gives code `v` to the unreached entries of row `row` that the symmetries `stab` conjugate
/// twist `t` to (the same states up to symmetry); returns how many.
#[inline]
fn mark_stabilised(c: &Phase1Coords, packed: &mut [u8], row: usize, t: usize, mut stab: u16, v: u8) -> u64 {
    let mut count = 0;
    stab &= !1;
    while stab != 0 {
        let s = stab.trailing_zeros() as usize;
        stab &= stab - 1;
        let j = row + c.twist_conj[t * N_UD_SYM + s] as usize;
        if get(packed, j) == UNREACHED {
            set(packed, j, v);
            count += 1;
        }
    }
    count
}

/// The exact phase-1 distance of every state within [`NEAR_DEPTH`] moves of the subgroup, by
/// its coordinates: a breadth-first search over (twist, flip, slice) with the move tables,
/// kept in a small hash table (about 2,000 entries, 20 KB). Close to the subgroup, where a
/// search has the most nodes, this answers in cache what the big table answers from memory.
pub struct NearSubgroup {
    keys: Box<[u32]>,
    dist: Box<[u8]>,
}

/// How far [`NearSubgroup`] reaches.
pub const NEAR_DEPTH: u8 = 3;
const NEAR_SLOTS: usize = 1 << 13;
const EMPTY: u32 = u32::MAX;

#[inline(always)]
fn near_key(twist: usize, flip: usize, slice: usize) -> u32 {
    (twist << 20 | flip << 9 | slice) as u32
}

#[inline(always)]
fn near_slot(key: u32) -> usize {
    (key.wrapping_mul(0x9e37_79b1) >> (32 - 13)) as usize
}

impl NearSubgroup {
    /// Breadth-first from the subgroup's coordinates (0, 0, 0) over the 18-column move tables.
    pub fn generate(twist_move: &[u16], flip_move: &[u16], slice_move: &[u16]) -> NearSubgroup {
        let mut near = NearSubgroup {
            keys: vec![EMPTY; NEAR_SLOTS].into_boxed_slice(),
            dist: vec![u8::MAX; NEAR_SLOTS].into_boxed_slice(),
        };
        near.insert(0, 0);
        let mut frontier = vec![(0usize, 0usize, 0usize)];
        for d in 1..=NEAR_DEPTH {
            let mut next = Vec::new();
            for &(t, f, s) in &frontier {
                for m in 0..N_MOVES {
                    let c = (
                        twist_move[t * N_MOVES + m] as usize,
                        flip_move[f * N_MOVES + m] as usize,
                        slice_move[s * N_MOVES + m] as usize,
                    );
                    if near.get(c.0, c.1, c.2) == u8::MAX {
                        near.insert(near_key(c.0, c.1, c.2), d);
                        next.push(c);
                    }
                }
            }
            frontier = next;
        }
        near
    }

    fn insert(&mut self, key: u32, d: u8) {
        let mut i = near_slot(key);
        while self.keys[i] != EMPTY {
            i = (i + 1) & (NEAR_SLOTS - 1);
        }
        self.keys[i] = key;
        self.dist[i] = d;
    }

    /// The phase-1 distance of a state if it is at most [`NEAR_DEPTH`], else `u8::MAX`.
    #[inline(always)]
    pub fn get(&self, twist: usize, flip: usize, slice: usize) -> u8 {
        let key = near_key(twist, flip, slice);
        let mut i = near_slot(key);
        loop {
            let k = self.keys[i];
            if k == key {
                return self.dist[i];
            }
            if k == EMPTY {
                return u8::MAX;
            }
            i = (i + 1) & (NEAR_SLOTS - 1);
        }
    }
}

/// Flip-slice classes a provisioning step works through (a few hundredths of a second: the
/// page answers requests between steps).
const PROVISION_CLASSES: usize = 400;

use std::borrow::Cow;

impl super::provision::Build for Phase1Build {
    type Table = Phase1Table;
    fn step(&mut self) -> bool {
        Phase1Build::step(self, PROVISION_CLASSES)
    }
    fn fraction(&self) -> f64 {
        self.progress()
    }
    fn finish(self) -> Phase1Table {
        Phase1Build::finish(self)
    }
    fn pieces(table: &Phase1Table) -> Vec<Cow<'_, [u8]>> {
        let p = Packed { bits: 2, base: 0, entries: N_PHASE1 as u64, bytes: &table.packed };
        vec![
            format::header_packed(KIND_PHASE1, &p, &table.code_distribution()).into(),
            Cow::Borrowed(&table.packed[..]),
        ]
    }
}
