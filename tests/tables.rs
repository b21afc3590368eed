//! Layers 2 and 3: coordinates, move tables against cubie moves, pinned depth distributions,
//! and the table byte format.

mod common;

use common::random_moves;
use cubehint::coord::phase1::{Flip, Slice, Twist};
use cubehint::coord::phase2::{CornerCombParity, CornerPerm, SlicePerm, UdEdgePerm};
use cubehint::coord::pocket::{pocket_cube, pocket_index, PocketPerm, PocketTwist};
use cubehint::coord::sym::ud_syms;
use cubehint::coord::sym_coord::conj_perm;
use cubehint::coord::{Coord, N_POCKET};
use cubehint::cube::{CubieCube, Face, Move, PocketCube};
use cubehint::rng::Rng;
use cubehint::scramble::random_cube;
use cubehint::tables::format::{self, HEADER_LEN};
use cubehint::tables::move_table;
use cubehint::tables::nibble::NibbleTable;
use cubehint::tables::pocket::{Metric, PocketDistance, PocketMoveTables, POCKET_MOVES};
use cubehint::tables::two_phase::{TwoPhaseTables, EDGE_COMB_CAP, FLIP_TWIST_CAP, PHASE2_MOVES};
use cubehint::TableError;
use std::sync::OnceLock;

fn two_phase() -> &'static TwoPhaseTables {
    static T: OnceLock<TwoPhaseTables> = OnceLock::new();
    T.get_or_init(TwoPhaseTables::generate)
}

/// Raw move tables of the corner and U/D edge permutations over the phase-2 moves, made through
/// cubies: the slow path beside the search's class move tables.
type RawPhase2 = (Box<[u16]>, Box<[u16]>);

fn raw_phase2() -> &'static RawPhase2 {
    static T: OnceLock<RawPhase2> = OnceLock::new();
    T.get_or_init(|| {
        let apply = |c: &CubieCube, m: Move| c.apply_move(m);
        (move_table::build::<CornerPerm>(&PHASE2_MOVES, apply), move_table::build::<UdEdgePerm>(&PHASE2_MOVES, apply))
    })
}

fn pocket_tables() -> &'static (PocketMoveTables, PocketDistance, PocketDistance) {
    static T: OnceLock<(PocketMoveTables, PocketDistance, PocketDistance)> = OnceLock::new();
    T.get_or_init(|| {
        let m = PocketMoveTables::generate();
        let h = PocketDistance::generate(&m, Metric::Htm);
        let q = PocketDistance::generate(&m, Metric::Qtm);
        (m, h, q)
    })
}

fn round_trip<C: Coord>()
where
    C::Cube: Default,
{
    let mut cube = C::Cube::default();
    for v in 0..C::SIZE {
        C::set(&mut cube, v);
        assert_eq!(C::get(&cube), v);
    }
}

#[test]
fn coordinates_round_trip_every_value() {
    round_trip::<Twist>();
    round_trip::<Flip>();
    round_trip::<Slice>();
    round_trip::<CornerPerm>();
    round_trip::<UdEdgePerm>();
    round_trip::<SlicePerm>();
    round_trip::<PocketPerm>();
    round_trip::<PocketTwist>();
    for i in (0..N_POCKET).step_by(997) {
        assert_eq!(pocket_index(&pocket_cube(i)), i);
    }
}

#[test]
fn solved_coordinates_are_zero() {
    let c = CubieCube::SOLVED;
    assert_eq!([Twist::get(&c), Flip::get(&c), Slice::get(&c)], [0, 0, 0]);
    assert_eq!([CornerPerm::get(&c), UdEdgePerm::get(&c), SlicePerm::get(&c)], [0, 0, 0]);
    assert_eq!(pocket_index(&PocketCube::SOLVED), 0);
}

