//! Sticker strings: round trips, and one crafted example for every error code.

mod common;

use common::{solved_string, stickers_after};
use cubehint::cube::facelet::to_string;
use cubehint::cube::moves::{apply_turns, rotations};
use cubehint::cube::{CubieCube, PocketCube, Size};
use cubehint::rng::Rng;
use cubehint::scramble::{random_cube, random_pocket};
use cubehint::state::{apply_text, parse_state, State};
use cubehint::ErrorCode;
use proptest::prelude::*;

fn with(base: &str, changes: &[(usize, char)]) -> String {
    let mut s: Vec<char> = base.chars().collect();
    for &(i, c) in changes {
        s[i] = c;
    }
    s.into_iter().collect()
}

/// The problems of a bad state as (code, stickers) pairs.
fn problems(text: &str) -> Vec<(ErrorCode, Vec<usize>)> {
    let e = parse_state(text).expect_err("the state should be rejected");
    e.problems().iter().map(|p| (p.code, p.stickers.clone())).collect()
}

fn codes(text: &str) -> Vec<ErrorCode> {
    problems(text).into_iter().map(|(c, _)| c).collect()
}

#[test]
fn random_3x3_states_round_trip() {
    let mut rng = Rng::new(1);
    for _ in 0..10_000 {
        let cube = random_cube(&mut rng);
        let text = to_string(&cube.to_facelets());
        assert_eq!(parse_state(&text), Ok(State::Three(cube)));
    }
}

#[test]
fn random_2x2_states_round_trip_in_every_orientation() {
    let mut rng = Rng::new(2);
    let rots = rotations();
    for k in 0..10_000 {
        let cube = random_pocket(&mut rng);
        let mut faces = cube.to_facelets();
        let State::Two(held) = parse_state(&to_string(&faces)).unwrap() else { panic!("2x2") };
        assert_eq!(held.cube, cube);
        // Held in another orientation it normalises to the same state.
        apply_turns(&mut faces, &rots[k % 24]);
        let State::Two(held) = parse_state(&to_string(&faces)).unwrap() else { panic!("2x2") };
        assert_eq!(held.cube, cube);
    }
}

#[test]
fn white_space_between_letters_is_ignored() {
    let s = solved_string(Size::Three);
    let spaced: String =
        s.chars().enumerate().flat_map(|(i, c)| if i % 9 == 8 { vec![c, '\n'] } else { vec![c, ' '] }).collect();
    assert_eq!(parse_state(&spaced), Ok(State::Three(CubieCube::SOLVED)));
}

#[test]
fn error_length() {
    assert_eq!(codes("UUUU"), vec![ErrorCode::Length]);
    assert_eq!(codes(""), vec![ErrorCode::Length]);
    assert_eq!(codes(&format!("{}U", solved_string(Size::Three))), vec![ErrorCode::Length]);
}

#[test]
fn error_letter_names_the_sticker() {
    let s = with(&solved_string(Size::Three), &[(5, 'X')]);
    assert_eq!(problems(&s), vec![(ErrorCode::Letter, vec![5])]);
    let e = parse_state(&s).unwrap_err().to_string();
    assert!(e.contains("U6") && e.contains("'X'"), "{e}");
    let s2 = with(&solved_string(Size::Two), &[(0, 'w')]);
    assert_eq!(problems(&s2), vec![(ErrorCode::Letter, vec![0])]);
}

#[test]
fn error_center() {
    // Swap the U and F centres.
    let s = with(&solved_string(Size::Three), &[(4, 'F'), (22, 'U')]);
    assert_eq!(problems(&s), vec![(ErrorCode::Center, vec![4]), (ErrorCode::Center, vec![22])]);
}

#[test]
fn error_count() {
    let s = with(&solved_string(Size::Three), &[(0, 'R')]);
    let p = problems(&s);
    assert_eq!(p[0].0, ErrorCode::Count);
    assert_eq!(p[1].0, ErrorCode::Count);
    assert_eq!(p[1].1.len(), 10, "the ten R stickers are named");
    assert!(p[1].1.contains(&0));
    let s2 = with(&solved_string(Size::Two), &[(0, 'R')]);
    assert_eq!(codes(&s2)[..2], [ErrorCode::Count, ErrorCode::Count]);
}

#[test]
fn error_piece() {
    // The UF edge shows U and D; the DF edge shows F twice. Counts stay right.
    let s = with(&solved_string(Size::Three), &[(19, 'D'), (28, 'F')]);
    assert_eq!(problems(&s), vec![(ErrorCode::Piece, vec![7, 19]), (ErrorCode::Piece, vec![28, 25])]);
    let msg = parse_state(&s).unwrap_err().to_string();
    assert!(msg.contains("U8 F2") && msg.contains("opposite"), "{msg}");
    // 2x2: the URF corner shows U, D and F; the DFR corner shows R twice.
    let s2 = with(&solved_string(Size::Two), &[(4, 'D'), (13, 'R')]);
    let p = problems(&s2);
    assert_eq!(p[0], (ErrorCode::Piece, vec![3, 4, 9]));
    assert_eq!(p[1].0, ErrorCode::Piece);
}

#[test]
fn error_duplicate() {
    // The UFL slot shows the URF corner.
    let s = with(&solved_string(Size::Three), &[(18, 'R'), (38, 'F')]);
    let p = problems(&s);
    let dup = p.iter().find(|(c, _)| *c == ErrorCode::Duplicate).expect("duplicate reported");
    assert_eq!(dup.1, vec![8, 9, 20, 6, 18, 38]);
    let msg = parse_state(&s).unwrap_err().to_string();
    assert!(msg.contains("URF corner appears 2 times") && msg.contains("missing corners: UFL"), "{msg}");
    let s2 = with(&solved_string(Size::Two), &[(8, 'R'), (17, 'F')]);
    assert!(codes(&s2).contains(&ErrorCode::Duplicate));
}

