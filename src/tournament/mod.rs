//! The pure tournament domain: who played whom with what result ([`model`]), scoring
//! (FIDE Laws Art. 10), standings, tie-breaks (C.07), ratings (B.02) and the alphabetical
//! order of names ([`collation`], C.04.2 Art. 2.2.3).

pub mod board;
pub mod byes;
pub mod collation;
pub mod day;
pub mod default_time;
pub mod model;
pub mod rating;
pub mod result;
pub mod scoring;
pub mod self_report;
pub mod standings;
pub mod starting_rank;
pub mod tiebreak;

pub use model::{
    Acceleration, Color, ForbiddenPairs, GameResult, PairingSetup, Player, PlayerId, RoundEntry,
    Tournament,
};
pub use scoring::{PointSystem, Points};
