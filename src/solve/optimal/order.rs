//! A depth's subtrees after [`SPLIT_AT`] moves as jobs: dealt out among the shares, and each
//! share's ordered by the nodes they took at the depth before.

use super::{Kid, OptimalSearch, SPLIT_AT};
use crate::coord::N_MOVES;
use crate::cube::Move;
use crate::tables::optimal::OptimalTables;
use crate::tables::two_phase::TwoPhaseTables;

/// A node after [`SPLIT_AT`] moves: one subtree of a depth's search.
pub(super) struct Job {
    path: [Move; SPLIT_AT],
    kid: Kid,
    /// Its weight's index: the moves as a base-18 number.
    key: usize,
}

/// How many jobs' weights can be kept: one for each path of [`SPLIT_AT`] moves.
pub(super) const N_KEYS: usize = N_MOVES * N_MOVES * N_MOVES;

impl OptimalSearch {
    /// Lists the nodes after [`SPLIT_AT`] moves (deals them out among the shares in turn, as
    /// they come) and orders this share's by the nodes their subtrees took at the depth before,
    /// the heaviest first: where the last depth's search went deepest before, its solution most
    /// often lies (the first depths, which hold none, are searched in full in any order).
    pub(super) fn deal_jobs(&mut self, t: &OptimalTables, tp: Option<&TwoPhaseTables>, root: &Kid) {
        std::mem::swap(&mut self.weight_before, &mut self.weight_now);
        self.weight_now.fill(0);
        let mut all = std::mem::take(&mut self.jobs);
        all.clear();
        self.path.clear();
        self.list_jobs(t, tp, root, self.target, &mut all);
        let (which, of) = (self.share.0 as usize, self.share.1 as usize);
        let mut i = 0;
        all.retain(|_| {
            i += 1;
            (i - 1) % of == which
        });
        // Stable: equal weights (all of them at the first depth) in the order they came, the
        // first last, as they are taken from the end.
        all.reverse();
        if self.ordered {
            let before = &self.weight_before;
            all.sort_by_key(|j| before[j.key]);
        }
        self.jobs = all;
    }

    /// Appends to `out` the nodes [`SPLIT_AT`] moves down from `node` (the path so far in
    /// `self.path`, `left` moves to go), as the search a node at a time meets them.
    fn list_jobs(&mut self, t: &OptimalTables, tp: Option<&TwoPhaseTables>, node: &Kid, left: u32, out: &mut Vec<Job>) {
        if self.path.len() == SPLIT_AT {
            let path: [Move; SPLIT_AT] = std::array::from_fn(|i| self.path[i]);
            let key = path.iter().fold(0, |k, m| k * N_MOVES + m.index());
            out.push(Job { path, kid: *node, key });
            return;
        }
        let frame = self.expand(t, tp, node, left);
        for kid in &frame.kids[..frame.len as usize] {
            self.path.push(kid.m);
            self.list_jobs(t, tp, kid, left - 1, out);
            self.path.pop();
        }
    }

    /// Ends the job being searched (keeps its weight) and begins the next, if any; false when
    /// none is left (the depth is done).
    pub(super) fn next_job(&mut self, t: &OptimalTables, tp: Option<&TwoPhaseTables>) -> bool {
        if let Some((key, start)) = self.job.take() {
            self.weight_now[key] = self.nodes - start;
        }
        if self.result.is_some() {
            self.jobs.clear();
        }
        let Some(job) = self.jobs.pop() else {
            return false;
        };
        self.path.clear();
        self.path.extend_from_slice(&job.path);
        self.job = Some((job.key, self.nodes));
        let left = self.target - SPLIT_AT as u32;
        if left <= self.levels_from && t.flip.is_some() {
            self.finish_below(t, tp, &job.kid, left);
        } else {
            let frame = self.expand(t, tp, &job.kid, left);
            if self.result.is_none() {
                self.stack.push(frame);
            }
        }
        true
    }
}
