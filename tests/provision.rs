//! The table-provisioning component with faults: truncated, corrupted and wrong-version files,
//! a store that cannot write or read, a cancel in the middle of a build and a restart after it.
//! None may hand out a table from bad bytes or lose a good one. The table is the exact phase-1
//! table (35 MB, built in a few seconds), kept in files as the CLI keeps it.

use cubehint::error::TableError;
use cubehint::native::FileStore;
use cubehint::tables::phase1::{Phase1Build, Phase1Table};
use cubehint::tables::provision::{
    provide, Build, Policy, ProvideError, Source, Store, StoreError, TableReader, WholeReader,
};
use cubehint::tables::two_phase::TwoPhaseTables;
use std::borrow::Cow;
use std::sync::OnceLock;

const NAME: &str = "phase1.bin";
/// Where the table format keeps its version (after the 8-byte magic).
const VERSION_AT: usize = 8;

fn two_phase() -> &'static TwoPhaseTables {
    static T: OnceLock<TwoPhaseTables> = OnceLock::new();
    T.get_or_init(TwoPhaseTables::generate)
}

/// The table's bytes, built once the plain way.
fn good_bytes() -> &'static [u8] {
    static B: OnceLock<Vec<u8>> = OnceLock::new();
    B.get_or_init(|| Phase1Table::generate(two_phase()).to_bytes())
}

