//! Partial targets (some stickers any colour) and the stages of solving methods.
//!
//! A partial target fixes some pieces completely (all their stickers known) and may say a
//! little about others (an edge's U sticker, say). The search is IDA* over the cube with a
//! bound from distance tables over the places of the fixed pieces, up to five pieces a table
//! (24 places a piece: 8 corner slots × 3 twists or 12 edge slots × 2 flips; at most 24^5
//! entries), built on demand and kept by the caller in [`StageTables`]. Each table is exact
//! for its pieces, so the bound never overestimates and a finished search is the shortest
//! (`docs/targets.md`). A goal may be several targets (any one of the F2L pairs): the bound is
//! the least over them.

use super::target::{slots, Target};
use crate::cube::cubie::move_cubes;
use crate::cube::facelet::{read_corner, read_edge, Face, Size};
use crate::cube::{CubieCube, Move, PocketCube};
use crate::error::SolveError;
use std::collections::HashMap;
use std::sync::Arc;

/// A piece a target fixes: which one, in which slot, turned how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fixed {
    /// An edge (else a corner).
    pub edge: bool,
    /// The piece, numbered as in `cube::cubie`.
    pub piece: u8,
    /// Its place: `slot * 3 + twist` for a corner, `slot * 2 + flip` for an edge (below 24).
    pub place: u8,
}

/// The pieces `target` fixes (those with every sticker known), corners first.
pub fn fixed_pieces(target: &Target) -> Vec<Fixed> {
    let (corner_slots, edge_slots) = slots(target.size);
    let mut out = Vec::new();
    for (slot, s) in corner_slots.iter().enumerate() {
        if let [Some(a), Some(b), Some(c)] = s.map(|k| target.faces[k]) {
            if let Ok((piece, twist)) = read_corner([a, b, c]) {
                out.push(Fixed { edge: false, piece: piece as u8, place: (slot * 3) as u8 + twist });
            }
        }
    }
    for (slot, s) in edge_slots.iter().enumerate() {
        if let [Some(a), Some(b)] = s.map(|k| target.faces[k]) {
            if let Ok((piece, flip)) = read_edge([a, b]) {
                out.push(Fixed { edge: true, piece: piece as u8, place: (slot * 2) as u8 + flip });
            }
        }
    }
    out
}

/// Where each place goes under each face turn: `[corner, edge][move][place]`.
fn place_moves() -> &'static [[[u8; 24]; 18]; 2] {
    static T: std::sync::OnceLock<[[[u8; 24]; 18]; 2]> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut t = [[[0u8; 24]; 18]; 2];
        for (m, mc) in move_cubes().iter().enumerate() {
            // After the move, slot j holds what slot `mc.cp[j]` held, turned by `mc.co[j]`.
            for j in 0..8 {
                for o in 0..3 {
                    t[0][m][mc.cp[j] as usize * 3 + o] = (j * 3 + (o + mc.co[j] as usize) % 3) as u8;
                }
            }
            for j in 0..12 {
                for o in 0..2 {
                    t[1][m][mc.ep[j] as usize * 2 + o] = (j * 2 + (o + mc.eo[j] as usize) % 2) as u8;
                }
            }
        }
        t
    })
}

/// The place of `piece` in `cube`.
fn place_of(cube: &CubieCube, f: &Fixed) -> u8 {
    if f.edge {
        let slot = cube.ep.iter().position(|&p| p == f.piece).expect("every edge is somewhere");
        (slot * 2) as u8 + cube.eo[slot]
    } else {
        let slot = cube.cp.iter().position(|&p| p == f.piece).expect("every corner is somewhere");
        (slot * 3) as u8 + cube.co[slot]
    }
}

/// Most pieces a table covers: 24^4 entries (331,776 bytes, built in a few hundredths of a
/// second; five pieces would take 8 MB and about a second each).
pub const MAX_GROUP: usize = 4;

/// Edges grouped with each corner.
const NEAR_EDGES: usize = 3;

/// Distances to the target places of a few pieces, from every placement of them: index
/// `Σ place_i · 24^i`, 255 where no placement is (two pieces in one slot).
pub struct GroupTable {
    /// The pieces, at their target places.
    pub pieces: Vec<Fixed>,
    /// The distance of each placement.
    pub dist: Box<[u8]>,
}

