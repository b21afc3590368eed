//! The optimal solver's flip tables (h3 and h4): their coordinate against a slow path through
//! whole cubes, their pinned distributions, h3 as the lesser of h4's two halves, their bytes, and
//! that they stay lower bounds (optimal lengths unchanged).

mod common;

use common::{bench_cubes, check_flip_entries, phase1_bounds_at, plain_codes, random_moves, two_phase_with_phase1};
use cubehint::coord::h0::N_H0;
use cubehint::cube::{parse_moves, CubieCube, Face};
use cubehint::native::{flip_table_threads, read_flip_table};
use cubehint::rng::Rng;
use cubehint::scramble::random_cube;
use cubehint::solve::optimal::{solve_optimal, OptimalSearch};
use cubehint::tables::format::{self, grouped_len, GROUP_ENTRIES, KIND_OPTIMAL_H0};
use cubehint::tables::nibble::NibbleTable;
use cubehint::tables::optimal::flip_table::NO_FALLBACK;
use cubehint::tables::optimal::flip_table::{N_H3, N_H4};
use cubehint::tables::optimal::{FlipTable, FlipTableBuild, FlipTableReader, BASE};
use cubehint::tables::optimal::{OptimalTables, TableSize};
use cubehint::tables::two_phase::TwoPhaseTables;
use std::sync::OnceLock;

/// The h0 table alone, the same with h3 beside it, and with h4 beside it (the flip tables built
/// at once, on several threads).
fn tables() -> &'static (OptimalTables, OptimalTables, OptimalTables) {
    &all().0
}

/// What the h4 build gives on its way: the h0 entries within 8 moves ([`FlipTableBuild::take_near`]).
fn near() -> &'static NibbleTable {
    &all().1
}

#[allow(clippy::type_complexity)]
fn all() -> &'static ((OptimalTables, OptimalTables, OptimalTables), NibbleTable) {
    static T: OnceLock<((OptimalTables, OptimalTables, OptimalTables), NibbleTable)> = OnceLock::new();
    T.get_or_init(|| {
        let medium = OptimalTables::generate(TableSize::H0);
        let (large, huge, near) = std::thread::scope(|s| {
            let c = &medium.coords;
            // h4 in steps, as the page builds it, in two shares as two workers do: the second's
            // table merged into the first's in 32 MB pieces, the near entries taken on the way.
            let second = s.spawn(|| {
                let mut b = FlipTableBuild::new(c, 4);
                b.share(1, 2);
                while b.step(c, 3000) {}
                assert!(b.walks_done() && !b.whole());
                b
            });
            let h4 = s.spawn(|| {
                let mut b = FlipTableBuild::new(c, 4);
                b.share(0, 2);
                let mut near = None;
                while b.step(c, 3000) {
                    near = near.or_else(|| b.take_near());
                }
                let second = second.join().expect("the second share built");
                for start in (0..second.len_bytes()).step_by(32 << 20) {
                    b.merge(start, second.piece(start, 32 << 20));
                }
                b.merged();
                (b.finish(c), near.expect("the near entries, after the breadth-first part"))
            });
            // h3 in steps, its first half of the walks only; then, as when the worker building
            // the other share fails, it walks that share too, on two threads (as the CLI builds).
            // h3 is checked below as the lesser of the halves of h4: the two paths agree.
            let mut b = FlipTableBuild::new(c, 3);
            b.share(0, 2);
            while b.step(c, 3000) {}
            b.take_over(1, 2);
            let large = OptimalTables::with_flip(c.clone(), flip_table_threads(b, c, 2));
            let (h4, near) = h4.join().expect("h4 built");
            (large, OptimalTables::with_flip(c.clone(), h4), near)
        });
        ((medium, large, huge), near)
    })
}

fn h3() -> &'static FlipTable {
    tables().1.flip.as_ref().expect("built")
}

fn h4() -> &'static FlipTable {
    tables().2.flip.as_ref().expect("built")
}

