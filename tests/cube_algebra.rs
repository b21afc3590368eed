//! Layer 1: the algebra of moves, stickers and notation.

mod common;

use common::{random_moves, solved_string, stickers_after};
use cubehint::cube::facelet::to_string;
use cubehint::cube::moves::{parse_turns, rotation_face_map, rotations};
use cubehint::cube::{format_moves, parse_moves, CubieCube, Face, Move, PocketCube, Size};
use cubehint::rng::Rng;

#[test]
fn the_move_list_is_exactly_the_18_face_turns() {
    let names: Vec<String> = Move::ALL.iter().map(|m| m.to_string()).collect();
    assert_eq!(names.join(" "), "U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'");
    for m in Move::ALL {
        assert_eq!(parse_moves(&m.to_string()).unwrap(), vec![m]);
    }
}

#[test]
fn every_face_turn_has_order_four() {
    for m in Move::ALL.iter().filter(|m| m.quarters() == 1) {
        let mut c = CubieCube::SOLVED;
        for k in 1..=4 {
            c = c.apply_move(*m);
            assert_eq!(c.is_solved(), k == 4, "{m} to the power {k}");
        }
        let four = format!("{m} {m} {m} {m}");
        assert_eq!(stickers_after(&solved_string(Size::Three), &four), solved_string(Size::Three));
        assert_eq!(stickers_after(&solved_string(Size::Two), &four), solved_string(Size::Two));
    }
}

#[test]
fn compose_with_inverse_is_the_identity() {
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let a = CubieCube::from_moves(&random_moves(&mut rng, 25, &Face::ALL));
        let b = CubieCube::from_moves(&random_moves(&mut rng, 25, &Face::ALL));
        assert!(a.compose(&a.inverse()).is_solved());
        assert!(a.inverse().compose(&a).is_solved());
        assert_eq!(a.compose(&b).inverse(), b.inverse().compose(&a.inverse()));
        assert!(a.is_legal());
    }
}

#[test]
fn sexy_move_six_times_is_solved() {
    let seq = parse_moves(&"R U R' U' ".repeat(6)).unwrap();
    assert!(CubieCube::from_moves(&seq).is_solved());
    assert!(!CubieCube::from_moves(&seq[..20]).is_solved());
}

#[test]
fn reference_strings_from_the_conventions() {
    let s3 = solved_string(Size::Three);
    assert_eq!(stickers_after(&s3, "F"), "UUUUUULLLURRURRURRFFFFFFFFFRRRDDDDDDLLDLLDLLDBBBBBBBBB");
    assert_eq!(stickers_after(&s3, "U"), "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB");
    let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
    let expect = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";
    assert_eq!(stickers_after(&s3, superflip), expect);
    assert_eq!(to_string(&CubieCube::from_moves(&parse_moves(superflip).unwrap()).to_facelets()), expect);
    assert_eq!(stickers_after(&solved_string(Size::Two), "R"), "UFUFRRRRFDFDDBDBLLLLUBUB");
}

#[test]
fn cubie_moves_agree_with_sticker_moves() {
    let mut rng = Rng::new(11);
    for _ in 0..300 {
        let moves = random_moves(&mut rng, 30, &Face::ALL);
        let text = format_moves(&moves);
        let by_cubies = to_string(&CubieCube::from_moves(&moves).to_facelets());
        assert_eq!(by_cubies, stickers_after(&solved_string(Size::Three), &text), "{text}");
        let pocket = to_string(&PocketCube::SOLVED.apply_moves(&moves).to_facelets());
        assert_eq!(pocket, stickers_after(&solved_string(Size::Two), &text), "{text}");
    }
}

#[test]
fn slices_wide_turns_and_rotations_follow_their_definitions() {
    let s = solved_string(Size::Three);
    let same = |a: &str, b: &str| assert_eq!(stickers_after(&s, a), stickers_after(&s, b), "{a} vs {b}");
    same("M", "R L' x'");
    same("E", "U D' y'");
    same("S", "F' B z");
    same("Rw", "L x");
    same("r", "L x");
    same("Uw2", "D2 y2");
    same("Fw'", "B' z'");
    same("x", "r L'");
    same("U1 U2 U3", "U U2 U'");
    same("R2'", "R2");
    same("R U R' U'", "RUR'U'");
}

#[test]
fn turn_sources_agree_with_sticker_turns() {
    use cubehint::cube::moves::turn_sources;
    let s = solved_string(Size::Three);
    let scrambled = stickers_after(&s, "R U2 F' L D B2");
    for moves in ["R", "U2 F'", "M x", "Rw' S"] {
        let src = turn_sources(Size::Three, &parse_turns(moves, Size::Three).unwrap());
        let by_sources: String = src.iter().map(|&i| scrambled.as_bytes()[i] as char).collect();
        assert_eq!(by_sources, stickers_after(&scrambled, moves), "{moves}");
    }
}

#[test]
fn there_are_24_rotations() {
    let maps: Vec<[Face; 6]> = rotations().iter().map(|r| rotation_face_map(r)).collect();
    assert_eq!(maps.len(), 24);
    for (i, a) in maps.iter().enumerate() {
        assert!(!maps[i + 1..].contains(a));
        for f in Face::ALL {
            assert_eq!(a[f.opposite() as usize], a[f as usize].opposite(), "rotations keep opposite faces opposite");
        }
    }
}

#[test]
fn notation_errors_name_the_token_and_its_position() {
    let e = parse_turns("R U Q R'", Size::Three).unwrap_err();
    assert_eq!((e.token.as_str(), e.position), ("Q", 3));
    let e = parse_turns("R U5", Size::Three).unwrap_err();
    assert_eq!((e.token.as_str(), e.position), ("U5", 2));
    let e = parse_turns("R M", Size::Two).unwrap_err();
    assert_eq!((e.token.as_str(), e.position), ("M", 2));
    assert!(e.to_string().contains("2x2"));
    let e = parse_turns("Rw r", Size::Two).unwrap_err();
    assert_eq!(e.position, 1);
    let e = parse_moves("R x").unwrap_err();
    assert_eq!((e.token.as_str(), e.position), ("x", 2));
    assert!(parse_turns("", Size::Three).unwrap().is_empty());
}