impl GroupTable {
    /// Breadth-first from the target placement.
    pub fn build(pieces: &[Fixed]) -> GroupTable {
        assert!(!pieces.is_empty() && pieces.len() <= MAX_GROUP);
        let k = pieces.len();
        let moves = place_moves();
        let mut dist = vec![u8::MAX; 24usize.pow(k as u32)].into_boxed_slice();
        let start = index(pieces.iter().map(|p| p.place));
        dist[start] = 0;
        let mut frontier = vec![start as u32];
        let mut depth = 0;
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &i in &frontier {
                let mut places = [0u8; MAX_GROUP];
                let mut x = i as usize;
                for p in places.iter_mut().take(k) {
                    *p = (x % 24) as u8;
                    x /= 24;
                }
                for m in 0..18 {
                    let j = index((0..k).map(|n| moves[pieces[n].edge as usize][m][places[n] as usize]));
                    if dist[j] == u8::MAX {
                        dist[j] = depth + 1;
                        next.push(j as u32);
                    }
                }
            }
            frontier = next;
            depth += 1;
        }
        GroupTable { pieces: pieces.to_vec(), dist }
    }

    /// How many placements are at each distance.
    pub fn distribution(&self) -> Vec<u64> {
        let mut out = Vec::new();
        for &d in self.dist.iter().filter(|&&d| d != u8::MAX) {
            if out.len() <= d as usize {
                out.resize(d as usize + 1, 0);
            }
            out[d as usize] += 1;
        }
        out
    }
}

fn index(places: impl Iterator<Item = u8>) -> usize {
    places.fold((0usize, 1usize), |(acc, mul), p| (acc + p as usize * mul, mul * 24)).0
}

/// Group tables built so far, by their pieces: the caller keeps them between searches.
#[derive(Default)]
pub struct StageTables {
    tables: HashMap<Vec<Fixed>, Arc<GroupTable>>,
}

impl StageTables {
    /// The table of `pieces`, built now if it is not here yet.
    pub fn get(&mut self, pieces: &[Fixed]) -> Arc<GroupTable> {
        self.tables.entry(pieces.to_vec()).or_insert_with(|| Arc::new(GroupTable::build(pieces))).clone()
    }

    /// Tables kept.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// None kept.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }
}

/// The groups whose tables bound a target's distance: all its fixed pieces when they are few;
/// else the edges and the corners in fives, and each corner with the three edges nearest its
/// place (for an F2L pair: its edge and the two cross edges beside it; four pieces, so these
/// tables are small and quick to build).
fn groups(fixed: &[Fixed]) -> Vec<Vec<Fixed>> {
    if fixed.len() <= MAX_GROUP {
        return if fixed.is_empty() { vec![] } else { vec![fixed.to_vec()] };
    }
    let corners: Vec<Fixed> = fixed.iter().copied().filter(|f| !f.edge).collect();
    let edges: Vec<Fixed> = fixed.iter().copied().filter(|f| f.edge).collect();
    let mut out: Vec<Vec<Fixed>> = edges.chunks(MAX_GROUP).map(<[Fixed]>::to_vec).collect();
    out.extend(corners.chunks(MAX_GROUP).map(<[Fixed]>::to_vec));
    if corners.len() <= 4 && !edges.is_empty() {
        let faces_of_corner = |c: &Fixed| crate::cube::facelet::CORNER_COLORS[c.place as usize / 3];
        let faces_of_edge = |e: &Fixed| crate::cube::facelet::EDGE_COLORS[e.place as usize / 2];
        for c in &corners {
            let mut near = edges.clone();
            near.sort_by_key(|e| {
                std::cmp::Reverse(faces_of_edge(e).iter().filter(|f| faces_of_corner(c).contains(f)).count())
            });
            let mut g = vec![*c];
            g.extend(near.into_iter().take(NEAR_EDGES));
            out.push(g);
        }
    }
    out
}

/// A stage's solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageSolution {
    /// The moves.
    pub moves: Vec<Move>,
    /// Proven shortest: the search finished within its budget.
    pub optimal: bool,
}

