//! A team captain's pages behind their personal link ([`crate::web::pages::captain`]).

pub mod confirm;
pub mod lineup;
pub mod show;
