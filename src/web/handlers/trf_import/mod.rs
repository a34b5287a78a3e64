//! TRF-2026 import: an organiser uploads (or pastes) a tournament report file made by
//! another program, e.g. Swiss-Manager, and gets a new, unpublished Swiss tournament with its
//! players, rounds and results. The file is read by [`crate::formats::trf`]; a bad file is
//! refused whole, with the line and column of the first problem.

pub mod convert;
pub mod form;
pub mod import;
