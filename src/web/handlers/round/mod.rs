//! Rounds: round-robin pairing with the Berger tables (C.05 Annex 1), the pairing/result list
//! of a round, and publishing it.

pub mod pair;
pub mod publish;
pub mod show;