/// Stored values 0 (at most 8 moves), 1 (9), 2 (10), 3 (11 or more).
const H3_DISTRIBUTION: [u64; 4] = [6_682_266, 63_588_463, 391_007_897, 479_260_974];
const H4_DISTRIBUTION: [u64; 4] = [6_921_537, 70_454_750, 543_775_455, 1_259_927_458];
/// Groups (62 entries) by fallback 0 to 9 (9: no entry of the group reads 0).
const H3_FALLBACKS: [u64; 10] = [1, 1, 4, 34, 315, 3_309, 36_734, 382_903, 3_050_696, 11_695_997];
const H4_FALLBACKS: [u64; 10] = [1, 1, 4, 34, 320, 3_464, 39_243, 426_727, 3_849_331, 26_020_863];

#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn h3_and_h4_distributions_are_pinned() {
    for (table, entries, fallbacks) in [(h3(), H3_DISTRIBUTION, H3_FALLBACKS), (h4(), H4_DISTRIBUTION, H4_FALLBACKS)] {
        let d = table.distribution();
        assert_eq!(d[..4], entries, "h{}", table.bits);
        assert_eq!(d[4..14], fallbacks, "h{}", table.bits);
        let n = (N_H0 << table.bits) as u64;
        assert_eq!(d[..4].iter().sum::<u64>(), n);
        assert_eq!(d[4..].iter().sum::<u64>(), n.div_ceil(GROUP_ENTRIES));
    }
    assert_eq!((N_H3 as u64, N_H4 as u64), ((N_H0 << 3) as u64, (N_H0 << 4) as u64));
}

/// Each group's fallback against the h0 entries within 8 moves (an entry's distance is at
/// least its h0 entry's): where an entry reads 0, no less than the least of theirs and at most
/// 8; 9 where none does. The entries read in plain order agree with `code`.
#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn each_groups_fallback_is_at_most_8_and_no_less_than_h0_gives() {
    let near = near();
    for table in [h3(), h4()] {
        let bits = table.bits;
        let n = (N_H0 << bits) as u64;
        let plain = plain_codes(table);
        let mut rng = Rng::new(5);
        for _ in 0..200_000 {
            let i = rng.next_u64() % n;
            assert_eq!(plain[(i / 4) as usize] >> (i % 4 * 2) & 3, table.code(i), "entry {i} in plain order");
        }
        // The search reads 64 entries at a time (`FlipTable::bounds`): each bound as the entry's
        // code and its group's fallback say, for random entries and for entries at 0 (rare at
        // random), in batches of every length up to 64.
        let read_in_batches = |entries: &[u64]| {
            let (mut places, mut got) = ([0usize; 64], [0u32; 64]);
            for (b, batch) in entries.chunks(64).enumerate() {
                let batch = &batch[..batch.len() - b % batch.len()];
                table.bounds(batch, &mut places, &mut got);
                for (&i, &bound) in batch.iter().zip(&got) {
                    let want = match table.code(i) {
                        0 => table.fallback(i) as u32,
                        code => (BASE + code) as u32,
                    };
                    assert_eq!((bound, table.bound(i)), (want, want), "entry {i}");
                }
            }
        };
        read_in_batches(&(0..100_000).map(|_| rng.next_u64() % n).collect::<Vec<_>>());
        let mut at_zero = Vec::new();
        let mut tighter = 0u64;
        for g in 0..n.div_ceil(GROUP_ENTRIES) {
            let first = g * GROUP_ENTRIES;
            if g % 97 == 0 {
                at_zero.extend((first..(first + GROUP_ENTRIES).min(n)).filter(|&i| table.code(i) == 0));
            }
            let zeros = (first..(first + GROUP_ENTRIES).min(n)).filter(|&i| table.code(i) == 0);
            let least_h0 = zeros.map(|i| near.get((i >> bits) as usize)).min();
            let f = table.fallback(first);
            match least_h0 {
                None => assert_eq!(f, NO_FALLBACK, "group {g} has no entry at 0"),
                Some(h) => {
                    assert!(f <= BASE && f >= h, "group {g}: fallback {f}, h0 gives {h}");
                    tighter += (f > h) as u64;
                }
            }
        }
        assert!(tighter > 0, "h{bits}: no group's fallback above h0's");
        assert!(at_zero.len() > 10_000, "h{bits}: {} entries at 0 sampled", at_zero.len());
        read_in_batches(&at_zero);
    }
}

