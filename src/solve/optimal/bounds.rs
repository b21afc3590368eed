//! A node's children and the bounds that prune them: the table entries of many children read in
//! the same passes, face pruning, the inverse's bound (inherited on half turns) and the exact
//! phase-1 distances.

use super::{Axis, Frame, Kid, OptimalSearch, ALL_MOVES, CHUNK, NOT_READ, NO_AXIS, NO_KID};
use crate::coord::compact::{inverse_turns, Compact};
use crate::coord::{N_MOVES, N_TWIST};
use crate::cube::{Face, Move};
use crate::solve::two_phase::FOLLOWERS;
use crate::tables::optimal::{BoundEntry, EntryKeys, OptimalTables};
use crate::tables::phase1::{next_distance, NEAR_DEPTH};
use crate::tables::two_phase::TwoPhaseTables;

impl OptimalSearch {
    /// The children of a node with `left` moves to go that may still lead to a solution; finds
    /// the solution when `left` is 1.
    pub(super) fn expand(&mut self, t: &OptimalTables, tp: Option<&TwoPhaseTables>, node: &Kid, left: u32) -> Frame {
        let last = self.path.last().copied();
        let allowed = self.allowed_here();
        let mut out = std::mem::take(&mut self.level_buf);
        out.clear();
        self.expand_many(t, tp, &[(0, *node)], last.is_none(), allowed, left, &mut out);
        let mut frame = Frame { kids: [NO_KID; N_MOVES], len: 0, next: 0 };
        if left == 1 {
            if let Some(&(_, kid)) = out.first() {
                let mut sol = std::mem::take(&mut self.path);
                sol.push(kid.m);
                self.result = Some(sol);
            }
        } else {
            for (i, &(_, kid)) in out.iter().enumerate() {
                frame.kids[i] = kid;
            }
            frame.len = out.len() as u8;
        }
        self.level_buf = out;
        frame
    }

