//! arbiter: a chess tournament manager.
//!
//! Layers (arrows point inward only):
//! - pure cores: [`rules`] (FIDE Laws of Chess), [`tournament`] (the vocabulary: boards,
//!   results, pairing systems, Art. 10 scoring, standings, C.07 tie-breaks, B.02 ratings),
//!   [`pairing`] (the engines: C.04 Swiss, C.05 round robin, C.04.6 team Swiss; they use
//!   tournament's vocabulary), [`formats`] (TRF, CSV, PGN-free text formats);
//! - the planners above the engines: [`day`] (who is paired next, by which engine, for every
//!   system; what an imported event becomes);
//! - around them: [`db`] (diesel), [`web`] (actix-web + askama), [`print`](mod@print) (printpdf),
//!   [`cli`] (clap subcommands), [`publish`] (the venue's pusher to a public server),
//!   [`backup`] (automatic backups beside the server), [`hall`] (the hall network's address).

rust_i18n::i18n!("locales", fallback = "en");

pub mod backup;
pub mod cli;
pub mod day;
pub mod db;
pub mod formats;
pub mod hall;
pub mod pairing;
pub mod print;
pub mod publish;
pub mod rules;
pub mod tournament;
pub mod web;