#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn h3_is_the_lesser_of_the_two_h4_entries_it_splits_into() {
    // Both are the least mark over the h11 values they merge; h4 parts h3's 256 by the DL flip.
    let (h3, h4) = (h3(), h4());
    let mut differ = 0u64;
    for i in 0..N_H3 as u64 {
        let (row, t) = (i >> 3, i & 7);
        let (a, b) = (h4.code(row << 4 | t), h4.code(row << 4 | 8 | t));
        assert_eq!(h3.code(i), a.min(b), "entry {i}");
        differ += (a != b) as u64;
    }
    assert!(differ > N_H3 as u64 / 10, "the fourth flip tells the halves apart on only {differ} entries");
}

#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn h3_entry_matches_the_conjugated_cube() {
    // The slow path: conjugate the whole cube to its corner class representative and read the
    // edges' slices and the kept flips off it.
    check_flip_entries(&tables().1.coords, &[h3(), h4()], 21);
}

#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn h3_and_h4_are_lower_bounds_that_know_more_than_h0() {
    let (medium, large, huge) = tables();
    let tp = TwoPhaseTables::generate();
    let mut rng = Rng::new(22);
    let mut higher = 0;
    for i in 0..120 {
        let n = 6 + i % 8;
        let cube = CubieCube::from_moves(&random_moves(&mut rng, n, &Face::ALL));
        let len = solve_optimal(&cube, medium, Some(&tp), None, &mut |_| false).expect("solved").len() as u32;
        let (h0, h3, h4) = (medium.coords_bound(&cube), large.coords_bound(&cube), huge.coords_bound(&cube));
        assert!(h3 <= len && h0 <= len && h4 <= len, "bounds {h0}, {h3}, {h4} above the optimal {len}");
        assert!(h4 >= h3, "h4 ({h4}) knows everything h3 ({h3}) does");
        if len <= BASE as u32 {
            assert!(h3 <= BASE as u32 && h4 <= BASE as u32, "within 8 moves the entry reads 0, and h0 answers");
        }
        higher += (h3 > h0) as u32;
    }
    assert!(higher > 10, "h3 above h0 for only {higher} of 120 cubes");
    // Random cubes: h3 mostly above h0, and h4 above h3 on many.
    let (mut above, mut above4, mut sum0, mut sum3, mut sum4) = (0, 0, 0, 0, 0);
    for _ in 0..10_000 {
        let cube = random_cube(&mut rng);
        let (h0, h3, h4) = (medium.coords_bound(&cube), large.coords_bound(&cube), huge.coords_bound(&cube));
        assert!(h4 >= h3);
        // The search reads no entry where `left` is beyond `most` (an entry saying more, the
        // fallback to h0 included, would go unused there).
        assert!(h3 <= large.most() && h4 <= huge.most() && large.most() == BASE as u32 + 3);
        above += (h3 > h0) as u32;
        above4 += (h4 > h3) as u32;
        (sum0, sum3, sum4) = (sum0 + h0, sum3 + h3, sum4 + h4);
    }
    assert!(above > 5_000 && sum3 > sum0 + 5_000, "h3 above h0 on {above} random cubes ({sum0} vs {sum3})");
    assert!(above4 > 1_000 && sum4 > sum3 + 1_000, "h4 above h3 on {above4} random cubes ({sum3} vs {sum4})");
}

/// Beside a flip table the exact phase-1 bounds stay on where they cut many children (the
/// superflip, whose flips the table reads only six of) and go off where they cut few (a random
/// cube): the depth after enough children decides.
#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn phase1_bounds_stay_only_where_they_cut_enough() {
    let huge = &tables().2;
    let tp = two_phase_with_phase1();
    let bounds_at = |cube: &CubieCube, depth: u32| phase1_bounds_at(huge, &tp, cube, depth);
    let superflip = CubieCube::from_moves(&parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap());
    assert!(bounds_at(&superflip, 17), "the superflip keeps the phase-1 bounds");
    let cube = random_cube(&mut Rng::new(23));
    assert!(!bounds_at(&cube, 16), "a random cube drops them");
}

