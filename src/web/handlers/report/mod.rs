//! The FIDE rating report of a tournament for the people who run it: the report checked as a
//! rating officer checks it ([`crate::formats::rating_report::check`], the check of
//! `arbiter report check`) on the very file the app writes
//! ([`crate::web::handlers::swiss::trf_export::report_text`]); what only they can give (the
//! chief arbiter, the dates of the rounds played) asked for on a form and kept; the download,
//! once nothing is missing; FIDE's norm forms (B.01), the IT1 certificate of a player's title
//! result and the IT3 tournament report, as PDF ([`norm_form`]).

pub mod certificate;
pub mod complete;
pub mod download;
pub mod norm_report;
pub mod show;
