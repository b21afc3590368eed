//! The optimal search's lower bound: the flip table (with its groups' fallbacks) where there is
//! one, else h0 and the corner table (`docs/optimal.md`).

use super::corners::CornerTable;
use super::flip_build::FlipTableBuild;
use super::flip_table::{FlipTable, BASE};
use super::h0::{H0Build, H0Table};
use super::size::TableSize;
use crate::coord::flips;
use crate::coord::h0::{cocsep, esep_masks, N_H0};
use crate::coord::h0_coords::H0Coords;
use crate::coord::index::{ori_rank, perm_rank};
use crate::cube::CubieCube;
use crate::error::TableError;
use crate::tables::nibble::NibbleTable;
use crate::tables::provision::Build;
use std::borrow::Cow;

/// A cube's coordinates, its h0 entry and its entry in the flip table (`u64::MAX` without
/// one).
#[derive(Clone, Copy, Default)]
pub struct BoundEntry {
    cocsep: usize,
    /// The edge separation's slot masks ([`EsepConj::mask`](crate::coord::esep_conj::EsepConj::mask)).
    mask: u32,
    row: usize,
    flip: u64,
}

impl BoundEntry {
    /// The flip table's entry (`u64::MAX` with h0 alone).
    #[inline(always)]
    pub fn flip_entry(&self) -> u64 {
        self.flip
    }
}

/// What an entry is computed from: the corner class and symmetry (`class_sym`, in a table too
/// big for the cache: read for several cubes in a row, [`OptimalTables::keys`], their misses
/// overlap) and the edge slices' slots ([`EsepConj::mask`](crate::coord::esep_conj::EsepConj::mask)).
#[derive(Clone, Copy, Default)]
pub struct EntryKeys {
    class_sym: u32,
    mask: u32,
}

/// Every table of the optimal search read as one lower bound: h0 with the coordinates it is
/// read through, the corner table, or a flip table (which needs no h0).
pub struct OptimalTables {
    /// Coordinates, move tables and fallbacks.
    pub coords: H0Coords,
    /// The corner table read beside h0 (none beside a flip table).
    pub corners: Option<CornerTable>,
    /// The h0 table ([`H0Table::None`] beside a finished flip table).
    pub h0: H0Table,
    /// The flip table (h3 to h6), the whole bound when present ([`OptimalTables::set_flip`]).
    pub flip: Option<FlipTable>,
}

impl OptimalTables {
    /// Builds the tables of `size` in one go.
    pub fn generate(size: TableSize) -> OptimalTables {
        if let Some(bits) = size.flip_bits() {
            let coords = H0Coords::generate();
            let flip = FlipTableBuild::new(&coords, bits).finish(&coords);
            return OptimalTables::with_flip(coords, flip);
        }
        let (coords, h0) = H0Build::new(H0Coords::generate()).finish(size);
        OptimalTables::new(coords, h0)
    }

    /// A flip table read through `coords`, with no h0 (the flip table's groups hold its
    /// fallback).
    pub fn with_flip(coords: H0Coords, flip: FlipTable) -> OptimalTables {
        OptimalTables { coords, corners: None, h0: H0Table::None, flip: Some(flip) }
    }

    /// Puts `flip` in, and lets go of h0 (the near entries read while it built, or a whole h0)
    /// and the corner table: beside a flip table neither is read.
    pub fn set_flip(&mut self, flip: FlipTable) {
        self.flip = Some(flip);
        self.h0 = H0Table::None;
        self.corners = None;
    }

    /// `h0` read through `coords`, with the corner table (built here, under a second) and no
    /// flip table yet.
    pub fn new(coords: H0Coords, h0: H0Table) -> OptimalTables {
        OptimalTables { coords, corners: Some(CornerTable::generate()), h0, flip: None }
    }

    /// Reads the h0 table of `size` (h0 or h0-2bit) written by [`OptimalTables::to_bytes`],
    /// with freshly built coordinates.
    pub fn from_bytes(bytes: &[u8], size: TableSize) -> Result<OptimalTables, TableError> {
        let h0 = H0Table::from_bytes(bytes, size)?;
        Ok(OptimalTables::new(H0Coords::generate(), h0))
    }

