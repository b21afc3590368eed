//! Table provisioning: the one way every front end gets a big table. Stored bytes are offered
//! first and checked as they are read (a table whose header, size, checksum or distribution is
//! wrong is refused with the reason, never used); without good bytes the table is built in
//! steps, between which the caller reports progress or cancels; a built table is written back
//! to the store, and a failed write costs only a rebuild next time, never the table in hand.
//!
//! The core knows no files: a [`Store`] is whatever keeps bytes (files natively,
//! [`crate::native::FileStore`]; the browser's storage in the worker). `docs/architecture.md`
//! shows where each front end plugs in.

use crate::error::TableError;
use std::borrow::Cow;

/// Where tables are kept between runs, by name (`phase1.bin`, `optimal-h6.bin`, …).
pub trait Store {
    /// Hands the stored bytes of `name` to `sink` in order, a piece at a time; `Ok(false)` when
    /// there is nothing stored under that name. A sink error stops the read and is returned.
    fn read(&mut self, name: &str, sink: &mut dyn FnMut(&[u8]) -> Result<(), TableError>) -> Result<bool, StoreError>;
    /// Keeps `pieces`, concatenated, under `name`, replacing what was there only once all of it
    /// is written (a reader never sees half a table).
    fn write(&mut self, name: &str, pieces: &[Cow<'_, [u8]>]) -> Result<(), StoreError>;
    /// Drops what is kept under `name` (a copy that failed its checks).
    fn remove(&mut self, name: &str);
}

/// Why a store could not read or write.
#[derive(Debug)]
pub enum StoreError {
    /// The store itself failed (a file system error, say), with its message.
    Io(String),
    /// The bytes were read but refused.
    Table(TableError),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Io(e) => write!(f, "{e}"),
            StoreError::Table(e) => write!(f, "{e}"),
        }
    }
}

/// Reads one table from its bytes in pieces.
pub trait TableReader<T> {
    /// The next bytes; an error as soon as they cannot be right (the header, the size).
    fn push(&mut self, bytes: &[u8]) -> Result<(), TableError>;
    /// The table, once every byte is read and the whole checks out (checksum, distribution).
    fn finish(self) -> Result<T, TableError>;
}

/// A table built in steps.
pub trait Build {
    /// The table it builds.
    type Table;
    /// Does one slice of the work; false once nothing is left.
    fn step(&mut self) -> bool;
    /// How far the build is, 0 to 1.
    fn fraction(&self) -> f64;
    /// The finished table (does what is left first).
    fn finish(self) -> Self::Table;
    /// The table's bytes to keep, as pieces (a header and the entries, say: no whole copy).
    fn pieces(table: &Self::Table) -> Vec<Cow<'_, [u8]>>;
}

/// Where a provisioned table came from.
#[derive(Debug)]
pub enum Source {
    /// Read from the store and checked.
    Stored,
    /// Built: nothing was stored, or what was stored was refused (the reason).
    Built {
        /// Why stored bytes were not used, if there were any.
        refused: Option<StoreError>,
        /// Whether the table was written to the store: `None` when not asked to keep it.
        kept: Option<Result<(), StoreError>>,
    },
}

/// Why [`provide`] gave no table.
#[derive(Debug)]
pub enum ProvideError {
    /// The caller stopped the build (its `progress` returned true); nothing was kept.
    Cancelled,
    /// The stored copy was refused and [`Policy::rebuild_refused`] was false (a folder the user
    /// named: better said than silently rebuilt).
    Refused(StoreError),
}

/// What [`provide`] may do besides reading.
#[derive(Clone, Copy, Debug)]
pub struct Policy {
    /// Write a built table back to the store (and drop a refused copy first).
    pub keep: bool,
    /// Build when the stored copy is refused, rather than give up.
    pub rebuild_refused: bool,
}

/// Gets the table `name`: read through `reader` from `store` when it holds good bytes, else
/// built through `build`, calling `progress` with the fraction done before each step (true
/// cancels). `reader` is `None` to build without asking the store.
pub fn provide<B: Build>(
    store: &mut dyn Store,
    name: &str,
    reader: Option<impl TableReader<B::Table>>,
    build: impl FnOnce() -> B,
    policy: Policy,
    progress: &mut dyn FnMut(f64) -> bool,
) -> Result<(B::Table, Source), ProvideError> {
    let mut refused = None;
    if let Some(mut r) = reader {
        match store.read(name, &mut |piece| r.push(piece)) {
            Ok(true) => match r.finish() {
                Ok(t) => return Ok((t, Source::Stored)),
                Err(e) => refused = Some(StoreError::Table(e)),
            },
            Ok(false) => {}
            Err(e) => refused = Some(e),
        }
    }
    if let Some(e) = refused.take() {
        if !policy.rebuild_refused {
            return Err(ProvideError::Refused(e));
        }
        if policy.keep && matches!(e, StoreError::Table(_)) {
            store.remove(name);
        }
        refused = Some(e);
    }
    let mut job = Provision::Missing;
    let mut build = Some(build);
    loop {
        if progress(job.fraction()) {
            return Err(ProvideError::Cancelled);
        }
        if job.step(|| build.take().expect("started once")()) >= 1.0 {
            break;
        }
    }
    let table = job.into_table().expect("ready after its last step");
    let kept = policy.keep.then(|| store.write(name, &B::pieces(&table)));
    Ok((table, Source::Built { refused, kept }))
}

