//! Standings (points, then starting rank until tie-breaks are chosen) and the round-robin
//! crosstable, computed by `tournament::standings` from the rounds whose results are complete.

pub mod crosstable;
pub mod show;
