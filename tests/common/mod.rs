//! Helpers shared by the integration tests.
#![allow(dead_code)]

use cubehint::cube::facelet::{read_letters, to_string};
use cubehint::cube::moves::{apply_turns, parse_turns};
use cubehint::cube::{Face, Move, Size};
use cubehint::rng::Rng;

/// A seeded sequence of `n` random face turns (no two on the same face in a row).
pub fn random_moves(rng: &mut Rng, n: usize, faces: &[Face]) -> Vec<Move> {
    let mut out: Vec<Move> = Vec::new();
    while out.len() < n {
        let f = faces[rng.below(faces.len() as u64) as usize];
        if out.last().is_some_and(|m| m.face() == f) {
            continue;
        }
        out.push(Move::new(f, 1 + rng.below(3) as u8));
    }
    out
}

/// The sticker string after applying `moves` (any notation) to `from`, by the geometric sticker
/// model alone.
pub fn stickers_after(from: &str, moves: &str) -> String {
    let (size, mut faces) = read_letters(from).expect("well-formed stickers");
    let turns = parse_turns(moves, size).expect("good notation");
    apply_turns(&mut faces, &turns);
    to_string(&faces)
}

/// True when every face of the sticker string is one colour.
pub fn solved(stickers: &str) -> bool {
    let (_, faces) = read_letters(stickers).unwrap();
    cubehint::state::stickers_solved(&faces)
}

/// The solved string of a size.
pub fn solved_string(size: Size) -> String {
    to_string(&size.solved())
}

/// A random cube for even `i`, else `1 + i % 9` random moves from solved: checks over both far
/// and near cubes.
pub fn far_or_near(rng: &mut Rng, i: usize) -> cubehint::cube::CubieCube {
    if i % 2 == 0 {
        cubehint::scramble::random_cube(rng)
    } else {
        cubehint::cube::CubieCube::from_moves(&random_moves(rng, 1 + i % 9, &Face::ALL))
    }
}

/// A flip table's entry for `cube` the slow way (the table keeping `bits` flips): the whole cube
/// conjugated to its corner class representative, its edges' slices and kept flips read off it.
pub fn flip_entry_slow(c: &cubehint::coord::h0_coords::H0Coords, bits: usize, cube: &cubehint::cube::CubieCube) -> u64 {
    use cubehint::coord::h0::{cocsep, esep, N_ESEP};
    let cs = c.class_sym[cocsep(cube)] as usize;
    let conj = cubehint::coord::sym::syms()[cs & 63].conj(cube);
    assert_eq!(cocsep(&conj), c.reps[cs >> 6] as usize, "conjugated to the representative");
    let tracked = &cubehint::coord::flips::TRACKED[..bits];
    let flips = tracked.iter().enumerate().fold(0, |b, (k, &j)| b | (conj.eo[j] as u64) << k);
    (((cs >> 6) * N_ESEP + esep(&conj)) as u64) << bits | flips
}

/// The cubes of `bench/optimal-states.txt` after the first `skip` (its last three need 16 moves).
pub fn bench_cubes(skip: usize) -> Vec<cubehint::cube::CubieCube> {
    let text = std::fs::read_to_string("bench/optimal-states.txt").expect("bench/optimal-states.txt");
    text.lines()
        .skip(skip)
        .map(|line| match cubehint::state::parse_state(line).expect("a cube") {
            cubehint::state::State::Three(cube) => cube,
            _ => panic!("a 3x3 state: {line}"),
        })
        .collect()
}

/// Checks each table's entry against [`flip_entry_slow`] for 20,000 cubes far and near.
pub fn check_flip_entries(
    c: &cubehint::coord::h0_coords::H0Coords,
    tables: &[&cubehint::tables::optimal::FlipTable],
    seed: u64,
) {
    use cubehint::coord::h0::{cocsep, esep};
    let mut rng = Rng::new(seed);
    for i in 0..20_000 {
        let cube = far_or_near(&mut rng, i);
        for table in tables {
            let slow = flip_entry_slow(c, table.bits, &cube);
            assert_eq!(
                table.index(c, cocsep(&cube), esep(&cube), cubehint::coord::flips::flips(&cube)),
                slow,
                "h{}",
                table.bits
            );
        }
    }
}

/// A flip table's entries in plain order, four a byte (the layout before the groups): the
/// tests that compare tables entry by entry read these.
pub fn plain_codes(table: &cubehint::tables::optimal::FlipTable) -> Vec<u8> {
    use cubehint::tables::format::{GROUP_BYTES, GROUP_ENTRIES};
    let n = (cubehint::coord::h0::N_H0 as u64) << table.bits;
    let mut out = Vec::with_capacity(n.div_ceil(4) as usize + 8);
    // Bits waiting to be written (fewer than 64 between pushes).
    let (mut acc, mut have) = (0u128, 0u32);
    let mut push = |out: &mut Vec<u8>, bits: u64, len: u32| {
        let bits = if len == 64 { bits } else { bits & ((1 << len) - 1) };
        acc |= (bits as u128) << have;
        have += len;
        if have >= 64 {
            out.extend_from_slice(&(acc as u64).to_le_bytes());
            (acc, have) = (acc >> 64, have - 64);
        }
    };
    for (g, group) in table.packed.chunks_exact(GROUP_BYTES).enumerate() {
        let real = (n - g as u64 * GROUP_ENTRIES).min(GROUP_ENTRIES) as u32;
        let word = u128::from_le_bytes(group.try_into().expect("16 bytes"));
        let lo = real.min(32);
        push(&mut out, word as u64, 2 * lo);
        if real > lo {
            push(&mut out, (word >> 64) as u64, 2 * (real - lo));
        }
    }
    out.extend_from_slice(&acc.to_le_bytes()[..(have as usize).div_ceil(8)]);
    assert_eq!(out.len() as u64, n.div_ceil(4));
    out
}

/// The two-phase tables with the exact phase-1 table built (as the CLI and the page have them
/// for an optimal search).
pub fn two_phase_with_phase1() -> cubehint::tables::two_phase::TwoPhaseTables {
    let mut tp = cubehint::tables::two_phase::TwoPhaseTables::generate();
    let mut build = cubehint::tables::phase1::Phase1Build::new(&tp);
    while build.step(5_000) {}
    tp.phase1 = Some(build.finish());
    tp
}

/// Searches `cube` optimally until the search of `depth` moves has begun (after the two-phase
/// try for that length); returns whether that depth reads the exact phase-1 bounds.
pub fn phase1_bounds_at(
    t: &cubehint::tables::optimal::OptimalTables,
    tp: &cubehint::tables::two_phase::TwoPhaseTables,
    cube: &cubehint::cube::CubieCube,
    depth: u32,
) -> bool {
    let mut s = cubehint::solve::optimal::OptimalSearch::new(cube, None);
    while s.progress().lower_bound < depth {
        assert!(s.step(t, Some(tp), 1 << 16).is_none(), "a solution shorter than {depth}");
    }
    // The try of the two-phase search, then the depth begins.
    assert!(s.step(t, Some(tp), 1 << 16).is_none());
    assert_eq!(s.progress().depth, depth);
    s.phase1_bounds()
}
