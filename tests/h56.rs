//! The two biggest flip tables (h5 and h6, 971 MB and 1.9 GB; the CLI's choice where there is
//! memory): their pinned distributions, each the lesser of the next one's two halves (down to
//! h4 and h3, whose pinned distributions `tests/h3.rs` checks), their coordinate against whole
//! cubes, their bytes, and that searches over them find the known optimal lengths.

mod common;

use common::{bench_cubes, check_flip_entries, phase1_bounds_at, plain_codes, random_moves, two_phase_with_phase1};
use cubehint::coord::h0::N_H0;
use cubehint::coord::h0_coords::H0Coords;
use cubehint::cube::{parse_moves, CubieCube, Face};
use cubehint::native::flip_table_threads;
use cubehint::rng::Rng;
use cubehint::solve::optimal::solve_optimal;
use cubehint::tables::format::{distribution, grouped_len};
use cubehint::tables::optimal::{FlipTable, FlipTableBuild};
use cubehint::tables::optimal::{OptimalTables, TableSize};
use cubehint::tables::two_phase::TwoPhaseTables;
use std::sync::OnceLock;

/// The h5 and h6 tables (both built on two threads, as the CLI builds).
fn tables() -> &'static (OptimalTables, OptimalTables) {
    static T: OnceLock<(OptimalTables, OptimalTables)> = OnceLock::new();
    T.get_or_init(|| {
        let c = H0Coords::generate();
        let h5 = flip_table_threads(FlipTableBuild::new(&c, 5), &c, 2);
        let h6 = flip_table_threads(FlipTableBuild::new(&c, 6), &c, 2);
        (OptimalTables::with_flip(c.clone(), h5), OptimalTables::with_flip(c, h6))
    })
}

fn h5() -> &'static FlipTable {
    tables().0.flip.as_ref().expect("built")
}

fn h6() -> &'static FlipTable {
    tables().1.flip.as_ref().expect("built")
}

/// Stored values 0 (at most 8 moves), 1 (9), 2 (10), 3 (11 or more).
const H5_DISTRIBUTION: [u64; 4] = [7_093_607, 75_535_381, 687_536_230, 2_991_993_182];
const H6_DISTRIBUTION: [u64; 4] = [7_212_438, 79_127_370, 807_649_409, 6_630_327_583];
/// Groups (62 entries) by fallback 0 to 9 (9: no entry of the group reads 0).
const H5_FALLBACKS: [u64; 10] = [1, 1, 4, 34, 327, 3_569, 41_010, 461_092, 4_573_684, 55_600_253];
const H6_FALLBACKS: [u64; 10] = [1, 1, 4, 34, 330, 3_646, 42_194, 485_367, 5_161_840, 115_666_532];
/// h4's and h3's, as `tests/h3.rs` pins them from their own builds.
const H4_DISTRIBUTION: [u64; 4] = [6_921_537, 70_454_750, 543_775_455, 1_259_927_458];
const H3_DISTRIBUTION: [u64; 4] = [6_682_266, 63_588_463, 391_007_897, 479_260_974];

/// The table keeping one flip fewer: each entry the lesser of the two it splits into. A row of
/// `bits` flips is `2^bits` entries; its first half has the last kept flip 0, its second 1.
fn fewer_flips(packed: &[u8], bits: usize) -> Vec<u8> {
    // The least of each 2-bit field of two bytes, by table.
    let mut least = vec![0u8; 1 << 16];
    for (i, m) in least.iter_mut().enumerate() {
        let (a, b) = (i & 0xff, i >> 8);
        *m = (0..4).fold(0, |m, k| m | (a >> (2 * k) & 3).min(b >> (2 * k) & 3) << (2 * k)) as u8;
    }
    let row = 1 << (bits - 2); // bytes a row
    let mut out = Vec::with_capacity(packed.len() / 2);
    for r in packed.chunks_exact(row) {
        let (lo, hi) = r.split_at(row / 2);
        out.extend(lo.iter().zip(hi).map(|(&a, &b)| least[a as usize | (b as usize) << 8]));
    }
    out
}

/// The first four value counts of a table keeping `bits` flips.
fn counts(packed: &[u8], bits: usize) -> [u64; 4] {
    distribution(packed, (N_H0 as u64) << bits, 2)[..4].try_into().expect("four counts")
}

#[test]
#[ignore = "builds h5 and h6 (about 8.5 GB, three minutes): ./build.sh test runs it"]
fn h5_and_h6_distributions_are_pinned() {
    assert_eq!(TableSize::parse("h6"), Some(TableSize::H6), "h6 is offered where indices have 64 bits");
    for (table, entries, fallbacks) in [(h5(), H5_DISTRIBUTION, H5_FALLBACKS), (h6(), H6_DISTRIBUTION, H6_FALLBACKS)] {
        let d = table.distribution();
        assert_eq!(d[..4], entries, "h{}", table.bits);
        assert_eq!(d[4..14], fallbacks, "h{}", table.bits);
        assert_eq!(d[..4].iter().sum::<u64>(), (N_H0 << table.bits) as u64);
        assert_eq!(d[4..].iter().sum::<u64>(), ((N_H0 << table.bits) as u64).div_ceil(62));
    }
}

