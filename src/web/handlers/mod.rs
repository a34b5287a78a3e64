//! Request handlers, `<resource>/<action>.rs`, one action per file with the structs it uses.

pub mod assets;
pub mod auth;
pub mod home;
pub mod lang;
pub mod player;
pub mod result;
pub mod round;
pub mod standings;
pub mod tournament;
pub mod users;
