//! Text formats <-> domain types (TRF16/TRF-2026, CSV player lists), with line/column errors.

pub mod csv;
pub mod round_pgn;
pub mod trf;
