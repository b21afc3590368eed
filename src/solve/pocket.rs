//! 2x2 solver: walk down the distance table, one move that lowers the distance at a time.

use crate::coord::pocket::pocket_index;
use crate::cube::{HeldPocket, Move, PocketCube};
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
