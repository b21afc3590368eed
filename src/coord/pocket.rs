//! Coordinates of the 2x2 with the DBL corner fixed.

use super::index::{ori_rank, ori_unrank, perm_rank, perm_unrank};
use super::{Coord, N_POCKET_PERM, N_POCKET_TWIST};
use crate::cube::pocket::DBL;
use crate::cube::PocketCube;

/// The seven slots other than DBL.
const FREE: [usize; 7] = [0, 1, 2, 3, 4, 5, 7];

/// Corner permutation of the seven free corners: `0..5040`, solved 0.
pub struct PocketPerm;

impl Coord for PocketPerm {
    type Cube = PocketCube;
    const SIZE: usize = N_POCKET_PERM;
    fn get(cube: &PocketCube) -> usize {
        let p = FREE.map(|s| if cube.cp[s] as usize == 7 { DBL as u8 } else { cube.cp[s] });
        perm_rank(&p)
    }
    fn set(cube: &mut PocketCube, value: usize) {
        let mut p = [0u8; 7];
        perm_unrank(value, &mut p);
        for (k, &s) in FREE.iter().enumerate() {
            cube.cp[s] = if p[k] as usize == DBL { 7 } else { p[k] };
        }
        cube.cp[DBL] = DBL as u8;
    }
}

/// Twist of the seven free corners: `0..729`, solved 0 (the last free corner's twist follows).
pub struct PocketTwist;

impl Coord for PocketTwist {
    type Cube = PocketCube;
    const SIZE: usize = N_POCKET_TWIST;
    fn get(cube: &PocketCube) -> usize {
        ori_rank(&FREE.map(|s| cube.co[s]), 3)
    }
    fn set(cube: &mut PocketCube, value: usize) {
        let mut o = [0u8; 7];
        ori_unrank(value, 3, &mut o);
        for (k, &s) in FREE.iter().enumerate() {
            cube.co[s] = o[k];
        }
        cube.co[DBL] = 0;
    }
}

/// The whole 2x2 state: `perm * 729 + twist`, `0..3,674,160`, solved 0.
pub fn pocket_index(cube: &PocketCube) -> usize {
    PocketPerm::get(cube) * N_POCKET_TWIST + PocketTwist::get(cube)
}

/// The state with index `index`; inverse of [`pocket_index`].
pub fn pocket_cube(index: usize) -> PocketCube {
    let mut cube = PocketCube::SOLVED;
    PocketPerm::set(&mut cube, index / N_POCKET_TWIST);
    PocketTwist::set(&mut cube, index % N_POCKET_TWIST);
    cube
}
