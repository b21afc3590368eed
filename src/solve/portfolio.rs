//! A hard cube's last resort: optimal searches of one length ([`OptimalSearch::from_length`]) of
//! the same cube seen from several sides, stepped in turn, the first solution any finds the
//! answer. A cube the two-phase search cannot solve within 20 moves has few 20-move solutions,
//! and where the first lies in a search's order of moves depends on the side the cube is seen
//! from: on cube20.org's hardest position, from 7 s to over 290 s on this machine. Several orders
//! at a fraction of the speed each mostly find one sooner than one order at full speed
//! (docs/optimal.md, "Hard cubes"). Natively each thread, in the page each worker, takes a share
//! of the sides.

use crate::cube::{CubieCube, Move};
use crate::solve::optimal::{OptimalProgress, OptimalSearch};
use crate::solve::two_phase::{portfolio, Direction};
use crate::tables::optimal::OptimalTables;
use crate::tables::two_phase::TwoPhaseTables;

/// How many sides a hard cube is seen from: all eight of [`portfolio`]. Measured on cube20.org's
/// hardest position with 10 s of two-phase before, in all (`cubehint solve`, two threads): 21.7 s
/// with eight sides, 19.0 s with four, about 114 s with one (two threads sharing its tree); its
/// inverse 21.3 s with eight, 158 s with four; the position turned x 142 s with eight, turned z
/// 23.2 s.
pub const SIDES: usize = 8;

/// A share of the sides' searches, stepped in turn.
pub struct Portfolio {
    sides: Vec<(Direction, OptimalSearch)>,
    len: u32,
    /// The side whose turn it is.
    next: usize,
    result: Option<Vec<Move>>,
    /// Another share found a solution within `len`: this one is not wanted any more.
    capped: bool,
}

impl Portfolio {
    /// Share `which` of `of` (the sides `which`, `which + of`, …) of the searches of `cube`, each
    /// searching `len` moves first.
    pub fn new(cube: &CubieCube, len: u32, which: usize, of: usize) -> Portfolio {
        let sides = portfolio(cube, SIDES)
            .into_iter()
            .skip(which)
            .step_by(of.max(1))
            .map(|d| {
                let search = OptimalSearch::new(&d.cube, None).from_length(len);
                (d, search)
            })
            .collect();
        Portfolio { sides, len, next: 0, result: None, capped: false }
    }

    /// Steps the next side's search by about `nodes` nodes; the solution (as moves of the cube),
    /// once one side has found one.
    pub fn step(&mut self, t: &OptimalTables, two_phase: Option<&TwoPhaseTables>, nodes: u64) -> Option<&[Move]> {
        if self.result.is_none() && !self.capped && !self.sides.is_empty() {
            let (side, search) = &mut self.sides[self.next];
            if let Some(moves) = search.step(t, two_phase, nodes) {
                self.result = Some(side.to_original(moves));
            }
            self.next = (self.next + 1) % self.sides.len();
        }
        self.result.as_deref()
    }

    /// Another share found a solution of `len` moves: when that is within this portfolio's
    /// length, this share stops.
    pub fn set_cap(&mut self, len: u32) {
        self.capped |= len <= self.len;
    }

    /// Found a solution, stopped by [`Portfolio::set_cap`], or has no side to search.
    pub fn done(&self) -> bool {
        self.result.is_some() || self.capped || self.sides.is_empty()
    }

    /// Where the searches stand together: the largest bound any has proven (each is a search of
    /// the whole cube), the least length being searched, the nodes of all.
    pub fn progress(&self) -> OptimalProgress {
        let all = self.sides.iter().map(|(_, s)| s.progress());
        OptimalProgress {
            depth: all.clone().map(|p| p.depth).min().unwrap_or(0),
            lower_bound: all.clone().map(|p| p.lower_bound).max().unwrap_or(0),
            nodes: all.map(|p| p.nodes).sum(),
            upper_bound: self.result.as_ref().map(|m| m.len() as u32),
        }
    }
}
