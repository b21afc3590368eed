//! The optimal solver's large table (h3): its coordinate against a slow path through whole
//! cubes, its pinned distribution, its bytes, and that it stays a lower bound (optimal lengths
//! unchanged).

mod common;

use common::random_moves;
use cubehint::coord::h0::{cocsep, esep, N_ESEP};
use cubehint::coord::sym48::syms48;
use cubehint::cube::{parse_moves, CubieCube, Face};
use cubehint::rng::Rng;
use cubehint::scramble::random_cube;
use cubehint::solve::optimal::solve_optimal;
use cubehint::state::{parse_state, State};
use cubehint::tables::h48::{self, H3Build, H3Table, BASE, H_BITS, N_H3, TRACKED};
use cubehint::tables::optimal::{OptimalTables, TableSize};
use cubehint::tables::two_phase::TwoPhaseTables;
use std::sync::OnceLock;

/// The h0 table alone, and the same with h3 beside it.
fn tables() -> &'static (OptimalTables, OptimalTables) {
    static T: OnceLock<(OptimalTables, OptimalTables)> = OnceLock::new();
    T.get_or_init(|| {
        let medium = OptimalTables::generate(TableSize::Medium);
        let mut large = OptimalTables::from_bytes(&medium.to_bytes(), TableSize::Large).expect("h0 bytes");
        large.h3 = Some(H3Build::new(&large.coords).finish(&large.coords));
        (medium, large)
    })
}

fn h3() -> &'static H3Table {
    tables().1.h3.as_ref().expect("built")
}

/// Stored values 0 (at most 8 moves), 1 (9), 2 (10), 3 (11 or more).
const H3_DISTRIBUTION: [u64; 4] = [6_682_266, 63_588_463, 391_007_897, 479_260_974];

#[test]
fn h3_distribution_is_pinned() {
    let d = h3().distribution();
    assert_eq!(d[..4], H3_DISTRIBUTION);
    assert_eq!(d.iter().sum::<u64>(), N_H3 as u64);
}

#[test]
fn h3_entry_matches_the_conjugated_cube() {
    // The slow path: conjugate the whole cube to its corner class representative and read the
    // edges' slices and the kept flips off it.
    let c = &tables().1.coords;
    let mut rng = Rng::new(21);
    for i in 0..20_000 {
        let cube = if i % 2 == 0 {
            random_cube(&mut rng)
        } else {
            CubieCube::from_moves(&random_moves(&mut rng, 1 + i % 9, &Face::ALL))
        };
        let cs = c.class_sym[cocsep(&cube)] as usize;
        let conj = syms48()[cs & 63].conj(&cube);
        assert_eq!(cocsep(&conj), c.reps[cs >> 6] as usize, "conjugated to the representative");
        let bits = TRACKED.iter().enumerate().fold(0, |b, (k, &j)| b | (conj.eo[j] as usize) << k);
        let slow = ((cs >> 6) * N_ESEP + esep(&conj)) << H_BITS | bits;
        assert_eq!(h48::index(c, &h3().flips, cocsep(&cube), esep(&cube), h48::flips(&cube)), slow);
    }
}

#[test]
fn h3_is_a_lower_bound_that_knows_more_than_h0() {
    let (medium, large) = tables();
    let tp = TwoPhaseTables::generate();
    let mut rng = Rng::new(22);
    let mut higher = 0;
    for i in 0..120 {
        let n = 6 + i % 8;
        let cube = CubieCube::from_moves(&random_moves(&mut rng, n, &Face::ALL));
        let len = solve_optimal(&cube, medium, Some(&tp), None, &mut |_| false).expect("solved").len() as u32;
        let (h0, h3) = (medium.coords_bound(&cube), large.coords_bound(&cube));
        assert!(h3 <= len && h0 <= len, "bounds {h0} and {h3} above the optimal {len}");
        if len <= BASE as u32 {
            assert!(h3 <= BASE as u32, "within 8 moves the entry reads 0, and h0 answers");
        }
        higher += (h3 > h0) as u32;
    }
    assert!(higher > 10, "h3 above h0 for only {higher} of 120 cubes");
    // Random cubes: h3 mostly above h0.
    let (mut above, mut sum0, mut sum3) = (0, 0, 0);
    for _ in 0..10_000 {
        let cube = random_cube(&mut rng);
        let (h0, h3) = (medium.coords_bound(&cube), large.coords_bound(&cube));
        above += (h3 > h0) as u32;
        (sum0, sum3) = (sum0 + h0, sum3 + h3);
    }
    assert!(above > 5_000 && sum3 > sum0 + 5_000, "h3 above h0 on {above} random cubes ({sum0} vs {sum3})");
}

#[test]
fn h3_bytes_round_trip_and_damage_is_refused() {
    let bytes = h3().to_bytes();
    assert_eq!(bytes.len(), 168 + N_H3.div_ceil(4));
    let back = H3Table::from_bytes(&bytes).expect("round trip");
    assert_eq!(back.packed, h3().packed);
    let mut bad = bytes.clone();
    bad[168 + 98_765_432] ^= 4;
    assert!(H3Table::from_bytes(&bad).is_err(), "a flipped bit");
    assert!(H3Table::from_bytes(&bytes[..bytes.len() - 1]).is_err(), "truncated");
    assert!(H3Table::from_bytes(&tables().0.to_bytes()).is_err(), "the h0 table's bytes");
}

#[test]
fn optimal_lengths_are_the_same_with_h3() {
    let (medium, large) = tables();
    let tp = TwoPhaseTables::generate();
    let mut rng = Rng::new(23);
    for n in [9, 10, 11, 12, 13, 14] {
        let cube = CubieCube::from_moves(&random_moves(&mut rng, n, &Face::ALL));
        let a = solve_optimal(&cube, medium, Some(&tp), None, &mut |_| false).unwrap();
        let b = solve_optimal(&cube, large, Some(&tp), None, &mut |_| false).unwrap();
        assert!(cube.apply_moves(&b).is_solved());
        assert_eq!(a.len(), b.len(), "{n} random moves");
    }
    // Two of the benchmark's cubes, 16 moves optimal (as the h0 table alone also finds).
    for line in std::fs::read_to_string("bench/optimal-states.txt").unwrap().lines().skip(4) {
        let State::Three(cube) = parse_state(line).unwrap() else { panic!("a 3x3 state") };
        let sol = solve_optimal(&cube, large, Some(&tp), None, &mut |_| false).unwrap();
        assert!(cube.apply_moves(&sol).is_solved());
        assert_eq!(sol.len(), 16, "{line}");
    }
    let checkerboard = CubieCube::from_moves(&parse_moves("U2 D2 F2 B2 L2 R2").unwrap());
    assert_eq!(solve_optimal(&checkerboard, large, Some(&tp), None, &mut |_| false).unwrap().len(), 6);
}
