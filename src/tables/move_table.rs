//! Move tables: for each coordinate value and move, the value after the move. Flat, indexed
//! `value * moves.len() + k`, entries `u16`.

use crate::coord::Coord;
use crate::cube::Move;

/// Builds the move table of coordinate `C` over `moves`, applying moves with `apply` on cubes.
///
/// Where `moves` holds a face's quarter turn, the half and three-quarter turns of that face are
/// read from the table itself (two or three quarter turns) instead of through cubies.
#[inline(never)]
pub fn build<C: Coord>(moves: &[Move], apply: impl Fn(&C::Cube, Move) -> C::Cube) -> Box<[u16]>
where
    C::Cube: Default,
{
    let n = moves.len();
    let mut table = vec![0u16; C::SIZE * n].into_boxed_slice();
    // For each move, the column of the same face's quarter turn and the column one quarter
    // less, when both are in `moves`.
    let derived: Vec<Option<(usize, usize)>> = moves
        .iter()
        .map(|m| {
            if m.quarters() == 1 {
                return None;
            }
            let q = moves.iter().position(|x| *x == Move::new(m.face(), 1))?;
            let prev = moves.iter().position(|x| *x == Move::new(m.face(), m.quarters() - 1))?;
            Some((q, prev))
        })
        .collect();
    let mut cube = C::Cube::default();
    for v in 0..C::SIZE {
        fill_row::<C>(&mut table[v * n..(v + 1) * n], &mut cube, v, moves, &derived, &apply);
    }
    // Half turns before three-quarter turns, so each reads a finished column.
    for quarters in [2, 3] {
        for (k, m) in moves.iter().enumerate() {
            if let (Some((q, prev)), true) = (derived[k], m.quarters() == quarters) {
                for v in 0..C::SIZE {
                    let after_prev = table[v * n + prev] as usize;
                    table[v * n + k] = table[after_prev * n + q];
                }
            }
        }
    }
    table
}

/// The cubie-level columns of one row. Out of line so that browsers optimise it early (see
/// `prune::expand_row`).
#[inline(never)]
fn fill_row<C: Coord>(
    row: &mut [u16],
    cube: &mut C::Cube,
    v: usize,
    moves: &[Move],
    derived: &[Option<(usize, usize)>],
    apply: &impl Fn(&C::Cube, Move) -> C::Cube,
) {
    C::set(cube, v);
    for (k, &m) in moves.iter().enumerate() {
        if derived[k].is_none() {
            row[k] = C::get(&apply(cube, m)) as u16;
        }
    }
}