    /// The children of `parents` (each with `left` moves to go, its last move its `m`, or no
    /// last move at the `root`) that may still lead to a solution, appended to `out` with the
    /// index of their parent (each face's first turn first, then the others); when `left` is 1, the children that solve the cube.
    /// Moves outside `allowed` are not tried. The children's table entries are read in passes
    /// over many children at once ([`CHUNK`]), so that their cache misses overlap.
    ///
    /// **Face pruning**: the first turn of each face is read first; when its bound exceeds the
    /// moves left by two or more, the face's other turns (one move from it) cannot reach the
    /// limit either, and are skipped unread. The face's other quarter turn has the first's
    /// inverse bound ([`OptimalSearch::expand_chunk`]): where that prunes, it is skipped unread
    /// too, and where not, it is not read again.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn expand_many(
        &mut self,
        t: &OptimalTables,
        tp: Option<&TwoPhaseTables>,
        parents: &[(u32, Kid)],
        root: bool,
        allowed: u32,
        left: u32,
        out: &mut Vec<(u32, Kid)>,
    ) {
        let turns = inverse_turns();
        let table = &RUN_RULE_TURNS[self.run_rule()];
        // The turns a node may try, face by face (in move order), those outside `allowed` left out.
        let faces = |node: &Kid| {
            table[if root { N_MOVES } else { node.m.index() }][(node.inv_bound as u32 == left) as usize].list()
        };
        let allowed_of = |turns: &'static [u8; 4]| {
            turns[..turns[3] as usize]
                .iter()
                .map(|&m| Move::ALL[m as usize])
                .filter(move |m| allowed >> m.index() & 1 == 1)
        };
        if left == 1 {
            for (p, (_, node)) in parents.iter().enumerate() {
                for m in faces(node).iter().flat_map(allowed_of) {
                    self.nodes += 1;
                    if Compact::compose(&turns[m.index()], &node.inv).is_solved() {
                        out.push((p as u32, Kid { m, ..*node }));
                        return;
                    }
                }
            }
            return;
        }
        // The first turn of each face of each parent, and the others with the index of their
        // face's first.
        let mut firsts = std::mem::take(&mut self.face_firsts);
        let mut others = std::mem::take(&mut self.face_others);
        let mut spare = std::mem::take(&mut self.face_spare);
        firsts.clear();
        others.clear();
        for (p, (_, node)) in parents.iter().enumerate() {
            for face in faces(node) {
                let mut first = None;
                for m in allowed_of(face) {
                    match first {
                        None => {
                            first = Some(firsts.len() as u32);
                            firsts.push((p as u32, m.index() as u8));
                        }
                        Some(f) => others.push((p as u32, m.index() as u8, f)),
                    }
                }
            }
        }
        let mut first_inv = std::mem::take(&mut self.face_first_inv);
        spare.clear();
        spare.resize(firsts.len(), false);
        first_inv.clear();
        first_inv.resize(firsts.len(), NOT_READ);
        let unknown = [NOT_READ; CHUNK];
        for ((c, sp), fi) in firsts.chunks(CHUNK).zip(spare.chunks_mut(CHUNK)).zip(first_inv.chunks_mut(CHUNK)) {
            self.expand_chunk(t, tp, parents, c, &unknown[..c.len()], left, out, sp, fi);
        }
        // The face's other turns, each with its inverse's bound where its first turn's tells it.
        let (mut rest, mut rest_known) =
            (std::mem::take(&mut self.face_rest), std::mem::take(&mut self.face_rest_known));
        rest.clear();
        rest_known.clear();
        for &(p, m, first) in &others {
            let first = first as usize;
            if spare[first] {
                continue;
            }
            // The other quarter turn's inverse has the first's bound: where that prunes, this
            // child is pruned unread too.
            let known = if other_quarter(firsts[first].1, m) { first_inv[first] } else { NOT_READ };
            if known != NOT_READ && known as u32 >= left {
                continue;
            }
            rest.push((p, m));
            rest_known.push(known);
        }
        let (mut ignore, mut ignore_inv) = ([false; CHUNK], [NOT_READ; CHUNK]);
        for (c, known) in rest.chunks(CHUNK).zip(rest_known.chunks(CHUNK)) {
            let n = c.len();
            self.expand_chunk(t, tp, parents, c, known, left, out, &mut ignore[..n], &mut ignore_inv[..n]);
        }
        (self.face_rest, self.face_rest_known) = (rest, rest_known);
        (self.face_firsts, self.face_others, self.face_spare, self.face_first_inv) = (firsts, others, spare, first_inv);
    }

    /// The rule on runs of one axis's two faces that the children of the nodes below
    /// `self.path` keep to ([`RUN_RULE_TURNS`]): none but the superflip's, which follow from
    /// its second move ([`OptimalSearch::with_symmetry`]): after U D' none, after U D no
    /// same-way run, after U D2 no run of two quarter turns, after any other no mixed run.
    fn run_rule(&self) -> usize {
        match self.path.get(1) {
            // D, D2 and D' (U before D: the only turns of U's axis that follow U).
            Some(m) if self.central && m.face() == Face::D => [1, 2, 0][m.quarters() as usize - 1],
            Some(_) if self.central => 3,
            _ => 0,
        }
    }

    /// The moves a node at the end of `self.path` may try (bit per move): the first two moves
    /// one of each class under the cube's symmetries ([`OptimalSearch::with_symmetry`]), and
    /// for a central cube the third after `U D'`, `U D` or `U D2` from the same classes as the
    /// second after U (the symmetries that keep U keep D's turns too).
    fn allowed_here(&self) -> u32 {
        match self.path[..] {
            [] => self.first,
            [m1] => self.second[m1.index()],
            [m1, m2] if self.central && m2.face() == m1.face().opposite() => self.second[m1.index()],
            _ => ALL_MOVES,
        }
    }

    /// Whether a node at the end of `self.path` tries `m` among its children (a tight inverse
    /// bound, which leaves half turns out, aside): the rules [`OptimalSearch::expand`] follows.
    #[cfg(test)]
    pub(super) fn tries(&self, m: Move) -> bool {
        let last = self.path.last().map_or(N_MOVES, |l| l.index());
        let listed = RUN_RULE_TURNS[self.run_rule()][last][0].list();
        self.allowed_here() >> m.index() & 1 == 1
            && listed.iter().any(|f| f[..f[3] as usize].contains(&(m.index() as u8)))
    }

    /// [`OptimalSearch::expand_many`]'s passes over the candidates `cand` (parent, move), with
    /// `left` at least 2; `spare[k]` is set when candidate `k` is pruned with two or more moves
    /// to spare (its bound at least `left + 1`). `known[k]`: candidate `k`'s inverse bound where
    /// it is known unread ([`NOT_READ`] where not); `inv_out[k]` gets its inverse bound where
    /// that was read or known.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn expand_chunk(
        &mut self,
        t: &OptimalTables,
        tp: Option<&TwoPhaseTables>,
        parents: &[(u32, Kid)],
        cand: &[(u32, u8)],
        known: &[u8],
        left: u32,
        out: &mut Vec<(u32, Kid)>,
        spare: &mut [bool],
        inv_out: &mut [u8],
    ) {
        let turns = inverse_turns();
        let c = &t.coords;
        let n = cand.len();
        self.nodes += n as u64;
        let parent = |k: usize| &parents[cand[k].0 as usize].1;
        // Every child's corner and edge coordinates, once (the edges' as slot masks, moved
        // through small tables).
        let (mut cs2, mut w2) = ([0usize; CHUNK], [0u32; CHUNK]);
        for k in 0..n {
            let (node, m) = (parent(k), cand[k].1 as usize);
            cs2[k] = c.cmove(node.cocsep as usize, m);
            w2[k] = c.esym.move_mask(m, node.mask);
        }
        // With h0 alone, the corner table first: what it prunes saves a read of the big table.
        // A flip table has none beside it: h3 knows the corners' distance nearly always (on 16-
        // and 17-move cubes the corner reads pruned a few percent of nodes and cost more time
        // than they saved).
        let corners = t.corners.as_ref().filter(|_| t.flip.is_none());
        let corner_reads = corners.is_some();
        let mut bound = [0u32; CHUNK];
        if let Some(corners) = corners {
            for k in 0..n {
                let perm = corners.pmove[parent(k).perm as usize * N_MOVES + cand[k].1 as usize];
                bound[k] = corners.distance(perm as usize, cs2[k] % N_TWIST);
            }
        }
        // The flip table (h3 to h6) next, where there is one: it knows more than h0 except
        // where it reads "at most 8". Far from the end no entry can reach `left` (at most 11
        // moves), and there it is not read: every child passes.
        let most = t.most();
        let mut flips = [0u16; CHUNK];
        if let Some(h3) = &t.flip {
            for k in 0..n {
                flips[k] = h3.flips.flip_move[parent(k).flips as usize * N_MOVES + cand[k].1 as usize];
            }
        }
        let mut keys = [EntryKeys::default(); CHUNK];
        // A flip table's entries and room for their bytes' offsets ([`FlipTable::bounds`]).
        let (mut entries, mut places) = ([0u64; CHUNK], [0usize; CHUNK]);
        let mut at = [BoundEntry::default(); CHUNK];
        // The children that pass, in order: the passes that follow read only theirs.
        let mut live = [0u8; CHUNK];
        let mut nl = 0;
        if left > most {
            for k in 0..n {
                live[k] = k as u8;
            }
            nl = n;
        } else {
            // Every child's keys first, then the entries, then the reads, so that the cache
            // misses of each pass overlap.
            for k in 0..n {
                keys[k] = t.keys(cs2[k], w2[k]);
            }
            if let Some(f) = &t.flip {
                // No corner bound beside it: every child's entry is read.
                for k in 0..n {
                    entries[k] = t.entry_at(keys[k], cs2[k], flips[k]).flip_entry();
                }
                f.bounds(&entries[..n], &mut places, &mut bound);
            } else {
                // h0 alone: the entries of the children the corners let by, read in a pass of
                // their own too.
                let (mut which, mut nr) = ([0u8; CHUNK], 0);
                for k in 0..n {
                    if bound[k] < left {
                        at[nr] = t.entry_at(keys[k], cs2[k], flips[k]);
                        which[nr] = k as u8;
                        nr += 1;
                    }
                }
                let (mut bytes, mut got) = ([0u8; CHUNK], [0u32; CHUNK]);
                t.h0_bounds_at(&at[..nr], &mut bytes, &mut got);
                for j in 0..nr {
                    bound[which[j] as usize] = got[j];
                }
            }
            for k in 0..n {
                live[nl] = k as u8;
                nl += (bound[k] < left) as usize;
                spare[k] = bound[k] > left;
            }
        }
        // Then the inverse, before the phase-1 bounds (h0 alone): one table read a child where
        // those take six, and on the bulk of the search (ten moves to go) it prunes most of
        // what they would. h3 (or h0) first, whose tightness decides the half turns, then the
        // corners (with h0 alone). Its entry matters while it can reach `left - 1` (a tight
        // bound); again the keys first, then the entries, then the reads.
        let mut inv = [Compact::SOLVED; CHUNK];
        let mut inv_bound = [NOT_READ; CHUNK];
        let inv_reads = left - 1 <= most;
        let mut coords = [(0usize, 0u16); CHUNK];
        let mut inv_w = [0u32; CHUNK];
        // A half turn (m2) makes the inverse (m2, then the inverse): the pieces relabelled by a
        // half turn, which keeps every corner's tetrad and twist and every edge's slice and flip,
        // slot by slot. So every coordinate the tables read is the parent's inverse's, and so is
        // its bound, which is not read again (the parent's passed: a tight one stops half turns).
        // For the same reason a quarter turn's inverse (U, then the inverse) has the coordinates
        // of the other quarter turn's (U2, then U', then the inverse): `known` holds it where that
        // sibling's was read.
        let known_inv = |k: usize| {
            if Move::ALL[cand[k].1 as usize].quarters() == 2 && parent(k).inv_bound != NOT_READ {
                parent(k).inv_bound
            } else {
                known[k]
            }
        };
        let inherits = |k: usize| known_inv(k) != NOT_READ;
        for &k in &live[..nl] {
            let k = k as usize;
            // The inverse of (cube, then m) is (m⁻¹, then the inverse).
            let m = Move::ALL[cand[k].1 as usize];
            inv[k] = Compact::compose(&turns[m.index()], &parent(k).inv);
            if inv_reads && !inherits(k) {
                coords[k] = (inv[k].cocsep(), t.flip.as_ref().map_or(0, |_| inv[k].flips()));
                inv_w[k] = inv[k].esep_masks();
            }
        }
        if inv_reads {
            // The keys in a pass of their own: its reads wait on nothing else in it.
            for &k in &live[..nl] {
                let k = k as usize;
                keys[k] = t.keys(coords[k].0, inv_w[k]);
            }
            // The inverse entries to read (`read[..nr]`, the children they are for), read in a
            // pass of their own ([`FlipTable::bounds`], or with h0 alone
            // [`OptimalTables::h0_bounds_at`]).
            let (mut read, mut nr) = ([0u8; CHUNK], 0);
            for &k in &live[..nl] {
                let k = k as usize;
                if !inherits(k) {
                    let (cs, fl) = coords[k];
                    at[nr] = t.entry_at(keys[k], cs, fl);
                    entries[nr] = at[nr].flip_entry();
                    read[nr] = k as u8;
                    nr += 1;
                }
            }
            let mut got = [0u32; CHUNK];
            if let Some(f) = &t.flip {
                f.bounds(&entries[..nr], &mut places, &mut got);
            } else {
                t.h0_bounds_at(&at[..nr], &mut [0u8; CHUNK], &mut got);
            }
            let mut read_bound = [NOT_READ as u32; CHUNK];
            for j in 0..nr {
                read_bound[read[j] as usize] = got[j];
            }
            let mut kept = 0;
            for i in 0..nl {
                let k = live[i] as usize;
                let b = if inherits(k) { known_inv(k) as u32 } else { read_bound[k] };
                debug_assert!(!inherits(k) || b == t.coords_bound(&inv[k].to_cubie()), "an inverse bound known unread");
                inv_bound[k] = b as u8;
                inv_out[k] = b as u8;
                if b >= left {
                    spare[k] = b > left;
                    continue;
                }
                if corner_reads {
                    let c = t.corner_bound(&inv[k].to_cubie());
                    if c >= left {
                        spare[k] = c > left;
                        continue;
                    }
                }
                live[kept] = k as u8;
                kept += 1;
            }
            nl = kept;
        }
        // Then the exact phase-1 distance from each axis (a child's from its parent's, mod 3): every
        // child kept needs all three, for its own children.
        let mut axes = [[NO_AXIS; 3]; CHUNK];
        if let Some((tp, p1)) = tp.and_then(|tp| tp.phase1.as_ref().map(|p| (tp, p))).filter(|_| self.axes_on) {
            // Close to the end only distances below `left` matter, and those the small
            // near-subgroup map knows exactly (it answers "farther" for the rest).
            let near = left <= NEAR_DEPTH as u32 + 1;
            // Every axis's coordinates and table entry first, then the reads, so that their
            // cache misses (the class map, then the 35 MB table) overlap across children.
            let mut entry = [[0usize; 3]; CHUNK];
            for &k in &live[..nl] {
                let k = k as usize;
                for a in 0..3 {
                    let (from, mv) = (&parent(k).axes[a], self.axis_moves[a][cand[k].1 as usize] as usize);
                    let twist = tp.twist_move[from.twist as usize * N_MOVES + mv];
                    let flip = tp.flip_move[from.flip as usize * N_MOVES + mv];
                    let slice = tp.slice_move[from.slice as usize * N_MOVES + mv];
                    axes[k][a] = Axis { twist, flip, slice, d: 0 };
                    if !near {
                        entry[k][a] = p1.coords.index(twist as usize, flip as usize, slice as usize);
                    }
                }
            }
            self.axes_seen += nl as u64;
            for &k in &live[..nl] {
                let k = k as usize;
                let before = bound[k];
                for a in 0..3 {
                    let x = &mut axes[k][a];
                    x.d = if near {
                        tp.near.get(x.twist as usize, x.flip as usize, x.slice as usize)
                    } else {
                        next_distance(parent(k).axes[a].d, p1.code(entry[k][a]))
                    };
                    bound[k] = bound[k].max(x.d as u32);
                }
                self.axes_cut += (before < left && bound[k] >= left) as u64;
                spare[k] = bound[k] > left;
            }
        }
        for &k in &live[..nl] {
            let k = k as usize;
            if bound[k] < left {
                let node = parent(k);
                let m = Move::ALL[cand[k].1 as usize];
                let perm = corners.map_or(0, |c| c.pmove[node.perm as usize * N_MOVES + m.index()]);
                let (cocsep, mask) = (cs2[k] as u32, w2[k]);
                let kid =
                    Kid { m, cocsep, mask, perm, flips: flips[k], inv_bound: inv_bound[k], inv: inv[k], axes: axes[k] };
                out.push((cand[k].0, kid));
            }
        }
    }
}