/// A fresh folder of its own for each test.
fn folder(test: &str) -> FileStore {
    let dir = std::env::temp_dir().join(format!("cubehint-provision-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    FileStore { dir: dir.to_str().expect("a path").to_string() }
}

fn path(store: &FileStore) -> String {
    format!("{}/{NAME}", store.dir)
}

fn reader() -> impl TableReader<Phase1Table> {
    WholeReader::new(Phase1Table::from_bytes)
}

fn build() -> Phase1Build {
    Phase1Build::new(two_phase())
}

/// The CLI's cache: keep what is built, rebuild what is refused.
const CACHE: Policy = Policy { keep: true, rebuild_refused: true };
/// A folder the user named: read only, and a refusal is an error.
const NAMED: Policy = Policy { keep: false, rebuild_refused: false };

fn run(store: &mut dyn Store, policy: Policy) -> Result<(Phase1Table, Source), ProvideError> {
    provide(store, NAME, Some(reader()), build, policy, &mut |_| false)
}

#[test]
fn a_build_is_kept_and_read_back_the_next_time() {
    let mut store = folder("kept");
    let (table, source) = run(&mut store, CACHE).expect("built");
    assert!(matches!(source, Source::Built { refused: None, kept: Some(Ok(())) }), "{source:?}");
    assert_eq!(table.to_bytes(), good_bytes(), "the provisioned build equals the plain one");
    assert_eq!(std::fs::read(path(&store)).expect("kept"), good_bytes(), "written whole, no temporary left");
    assert_eq!(std::fs::read_dir(&store.dir).expect("the folder").count(), 1);
    let (again, source) = run(&mut store, CACHE).expect("read");
    assert!(matches!(source, Source::Stored), "{source:?}");
    assert_eq!(again.to_bytes(), good_bytes());
}

/// Each way a stored copy can be wrong, and what it must be refused for.
fn damaged() -> Vec<(&'static str, Vec<u8>)> {
    let good = good_bytes();
    let mut checksum = good.to_vec();
    let last = checksum.len() - 1;
    checksum[last] ^= 0x10;
    let mut version = good.to_vec();
    version[VERSION_AT] = version[VERSION_AT].wrapping_add(1);
    vec![
        ("truncated", good[..good.len() / 2].to_vec()),
        ("a header cut short", good[..100].to_vec()),
        ("a changed entry", checksum),
        ("another version", version),
        ("not a table", b"hello, this is not a table at all".to_vec()),
        ("empty", Vec::new()),
    ]
}

#[test]
fn bad_bytes_in_a_named_folder_are_refused_with_the_reason_and_left_alone() {
    let mut store = folder("named");
    for (what, bytes) in damaged() {
        std::fs::write(path(&store), &bytes).expect("written");
        match run(&mut store, NAMED) {
            Err(ProvideError::Refused(StoreError::Table(e))) => {
                let reason = e.to_string();
                assert!(!reason.is_empty(), "{what}");
                if what == "another version" {
                    assert!(matches!(e, TableError::Version(_)) && reason.contains("version"), "{what}: {reason}");
                }
                if what == "a changed entry" {
                    assert!(matches!(e, TableError::Checksum), "{what}: {reason}");
                }
            }
            Err(e) => panic!("{what}: refused the wrong way: {e:?}"),
            Ok(_) => panic!("{what}: bad bytes were taken"),
        }
        assert_eq!(std::fs::read(path(&store)).expect("still there"), bytes, "{what}: the user's file is untouched");
    }
}

#[test]
fn a_bad_copy_in_the_cache_is_rebuilt_and_replaced() {
    let mut store = folder("cache");
    std::fs::write(path(&store), &good_bytes()[..1000]).expect("written");
    let (table, source) = run(&mut store, CACHE).expect("rebuilt");
    assert!(matches!(&source, Source::Built { refused: Some(StoreError::Table(_)), kept: Some(Ok(())) }), "{source:?}");
    assert_eq!(table.to_bytes(), good_bytes());
    assert_eq!(std::fs::read(path(&store)).expect("replaced"), good_bytes());
}

/// A store whose writes fail (a full disk, a read-only folder), holding a good copy or none.
struct FailingWrites {
    inner: FileStore,
    writes: usize,
}

impl Store for FailingWrites {
    fn read(&mut self, name: &str, sink: &mut dyn FnMut(&[u8]) -> Result<(), TableError>) -> Result<bool, StoreError> {
        self.inner.read(name, sink)
    }
    fn write(&mut self, _: &str, _: &[Cow<'_, [u8]>]) -> Result<(), StoreError> {
        self.writes += 1;
        Err(StoreError::Io("no space left on device".into()))
    }
    fn remove(&mut self, name: &str) {
        self.inner.remove(name)
    }
}

#[test]
fn a_failed_write_keeps_the_table_in_hand_and_says_so() {
    let mut store = FailingWrites { inner: folder("write"), writes: 0 };
    let (table, source) = run(&mut store, CACHE).expect("built all the same");
    assert_eq!(store.writes, 1);
    match source {
        Source::Built { kept: Some(Err(e)), .. } => assert!(e.to_string().contains("no space"), "{e}"),
        other => panic!("the failed write is not reported: {other:?}"),
    }
    assert_eq!(table.to_bytes(), good_bytes(), "the table built is whole");
    assert!(!std::path::Path::new(&path(&store.inner)).exists(), "nothing half-written");
}

#[test]
fn a_real_file_system_error_is_reported_and_nothing_is_removed() {
    // The folder's name is a file: reading "DIR/phase1.bin" fails as a file-system error, not a
    // bad table, so nothing is removed, and the write fails too.
    let base = folder("io");
    let file = format!("{}/not-a-folder", base.dir);
    std::fs::write(&file, b"x").expect("written");
    let mut store = FileStore { dir: file.clone() };
    let (table, source) = run(&mut store, CACHE).expect("built");
    match source {
        Source::Built { refused: Some(StoreError::Io(_)), kept: Some(Err(StoreError::Io(_))) } => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(table.to_bytes(), good_bytes());
    assert_eq!(std::fs::read(&file).expect("still there"), b"x");
}

#[test]
fn a_cancelled_build_keeps_nothing_and_a_restart_builds_it_whole() {
    let mut store = folder("cancel");
    let mut calls = 0;
    let mut fractions = Vec::new();
    let cancelled = provide(&mut store, NAME, Some(reader()), build, CACHE, &mut |f| {
        calls += 1;
        fractions.push(f);
        calls > 5
    });
    assert!(matches!(cancelled, Err(ProvideError::Cancelled)));
    assert!(fractions.windows(2).all(|w| w[0] <= w[1]) && fractions[0] < 1.0, "progress only grows: {fractions:?}");
    assert_eq!(std::fs::read_dir(&store.dir).expect("the folder").count(), 0, "nothing kept");
    let (table, source) = run(&mut store, CACHE).expect("restarted");
    assert!(matches!(source, Source::Built { refused: None, kept: Some(Ok(())) }), "{source:?}");
    assert_eq!(table.to_bytes(), good_bytes());
    assert_eq!(std::fs::read(path(&store)).expect("kept"), good_bytes());
}

#[test]
fn pieces_are_the_bytes() {
    // What a build hands the store piece by piece is the table's byte format.
    let table = Phase1Table::from_bytes(good_bytes()).expect("good");
    let whole: Vec<u8> = Phase1Build::pieces(&table).concat();
    assert_eq!(whole, good_bytes());
}

#[test]
fn stepwise_provisioning_takes_a_good_copy_mid_build_and_never_a_bad_one() {
    // The worker's way: build steps while the store is asked; offers come in between.
    use cubehint::tables::provision::Provision;
    let mut job: Provision<Phase1Build> = Provision::Missing;
    let mut fractions = vec![job.fraction()];
    for _ in 0..3 {
        fractions.push(job.step(build));
    }
    assert!(fractions.windows(2).all(|w| w[0] <= w[1]) && fractions[3] < 1.0, "{fractions:?}");
    for (what, bytes) in damaged() {
        assert!(job.offer(|| Phase1Table::from_bytes(&bytes)).is_err(), "{what}: taken");
        assert!(job.table().is_none() && job.building().is_some(), "{what}: the build under way was lost");
    }
    job.offer(|| Phase1Table::from_bytes(good_bytes())).expect("a good copy");
    assert_eq!(job.step(build), 1.0, "ready: nothing left to build");
    assert_eq!(job.pieces().expect("ready").concat(), good_bytes());
}
