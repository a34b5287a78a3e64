//! The round schedule: the date and start time of each round, edited by whoever runs the day
//! ([`crate::tournament::schedule`]); shown on the tournament and round pages and printed on
//! scoresheets and pairing lists.

pub mod save;
pub mod show;