#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn h3_and_h4_bytes_round_trip_and_damage_is_refused() {
    for (table, n) in [(h3(), N_H3), (h4(), N_H4)] {
        let bits = table.bits;
        let bytes = table.to_bytes();
        assert_eq!(bytes.len(), 168 + grouped_len(n as u64));
        let back = FlipTable::from_bytes(&bytes, bits).expect("round trip");
        assert_eq!(back.packed, table.packed);
        // Kept as its header and entries (the pieces a store writes), and read back a piece at
        // a time (the first holds the header and some entries), as the page and the CLI read it.
        assert!(table.pieces().concat() == bytes, "the pieces add up to the bytes");
        let mut reader = FlipTableReader::new(bits).expect("a size this build has");
        for p in bytes.chunks(32 << 20) {
            reader.push(p).expect("a good piece");
        }
        assert!(reader.finish().expect("round trip").packed == table.packed);
        let path = std::env::temp_dir().join(format!("cubehint-test-h{bits}-{}.bin", std::process::id()));
        std::fs::write(&path, &bytes).expect("a temporary file");
        let read = read_flip_table(path.to_str().expect("a path"), bits);
        std::fs::remove_file(&path).expect("removed");
        assert!(read.expect("read").expect("round trip").packed == table.packed);
        // Read in place, as the page reads a kept file straight into the table's memory: the
        // header pushed alone, the entries written into the room, then checked.
        let in_place = |entries: &[u8]| {
            let mut r = FlipTableReader::new(bits).expect("a size this build has");
            r.push(&bytes[..168]).expect("a good header");
            let room = r.entries_room();
            let n = entries.len().min(room.len());
            // SAFETY: n bytes fit the room; exactly those are reported written.
            unsafe {
                std::ptr::copy_nonoverlapping(entries.as_ptr(), room.as_mut_ptr().cast::<u8>(), n);
                r.finish_in_place(n)
            }
        };
        assert!(in_place(&bytes[168..]).expect("round trip").packed == table.packed);
        let mut changed = bytes[168..].to_vec();
        changed[98_765_432] ^= 4;
        assert!(in_place(&changed).is_err(), "a flipped bit read in place");
        assert!(in_place(&bytes[168..bytes.len() - 1000]).is_err(), "a file cut short");
        let mut bad = bytes.clone();
        bad[168 + 98_765_432] ^= 4;
        assert!(FlipTable::from_bytes(&bad, bits).is_err(), "a flipped bit");
        assert!(FlipTable::from_bytes(&bytes[..bytes.len() - 1], bits).is_err(), "truncated");
        assert!(FlipTable::from_bytes(&bytes, 7 - bits).is_err(), "h3's bytes read as h4's, or h4's as h3's");
        assert!(FlipTable::from_bytes(&tables().0.to_bytes().unwrap(), bits).is_err(), "the h0 table's bytes");
        // A table of the earlier layout (kinds 11 and 12, before the groups' fallbacks) is
        // refused with that reason, from its header alone.
        let mut old = bytes[..168].to_vec();
        old[12..16].copy_from_slice(&(if bits == 3 { 11u32 } else { 12 }).to_le_bytes());
        let mut r = FlipTableReader::new(bits).expect("a size this build has");
        let e = r.push(&old).expect_err("refused").to_string();
        assert!(e.contains("earlier layout") && e.contains(&format!("h{bits}")), "{e}");
    }
}

/// For a cube of each of `lengths` random moves: h3's and h4's searches solve it in as many
/// moves as h0's.
fn same_lengths(rng: &mut Rng, lengths: &[usize], tp: &TwoPhaseTables) {
    let (medium, large, huge) = tables();
    for &n in lengths {
        let cube = CubieCube::from_moves(&random_moves(rng, n, &Face::ALL));
        let a = solve_optimal(&cube, medium, Some(tp), None, &mut |_| false).unwrap();
        for t in [large, huge] {
            let b = solve_optimal(&cube, t, Some(tp), None, &mut |_| false).unwrap();
            assert!(cube.apply_moves(&b).is_solved());
            assert_eq!(a.len(), b.len(), "{n} random moves");
        }
    }
}

#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn optimal_lengths_are_the_same_with_h3_and_h4() {
    let (_, large, huge) = tables();
    let tp = TwoPhaseTables::generate();
    let mut rng = Rng::new(23);
    same_lengths(&mut rng, &[9, 10, 11, 12, 13, 14], &tp);
    // Two of the benchmark's cubes, 16 moves optimal (as the h0 table alone also finds).
    for cube in bench_cubes(4) {
        for t in [large, huge] {
            let sol = solve_optimal(&cube, t, Some(&tp), None, &mut |_| false).unwrap();
            assert!(cube.apply_moves(&sol).is_solved());
            assert_eq!(sol.len(), 16);
        }
    }
    let checkerboard = CubieCube::from_moves(&parse_moves("U2 D2 F2 B2 L2 R2").unwrap());
    for t in [large, huge] {
        assert_eq!(solve_optimal(&checkerboard, t, Some(&tp), None, &mut |_| false).unwrap().len(), 6);
    }
}

