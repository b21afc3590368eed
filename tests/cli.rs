//! The command line as a person types it: states given as arguments, or piped in.

use cubehint::state::apply_text;
use std::io::Write;
use std::process::{Command, Output, Stdio};

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

fn cubehint(args: &[&str], input: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cubehint"))
        .args(args)
        .env("CUBEHINT_CACHE", "off")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.unwrap_or("").as_bytes()).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn lines(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect()
}

/// Applies `moves` to `state` with the library, not the binary.
fn after(state: &str, moves: &str) -> String {
    apply_text(None, Some(state), moves).expect("the moves apply")
}

#[test]
fn solve_takes_states_as_arguments_one_line_each_in_order() {
    let a = apply_text(None, None, "R U F'").unwrap();
    let b = apply_text(None, None, "R").unwrap();
    let short = &SOLVED[..53];
    let out = cubehint(&["solve", &a, short, b.as_str(), SOLVED], Some("never read\n"));
    let got = lines(&out);
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(after(&a, &got[0]), SOLVED);
    assert!(got[1].starts_with("error[length]: the state has 53 letters"), "{}", got[1]);
    assert_eq!(after(&b, &got[2]), SOLVED);
    assert_eq!(got[3], "", "a solved cube gets an empty line");
    // One state was rejected.
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn solve_reads_standard_input_when_no_state_is_given() {
    let a = apply_text(None, None, "D2 L'").unwrap();
    let out = cubehint(&["solve", "--max-length", "20"], Some(&format!("{a}\n")));
    let got = lines(&out);
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(after(&a, &got[0]), SOLVED);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn check_takes_states_as_arguments() {
    // The 2x2 after R (CONVENTIONS.md).
    let pocket = "UFUFRRRRFDFDDBDBLLLLUBUB";
    let out = cubehint(&["check", SOLVED, pocket, "XYZ"], None);
    let got = lines(&out);
    assert_eq!(got[..2], ["ok", "ok"]);
    assert!(got[2].contains("error[letter]: letter 1 is 'X'") && got[2].contains("error[length]"), "{}", got[2]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn an_unknown_option_is_still_refused() {
    let out = cubehint(&["solve", "--fast", SOLVED], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown option --fast"));
}

#[test]
fn solve_to_a_pattern_a_sticker_string_or_a_stage() {
    let start = apply_text(None, None, "R U2 F' L D B2 R' U F2 D'").unwrap();
    let board = apply_text(None, None, "U2 D2 F2 B2 L2 R2").unwrap();
    let elsewhere = apply_text(None, None, "L2 D' B R U'").unwrap();
    for to in ["checkerboard", board.as_str(), elsewhere.as_str()] {
        let out = cubehint(&["solve", "--to", to, &start], None);
        let got = lines(&out);
        assert_eq!(out.status.code(), Some(0), "{to}: {got:?}");
        let want = if to == "checkerboard" { board.clone() } else { to.to_string() };
        assert_eq!(after(&start, &got[0]), want, "{to}");
    }
    // The D cross, by name and as a partial sticker string.
    let mut cross: Vec<char> = "*".repeat(54).chars().collect();
    for i in [4, 13, 22, 31, 40, 49, 28, 30, 32, 34, 25, 16, 43, 52] {
        cross[i] = SOLVED.as_bytes()[i] as char;
    }
    let cross: String = cross.into_iter().collect();
    for to in ["D-cross", cross.as_str()] {
        let got = lines(&cubehint(&["solve", "--to", to, &start], None));
        let reached = after(&start, &got[0]);
        for (i, c) in cross.chars().enumerate() {
            assert!(c == '*' || reached.as_bytes()[i] as char == c, "{to}: sticker {i} of {reached}");
        }
    }
    // The 2x2, reached exactly as painted.
    let two = apply_text(None, Some("UUUURRRRFFFFDDDDLLLLBBBB"), "R U F'").unwrap();
    let got = lines(&cubehint(&["solve", "--to", "checkers", &two], None));
    assert_eq!(after(&two, &got[0]), apply_text(None, Some("UUUURRRRFFFFDDDDLLLLBBBB"), "F2 R2 U2 F2 R2 U2").unwrap());
}

#[test]
fn a_bad_target_is_named_and_the_line_fails() {
    let start = apply_text(None, None, "R U").unwrap();
    let out = cubehint(&["solve", "--to", "no-such-thing", &start], None);
    let got = lines(&out);
    assert!(got[0].starts_with("error[target]: no pattern or stage is called 'no-such-thing'"), "{got:?}");
    assert_eq!(out.status.code(), Some(1));
    let mut bad = SOLVED.to_string();
    bad.replace_range(4..5, "R");
    let got = lines(&cubehint(&["solve", "--to", &bad.replace('U', "*"), &start], None));
    assert!(got[0].starts_with("error[center]"), "{got:?}");
    let out = cubehint(&["solve", "--to", "checkerboard", "--all", "2", &start], None);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--all and --to"));
}

#[test]
fn a_length_limit_no_solution_meets_is_searched_in_full_and_refused() {
    // A random cube (seed 3's first): it needs far more than 12 moves. The two-phase search
    // cannot prove that; the optimal tables' search of every length up to 12 does.
    let state = "FRDFURFDRBFRRRBBLDULDRFUBULLFUBDFBBFLDRLLBUUDFDULBULDR";
    let out = cubehint(&["solve", "--max-length", "12", "--max-time", "120", "--table", "h0-2bit", state], None);
    assert!(!out.status.success());
    assert_eq!(
        lines(&out),
        ["error[too-long]: no solution of at most 12 moves exists (every length up to it was searched)"]
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("searching every 12-move sequence with the optimal solver's tables"), "{err}");
}

#[test]
fn solve_by_method_prints_a_line_a_stage_and_a_block_a_cube() {
    let a = apply_text(None, None, "R U F' L2 D B' R2 U' F L").unwrap();
    let b = apply_text(None, None, "F U R U' R' F'").unwrap();
    for method in ["beginner", "cfop-2look", "cfop"] {
        let out = cubehint(&["solve", "--method", method], Some(&format!("{a}\n{b}\n")));
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let blocks: Vec<&str> = text.trim_end_matches('\n').split("\n\n").collect();
        assert_eq!(blocks.len(), 2, "{text}");
        for (start, block) in [a.as_str(), b.as_str()].iter().zip(&blocks) {
            let mut state = start.to_string();
            for line in block.lines() {
                let parts: Vec<&str> = line.split('\t').collect();
                assert_eq!(parts.len(), 3, "{line:?}");
                state = after(&state, parts[2]);
            }
            assert_eq!(state, SOLVED, "{method}: {block}");
        }
        // The second cube is one algorithm from solved: the top cross's line case.
        let second: Vec<&str> = blocks[1].lines().collect();
        let first_case = second.iter().find(|l| !l.split('\t').nth(1).unwrap_or("").is_empty()).unwrap();
        assert!(first_case.contains("Line") || first_case.contains("OLL 45"), "{method}: {first_case}");
    }
    let bad = cubehint(&["solve", "--method", "roux", SOLVED], None);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--method is beginner, cfop-2look, cfop"));
}

#[test]
fn a_flip_table_of_the_earlier_layout_is_refused_with_its_reason() {
    // A kept h3 table from before the groups held their fallback (kind 11): in a folder the user
    // names it is an error that says so, found from the header alone (nothing is built).
    let dir = std::env::temp_dir().join(format!("cubehint-cli-old-h3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut header = b"CUBEHINT".to_vec();
    header.extend_from_slice(&2u32.to_le_bytes());
    header.extend_from_slice(&11u32.to_le_bytes());
    header.extend_from_slice(&940_539_600u64.to_le_bytes());
    header.extend_from_slice(&2u32.to_le_bytes());
    header.extend_from_slice(&8u32.to_le_bytes());
    header.resize(168 + 1000, 0);
    std::fs::write(dir.join("optimal-h3.bin"), &header).unwrap();
    // A 16-move cube (bench/optimal-states.txt): the two-phase search cannot prove it optimal.
    let state = "LFRUULDRDRUFFRRUFULUBDFRBLFLFRBDUFBRBBFLLBULDDDUDBDBRL";
    let out = cubehint(&["solve", "--optimal", "--table", "h3", "--tables", dir.to_str().unwrap(), state], None);
    std::fs::remove_dir_all(&dir).unwrap();
    // The state's line is the error (on standard output, where its answer would be).
    let err = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("optimal-h3.bin") && err.contains("an h3 table in an earlier layout (kind 11"), "{err}");
}
