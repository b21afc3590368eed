//! Which tables the optimal solver reads, named h0 to h6 everywhere (code, CLI, page, address).

/// The optimal solver's table sets: h0 alone (2 or 4 bits an entry), or a flip table h3 to h6
/// alone. Sizes and the trade-off are in `docs/tables.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSize {
    /// h0 at 2 bits per entry, 29.4 MB.
    H0TwoBit,
    /// h0 at 4 bits per entry, 58.8 MB.
    H0,
    /// The h3 flip table (242.7 MB), with its groups' fallbacks: no h0 beside it.
    H3,
    /// The h4 flip table (485.4 MB).
    H4,
    /// The h5 flip table (970.9 MB).
    H5,
    /// The h6 flip table (1.94 GB; its entries are numbered in a u64, its bytes fit wasm32).
    H6,
}

impl TableSize {
    /// Every size, smallest first.
    pub const ALL: [TableSize; 6] =
        [TableSize::H0TwoBit, TableSize::H0, TableSize::H3, TableSize::H4, TableSize::H5, TableSize::H6];

    /// Reads a size's name ([`TableSize::name`]), or one of the names earlier versions used:
    /// `small`, `medium`, `large` and `huge` for h0-2bit, h0, h3 and h4.
    pub fn parse(s: &str) -> Option<TableSize> {
        let alias = match s {
            "small" => "h0-2bit",
            "medium" => "h0",
            "large" => "h3",
            "huge" => "h4",
            other => other,
        };
        TableSize::ALL.into_iter().find(|t| t.name() == alias)
    }

    /// `h0-2bit`, `h0`, `h3`, `h4`, `h5` or `h6`.
    pub fn name(self) -> &'static str {
        match self {
            TableSize::H0TwoBit => "h0-2bit",
            TableSize::H0 => "h0",
            TableSize::H3 => "h3",
            TableSize::H4 => "h4",
            TableSize::H5 => "h5",
            TableSize::H6 => "h6",
        }
    }

    /// The edge flips kept by the size's flip table (3 for h3 and so on), if any.
    pub fn flip_bits(self) -> Option<usize> {
        match self {
            TableSize::H0TwoBit | TableSize::H0 => None,
            TableSize::H3 => Some(3),
            TableSize::H4 => Some(4),
            TableSize::H5 => Some(5),
            TableSize::H6 => Some(6),
        }
    }

    /// The size whose flip table keeps `bits` flips.
    pub fn with_flips(bits: usize) -> Option<TableSize> {
        TableSize::ALL.into_iter().find(|s| s.flip_bits() == Some(bits))
    }
}