/// The turns that may follow a last move, face by face: `faces[..len]`, each the face's turns
/// in move order (`[..turns[3]]`, the first of them read first for face pruning).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct FaceTurns {
    faces: [[u8; 4]; 6],
    len: u8,
}

impl FaceTurns {
    /// The faces that may follow, each as its turns (`[..turns[3]]`).
    #[inline(always)]
    fn list(&self) -> &[[u8; 4]] {
        &self.faces[..self.len as usize]
    }
}

/// [`FaceTurns`] by the last move (`N_MOVES` at the root) and whether half turns are left out
/// (the inverse's bound is tight): the moves [`FOLLOWERS`] lets by, grouped by face, as the loop
/// over all 18 for each node cost more than the table reads of its children.
static FACE_TURNS: [[FaceTurns; 2]; N_MOVES + 1] = face_turns(&FOLLOWERS);

/// [`FACE_TURNS`] under each rule on runs of one axis's two faces (a *mixed* run turns both
/// faces and holds a quarter turn; `U D'` and `U' D` turn the two faces the same way round, as
/// seen from U): 0 none, 1 no same-way run, 2 no run of two quarter turns, 3 no mixed run.
/// Only the superflip's search keeps to any ([`OptimalSearch::with_symmetry`]).
static RUN_RULE_TURNS: [[[FaceTurns; 2]; N_MOVES + 1]; 4] =
    [FACE_TURNS, face_turns(&followers_under(1)), face_turns(&followers_under(2)), face_turns(&followers_under(3))];

