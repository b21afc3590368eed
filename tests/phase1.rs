//! The exact phase-1 distance table: pinned distribution, agreement with a plain search over the
//! small tables, consistency between neighbours and conjugates, its byte format.

use cubehint::coord::phase1::{Flip, Slice, Twist};
use cubehint::coord::sym::syms;
use cubehint::coord::Coord;
use cubehint::cube::{CubieCube, Face, Move};
use cubehint::rng::Rng;
use cubehint::scramble::random_cube;
use cubehint::tables::phase1::{Phase1Build, Phase1Table, N_PHASE1};
use cubehint::tables::two_phase::{is_phase2_move, TwoPhaseTables};
use std::sync::OnceLock;

mod common;
use common::random_moves;
use cubehint::cube::parse_moves;
use cubehint::solve::two_phase::{solve_two_phase, Limits};
use cubehint::tables::format::{self, Packed, KIND_PHASE1};
use cubehint::tables::phase1::PHASE1_BYTES;

/// The two-phase tables with the exact phase-1 table added, and the build's depth counts.
fn tables() -> &'static (TwoPhaseTables, Vec<u64>) {
    static T: OnceLock<(TwoPhaseTables, Vec<u64>)> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = TwoPhaseTables::generate();
        let mut build = Phase1Build::new(&t);
        while build.step(5_000) {}
        let counts = build.counts().to_vec();
        t.phase1 = Some(build.finish());
        (t, counts)
    })
}

fn table() -> &'static Phase1Table {
    tables().0.phase1.as_ref().unwrap()
}

fn in_subgroup(c: &CubieCube) -> bool {
    Twist::get(c) == 0 && Flip::get(c) == 0 && Slice::get(c) == 0
}

#[test]
fn distribution_is_pinned() {
    // Entries (flip-slice class × twist) at each phase-1 distance; phase 1 needs at most 12.
    let expected = [1, 1, 5, 44, 487, 5841, 68364, 776568, 7950748, 52098876, 76236234, 3771112, 129];
    assert_eq!(tables().1, expected);
    assert_eq!(expected.iter().sum::<u64>(), N_PHASE1 as u64);
}

/// Phase-1 distance by plain iterative deepening over cubies, bounded by the small tables
/// (each a true lower bound): the slow path the table must agree with.
fn slow_distance(cube: &CubieCube) -> u8 {
    let t = &tables().0;
    fn bound(t: &TwoPhaseTables, c: &CubieCube) -> u8 {
        let (tw, fl, sl) = (Twist::get(c), Flip::get(c), Slice::get(c));
        t.twist_slice(tw, sl).max(t.flip_slice(fl, sl)).max(t.flip_twist(fl, tw))
    }
    fn go(t: &TwoPhaseTables, c: &CubieCube, togo: u8, last: Option<Face>) -> bool {
        if in_subgroup(c) {
            return true;
        }
        if togo == 0 || bound(t, c) > togo {
            return false;
        }
        Move::ALL.iter().any(|&m| Some(m.face()) != last && go(t, &c.apply_move(m), togo - 1, Some(m.face())))
    }
    (0..=12).find(|&d| go(t, cube, d, None)).expect("phase 1 needs at most 12 moves")
}

#[test]
fn distances_agree_with_a_plain_search() {
    let mut rng = Rng::new(41);
    let t = &tables().0;
    for i in 0..150 {
        // Random states (mostly 10 and 11 moves) and short scrambles (the small distances).
        let cube = if i % 3 == 0 {
            let n = 1 + rng.below(8) as usize;
            CubieCube::from_moves(&(0..n).map(|_| Move::ALL[rng.below(18) as usize]).collect::<Vec<_>>())
        } else {
            random_cube(&mut rng)
        };
        assert_eq!(table().cube_distance(t, &cube), Some(slow_distance(&cube)), "state {i}");
    }
}