#[test]
fn phase1_move_tables_agree_with_cubie_moves() {
    let t = two_phase();
    let mut rng = Rng::new(3);
    for _ in 0..2000 {
        let c = random_cube(&mut rng);
        for m in Move::ALL {
            let after = c.apply_move(m);
            let k = m.index();
            assert_eq!(t.twist_move[Twist::get(&c) * 18 + k] as usize, Twist::get(&after));
            assert_eq!(t.flip_move[Flip::get(&c) * 18 + k] as usize, Flip::get(&after));
            assert_eq!(t.slice_move[Slice::get(&c) * 18 + k] as usize, Slice::get(&after));
        }
    }
}

#[test]
fn phase2_move_tables_agree_with_cubie_moves() {
    let t = two_phase();
    let mut rng = Rng::new(4);
    let faces = [Face::U, Face::D];
    for _ in 0..2000 {
        // A phase-2 state: U/D turns mixed with half turns.
        let mut c = CubieCube::from_moves(&random_moves(&mut rng, 10, &faces));
        for _ in 0..10 {
            c = c.apply_move(PHASE2_MOVES[rng.below(10) as usize]);
        }
        let (corner, edge) = (t.corner_sym.class_sym[CornerPerm::get(&c)], t.edge_sym.class_sym[UdEdgePerm::get(&c)]);
        for (k, &m) in PHASE2_MOVES.iter().enumerate() {
            let after = c.apply_move(m);
            assert_eq!(raw_phase2().0[CornerPerm::get(&c) * 10 + k] as usize, CornerPerm::get(&after));
            assert_eq!(raw_phase2().1[UdEdgePerm::get(&c) * 10 + k] as usize, UdEdgePerm::get(&after));
            // By class: the symmetry found takes the moved state to the class's representative.
            let cs = t.corner_after(corner as usize, k);
            let sym = &ud_syms()[cs & 15];
            let conj = CubieCube { cp: conj_perm(&after.cp, &sym.corner), ..after };
            assert_eq!(CornerPerm::get(&conj), t.corner_sym.reps[cs >> 4] as usize);
            let es = t.edge_after(edge as usize, k);
            let sym = &ud_syms()[es & 15];
            let conj = CubieCube { ep: conj_perm(&after.ep, &sym.edge), ..after };
            assert_eq!(UdEdgePerm::get(&conj), t.edge_sym.reps[es >> 4] as usize);
            assert_eq!(t.slice_perm_move[SlicePerm::get(&c) * 10 + k] as usize, SlicePerm::get(&after));
            assert_eq!(t.corner_comb_move[CornerCombParity::get(&c) * 10 + k] as usize, CornerCombParity::get(&after));
        }
    }
}

#[test]
fn symmetry_classes_and_conjugation() {
    let t = two_phase();
    assert_eq!(
        [t.twist_sym.classes(), t.flip_sym.classes(), t.corner_sym.classes(), t.edge_sym.classes()],
        [291, 336, 2768, 2768]
    );
    // The symmetries form a group of 16 distinct slot maps, each with an inverse.
    let syms = cubehint::coord::sym::ud_syms();
    assert_eq!(syms.len(), 16);
    for (i, a) in syms.iter().enumerate() {
        assert!(!syms[i + 1..].iter().any(|b| b.matrix == a.matrix), "16 different symmetries");
    }
    let inv = cubehint::coord::sym::ud_inverse();
    for s in 0..16 {
        assert_eq!(inv[inv[s]], s);
    }
}

#[test]
fn pocket_move_tables_agree_with_cubie_moves() {
    let (moves, _, _) = pocket_tables();
    let mut rng = Rng::new(5);
    for _ in 0..5000 {
        let i = rng.below(N_POCKET as u64) as usize;
        let c = pocket_cube(i);
        for (col, &m) in POCKET_MOVES.iter().enumerate() {
            assert_eq!(moves.apply(i, col), pocket_index(&c.apply_move(m)));
        }
    }
}

fn trimmed(t: &NibbleTable) -> Vec<u64> {
    let d = t.distribution();
    d[..=d.iter().rposition(|&x| x > 0).unwrap()].to_vec()
}

