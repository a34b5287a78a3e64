//! Pairing systems: FIDE Dutch Swiss (C.04.3), round robin (C.05), and the generic
//! maximum-weight matcher they share. Pure: no I/O.

pub mod baku;
pub mod dutch;
pub mod matching;
pub mod pairing_check;
pub mod round_robin;