/// One table on its way, for a caller that cannot wait on a store (the browser's worker, which
/// reads and writes its storage asynchronously): it offers stored bytes when they arrive,
/// builds a step at a time meanwhile, and keeps [`Provision::pieces`] once ready. [`provide`]
/// drives the same steps for a store it can wait on.
pub enum Provision<B: Build> {
    /// Nothing yet.
    Missing,
    /// Built in steps.
    Building(B),
    /// Read from a store, or built.
    Ready(B::Table),
}

impl<B: Build> Provision<B> {
    /// Takes a stored copy once `read` has checked it; a refused copy changes nothing (a build
    /// under way goes on) and its reason is returned.
    pub fn offer(&mut self, read: impl FnOnce() -> Result<B::Table, TableError>) -> Result<(), TableError> {
        *self = Provision::Ready(read()?);
        Ok(())
    }

    /// One step of the build, started by `start` when none is under way (starting counts as a
    /// step); the fraction done, 1 once the table is ready.
    pub fn step(&mut self, start: impl FnOnce() -> B) -> f64 {
        match self {
            Provision::Ready(_) => return 1.0,
            Provision::Missing => *self = Provision::Building(start()),
            Provision::Building(b) => {
                if !b.step() {
                    let Provision::Building(b) = std::mem::replace(self, Provision::Missing) else { unreachable!() };
                    *self = Provision::Ready(b.finish());
                }
            }
        }
        self.fraction()
    }

    /// How far it is: 0 to 1 (below 1 until the table is ready).
    pub fn fraction(&self) -> f64 {
        match self {
            Provision::Missing => 0.0,
            Provision::Building(b) => b.fraction().min(0.999),
            Provision::Ready(_) => 1.0,
        }
    }

    /// The build under way, if any.
    pub fn building(&mut self) -> Option<&mut B> {
        match self {
            Provision::Building(b) => Some(b),
            _ => None,
        }
    }

    /// The build under way, started by `start` if there is none yet (not for a ready table).
    pub fn building_or(&mut self, start: impl FnOnce() -> B) -> &mut B {
        if let Provision::Missing | Provision::Ready(_) = self {
            *self = Provision::Building(start());
        }
        let Provision::Building(b) = self else { unreachable!() };
        b
    }

    /// The table, once ready.
    pub fn table(&self) -> Option<&B::Table> {
        match self {
            Provision::Ready(t) => Some(t),
            _ => None,
        }
    }

    /// The table, once ready, for changes in place.
    pub fn table_mut(&mut self) -> Option<&mut B::Table> {
        match self {
            Provision::Ready(t) => Some(t),
            _ => None,
        }
    }

    /// The table, once ready, taken out.
    pub fn into_table(self) -> Option<B::Table> {
        match self {
            Provision::Ready(t) => Some(t),
            _ => None,
        }
    }

    /// The ready table's bytes to keep, in pieces.
    pub fn pieces(&self) -> Option<Vec<Cow<'_, [u8]>>> {
        self.table().map(B::pieces)
    }
}

/// A [`TableReader`] for tables read whole: the pieces are gathered, then `read` checks them.
pub struct WholeReader<T, F: FnOnce(&[u8]) -> Result<T, TableError>> {
    bytes: Vec<u8>,
    read: F,
}

impl<T, F: FnOnce(&[u8]) -> Result<T, TableError>> WholeReader<T, F> {
    /// A reader that hands the whole bytes to `read`.
    pub fn new(read: F) -> Self {
        WholeReader { bytes: Vec::new(), read }
    }
}

impl<T, F: FnOnce(&[u8]) -> Result<T, TableError>> TableReader<T> for WholeReader<T, F> {
    fn push(&mut self, bytes: &[u8]) -> Result<(), TableError> {
        self.bytes.extend_from_slice(bytes);
        Ok(())
    }
    fn finish(self) -> Result<T, TableError> {
        (self.read)(&self.bytes)
    }
}

/// A store that keeps nothing (`CUBEHINT_CACHE=off`).
pub struct NoStore;

impl Store for NoStore {
    fn read(&mut self, _: &str, _: &mut dyn FnMut(&[u8]) -> Result<(), TableError>) -> Result<bool, StoreError> {
        Ok(false)
    }
    fn write(&mut self, _: &str, _: &[Cow<'_, [u8]>]) -> Result<(), StoreError> {
        Ok(())
    }
    fn remove(&mut self, _: &str) {}
}