#[test]
fn error_twist_names_the_corner() {
    let s = with(&solved_string(Size::Three), &[(8, 'F'), (9, 'U'), (20, 'R')]);
    assert_eq!(problems(&s), vec![(ErrorCode::Twist, vec![8, 9, 20])]);
    assert_eq!(parse_state(&s).unwrap_err().to_string(), "error[twist]: the corner at U9 R1 F3 is twisted clockwise");
    let ccw = with(&solved_string(Size::Three), &[(8, 'R'), (9, 'F'), (20, 'U')]);
    assert!(parse_state(&ccw).unwrap_err().to_string().contains("counter-clockwise"));
    let s2 = with(&solved_string(Size::Two), &[(3, 'F'), (4, 'U'), (9, 'R')]);
    assert_eq!(problems(&s2), vec![(ErrorCode::Twist, vec![3, 4, 9])]);
    // On a scrambled cube the twist is still caught.
    let scrambled = stickers_after(&solved_string(Size::Three), "R U F' L2 D B'");
    let mut chars: Vec<char> = scrambled.chars().collect();
    let (a, b, c) = (chars[8], chars[9], chars[20]);
    (chars[8], chars[9], chars[20]) = (c, a, b);
    assert_eq!(codes(&chars.iter().collect::<String>()), vec![ErrorCode::Twist]);
}

#[test]
fn error_flip_names_the_edge() {
    let s = with(&solved_string(Size::Three), &[(7, 'F'), (19, 'U')]);
    assert_eq!(problems(&s), vec![(ErrorCode::Flip, vec![7, 19])]);
    assert!(parse_state(&s).unwrap_err().to_string().contains("U8 F2"));
}

#[test]
fn error_parity() {
    // Swap the UF and UR edges.
    let s = with(&solved_string(Size::Three), &[(19, 'R'), (10, 'F')]);
    assert_eq!(codes(&s), vec![ErrorCode::Parity]);
}

#[test]
fn several_problems_are_all_reported() {
    let s = with(&solved_string(Size::Three), &[(7, 'F'), (19, 'U'), (8, 'F'), (9, 'U'), (20, 'R')]);
    assert_eq!(codes(&s), vec![ErrorCode::Twist, ErrorCode::Flip]);
}

#[test]
fn apply_reports_bad_from_and_bad_moves() {
    assert!(apply_text(Some(Size::Three), Some("UUU"), "R").unwrap_err().contains("length"));
    assert!(apply_text(None, None, "R Q").unwrap_err().contains("'Q'"));
    assert_eq!(apply_text(Some(Size::Two), None, "").unwrap(), solved_string(Size::Two));
    assert_eq!(PocketCube::SOLVED.to_facelets(), Size::Two.solved());
}

proptest! {
    #[test]
    fn parsers_never_panic_on_any_string(s in ".{0,80}") {
        let _ = parse_state(&s);
        let _ = apply_text(None, None, &s);
        let _ = apply_text(Some(Size::Two), None, &s);
    }

    #[test]
    fn parsers_never_panic_on_cube_letters(s in "[URFDLB xyzw'2MES]{0,60}") {
        let _ = parse_state(&s);
        let _ = apply_text(None, None, &s);
    }

    #[test]
    fn stickers_of_the_right_length_never_panic(s in "[URFDLB]{54}", t in "[URFDLB]{24}") {
        let _ = parse_state(&s);
        let _ = parse_state(&t);
    }
}

#[test]
fn forced_stickers_are_filled_in() {
    use cubehint::cube::facelet::{fill_forced, Face};
    let solved: Vec<Option<Face>> = Size::Three.solved().into_iter().map(Some).collect();
    // Two stickers of a corner give the third.
    let mut f = solved.clone();
    f[20] = None; // F3 of URF
    assert_eq!(fill_forced(Size::Three, &mut f), vec![20]);
    assert_eq!(f, solved);
    // The last edge: its piece by elimination, its flip by parity.
    let mut f = solved.clone();
    f[7] = None;
    f[19] = None; // both stickers of UF
    assert_eq!(fill_forced(Size::Three, &mut f).len(), 2);
    assert_eq!(f, solved);
    // With UF open and only R2 of UR known, UR is forced (UR and UF are the pieces left and
    // only UR shows R), then UF by elimination.
    let mut f = solved.clone();
    for i in [7, 19, 5] {
        f[i] = None;
    }
    assert_eq!(fill_forced(Size::Three, &mut f).len(), 3);
    assert_eq!(f, solved);
    // A U sticker among four open U edges could belong to any of them: nothing is forced.
    let mut f = solved.clone();
    for i in [7, 19, 5, 10, 3, 37, 1, 46] {
        f[i] = None;
    }
    f[5] = Some(Face::U);
    assert!(fill_forced(Size::Three, &mut f).is_empty());
    // On a scrambled 2x2 a corner with two known stickers is completed correctly.
    let mut rng = Rng::new(8);
    for _ in 0..200 {
        let cube = random_pocket(&mut rng).to_facelets();
        let mut f: Vec<Option<Face>> = cube.iter().copied().map(Some).collect();
        f[9] = None;
        fill_forced(Size::Two, &mut f);
        assert_eq!(f[9], Some(cube[9]));
    }
}