    /// The h0 table's bytes ([`H0Table::to_bytes`]): none beside a flip table.
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        self.h0.to_bytes()
    }

    /// Counts of each stored value of the h0 table.
    pub fn distribution(&self) -> [u64; 16] {
        self.h0.distribution()
    }

    /// The base of the h0 table (0 but for the two-bit form).
    pub fn base(&self) -> u8 {
        self.h0.base()
    }

    /// The same tables with h0 in its two-bit form and no flip table.
    pub fn to_two_bit(&self) -> OptimalTables {
        OptimalTables {
            coords: self.coords.clone(),
            corners: self.corners.clone(),
            h0: self.h0.to_two_bit(),
            flip: None,
        }
    }

    /// The tables of a flip-table size while its flip table builds: `near`
    /// ([`FlipTableBuild::take_near`]) in place of h0, a weaker h0 (9 at most) to search with
    /// meanwhile; [`OptimalTables::set_flip`] lets go of it.
    pub fn with_near(coords: H0Coords, near: NibbleTable) -> OptimalTables {
        assert_eq!(near.len(), N_H0);
        OptimalTables::new(coords, H0Table::Near(near))
    }

    /// A lower bound on the moves that solve a cube with these coordinates.
    #[inline(always)]
    pub fn bound(&self, cocsep: usize, esep: usize) -> u32 {
        self.bound_row(self.coords.index(cocsep, esep), cocsep, self.coords.esym.mask(esep))
    }

    /// [`OptimalTables::bound`] given the coordinates' h0 entry `i` (and the edge slot masks in
    /// place of `esep`).
    #[inline(always)]
    fn bound_row(&self, i: usize, cocsep: usize, mask: u32) -> u32 {
        self.h0.bound(&self.coords, i, cocsep, mask)
    }

    /// The flip table's bound of a cube where there is one; else the h0 bound (the exact
    /// distance to the target group with the 4-bit table). Half turns applied before the cube
    /// change neither.
    #[inline]
    pub fn coords_bound(&self, cube: &CubieCube) -> u32 {
        self.bound_at(self.bound_entry(cube))
    }

    /// Where [`OptimalTables::coords_bound`] reads: found for several cubes before
    /// [`OptimalTables::bound_at`] reads them, the cache misses overlap.
    #[inline(always)]
    pub fn bound_entry(&self, cube: &CubieCube) -> BoundEntry {
        let flips = self.flip.as_ref().map_or(0, |_| flips::flips(cube));
        let cs = cocsep(cube);
        self.entry_at(self.keys(cs, esep_masks(cube)), cs, flips)
    }

    /// The [`EntryKeys`] of a cube's corners and edge slot masks `mask`.
    #[inline(always)]
    pub fn keys(&self, cocsep: usize, mask: u32) -> EntryKeys {
        EntryKeys { class_sym: self.coords.class_sym[cocsep], mask }
    }

    /// The entry of a cube given by its [`EntryKeys`], `cocsep` and edge flips.
    #[inline(always)]
    pub fn entry_at(&self, keys: EntryKeys, cocsep: usize, flips: u16) -> BoundEntry {
        let (cs, w) = (keys.class_sym as usize, keys.mask);
        let row = self.coords.row(cs, w);
        let flip = self.flip.as_ref().map_or(u64::MAX, |f| f.entry_in_row(row, cs & 63, w, flips));
        BoundEntry { cocsep, mask: w, row, flip }
    }

    /// The bound read where `at` says: at most [`OptimalTables::most`].
    #[inline(always)]
    pub fn bound_at(&self, at: BoundEntry) -> u32 {
        match &self.flip {
            Some(flip) => flip.bound(at.flip),
            None => self.bound_row(at.row, at.cocsep, at.mask),
        }
    }

    /// [`OptimalTables::bound_at`] of every entry of `at` with h0 alone (no flip table), into
    /// `bounds`. The table's bytes are read first, in a pass with no branch on what they hold,
    /// so that their cache misses overlap; then the bounds from them (as
    /// [`FlipTable::bounds`] does a flip table's).
    #[inline(always)]
    pub fn h0_bounds_at(&self, at: &[BoundEntry], bytes: &mut [u8], bounds: &mut [u32]) {
        debug_assert!(self.flip.is_none(), "h0 alone");
        let (bytes, bounds) = (&mut bytes[..at.len()], &mut bounds[..at.len()]);
        for (e, b) in at.iter().zip(bytes.iter_mut()) {
            *b = self.h0.byte_of(e.row);
        }
        for ((e, &b), bound) in at.iter().zip(bytes.iter()).zip(bounds.iter_mut()) {
            *bound = self.h0.bound_in(b, &self.coords, e.row, e.cocsep, e.mask);
        }
    }

    /// The largest bound [`OptimalTables::bound_at`] gives: 11 with a flip table (h3 to h6),
    /// whose 2-bit entries reach [`BASE`] + 3 (where one reads 0, "at most 8", its group's
    /// fallback says no more); `u32::MAX` (no limit assumed) with h0 alone. The search reads no entry where
    /// `most` cannot prune; were an entry to say more, it would only prune less.
    pub fn most(&self) -> u32 {
        if self.flip.is_some() {
            BASE as u32 + 3
        } else {
            u32::MAX
        }
    }

    /// The corner distance of a cube (0 without the corner table).
    #[inline]
    pub fn corner_bound(&self, cube: &CubieCube) -> u32 {
        self.corners.as_ref().map_or(0, |c| c.distance(perm_rank(&cube.cp), ori_rank(&cube.co, 3)))
    }

    /// A lower bound for a cube: the h0 bound and the corner distance, whichever is larger.
    pub fn bound_of(&self, cube: &CubieCube) -> u32 {
        self.coords_bound(cube).max(self.corner_bound(cube))
    }
}

/// The h0 build as a provisioning build of [`OptimalTables`] without a flip table.
pub struct H0Steps {
    build: H0Build,
    size: TableSize,
}

impl H0Steps {
    /// A build of the h0 table for `size` (its two-bit form for [`TableSize::H0TwoBit`]).
    pub fn new(size: TableSize) -> H0Steps {
        H0Steps { build: H0Build::new(H0Coords::generate()), size }
    }
}

impl Build for H0Steps {
    type Table = OptimalTables;
    fn step(&mut self) -> bool {
        self.build.step(40)
    }
    fn fraction(&self) -> f64 {
        self.build.reached() as f64 / N_H0 as f64
    }
    fn finish(self) -> OptimalTables {
        let (coords, h0) = self.build.finish(self.size);
        OptimalTables::new(coords, h0)
    }
    fn pieces(table: &OptimalTables) -> Vec<Cow<'_, [u8]>> {
        vec![table.to_bytes().expect("an h0 size's table").into()]
    }
}