/// Entries of the near table at 0..=8 moves, then at "9 or more".
const NEAR_DISTRIBUTION: [u64; 10] = [1, 1, 4, 34, 331, 3_612, 41_605, 474_128, 4_953_846, 112_093_888];

#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn the_near_entries_are_h0_within_8_moves_and_9_beyond() {
    let h0 = format::from_bytes(&tables().0.to_bytes().unwrap(), KIND_OPTIMAL_H0, N_H0).expect("h0 bytes");
    let near = near();
    let mut differ = 0u64;
    for i in 0..N_H0 {
        differ += (near.get(i) != h0.get(i).min(9)) as u64;
    }
    assert_eq!(differ, 0, "entries where the near table is not min(h0, 9)");
    assert_eq!(near.distribution()[..10], NEAR_DISTRIBUTION);
    // The same counts as h0's own up to 8.
    assert_eq!(h0.distribution()[..9], NEAR_DISTRIBUTION[..9]);
}

/// Within 8 moves every entry reads 0, and the bound is its group's fallback: on thousands of
/// short cubes it never exceeds the length h0's search proves optimal, and on more than half it
/// is that length (a group is as near as its nearest entry at 0; 3,281 of 6,000 here).
#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn within_8_moves_the_fallback_is_a_lower_bound() {
    let (medium, large, huge) = tables();
    let mut rng = Rng::new(29);
    let (mut exact, mut cubes) = (0, 0);
    for i in 0..3_000 {
        let cube = CubieCube::from_moves(&random_moves(&mut rng, 1 + i % 8, &Face::ALL));
        let len = solve_optimal(&cube, medium, None, None, &mut |_| false).expect("solved").len() as u32;
        for t in [large, huge] {
            let (b, inv) = (t.coords_bound(&cube), t.coords_bound(&cube.inverse()));
            assert!(b <= len && inv <= len, "bounds {b} and {inv} above the optimal {len}");
            exact += (b == len) as u32;
            cubes += 1;
        }
    }
    assert!(exact * 2 > cubes, "the fallback as long as the solution on {exact} of {cubes}");
    // The searches over them find those lengths.
    let tp = TwoPhaseTables::generate();
    same_lengths(&mut rng, &[3, 5, 7, 8], &tp);
}

#[test]
#[ignore = "builds h3 and h4 (about 4 GB, two minutes): ./build.sh test runs it"]
fn a_level_at_a_time_searches_the_nodes_a_node_at_a_time_does() {
    let (_, large, huge) = tables();
    let mut rng = Rng::new(37);
    let mut cubes: Vec<CubieCube> =
        [7, 10, 12, 13, 14].iter().map(|&n| CubieCube::from_moves(&random_moves(&mut rng, n, &Face::ALL))).collect();
    cubes.extend(bench_cubes(4).into_iter().take(1));
    let mut deeper = 0;
    for cube in &cubes {
        for t in [large, huge] {
            // The nodes searched by the time each depth is begun (every shorter one searched in
            // full), and the solution. A step of one node returns after each node, or each
            // tree below a node searched a level at a time.
            let run = |mut s: OptimalSearch| {
                let mut begun = Vec::new();
                let sol = loop {
                    if let Some(sol) = s.step(t, None, 1) {
                        break sol.to_vec();
                    }
                    let p = s.progress();
                    if begun.last().is_none_or(|&(d, _)| d != p.depth) {
                        begun.push((p.depth, p.nodes));
                    }
                };
                assert!(cube.apply_moves(&sol).is_solved());
                (begun, sol.len())
            };
            let (levels, plain) =
                (run(OptimalSearch::new(cube, None)), run(OptimalSearch::new(cube, None).node_at_a_time()));
            assert_eq!(levels, plain);
            deeper += (levels.0.len() >= 3) as u32;
        }
    }
    // The 14-move cube and the benchmark's 16-move cube, with each table: the latter searched
    // depths 11 to 15 in full (5.1 million nodes with h3).
    assert!(deeper >= 4, "{deeper} searches went two depths past their first bound");
}
