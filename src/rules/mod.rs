//! The FIDE Laws of Chess (Laws 2023): positions, moves, notation, game end, draws, clocks,
//! illegal moves and scoresheet checking. Pure: no I/O, nothing of ours underneath.

pub mod clock;
pub mod dead;
