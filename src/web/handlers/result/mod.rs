//! Results: one board with its audit log, and entering a result with the
//! optimistic lock (a second concurrent save gets a 409 page, nothing is overwritten), or the
//! arbiter's penalty result (Laws Art. 12.9, 11.3). A game of an individual event
//! (`/tournaments/{id}/games/{game}`) and a board of a team match
//! (`/tournaments/{id}/league/boards/{board}`) are entered by the same handlers through the
//! one store write ([`crate::db::store::set_result`], [`crate::db::store::enter_penalty`]).

pub mod board;
pub mod enter;
pub mod penalty;
