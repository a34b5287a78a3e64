//! The pure tournament domain: who played whom with what result ([`model`]), scoring
//! (FIDE Laws Art. 10), standings, tie-breaks (C.07) and ratings (B.02).

pub mod model;
pub mod scoring;

pub use model::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};
pub use scoring::{PointSystem, Points};