#[test]
fn pocket_distributions_are_pinned() {
    let (_, htm, qtm) = pocket_tables();
    assert_eq!(trimmed(htm.table()), [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]);
    assert_eq!(
        trimmed(qtm.table()),
        [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276]
    );
}

/// Distribution of a lookup over every raw pair `(a, b)`.
fn raw_distribution(n_a: usize, n_b: usize, f: impl Fn(usize, usize) -> u8) -> Vec<u64> {
    let mut d = vec![0u64; 16];
    for a in 0..n_a {
        for b in 0..n_b {
            d[f(a, b) as usize] += 1;
        }
    }
    while d.last() == Some(&0) {
        d.pop();
    }
    d
}

#[test]
fn two_phase_distributions_are_pinned() {
    let t = two_phase();
    // The symmetry-reduced tables as stored.
    assert_eq!(trimmed(&t.twist_slice_prune), [1, 1, 11, 95, 894, 7358, 39443, 76934, 19220, 88]);
    assert_eq!(trimmed(&t.flip_slice_prune), [1, 3, 26, 196, 1054, 6874, 37655, 90336, 30065, 110]);
    // Exact: [.., 387147, 246339, 2324]; distances 9 are stored as 8 (FLIP_TWIST_CAP).
    assert_eq!(trimmed(&t.flip_twist_prune), [1, 3, 22, 153, 1228, 10632, 86983, 387147, 248663]);
    assert_eq!(
        trimmed(&t.corner_slice_prune),
        [1, 3, 10, 44, 214, 846, 2413, 5122, 8639, 12128, 12571, 12985, 7754, 3366, 336]
    );
    assert_eq!(
        trimmed(&t.edge_comb_prune),
        // Exact: [.., 146891, 30825, 2279, 38]; 11 to 13 are stored as 10 (EDGE_COMB_CAP).
        [1, 3, 11, 39, 185, 840, 3581, 14523, 52470, 135834, 180033]
    );
    // The same tables read for every raw state: the distances of the unreduced coordinates.
    assert_eq!(
        raw_distribution(2187, 495, |a, b| t.twist_slice(a, b)),
        [1, 4, 50, 586, 6184, 54066, 296322, 582492, 142520, 340]
    );
    assert_eq!(
        raw_distribution(2048, 495, |a, b| t.flip_slice(a, b)),
        [1, 4, 50, 532, 4804, 41832, 238263, 555636, 172314, 324]
    );
    assert_eq!(
        raw_distribution(2048, 2187, |a, b| t.flip_twist(a, b)),
        [1, 4, 46, 504, 5662, 61008, 549711, 2422226, 1439814]
    );
    assert_eq!(
        raw_distribution(40320, 24, |a, b| t.corner_slice(a, b)),
        [1, 10, 67, 404, 2023, 8504, 28545, 69734, 127540, 179700, 189120, 199200, 116112, 44416, 2304]
    );
    assert_eq!(
        raw_distribution(40320, 140, |a, b| t.edge_comb(a, b)),
        [1, 10, 67, 412, 2214, 10920, 50309, 213214, 780187, 2042394, 2545072]
    );
}

/// Unreduced breadth-first distances of a coordinate pair, the slow obviously-correct path the
/// symmetry-reduced tables are checked against.
fn plain_bfs(a_move: &[u16], b_move: &[u16], b_size: usize, stride: usize, cols: usize) -> NibbleTable {
    let columns: Vec<usize> = (0..cols).collect();
    cubehint::tables::prune::Bfs::new(a_move, b_move, b_size, stride, &columns).finish()
}

