//! Text formats <-> domain types (TRF16/TRF-2026, CSV and spreadsheet player lists, FIDE's
//! rating list), with line/column errors;
//! [`text`] finds the encoding of the bytes every reader starts from.

pub mod csv;
pub mod fide_list;
pub mod live_feed;
pub mod move_source;
pub mod public_live;
pub mod public_state;
pub mod public_state_trf;
pub mod rating_report;
pub mod round_pgn;
pub mod series_event;
pub mod spreadsheet;
pub mod text;
pub mod trf;
