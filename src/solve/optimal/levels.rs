//! The tree below a node near the leaves, searched a level at a time.

use super::{Kid, OptimalSearch, ALL_MOVES};
use crate::tables::optimal::OptimalTables;
use crate::tables::two_phase::TwoPhaseTables;

impl OptimalSearch {
    /// Searches the whole tree below a node with `left` moves to go (the last move on the path
    /// is the node's), a level at a time: every node of a level has its children's table
    /// entries read in the same passes, so that the cache misses of many nodes overlap where a
    /// node at a time has only a few (most nodes near the leaves have one or two children that
    /// pass the first bound, and each of the reads that follow would wait alone). Sets the
    /// result when a solution turns up.
    pub(super) fn finish_below(&mut self, t: &OptimalTables, tp: Option<&TwoPhaseTables>, node: &Kid, left: u32) {
        let mut levels = std::mem::take(&mut self.levels);
        for level in levels.iter_mut() {
            level.clear();
        }
        if levels.is_empty() {
            levels.push(Vec::new());
        }
        levels[0].push((0, *node));
        let mut l = left;
        let mut depth = 0;
        loop {
            if levels.len() == depth + 1 {
                levels.push(Vec::new());
            }
            let (done, rest) = levels.split_at_mut(depth + 1);
            let out = &mut rest[0];
            self.expand_many(t, tp, &done[depth], false, ALL_MOVES, l, out);
            if out.is_empty() {
                break;
            }
            if l == 1 {
                // A solution: the moves back up the levels.
                let mut tail = Vec::with_capacity(depth + 1);
                let (mut i, mut d) = (0, depth + 1);
                while d > 0 {
                    let (parent, kid) = levels[d][i];
                    tail.push(kid.m);
                    i = parent as usize;
                    d -= 1;
                }
                let mut sol = self.path.clone();
                sol.extend(tail.into_iter().rev());
                self.result = Some(sol);
                break;
            }
            l -= 1;
            depth += 1;
        }
        self.levels = levels;
    }
}