#[test]
fn symmetry_reduced_tables_match_plain_breadth_first_search() {
    let t = two_phase();
    let plain = plain_bfs(&t.twist_move, &t.slice_move, 495, 18, 18);
    for tw in 0..2187 {
        for sl in 0..495 {
            assert_eq!(t.twist_slice(tw, sl), plain.get(tw * 495 + sl));
        }
    }
    // The flip-twist table is the plain distance up to its cap.
    let plain = plain_bfs(&t.flip_move, &t.twist_move, 2187, 18, 18);
    for fl in 0..2048 {
        for tw in 0..2187 {
            assert_eq!(t.flip_twist(fl, tw), plain.get(fl * 2187 + tw).min(FLIP_TWIST_CAP));
        }
    }
    let plain = plain_bfs(&raw_phase2().0, &t.slice_perm_move, 24, 10, 10);
    for c in 0..40320 {
        for sp in 0..24 {
            assert_eq!(t.corner_slice(c, sp), plain.get(c * 24 + sp));
        }
    }
    let plain = plain_bfs(&raw_phase2().1, &t.corner_comb_move, 140, 10, 10);
    let mut rng = Rng::new(9);
    for _ in 0..200_000 {
        let (e, b) = (rng.below(40320) as usize, rng.below(140) as usize);
        assert_eq!(t.edge_comb(e, b), plain.get(e * 140 + b).min(EDGE_COMB_CAP));
    }
}

/// A distance table is right when 0 marks only the goal and every other entry has a neighbour
/// one closer and none closer than that.
fn check_consistent(table: &NibbleTable, next: impl Fn(usize) -> Vec<usize>, samples: &mut Rng) {
    assert_eq!(table.get(0), 0);
    for _ in 0..20_000 {
        let i = samples.below(table.len() as u64) as usize;
        let d = table.get(i);
        let around: Vec<u8> = next(i).into_iter().map(|j| table.get(j)).collect();
        if d == 0 {
            assert_eq!(i, 0);
        } else {
            assert_eq!(*around.iter().min().unwrap(), d - 1, "entry {i}");
        }
    }
}

#[test]
fn pruning_tables_are_consistent_with_their_moves() {
    let t = two_phase();
    let mut rng = Rng::new(6);
    let pairs = |n_b: usize, a_move: &'static [u16], b_move: &'static [u16], stride: usize| {
        move |i: usize| {
            (0..stride)
                .map(|k| a_move[i / n_b * stride + k] as usize * n_b + b_move[i % n_b * stride + k] as usize)
                .collect::<Vec<_>>()
        }
    };
    // `cap`: entries stored at the cap may be farther, so their nearest neighbour may be as far.
    let check_capped = |n_a: usize,
                        n_b: usize,
                        f: &dyn Fn(usize, usize) -> u8,
                        next: &dyn Fn(usize) -> Vec<usize>,
                        cap: u8,
                        rng: &mut Rng| {
        for _ in 0..20_000 {
            let i = rng.below((n_a * n_b) as u64) as usize;
            let d = f(i / n_b, i % n_b);
            let nearest = next(i).into_iter().map(|j| f(j / n_b, j % n_b)).min().unwrap();
            if d == 0 {
                assert_eq!(i, 0);
            } else if d == cap {
                assert!(nearest == d - 1 || nearest == d, "entry {i}");
            } else {
                assert_eq!(nearest, d - 1, "entry {i}");
            }
        }
    };
    let check = |n_a, n_b, f: &dyn Fn(usize, usize) -> u8, next: &dyn Fn(usize) -> Vec<usize>, rng: &mut Rng| {
        check_capped(n_a, n_b, f, next, u8::MAX, rng)
    };
    check(2187, 495, &|a, b| t.twist_slice(a, b), &pairs(495, &t.twist_move, &t.slice_move, 18), &mut rng);
    check(2048, 495, &|a, b| t.flip_slice(a, b), &pairs(495, &t.flip_move, &t.slice_move, 18), &mut rng);
    let flip_twist = pairs(2187, &t.flip_move, &t.twist_move, 18);
    check_capped(2048, 2187, &|a, b| t.flip_twist(a, b), &flip_twist, FLIP_TWIST_CAP, &mut rng);
    check(40320, 24, &|a, b| t.corner_slice(a, b), &pairs(24, &raw_phase2().0, &t.slice_perm_move, 10), &mut rng);
    let edge_comb = pairs(140, &raw_phase2().1, &t.corner_comb_move, 10);
    check_capped(40320, 140, &|a, b| t.edge_comb(a, b), &edge_comb, EDGE_COMB_CAP, &mut rng);
    let (moves, htm, _) = pocket_tables();
    check_consistent(htm.table(), |i| (0..9).map(|c| moves.apply(i, c)).collect(), &mut rng);
}

