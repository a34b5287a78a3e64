//! A pushed event's pages on the public server, read-only, rendered from the public state the
//! venue pushed, marked "published from the venue at ...": the event (`/events/{id}`: the
//! standings with their tie-break values, a team event's team standings and matches, the
//! pairings and results of every published round), its crosstable (`/events/{id}/crosstable`,
//! the venue's wallchart built from the document) and each player's card
//! (`/events/{id}/players/{number}`) with the working of its tie-break values
//! (`/events/{id}/standings/working/{number}`, the venue's working computed from the document);
//! a round's games followed live at the venue (`/events/{id}/rounds/{n}/games` and its
//! `broadcast.pgn`), as the venue pushed them, already delayed.

pub mod broadcast;
pub mod crosstable;
pub mod games;
pub mod player;
pub mod show;
pub mod working;
