//! Rounds: round-robin pairing with the Berger tables (C.05 Annex 1), the pairing/result list
//! of a round, publishing it, and unpairing the last round (every system).

pub mod pair;
pub mod publish;
pub mod show;
pub mod unpair;