#[test]
#[ignore = "builds h5 and h6 (about 8.5 GB, three minutes): ./build.sh test runs it"]
fn each_flip_table_is_the_lesser_of_the_two_entries_of_the_next() {
    // Every entry is the least mark over the h11 values it merges; one more flip parts them in
    // two. h5 from h6, entry by entry; h4 and h3 from h5 have the distributions of their own builds.
    let h5 = plain_codes(h5());
    let from6 = fewer_flips(&plain_codes(h6()), 6);
    assert!(from6[..] == h5[..], "h5 is not the lesser of h6's halves");
    let h4 = fewer_flips(&h5, 5);
    assert_eq!(counts(&h4, 4), H4_DISTRIBUTION);
    assert_eq!(counts(&fewer_flips(&h4, 4), 3), H3_DISTRIBUTION);
    // The sixth flip tells the halves apart on many entries.
    let d5 = H5_DISTRIBUTION.iter().enumerate().map(|(v, &n)| v as u64 * n).sum::<u64>();
    let d6 = H6_DISTRIBUTION.iter().enumerate().map(|(v, &n)| v as u64 * n).sum::<u64>();
    assert!(d6 > 2 * d5 + (N_H0 << 5) as u64 / 20, "h6 knows little more than h5: {d6} against {d5}");
}

#[test]
#[ignore = "builds h5 and h6 (about 8.5 GB, three minutes): ./build.sh test runs it"]
fn h5_and_h6_entries_match_the_conjugated_cube() {
    // The slow path: conjugate the whole cube to its corner class representative and read the
    // edges' slices and the kept flips off it.
    check_flip_entries(&tables().0.coords, &[h5(), h6()], 41);
}

#[test]
#[ignore = "builds h5 and h6 (about 8.5 GB, three minutes): ./build.sh test runs it"]
fn h5_and_h6_bytes_round_trip_and_damage_is_refused() {
    for table in [h5(), h6()] {
        let bits = table.bits;
        let bytes = table.to_bytes();
        assert_eq!(bytes.len(), 168 + grouped_len((N_H0 << bits) as u64));
        assert!(FlipTable::from_bytes(&bytes, bits).expect("round trip").packed == table.packed);
        let mut bad = bytes.clone();
        bad[bytes.len() - 12_345] ^= 2;
        assert!(FlipTable::from_bytes(&bad, bits).is_err(), "a flipped bit");
        assert!(FlipTable::from_bytes(&bytes, 11 - bits).is_err(), "h5's bytes read as h6's, or h6's as h5's");
        assert!(FlipTable::from_bytes(&bytes, 7).is_err(), "no h7 here");
    }
}

#[test]
#[ignore = "builds h5 and h6 (about 8.5 GB, three minutes): ./build.sh test runs it"]
fn searches_over_h5_and_h6_find_the_optimal_lengths() {
    let (with5, with6) = tables();
    let tp = TwoPhaseTables::generate();
    let mut rng = Rng::new(43);
    for n in [7, 9, 11, 12, 13] {
        let cube = CubieCube::from_moves(&random_moves(&mut rng, n, &Face::ALL));
        let a = solve_optimal(&cube, with5, Some(&tp), None, &mut |_| false).unwrap();
        let b = solve_optimal(&cube, with6, Some(&tp), None, &mut |_| false).unwrap();
        assert!(cube.apply_moves(&a).is_solved() && cube.apply_moves(&b).is_solved());
        assert_eq!(a.len(), b.len(), "{n} random moves");
        // A bound never above the length found.
        assert!(with6.coords_bound(&cube) <= b.len() as u32 && with5.coords_bound(&cube) <= a.len() as u32);
    }
    // The benchmark's 16-move cubes (16 moves optimal, as every other table also finds).
    for cube in bench_cubes(3) {
        for t in [with5, with6] {
            let sol = solve_optimal(&cube, t, Some(&tp), None, &mut |_| false).unwrap();
            assert!(cube.apply_moves(&sol).is_solved());
            assert_eq!(sol.len(), 16);
        }
    }
    let checkerboard = CubieCube::from_moves(&parse_moves("U2 D2 F2 B2 L2 R2").unwrap());
    assert_eq!(solve_optimal(&checkerboard, with6, Some(&tp), None, &mut |_| false).unwrap().len(), 6);
}

/// The superflip with h6, which reads six of its twelve flips: the exact phase-1 bounds cut
/// fewer of its children as the depths grow, and stay on while they cut a quarter. In the search
/// from U (its third move classed too, single-threaded) they cut 28% at depth 16 and 23% at 17:
/// on at 17, off from 18.
#[test]
#[ignore = "builds h5 and h6 (about 8.5 GB, three minutes): ./build.sh test runs it"]
fn the_superflip_keeps_the_phase1_bounds_beside_h6() {
    let tp = two_phase_with_phase1();
    let superflip = CubieCube::from_moves(&parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap());
    assert!(phase1_bounds_at(&tables().1, &tp, &superflip, 17));
    assert!(!phase1_bounds_at(&tables().1, &tp, &superflip, 18));
}
