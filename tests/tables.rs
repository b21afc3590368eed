//! Layers 2 and 3: coordinates, move tables against cubie moves, pinned depth distributions,
//! and the table byte format.

mod common;

use common::random_moves;
use cubehint::coord::phase1::{Flip, Slice, Twist};
use cubehint::coord::phase2::{CornerPerm, SlicePerm, UdEdgePerm};
use cubehint::coord::pocket::{pocket_cube, pocket_index, PocketPerm, PocketTwist};
use cubehint::coord::{Coord, N_POCKET};
use cubehint::cube::{CubieCube, Face, Move, PocketCube};
use cubehint::rng::Rng;
use cubehint::scramble::random_cube;
use cubehint::tables::format::{self, HEADER_LEN};
use cubehint::tables::nibble::NibbleTable;
use cubehint::tables::pocket::{Metric, PocketDistance, PocketMoveTables, POCKET_MOVES};
use cubehint::tables::two_phase::{TwoPhaseTables, PHASE2_MOVES};
use cubehint::TableError;
use std::sync::OnceLock;

fn two_phase() -> &'static TwoPhaseTables {
    static T: OnceLock<TwoPhaseTables> = OnceLock::new();
    T.get_or_init(TwoPhaseTables::generate)
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
        for (k, &m) in PHASE2_MOVES.iter().enumerate() {
            let after = c.apply_move(m);
            assert_eq!(t.corner_perm_move[CornerPerm::get(&c) * 10 + k] as usize, CornerPerm::get(&after));
            assert_eq!(t.ud_edge_perm_move[UdEdgePerm::get(&c) * 10 + k] as usize, UdEdgePerm::get(&after));
            assert_eq!(t.slice_perm_move[SlicePerm::get(&c) * 10 + k] as usize, SlicePerm::get(&after));
        }
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

#[test]
fn two_phase_distributions_are_pinned() {
    let t = two_phase();
    assert_eq!(trimmed(&t.twist_slice_prune), [1, 4, 50, 586, 6184, 54066, 296322, 582492, 142520, 340]);
    assert_eq!(trimmed(&t.flip_slice_prune), [1, 4, 50, 532, 4804, 41832, 238263, 555636, 172314, 324]);
    assert_eq!(
        trimmed(&t.corner_slice_prune),
        [1, 10, 67, 404, 2023, 8504, 28545, 69734, 127540, 179700, 189120, 199200, 116112, 44416, 2304]
    );
    assert_eq!(
        trimmed(&t.edge_slice_prune),
        [1, 10, 67, 456, 3063, 18202, 86691, 290812, 434814, 120488, 11818, 1114, 144]
    );
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
    let n = 495;
    check_consistent(
        &t.twist_slice_prune,
        |i| (0..18).map(|k| t.twist_move[i / n * 18 + k] as usize * n + t.slice_move[i % n * 18 + k] as usize).collect(),
        &mut rng,
    );
    check_consistent(
        &t.flip_slice_prune,
        |i| (0..18).map(|k| t.flip_move[i / n * 18 + k] as usize * n + t.slice_move[i % n * 18 + k] as usize).collect(),
        &mut rng,
    );
    check_consistent(
        &t.corner_slice_prune,
        |i| (0..10).map(|k| t.corner_perm_move[i / 24 * 10 + k] as usize * 24 + t.slice_perm_move[i % 24 * 10 + k] as usize).collect(),
        &mut rng,
    );
    check_consistent(
        &t.edge_slice_prune,
        |i| (0..10).map(|k| t.ud_edge_perm_move[i / 24 * 10 + k] as usize * 24 + t.slice_perm_move[i % 24 * 10 + k] as usize).collect(),
        &mut rng,
    );
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
