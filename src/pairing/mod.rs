//! Pairing systems: FIDE Dutch Swiss (C.04.3), the FIDE team Swiss (C.04.6), round robin (C.05),
//! and the generic maximum-weight matcher they share; the random tournaments of FIDE's
//! endorsement run (C.02).
//! Pure: no I/O.

pub mod baku;
pub mod dutch;
pub mod generator;
pub mod matching;
pub mod pairing_check;
pub mod round_robin;
pub mod team_swiss;
