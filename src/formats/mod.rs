//! Text formats <-> domain types (TRF16/TRF-2026, CSV player lists), with line/column errors;
//! [`text`] finds the encoding of the bytes every reader starts from.

pub mod csv;
pub mod rating_report;
pub mod round_pgn;
pub mod text;
pub mod trf;