#[test]
fn neighbours_differ_by_at_most_one_and_zero_is_the_subgroup() {
    let mut rng = Rng::new(42);
    let t = &tables().0;
    for _ in 0..300 {
        let cube = random_cube(&mut rng);
        let d = table().cube_distance(t, &cube).unwrap();
        assert_eq!(d == 0, in_subgroup(&cube));
        let mut closer = false;
        for m in Move::ALL {
            let n = table().cube_distance(t, &cube.apply_move(m)).unwrap();
            assert!(n.abs_diff(d) <= 1);
            closer |= n + 1 == d;
        }
        assert!(d == 0 || closer, "some move brings a state one closer");
    }
    // The subgroup's own moves keep distance 0.
    let mut c = CubieCube::SOLVED;
    for m in Move::ALL.into_iter().filter(|&m| is_phase2_move(m)).cycle().take(40) {
        c = c.apply_move(m);
        assert_eq!(table().cube_distance(t, &c), Some(0));
    }
}

#[test]
fn the_childrens_codes_read_in_passes_are_each_entrys_code() {
    // `Phase1Table::codes` (the two-phase search's batched reads) against one entry at a time,
    // for random states and random lists of moves of every length up to 18.
    let mut rng = Rng::new(43);
    let t = &tables().0;
    for _ in 0..2000 {
        let cube = random_cube(&mut rng);
        let (tw, fl, sl) = t.phase1_rows(Twist::get(&cube), Flip::get(&cube), Slice::get(&cube));
        let n = (rng.next_u64() % 19) as usize;
        let ks: Vec<u8> = (0..n).map(|_| (rng.next_u64() % 18) as u8).collect();
        let mut codes = [9u8; 18];
        table().codes(tw, fl, sl, &ks, &mut codes);
        for (j, &k) in ks.iter().enumerate() {
            let k = k as usize;
            let want = table().code(table().coords.index(tw[k] as usize, fl[k] as usize, sl[k] as usize));
            assert_eq!(codes[j], want, "move {k} at {j}");
        }
    }
}

#[test]
fn conjugates_by_the_ud_symmetries_have_equal_distances() {
    let mut rng = Rng::new(43);
    let t = &tables().0;
    let ud: Vec<_> = syms().iter().filter(|s| matches!(s.face[Face::U as usize], Face::U | Face::D)).collect();
    assert_eq!(ud.len(), 16);
    for _ in 0..100 {
        let cube = random_cube(&mut rng);
        let d = table().cube_distance(t, &cube);
        for s in &ud {
            assert_eq!(table().cube_distance(t, &s.conj(&cube)), d);
        }
    }
}

#[test]
fn bytes_round_trip_and_damage_is_caught() {
    let bytes = table().to_bytes();
    let back = Phase1Table::from_bytes(&bytes).expect("reads back");
    assert_eq!(back.code_distribution(), table().code_distribution());
    let t = &tables().0;
    let mut rng = Rng::new(44);
    for _ in 0..50 {
        let c = random_cube(&mut rng);
        assert_eq!(back.cube_distance(t, &c), table().cube_distance(t, &c));
    }
    let mut bad = bytes.clone();
    bad[bytes.len() / 2] ^= 0x10;
    assert!(Phase1Table::from_bytes(&bad).is_err());
    assert!(Phase1Table::from_bytes(&bytes[..bytes.len() - 1]).is_err());
    // Every entry unreached: right size, right checksum, but no distances.
    let empty = vec![0xffu8; PHASE1_BYTES];
    let p = Packed { bits: 2, base: 0, entries: N_PHASE1 as u64, bytes: &empty };
    let blank = format::to_bytes_packed(KIND_PHASE1, &p, &format::distribution(&empty, N_PHASE1 as u64, 2));
    assert!(Phase1Table::from_bytes(&blank).is_err());
}

fn solve(cube: &CubieCube, max: u8) -> Vec<Move> {
    let limits = Limits { max_length: max, ..Limits::default() };
    let sol = solve_two_phase(cube, &tables().0, &limits, &mut || false).expect("solved");
    assert!(cube.apply_moves(&sol).is_solved(), "solution does not solve");
    assert!(sol.len() <= max as usize, "{} moves > {max}", sol.len());
    // No face turned twice in a row (a premove, done last, is merged into the move before it).
    assert!(sol.windows(2).all(|w| w[0].face() != w[1].face()), "unmerged turns in {sol:?}");
    sol
}

