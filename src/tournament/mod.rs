//! The pure tournament domain: who played whom with what result ([`model`], [`board`],
//! [`result`]), the pairing systems ([`system`]), participation ([`byes`]), scoring (FIDE Laws
//! Art. 10), standings, tie-breaks (C.07), ratings (B.02) and the alphabetical order of names
//! ([`collation`], C.04.2 Art. 2.2.3), and team competitions ([`team`]).
//!
//! This is the vocabulary the engines and the planners (`day`) share;
//! nothing here calls an engine. The flow of a round: the store (in the database layer) reads a
//! `day::DayState` inside its write transaction, `day::plan_next_round` answers with the boards
//! (and new starting numbers, late entries' bye rows), the store writes them; results are
//! [`result::BoardResult`]s on those boards; standings and tie-breaks read the
//! [`model::Tournament`] the boards make.

pub mod board;
pub mod byes;
pub mod collation;
pub mod default_time;
pub mod desk;
pub mod entries;
pub mod entry_fields;
pub mod incident;
pub mod live_link;
pub mod model;
pub mod norms;
pub mod personal_link;
pub mod prizes;
pub mod rating;
pub mod rating_basis;
pub mod rating_refresh;
pub mod result;
pub mod schedule;
pub mod scoring;
pub mod self_report;
pub mod series;
pub mod standings;
pub mod starting_rank;
pub mod system;
pub mod team;
pub mod tiebreak;
pub mod time_zone;

pub use model::{
    Acceleration, Color, ForbiddenPairs, GameResult, PairingSetup, Player, PlayerId,
    PointAdjustment, RoundEntry, Tournament,
};
pub use scoring::{PointSystem, Points};
