//! Results: one board with its audit log, and entering a result with the
//! optimistic lock (a second concurrent save gets a 409 page, nothing is overwritten), or the
//! arbiter's penalty result (Laws Art. 12.9, 11.3).

pub mod board;
pub mod enter;
pub mod penalty;
