//! Fuzzing the native entry points with random and mutated input: sticker strings, move strings
//! and table bytes go through the parsers, validation, the solvers and the table loaders. None
//! may panic or hang; every refusal is a clear error (a stable `error[code]` for states, the
//! token for moves, a reason for tables); every state accepted is solved, and the solution is
//! checked by applying it.
//!
//! `FUZZ_CASES` sets the cases of each kind (default 20,000, a few seconds; `./build.sh fuzz`
//! runs a million). Seeded: a failure prints its seed and case, and repeats.

use cubehint::cube::facelet::to_string;
use cubehint::cube::{parse_moves, CubieCube, Size};
use cubehint::rng::Rng;
use cubehint::scramble::{random_cube, random_pocket};
use cubehint::solve::pocket::solve as solve_pocket;
use cubehint::solve::two_phase::{solve_with_stats, Limits};
use cubehint::state::{apply_text, parse_state, State};
use cubehint::tables::format::PieceReader;
use cubehint::tables::optimal::{FlipTableReader, OptimalTables, TableSize};
use cubehint::tables::phase1::Phase1Table;
use cubehint::tables::pocket::{Metric, PocketDistance, PocketMoveTables};
use cubehint::tables::two_phase::{TwoPhaseBuilder, TwoPhaseTables};
use cubehint::SolveError;

const CODES: [&str; 9] = ["length", "letter", "center", "count", "piece", "duplicate", "twist", "flip", "parity"];

fn cases() -> usize {
    std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000)
}

/// A sticker string to try: random letters, a legal cube with a few stickers changed, swapped,
/// cut or lengthened, or noise (lower case, colour letters, spaces, other characters).
fn sticker_string(rng: &mut Rng) -> String {
    const ALPHABET: &[u8] = b"URFDLBurfdlbwrgyobWRGYOB *x-9\n\t";
    let legal = |rng: &mut Rng| {
        if rng.below(2) == 0 {
            to_string(&random_cube(rng).to_facelets())
        } else {
            to_string(&random_pocket(rng).to_facelets())
        }
    };
    match rng.below(5) {
        0 => {
            let len = rng.below(70) as usize;
            (0..len).map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize] as char).collect()
        }
        1 => legal(rng),
        _ => {
            let mut s: Vec<u8> = legal(rng).into_bytes();
            for _ in 0..1 + rng.below(4) {
                let n = s.len().max(1) as u64;
                match rng.below(5) {
                    0 => {
                        let i = rng.below(n) as usize % s.len().max(1);
                        if !s.is_empty() {
                            s[i] = b"URFDLB"[rng.below(6) as usize];
                        }
                    }
                    1 => {
                        let (i, j) = (rng.below(n) as usize, rng.below(n) as usize);
                        if i < s.len() && j < s.len() {
                            s.swap(i, j);
                        }
                    }
                    2 => {
                        let i = rng.below(n) as usize;
                        if i < s.len() {
                            s.remove(i);
                        }
                    }
                    3 => s.insert(
                        rng.below(n) as usize % (s.len() + 1),
                        ALPHABET[rng.below(ALPHABET.len() as u64) as usize],
                    ),
                    _ => {
                        let i = rng.below(n) as usize;
                        if i < s.len() {
                            s[i] = ALPHABET[rng.below(ALPHABET.len() as u64) as usize];
                        }
                    }
                }
            }
            String::from_utf8_lossy(&s).into_owned()
        }
    }
}

/// A move string to try: valid tokens of every notation the parser reads, mixed with noise.
fn move_string(rng: &mut Rng) -> String {
    const TOKENS: &[&str] = &[
        "U", "R", "F", "D", "L", "B", "U'", "R2", "F2'", "D1", "L3", "B2", "x", "y'", "z2", "Rw", "r'", "M", "E2",
        "S'", "(", ")", "'", "2", "Q", "UU", "R22", "", "  ", "\u{e9}", "U'2", "Lw2'", "#",
    ];
    let n = rng.below(30) as usize;
    let mut out = String::new();
    for _ in 0..n {
        out.push_str(TOKENS[rng.below(TOKENS.len() as u64) as usize]);
        if rng.below(4) != 0 {
            out.push(' ');
        }
    }
    out
}

/// A state's refusal names one of the stable codes.
fn assert_coded(text: &str, message: &str) {
    assert!(
        CODES.iter().any(|c| message.contains(&format!("error[{c}]"))),
        "refusal of {text:?} has no code: {message}"
    );
}

