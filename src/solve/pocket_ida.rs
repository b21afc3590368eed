//! The second 2x2 engine: IDA* over cubies with two small pattern databases (corner
//! permutation and corner twist). It shares nothing with the table walk but the cube model, so
//! each checks the other; and its tables build in about a millisecond, so it can answer before
//! the full distance table is ready.

use crate::cube::pocket::DBL;
use crate::cube::{Move, PocketCube};
use crate::tables::pocket::Metric;
use std::collections::VecDeque;

/// The free slots (all but DBL), read as digits of the pattern keys.
const SLOTS: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

fn perm_key(c: &PocketCube) -> usize {
    SLOTS.iter().fold(0, |k, &s| k * 8 + c.cp[s] as usize)
}

fn twist_key(c: &PocketCube) -> usize {
    SLOTS.iter().fold(0, |k, &s| k * 3 + c.co[s] as usize)
}

/// Pattern databases for one metric: distance of the corner permutation alone (keyed by the
/// seven free corners as base-8 digits) and of the twist alone (base-3 digits).
pub struct PocketIda {
    metric: Metric,
    moves: Vec<Move>,
    perm_dist: Vec<u8>,
    twist_dist: Vec<u8>,
}

impl PocketIda {
    /// Builds both pattern databases breadth-first over cubies.
    pub fn new(metric: Metric) -> PocketIda {
        let moves: Vec<Move> = [crate::Face::U, crate::Face::R, crate::Face::F]
            .iter()
            .flat_map(|&f| (1..=3).map(move |q| Move::new(f, q)))
            .filter(|m| metric == Metric::Htm || m.quarters() != 2)
            .collect();
        let perm_dist = Self::pattern(&moves, 8usize.pow(7), perm_key);
        let twist_dist = Self::pattern(&moves, 3usize.pow(7), twist_key);
        PocketIda { metric, moves, perm_dist, twist_dist }
    }

    fn pattern(moves: &[Move], size: usize, key: fn(&PocketCube) -> usize) -> Vec<u8> {
        let mut dist = vec![u8::MAX; size];
        let mut queue = VecDeque::from([PocketCube::SOLVED]);
        dist[key(&PocketCube::SOLVED)] = 0;
        while let Some(c) = queue.pop_front() {
            let d = dist[key(&c)];
            for &m in moves {
                let n = c.apply_move(m);
                let k = key(&n);
                if dist[k] == u8::MAX {
                    dist[k] = d + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    fn bound(&self, c: &PocketCube) -> u8 {
        self.perm_dist[perm_key(c)].max(self.twist_dist[twist_key(c)])
    }

    /// An optimal solution (in U R F turns; in QTM a half turn appears as `U2`). The cube must
    /// have DBL in place.
    pub fn solve(&self, cube: &PocketCube) -> Vec<Move> {
        assert!(cube.cp[DBL] as usize == DBL && cube.co[DBL] == 0, "DBL must be in place");
        let mut path = Vec::new();
        let mut limit = self.bound(cube);
        while !self.search(cube, limit, &mut path) {
            limit += 1;
        }
        crate::solve::pocket::merge_quarters(&path)
    }

    fn search(&self, c: &PocketCube, left: u8, path: &mut Vec<Move>) -> bool {
        if c.is_solved() {
            return true;
        }
        if self.bound(c) > left {
            return false;
        }
        for &m in &self.moves {
            if let Some(&last) = path.last() {
                if last.face() == m.face() {
                    // HTM: never two turns of one face in a row. QTM: a half turn is U U (never
                    // U' U'), and never three quarter turns of one face in a row.
                    let twice = path.len() >= 2 && path[path.len() - 2] == m;
                    if self.metric == Metric::Htm || last != m || m.quarters() == 3 || twice {
                        continue;
                    }
                }
            }
            path.push(m);
            if self.search(&c.apply_move(m), left - 1, path) {
                return true;
            }
            path.pop();
        }
        false
    }
}