#[test]
fn table_bytes_round_trip_and_reject_corruption() {
    let (_, htm, qtm) = pocket_tables();
    let bytes = htm.to_bytes();
    assert_eq!(bytes.len(), HEADER_LEN + 1_837_080);
    let back = PocketDistance::from_bytes(&bytes, Metric::Htm).unwrap();
    assert_eq!(back.table(), htm.table());
    // Foreign bytes: another metric's table, wrong magic, version, truncation, a flipped bit.
    assert!(matches!(PocketDistance::from_bytes(&qtm.to_bytes(), Metric::Htm), Err(TableError::Header(_))));
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert_eq!(PocketDistance::from_bytes(&bad, Metric::Htm).err(), Some(TableError::Magic));
    let mut bad = bytes.clone();
    bad[8] = 99;
    assert_eq!(PocketDistance::from_bytes(&bad, Metric::Htm).err(), Some(TableError::Version(99)));
    assert_eq!(PocketDistance::from_bytes(&bytes[..1000], Metric::Htm).err(), Some(TableError::Truncated));
    assert_eq!(PocketDistance::from_bytes(&bytes[..10], Metric::Htm).err(), Some(TableError::Truncated));
    let mut bad = bytes.clone();
    bad[HEADER_LEN + 12345] ^= 0x10;
    assert_eq!(PocketDistance::from_bytes(&bad, Metric::Htm).err(), Some(TableError::Checksum));
    let mut bad = bytes.clone();
    bad[40] ^= 1; // the depth-1 count
    assert_eq!(PocketDistance::from_bytes(&bad, Metric::Htm).err(), Some(TableError::Checksum));
    assert!(format::from_bytes(&[], 1, 10).is_err());
}

#[test]
fn nibble_table_get_set() {
    let mut t = NibbleTable::new(5, 15);
    t.set(0, 3);
    t.set(1, 7);
    t.set(4, 0);
    assert_eq!((0..5).map(|i| t.get(i)).collect::<Vec<_>>(), [3, 7, 15, 15, 0]);
    assert_eq!(t.distribution()[15], 2);
}

#[test]
fn two_phase_tables_round_trip_through_bytes_and_reject_corruption() {
    use cubehint::tables::two_phase::TwoPhaseBuilder;
    let t = two_phase();
    let bytes = t.prune_bytes();
    let mut b = TwoPhaseBuilder::new();
    b.offer(&bytes).expect("a good copy");
    let back = b.finish();
    assert_eq!(back.twist_slice_prune, t.twist_slice_prune);
    assert_eq!(back.edge_comb_prune, t.edge_comb_prune);
    assert_eq!(back.flip_twist_prune, t.flip_twist_prune);
    // Offered once the steps before the pruning tables are done (as the page does while it
    // asks its store): read, not built.
    let mut b = TwoPhaseBuilder::new();
    let mut steps = 0;
    while !b.at_prunes() {
        b.step();
        steps += 1;
    }
    assert!(steps > 0 && steps < cubehint::tables::two_phase::BUILD_STEPS);
    b.offer(&bytes).expect("a good copy");
    assert_eq!(b.step(), cubehint::tables::two_phase::BUILD_STEPS, "nothing left to build");
    // A flipped bit, or bytes cut short: refused, and the build goes on to the right tables.
    for bad in [
        {
            let mut x = bytes.clone();
            x[200_000] ^= 4;
            x
        },
        bytes[..bytes.len() - 1].to_vec(),
    ] {
        let mut b = TwoPhaseBuilder::new();
        assert!(b.offer(&bad).is_err());
        assert!(b.at_prunes(), "the steps before the pruning tables were run to check it");
        assert_eq!(b.finish().corner_slice_prune, t.corner_slice_prune);
    }
}
