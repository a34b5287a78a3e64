//! The hall screen ([`crate::web::pages::screen`]): of a tournament of this server, and of an
//! event a venue pushed.

pub mod event;
pub mod show;
