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
    b_size: usize,
    stride: usize,
    columns: Vec<usize>,
    /// The b move table by column, so the inner loops read it in order.
    b_by_col: Vec<u32>,
    dist: Vec<u8>,
    depth: u8,
    at_depth: u64,
    reached: u64,
    /// Progress within the current depth: the next row, entries marked so far, the direction.
    row: usize,
    marked: u64,
    backward: bool,
}

impl Bfs {
    /// Starts a build over move tables `a_move` (stride `stride`) and `b_move`, using the move
    /// columns `columns`, which must be closed under inverses. `(0, 0)` is at depth 0.
    pub fn new(a_move: &[u16], b_move: &[u16], b_size: usize, stride: usize, columns: &[usize]) -> Bfs {
        let a_size = a_move.len() / stride;
        let mut dist = vec![UNREACHED; a_size * b_size];
        dist[0] = 0;
        let b_by_col = columns.iter().flat_map(|&c| (0..b_size).map(move |b| b_move[b * stride + c] as u32)).collect();
        Bfs {
            a_move: a_move.into(),
            b_size,
            stride,
            columns: columns.to_vec(),
            b_by_col,
            dist,
            depth: 0,
            at_depth: 1,
            reached: 1,
            row: 0,
            marked: 0,
            backward: false,
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

    /// True once every reachable entry has its distance.
    pub fn is_done(&self) -> bool {
        self.at_depth == 0 || self.reached == self.total()
    }

    /// Fraction of entries reached so far, 0..=1.
    pub fn progress(&self) -> f64 {
        (self.reached + self.marked) as f64 / self.total() as f64
    }

    /// Fills the rest of the current depth. Returns false once the build is done.
    pub fn step(&mut self) -> bool {
        self.step_rows(usize::MAX)
    }

    /// Works through at most `max_rows` rows of the current depth, so a caller can answer other
    /// requests between slices of a long depth. Returns false once the build is done.
    pub fn step_rows(&mut self, max_rows: usize) -> bool {
        if self.is_done() {
            return false;
        }
        let d = self.depth;
        assert!(d + 1 < UNREACHED, "distance does not fit 4 bits");
        let rows = self.a_move.len() / self.stride;
        if self.row == 0 {
            // Late depths have a frontier larger than what is left: then it is cheaper to ask
            // each unreached entry whether a neighbour is on the frontier.
            self.backward = self.at_depth > (self.total() - self.reached) / 2;
            self.marked = 0;
        }
        let b_size = self.b_size;
        let mut a_next = vec![0usize; self.columns.len()];
        let end = self.row.saturating_add(max_rows).min(rows);
        for a in self.row..end {
            let row = a * b_size;
            for (k, &c) in self.columns.iter().enumerate() {
                a_next[k] = self.a_move[a * self.stride + c] as usize * b_size;
            }
            self.marked += expand_row(&mut self.dist, row, &a_next, &self.b_by_col, b_size, d, self.backward);
        }
        self.row = end;
        if end == rows {
            self.depth += 1;
            self.at_depth = self.marked;
            self.reached += self.marked;
            self.marked = 0;
            self.row = 0;
        }
        !self.is_done()
    }

    /// Runs to the end and returns the packed table.
    pub fn finish(mut self) -> NibbleTable {
        while self.step() {}
        NibbleTable::from_values(&self.dist)
    }
}

/// One row of a breadth-first step: forward, marks the unreached neighbours of the row's
/// entries at depth `d`; backward, marks the row's unreached entries that have a neighbour at
/// `d`. Returns how many entries it marked.
///
/// Kept out of line on purpose: browsers run a wasm function in baseline code until it has been
/// called often enough to be optimised, so a build made of many short calls runs optimised code
/// for nearly all of its work, where one long call would not.
#[inline(never)]
fn expand_row(
    dist: &mut [u8],
    row: usize,
    a_next: &[usize],
    b_by_col: &[u32],
    b_size: usize,
    d: u8,
    backward: bool,
) -> u64 {
    let next = d + 1;
    let mut count = 0u64;
    if !dist[row..row + b_size].contains(&if backward { UNREACHED } else { d }) {
        return 0;
    }
    if backward {
        for b in 0..b_size {
            if dist[row + b] != UNREACHED {
                continue;
            }
            // No early exit: reading every neighbour beats a mispredicted branch.
            let mut hit = false;
            for k in 0..a_next.len() {
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
            for k in 0..a_next.len() {
                let j = a_next[k] + b_by_col[k * b_size + b] as usize;
                let v = dist[j];
                let fresh = (v == UNREACHED) as u8;
                // Branch-free: which neighbours are fresh is unpredictable.
                dist[j] = v - fresh * (UNREACHED - next);
                count += fresh as u64;
            }
        }
    }
    count
}
