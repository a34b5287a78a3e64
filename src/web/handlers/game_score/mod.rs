//! Game scores: the arbiter pastes or uploads a game (PGN or a move list) for a
//! board; the games of a round are exported as one PGN file.

pub mod edit;
pub mod export;
pub mod save;
