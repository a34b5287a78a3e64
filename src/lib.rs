//! arbiter: a chess tournament manager.
//!
//! Layers (arrows point inward only):
//! - pure cores: [`rules`] (FIDE Laws of Chess), [`pairing`] (C.04 Swiss, C.05 round robin),
//!   [`tournament`] (Art. 10 scoring, standings, C.07 tie-breaks, B.02 ratings),
//!   [`formats`] (TRF, CSV, PGN-free text formats);
//! - around them: [`db`] (diesel), [`web`] (actix-web + askama), [`print`](mod@print) (printpdf),
//!   [`cli`] (clap subcommands).

rust_i18n::i18n!("locales", fallback = "en");

pub mod cli;
pub mod db;
pub mod formats;
pub mod pairing;
pub mod print;
pub mod rules;
pub mod tournament;
pub mod web;
