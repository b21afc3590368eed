//! 2x2 solver: walk down the distance table, one move that lowers the distance at a time.

use crate::coord::pocket::pocket_index;
use crate::cube::facelet::{CORNER_COLORS, POCKET_CORNER_FACELETS};
use crate::cube::moves::{rotations, turn_sources};
use crate::cube::pocket::DBL;
use crate::cube::{Face, HeldPocket, Layers, Move, PocketCube, Size, Turn};
use crate::tables::pocket::{Metric, PocketDistance, PocketMoveTables, POCKET_MOVES};

/// Joins a quarter turn repeated in a row into a half turn (quarter-turn solutions list `U U`).
pub fn merge_quarters(moves: &[Move]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::with_capacity(moves.len());
    for &m in moves {
        crate::cube::push_merged(&mut out, m);
    }
    out
}

/// An optimal solution of a DBL-fixed state, in U R F turns.
pub fn solve(cube: &PocketCube, moves: &PocketMoveTables, dist: &PocketDistance) -> Vec<Move> {
    let mut index = pocket_index(cube);
    let mut d = dist.distance(index);
    let mut out = Vec::with_capacity(d as usize);
    while d > 0 {
        let (col, next) = dist
            .metric
            .columns()
            .iter()
            .map(|&c| (c, moves.apply(index, c)))
            .find(|&(_, j)| dist.distance(j) + 1 == d)
            .expect("a state at distance d has a neighbour at d - 1");
        out.push(POCKET_MOVES[col]);
        index = next;
        d -= 1;
    }
    merge_quarters(&out)
}

/// Up to `limit` different optimal solutions of a DBL-fixed state, in U R F turns.
pub fn solve_all(cube: &PocketCube, moves: &PocketMoveTables, dist: &PocketDistance, limit: usize) -> Vec<Vec<Move>> {
    fn walk(
        index: usize,
        path: &mut Vec<Move>,
        moves: &PocketMoveTables,
        dist: &PocketDistance,
        limit: usize,
        out: &mut Vec<Vec<Move>>,
    ) {
        let d = dist.distance(index);
        if d == 0 {
            let merged = merge_quarters(path);
            if !out.contains(&merged) {
                out.push(merged);
            }
            return;
        }
        for &c in dist.metric.columns() {
            if out.len() >= limit {
                return;
            }
            let j = moves.apply(index, c);
            // In the quarter-turn metric a half turn is listed once, as two clockwise quarters.
            let m = POCKET_MOVES[c];
            if dist.metric == Metric::Qtm && m.quarters() == 3 && path.last() == Some(&m) {
                continue;
            }
            if dist.distance(j) + 1 == d {
                path.push(m);
                walk(j, path, moves, dist, limit, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    if limit > 0 {
        walk(pocket_index(cube), &mut Vec::new(), moves, dist, limit, &mut out);
    }
    out
}

/// Translates a solution of the normalised cube into turns of the cube as the person holds it.
pub fn to_held(held: &HeldPocket, moves: &[Move]) -> Vec<Move> {
    moves.iter().map(|&m| held.to_held(m)).collect()
}

/// An optimal solution of a 2x2 held as it is: face turns (any of the six faces) after which
/// the stickers are exactly `UUUURRRRFFFFDDDDLLLLBBBB` as given, not merely solved in some
/// orientation. (A 2x2 turned R L' is the whole cube turned, so every orientation is reached by
/// face turns.) IDA* over the stickers, bounded by the distance table, which ignores the
/// orientation and so never overestimates; most states need no more moves than that bound.
/// This is how a 2x2 reaches a target pattern exactly (`target::relative`).
pub fn solve_exact(faces: &[Face], dist: &PocketDistance) -> Vec<Move> {
    let ctx = Exact::new(dist);
    let start: [Face; 24] = faces.try_into().expect("24 stickers");
    let mut path = Vec::new();
    let mut bound = ctx.h(&start);
    loop {
        if ctx.dfs(&start, 0, bound, &mut path) {
            return path;
        }
        bound += 1;
    }
}

/// What the exact search needs at each node: sticker permutations of the 18 face turns and the
/// 24 rotations, and corner readings by colour.
struct Exact<'a> {
    dist: &'a PocketDistance,
    turns: Vec<[u8; 24]>,
    rotations: Vec<[u8; 24]>,
    /// (piece, twist) by the colours of a slot read in order, `c0 * 36 + c1 * 6 + c2`.
    corner: [(u8, u8); 216],
    solved: [Face; 24],
}

impl<'a> Exact<'a> {
    fn new(dist: &'a PocketDistance) -> Exact<'a> {
        let perm = |turns: &[Turn]| -> [u8; 24] {
            let s = turn_sources(Size::Two, turns);
            std::array::from_fn(|j| s[j] as u8)
        };
        let turns = Move::ALL
            .iter()
            .map(|&m| perm(&[Turn { face: m.face(), layers: Layers::Outer, quarters: m.quarters() }]))
            .collect();
        let rotations = rotations().iter().map(|r| perm(r)).collect();
        let mut corner = [(u8::MAX, 0); 216];
        for (p, colors) in CORNER_COLORS.iter().enumerate() {
            for t in 0..3 {
                let shown: [Face; 3] = std::array::from_fn(|k| colors[(k + 3 - t) % 3]);
                corner[shown[0] as usize * 36 + shown[1] as usize * 6 + shown[2] as usize] = (p as u8, t as u8);
            }
        }
        let solved = Size::Two.solved().try_into().expect("24 stickers");
        Exact { dist, turns, rotations, corner, solved }
    }

    /// The distance of the state up to orientation: turned so DBL is home, read, looked up.
    fn h(&self, f: &[Face; 24]) -> u8 {
        let dbl = POCKET_CORNER_FACELETS[DBL];
        let r = self
            .rotations
            .iter()
            .find(|r| dbl.iter().zip(CORNER_COLORS[DBL]).all(|(&i, c)| f[r[i] as usize] == c))
            .expect("some rotation brings DBL home");
        let mut cube = PocketCube::SOLVED;
        for (slot, s) in POCKET_CORNER_FACELETS.iter().enumerate() {
            let c = s.map(|i| f[r[i] as usize] as usize);
            let (piece, twist) = self.corner[c[0] * 36 + c[1] * 6 + c[2]];
            cube.cp[slot] = piece;
            cube.co[slot] = twist;
        }
        self.dist.distance(pocket_index(&cube))
    }

    fn dfs(&self, f: &[Face; 24], g: u8, bound: u8, path: &mut Vec<Move>) -> bool {
        if *f == self.solved {
            return true;
        }
        if g + self.h(f) > bound {
            return false;
        }
        for (k, &m) in Move::ALL.iter().enumerate() {
            if !crate::solve::two_phase::may_follow(path.last().copied(), m) {
                continue;
            }
            let cost = match self.dist.metric {
                Metric::Htm => 1,
                Metric::Qtm => m.qtm_cost() as u8,
            };
            if g + cost > bound {
                continue;
            }
            let next: [Face; 24] = std::array::from_fn(|j| f[self.turns[k][j] as usize]);
            path.push(m);
            if self.dfs(&next, g + cost, bound, path) {
                return true;
            }
            path.pop();
        }
        false
    }
}