#[test]
fn two_phase_with_the_table_solves_random_states_within_20_moves() {
    let mut rng = Rng::new(45);
    let n = 10_000;
    let total: usize = (0..n).map(|_| solve(&random_cube(&mut rng), 20).len()).sum();
    let mean = total as f64 / n as f64;
    assert!(mean < 20.0, "mean length {mean}");
}

#[test]
fn two_phase_with_the_table_keeps_short_solutions_short() {
    assert!(solve(&CubieCube::SOLVED, 20).is_empty());
    let superflip = CubieCube::from_moves(&parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap());
    solve(&superflip, 20);
    let checkerboard = CubieCube::from_moves(&parse_moves("U2 D2 F2 B2 L2 R2").unwrap());
    assert_eq!(solve(&checkerboard, 20).len(), 6);
    let mut rng = Rng::new(46);
    for k in 0..1000 {
        let n = 1 + k % 10;
        let scramble = random_moves(&mut rng, n, &Face::ALL);
        let sol = solve(&CubieCube::from_moves(&scramble), 20);
        assert!(sol.len() <= n, "{n}-move scramble got {} moves", sol.len());
    }
    // Tight maximum lengths: a random state within 19 or 18 moves when asked.
    for _ in 0..20 {
        solve(&random_cube(&mut rng), 19);
    }
}

#[test]
fn flip_slice_classes_agree_with_conjugation_through_cubes() {
    use cubehint::tables::phase1::{conj_flipslice_slow, N_FLIPSLICE, N_FLIPSLICE_CLASSES};
    let c = &table().coords.flipslice;
    assert_eq!(c.classes(), N_FLIPSLICE_CLASSES);
    let mut rng = Rng::new(47);
    for _ in 0..20_000 {
        let x = rng.below(N_FLIPSLICE as u64) as usize;
        // Each value's symmetry takes it to its class representative, through cubes too.
        let cs = c.class_sym[x] as usize;
        assert_eq!(conj_flipslice_slow(x, cs & 15), c.reps[cs >> 4] as usize);
        // And every conjugate lies in the same class.
        let s = rng.below(16) as usize;
        assert_eq!(c.class_sym[conj_flipslice_slow(x, s)] >> 4, c.class_sym[x] >> 4);
    }
}

#[test]
fn optimal_search_with_phase1_bounds_finds_the_same_lengths() {
    use cubehint::solve::optimal::solve_optimal;
    use cubehint::tables::optimal::{OptimalTables, TableSize};
    let opt = OptimalTables::generate(TableSize::H0);
    let with = &tables().0;
    let without = TwoPhaseTables::generate();
    let mut rng = Rng::new(48);
    for i in 0..60 {
        let n = 5 + i % 9;
        let cube = CubieCube::from_moves(&random_moves(&mut rng, n, &Face::ALL));
        let a = solve_optimal(&cube, &opt, Some(with), None, &mut |_| false).unwrap();
        let b = solve_optimal(&cube, &opt, Some(&without), None, &mut |_| false).unwrap();
        assert!(cube.apply_moves(&a).is_solved());
        assert_eq!(a.len(), b.len(), "{n}-move scramble {i}");
    }
    // Checkerboard: six moves.
    let checker = CubieCube::from_moves(&parse_moves("U2 D2 F2 B2 L2 R2").unwrap());
    assert_eq!(solve_optimal(&checker, &opt, Some(with), None, &mut |_| false).unwrap().len(), 6);
}

#[test]
fn near_subgroup_map_agrees_with_the_table() {
    use cubehint::tables::phase1::NEAR_DEPTH;
    let t = &tables().0;
    let mut rng = Rng::new(49);
    for i in 0..3000 {
        // Short scrambles (mostly within reach of the map) and a few random states (beyond it).
        let cube = if i % 10 == 0 {
            random_cube(&mut rng)
        } else {
            let n = 1 + rng.below(5) as usize;
            CubieCube::from_moves(&(0..n).map(|_| Move::ALL[rng.below(18) as usize]).collect::<Vec<_>>())
        };
        let d = table().cube_distance(t, &cube).unwrap();
        let near = t.near.get(Twist::get(&cube), Flip::get(&cube), Slice::get(&cube));
        assert_eq!(near, if d <= NEAR_DEPTH { d } else { u8::MAX }, "state {i}");
    }
}
