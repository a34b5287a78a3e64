//! A team league's pages: teams and squads with the league's settings, the schedule drawn by
//! the Berger tables (or, for a team Swiss, each round paired by C.04.6, published, unpaired), each round's matches, a match with its line-ups and board results, the
//! arbiter's penalty points, standings, crosstable, match sheets (PDF) and the TRF export.
//! The writes go through [`crate::db::store`]; the scoring and ranking are the pure core's
//! ([`crate::tournament::team`]).

pub mod add_member;
pub mod add_team;
pub mod captain_link;
pub mod crosstable;
pub mod draw;
pub mod export;
pub mod lineup;
pub mod match_page;
pub mod pair;
pub mod penalty;
pub mod print_tables;
pub mod round;
pub mod settings;
pub mod sheets;
pub mod squad_order;
pub mod standings;
pub mod status;
pub mod swap;
pub mod teams;
pub mod working;
