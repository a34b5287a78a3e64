//! Request handlers, `<resource>/<action>.rs`, one action per file with the structs it uses.

pub mod assets;
pub mod auth;
pub mod game_score;
pub mod home;
pub mod incident;
pub mod lang;
pub mod league;
pub mod live;
pub mod player;
pub mod player_card;
pub mod print;
pub mod prizes;
pub mod rating_list;
pub mod report;
pub mod result;
pub mod round;
pub mod schedule;
pub mod self_report;
pub mod standings;
pub mod swiss;
pub mod tournament;
pub mod trf_import;
pub mod users;
