//! Series (a club's Grand Prix, a region's cup): the organiser's list and new series
//! ([`list`], [`create`]), the rules and events ([`edit`], [`save`], [`add_tournament`],
//! [`import`], [`remove`], [`move_event`]), and for everyone the ranking ([`show`]), a player's
//! trace ([`player`]) and the PDF ([`print`]). The rules are
//! [`crate::tournament::series`]'s; only the series' organiser or an administrator edits
//! ([`crate::web::access::load_editable_series`]).

pub mod add_tournament;
pub mod create;
pub mod edit;
pub mod import;
pub mod list;
pub mod move_event;
pub mod player;
pub mod print;
pub mod remove;
pub mod save;
pub mod show;