/// One target of a goal, with its tables.
struct Goal {
    target: Target,
    fixed: Vec<Fixed>,
    /// Per group: the table and, per piece, its index in the tracked list.
    groups: Vec<(Arc<GroupTable>, Vec<usize>)>,
    /// Per fixed piece, its index in the tracked list.
    fixed_at: Vec<usize>,
}

struct Search<'a> {
    goals: &'a [Goal],
    tracked: &'a [Fixed],
    size: Size,
    path: Vec<Move>,
    nodes: u64,
    budget: u64,
    stopped: bool,
}

impl Search<'_> {
    fn bound(&self, places: &[u8]) -> u8 {
        self.goals
            .iter()
            .map(|g| g.groups.iter().map(|(t, at)| t.dist[index(at.iter().map(|&i| places[i]))]).max().unwrap_or(0))
            .min()
            .unwrap_or(0)
    }

    fn reached(&self, cube: &CubieCube, places: &[u8]) -> bool {
        self.goals.iter().any(|g| {
            g.fixed.iter().zip(&g.fixed_at).all(|(f, &i)| places[i] == f.place)
                && g.target.matches(&faces_of(self.size, cube))
        })
    }

    fn dfs(&mut self, cube: &CubieCube, places: &[u8], g: u8, bound: u8) -> bool {
        if self.reached(cube, places) {
            return true;
        }
        if g + self.bound(places) > bound {
            return false;
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.stopped = true;
            return false;
        }
        let moves = place_moves();
        let mut next = [0u8; 32];
        for m in Move::ALL {
            if g + 1 > bound || !super::two_phase::may_follow(self.path.last().copied(), m) {
                continue;
            }
            for (n, f) in self.tracked.iter().enumerate() {
                next[n] = moves[f.edge as usize][m.index()][places[n] as usize];
            }
            let c = cube.apply_move(m);
            self.path.push(m);
            if self.dfs(&c, &next[..self.tracked.len()], g + 1, bound) {
                return true;
            }
            self.path.pop();
            if self.stopped {
                return false;
            }
        }
        false
    }
}

/// The stickers of `cube` as a puzzle of `size` (the 2x2: its corners).
fn faces_of(size: Size, cube: &CubieCube) -> Vec<Face> {
    match size {
        Size::Three => cube.to_facelets(),
        Size::Two => PocketCube { cp: cube.cp, co: cube.co }.to_facelets(),
    }
}

/// The shortest move sequence after which `cube` shows every known sticker of one of
/// `targets` (all of one size; a 2x2 as a cube whose edges are ignored, held as it is). Gives up
/// after `budget` nodes with [`SolveError::Stopped`].
pub fn solve_partial(
    cube: &CubieCube,
    targets: &[Target],
    tables: &mut StageTables,
    budget: u64,
) -> Result<StageSolution, SolveError> {
    let size = targets.first().map_or(Size::Three, |t| t.size);
    let shown = faces_of(size, cube);
    if targets.iter().any(|t| t.matches(&shown)) {
        return Ok(StageSolution { moves: vec![], optimal: true });
    }
    let mut tracked: Vec<Fixed> = Vec::new();
    let mut goals = Vec::new();
    for t in targets {
        let fixed = fixed_pieces(t);
        let mut at = |f: &Fixed| -> usize {
            let key = |x: &Fixed| (x.edge, x.piece);
            match tracked.iter().position(|x| key(x) == key(f)) {
                Some(i) => i,
                None => {
                    tracked.push(*f);
                    tracked.len() - 1
                }
            }
        };
        let fixed_at: Vec<usize> = fixed.iter().map(&mut at).collect();
        let gs = groups(&fixed).into_iter().map(|g| (tables.get(&g), g.iter().map(&mut at).collect())).collect();
        goals.push(Goal { target: t.clone(), fixed, groups: gs, fixed_at });
    }
    let places: Vec<u8> = tracked.iter().map(|f| place_of(cube, f)).collect();
    let mut s = Search { goals: &goals, tracked: &tracked, size, path: Vec::new(), nodes: 0, budget, stopped: false };
    let mut bound = s.bound(&places);
    loop {
        if s.dfs(cube, &places, 0, bound) {
            return Ok(StageSolution { moves: s.path, optimal: true });
        }
        if s.stopped {
            return Err(SolveError::Stopped);
        }
        bound += 1;
        if bound > 30 {
            return Err(SolveError::TooLong(30));
        }
    }
}
