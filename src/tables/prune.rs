//! Distance tables over a pair of coordinates, built breadth-first: entry `a * b_size + b` holds
//! the fewest moves that bring `(a, b)` to `(0, 0)`, 4 bits each (15 while unreached).

use super::nibble::NibbleTable;

/// Marks entries not reached yet.
pub const UNREACHED: u8 = 15;

/// A breadth-first build that can be run one depth at a time (for progress reports).
pub struct Bfs<'a> {
    a_move: &'a [u16],
    b_move: &'a [u16],
    b_size: usize,
    stride: usize,
    columns: Vec<usize>,
    table: NibbleTable,
    depth: u8,
    at_depth: u64,
    reached: u64,
}

impl<'a> Bfs<'a> {
    /// Starts a build over move tables `a_move` (stride `stride`) and `b_move`, using the move
    /// columns `columns`, which must be closed under inverses. `(0, 0)` is at depth 0.
    pub fn new(a_move: &'a [u16], b_move: &'a [u16], b_size: usize, stride: usize, columns: &[usize]) -> Bfs<'a> {
        let a_size = a_move.len() / stride;
        let mut table = NibbleTable::new(a_size * b_size, UNREACHED);
        table.set(0, 0);
        Bfs { a_move, b_move, b_size, stride, columns: columns.to_vec(), table, depth: 0, at_depth: 1, reached: 1 }
    }

    /// Entries reached so far.
    pub fn reached(&self) -> u64 {
        self.reached
    }

    /// Total entries.
    pub fn total(&self) -> u64 {
        self.table.len() as u64
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
        let mut a_next = vec![0usize; self.columns.len()];
        for a in 0..self.a_move.len() / stride {
            let row = a * b_size;
            for (k, &c) in self.columns.iter().enumerate() {
                a_next[k] = self.a_move[a * stride + c] as usize * b_size;
            }
            for b in 0..b_size {
                if self.table.get(row + b) != look_for {
                    continue;
                }
                let b_moves = &self.b_move[b * stride..b * stride + stride];
                if backward {
                    for (k, &c) in self.columns.iter().enumerate() {
                        if self.table.get(a_next[k] + b_moves[c] as usize) == d {
                            self.table.set(row + b, next);
                            count += 1;
                            break;
                        }
                    }
                } else {
                    for (k, &c) in self.columns.iter().enumerate() {
                        let j = a_next[k] + b_moves[c] as usize;
                        if self.table.get(j) == UNREACHED {
                            self.table.set(j, next);
                            count += 1;
                        }
                    }
                }
            }
        }
        self.depth = next;
        self.at_depth = count;
        self.reached += count;
        count > 0
    }

    /// Runs to the end and returns the table.
    pub fn finish(mut self) -> NibbleTable {
        while self.step() {}
        self.table
    }

    /// The table, whether or not the build is finished.
    pub fn into_table(self) -> NibbleTable {
        self.table
    }
}