#[test]
fn sticker_strings_are_solved_or_refused_with_a_code() {
    let moves = PocketMoveTables::generate();
    let dist = PocketDistance::generate(&moves, Metric::Htm);
    let two_phase = TwoPhaseTables::generate();
    let limits = Limits { node_budget: 200_000, ..Limits::default() };
    let mut rng = Rng::new(2024);
    let (mut solved, mut refused) = (0, 0);
    for case in 0..cases() {
        let text = sticker_string(&mut rng);
        match parse_state(&text) {
            Ok(State::Two(held)) => {
                let sol = solve_pocket(&held.cube, &moves, &dist);
                assert!(held.cube.apply_moves(&sol).is_solved(), "case {case}: {text:?}");
                solved += 1;
            }
            Ok(State::Three(cube)) => {
                // Legal cubes always get an answer; a node budget keeps the run short, and a
                // stop is the only refusal allowed.
                match solve_with_stats(&cube, &two_phase, &limits, &mut || false).0 {
                    Ok(sol) => assert!(cube.apply_moves(&sol).is_solved(), "case {case}: {text:?}"),
                    Err(SolveError::Stopped) => {}
                    Err(e) => panic!("case {case}: legal {text:?} refused: {e}"),
                }
                solved += 1;
            }
            Err(e) => {
                assert_coded(&text, &e.to_string());
                refused += 1;
            }
        }
    }
    println!("sticker strings: {solved} solved, {refused} refused with a code");
    assert!(solved > 0 && refused > 0, "both kinds seen");
}

#[test]
fn move_strings_apply_or_name_the_bad_token() {
    let mut rng = Rng::new(77);
    let (mut applied, mut refused) = (0, 0);
    for case in 0..cases() {
        let text = move_string(&mut rng);
        let size = if rng.below(2) == 0 { Size::Two } else { Size::Three };
        match apply_text(Some(size), None, &text) {
            Ok(facelets) => {
                assert_eq!(facelets.len(), size.n() * size.n() * 6, "case {case}: {text:?}");
                applied += 1;
            }
            Err(message) => {
                assert!(!message.is_empty() && message.contains("error["), "case {case}: {text:?} gave {message:?}");
                refused += 1;
            }
        }
        // Face turns alone: what parses also applies to cubies, and undoes by its inverse.
        if let Ok(moves) = parse_moves(&text) {
            let cube = CubieCube::SOLVED.apply_moves(&moves);
            let back: Vec<_> = moves.iter().rev().map(|m| m.inverse()).collect();
            assert!(cube.apply_moves(&back).is_solved(), "case {case}: {text:?}");
        }
    }
    println!("move strings: {applied} applied, {refused} refused");
    assert!(applied > 0 && refused > 0, "both kinds seen");
}

/// Flips a few bytes, cuts, or lengthens `good`.
fn mutate(good: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut b = good.to_vec();
    match rng.below(4) {
        0 => b.truncate(rng.below(b.len() as u64 + 1) as usize),
        1 => b.extend((0..1 + rng.below(16)).map(|_| rng.below(256) as u8)),
        _ => {
            // Mostly the header (168 bytes), where each field is checked, sometimes the entries.
            for _ in 0..1 + rng.below(3) {
                let span = if rng.below(3) == 0 { b.len() } else { 200.min(b.len()) };
                let i = rng.below(span.max(1) as u64) as usize;
                if i < b.len() {
                    b[i] ^= 1 << rng.below(8);
                }
            }
        }
    }
    b
}

#[test]
fn table_bytes_are_checked_and_never_trusted() {
    // Small real tables, mutated; every loader either refuses with a reason or, where the
    // change left the bytes intact (a flip back), returns the same table.
    let moves = PocketMoveTables::generate();
    let pocket = PocketDistance::generate(&moves, Metric::Htm).to_bytes();
    let mut rng = Rng::new(99);
    let n = (cases() / 20).max(200);
    let mut refused = 0;
    for case in 0..n {
        let bad = mutate(&pocket, &mut rng);
        match PocketDistance::from_bytes(&bad, Metric::Htm) {
            Ok(t) => assert_eq!(t.to_bytes(), pocket, "case {case}: the 2x2 table took changed bytes"),
            Err(e) => {
                assert!(!e.to_string().is_empty());
                refused += 1;
            }
        }
    }
    // The two-phase tables: a changed copy offered to the build is refused (or is the same
    // tables), and the build goes on to the right ones.
    let good = TwoPhaseTables::generate().prune_bytes();
    for case in 0..20 {
        let bad = mutate(&good, &mut rng);
        let mut b = TwoPhaseBuilder::new();
        let _ = b.offer(&bad);
        let t = b.finish();
        assert_eq!(t.prune_bytes(), good, "case {case}: the two-phase tables are the right ones either way");
    }
    // The big tables' loaders on random and cut headers (no real table is built here).
    for case in 0..n {
        let len = rng.below(400) as usize;
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        if rng.below(2) == 0 && len >= 8 {
            bytes[..8].copy_from_slice(b"CUBEHINT");
        }
        assert!(Phase1Table::from_bytes(&bytes).is_err(), "case {case}");
        for size in [TableSize::H0TwoBit, TableSize::H0] {
            assert!(OptimalTables::from_bytes(&bytes, size).is_err(), "case {case}");
        }
        if case < 20 {
            // Each reader sets aside the whole table's room (243 MB): a few suffice.
            let mut r = FlipTableReader::new(3).expect("h3 exists");
            let read = r.push(&bytes).and_then(|_| r.finish().map(|_| ()));
            assert!(read.is_err(), "case {case}");
        }
        let mut p = PieceReader::new(1, 16, 4);
        let mut out = Vec::new();
        assert!(p.push(&bytes, &mut out).and_then(|_| p.finish(&out).map(|_| ())).is_err(), "case {case}");
    }
    println!("table bytes: {refused} of {n} mutated copies refused, the rest unchanged");
}
