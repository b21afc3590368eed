//! Distance tables over a pair of coordinates, built breadth-first: entry `a * b_size + b` holds
//! the fewest moves that bring `(a, b)` to `(0, 0)`, stored 4 bits each (15 while unreached).

use super::nibble::NibbleTable;

/// Marks entries not reached yet.
pub const UNREACHED: u8 = 15;

/// A breadth-first build that can be run one depth at a time (for progress reports). It keeps
/// its own copy of the (small) move tables so it can live beside them. It works
/// on one byte per entry, which makes the scans of each depth cheap, and packs at the end.
pub struct Bfs {
    a_move: Box<[u16]>,
    b_move: Box<[u16]>,
    b_size: usize,
    stride: usize,
    columns: Vec<usize>,
    dist: Vec<u8>,
    depth: u8,
    at_depth: u64,
    reached: u64,
}

impl Bfs {
    /// Starts a build over move tables `a_move` (stride `stride`) and `b_move`, using the move
    /// columns `columns`, which must be closed under inverses. `(0, 0)` is at depth 0.
    pub fn new(a_move: &[u16], b_move: &[u16], b_size: usize, stride: usize, columns: &[usize]) -> Bfs {
        let a_size = a_move.len() / stride;
        let mut dist = vec![UNREACHED; a_size * b_size];
        dist[0] = 0;
        Bfs {
            a_move: a_move.into(),
            b_move: b_move.into(),
            b_size,
            stride,
            columns: columns.to_vec(),
            dist,
            depth: 0,
            at_depth: 1,
            reached: 1,
        }
    }

    /// Entries reached so far.
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// Total entries.
    pub fn total(&self) -> u64 {
        self.dist.len() as u64
    }

    /// Fills the next depth. Returns false once nothing new was reached (the build is done).
    pub fn step(&mut self) -> bool {
        if self.at_depth == 0 || self.reached == self.total() {
            return false;
        }
        let (d, next) = (self.depth, self.depth + 1);
        assert!(next < UNREACHED, "distance does not fit 4 bits");
        let unreached = self.total() - self.reached;
        // Late depths have a frontier larger than what is left: then it is cheaper to ask each
        // unreached entry whether a neighbour is on the frontier.
        let backward = self.at_depth > unreached / 2;
        let (b_size, stride) = (self.b_size, self.stride);
        let look_for = if backward { UNREACHED } else { d };
        let mut count = 0u64;
        let cols = self.columns.len();
        // The b move table by column, so the inner loops read it in order.
        let b_move = &self.b_move;
        let b_by_col: Vec<u32> =
            self.columns.iter().flat_map(|&c| (0..b_size).map(move |b| b_move[b * stride + c] as u32)).collect();
        let mut a_next = vec![0usize; cols];
        let dist = &mut self.dist;
        for a in 0..self.a_move.len() / stride {
            let row = a * b_size;
            if !dist[row..row + b_size].contains(&look_for) {
                continue;
            }
            for (k, &c) in self.columns.iter().enumerate() {
                a_next[k] = self.a_move[a * stride + c] as usize * b_size;
            }
            if backward {
                for b in 0..b_size {
                    if dist[row + b] != UNREACHED {
                        continue;
                    }
                    // No early exit: reading every neighbour beats a mispredicted branch.
                    let mut hit = false;
                    for k in 0..cols {
                        hit |= dist[a_next[k] + b_by_col[k * b_size + b] as usize] == d;
                    }
                    if hit {
                        dist[row + b] = next;
                        count += 1;
                    }
                }
            } else {
                for b in 0..b_size {
                    if dist[row + b] != d {
                        continue;
                    }
                    for k in 0..cols {
                        let j = a_next[k] + b_by_col[k * b_size + b] as usize;
                        let v = dist[j];
                        let fresh = (v == UNREACHED) as u8;
                        // Branch-free: which neighbours are fresh is unpredictable.
                        dist[j] = v - fresh * (UNREACHED - next);
                        count += fresh as u64;
                    }
                }
            }
        }
        self.depth = next;
        self.at_depth = count;
        self.reached += count;
        count > 0
    }

    /// Runs to the end and returns the packed table.
    pub fn finish(mut self) -> NibbleTable {
        while self.step() {}
        let packed: Box<[u8]> = self.dist.chunks(2).map(|p| p[0] | p.get(1).map_or(0, |&h| h << 4)).collect();
        NibbleTable::from_packed(packed, self.dist.len())
    }
}
