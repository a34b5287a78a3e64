//! Results: one board with its audit log, and entering a result with the
//! optimistic lock (a second concurrent save gets a 409 page, nothing is overwritten).

pub mod board;
pub mod enter;
