//! Tournaments: create, edit, show, publish, assign arbiters (the access rules every
//! tournament page shares are in [`crate::web::access`]).

pub mod add_arbiter;
pub mod create;
pub mod edit;
pub mod new;
pub mod publish;
pub mod show;
pub mod update;