/// [`FOLLOWERS`] under run rule `rule` ([`RUN_RULE_TURNS`]).
const fn followers_under(rule: u32) -> [u32; N_MOVES + 1] {
    let mut out = FOLLOWERS;
    let mut last = 0;
    while last < N_MOVES {
        let mut m = 0;
        while m < N_MOVES {
            let opposite = last / 3 != m / 3 && last / 3 % 3 == m / 3 % 3;
            let (a, b) = (last % 3 + 1, m % 3 + 1);
            let quarters = a != 2 && b != 2;
            let out_of_rule = match rule {
                1 => quarters && a + b == 4,
                2 => quarters,
                _ => a != 2 || b != 2,
            };
            if opposite && out_of_rule {
                out[last] &= !(1 << m);
            }
            m += 1;
        }
        last += 1;
    }
    out
}

/// [`FaceTurns`] by the last move and whether half turns are left out, from the moves that may
/// follow each move (bit per move; at `N_MOVES`, the first move).
const fn face_turns(followers: &[u32; N_MOVES + 1]) -> [[FaceTurns; 2]; N_MOVES + 1] {
    let mut out = [[FaceTurns { faces: [[0; 4]; 6], len: 0 }; 2]; N_MOVES + 1];
    let mut last = 0;
    while last <= N_MOVES {
        let mut tight = 0;
        while tight < 2 {
            let t = &mut out[last][tight];
            let mut face = 0;
            while face < 6 {
                let mut turns = [0u8; 4];
                let mut n = 0;
                let mut q = 0;
                while q < 3 {
                    let m = face * 3 + q;
                    if followers[last] >> m & 1 == 1 && !(tight == 1 && q == 1) {
                        turns[n] = m as u8;
                        n += 1;
                    }
                    q += 1;
                }
                if n > 0 {
                    turns[3] = n as u8;
                    t.faces[t.len as usize] = turns;
                    t.len += 1;
                }
                face += 1;
            }
            tight += 1;
        }
        last += 1;
    }
    out
}

/// Whether move `b` is the other quarter turn of move `a`'s face (U and U'), whose inverses have
/// the same bound ([`OptimalSearch::expand_chunk`]).
fn other_quarter(a: u8, b: u8) -> bool {
    let (a, b) = (Move::ALL[a as usize], Move::ALL[b as usize]);
    a.face() == b.face() && a.quarters() != 2 && b.quarters() != 2 && a != b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::two_phase::may_follow;

    #[test]
    fn face_turns_are_the_turns_that_may_follow() {
        for last in 0..=N_MOVES {
            for tight in [false, true] {
                let prev = (last < N_MOVES).then(|| Move::ALL[last]);
                let listed: Vec<usize> = FACE_TURNS[last][tight as usize].faces
                    [..FACE_TURNS[last][tight as usize].len as usize]
                    .iter()
                    .flat_map(|t| t[..t[3] as usize].iter().map(|&m| m as usize))
                    .collect();
                let wanted: Vec<usize> = Move::ALL
                    .into_iter()
                    .filter(|&m| may_follow(prev, m) && !(tight && m.quarters() == 2))
                    .map(Move::index)
                    .collect();
                assert_eq!(listed, wanted, "last {last}, tight {tight}");
            }
        }
    }
}
