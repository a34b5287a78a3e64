//! View-models several handlers share: the structs a page or a part of a page is rendered from,
//! so that no handler imports another handler's module.

pub mod api;
pub mod captain;
pub mod console;
pub mod desk;
pub mod events;
pub mod game_score;
pub mod incident;
pub mod league;
pub mod league_match;
pub mod live;
pub mod player;
pub mod player_card;
pub mod player_import;
pub mod print;
pub mod prizes;
pub mod publishing;
pub mod pushed;
pub mod report;
pub mod result;
pub mod round;
pub mod schedule;
pub mod screen;
pub mod self_report;
pub mod series;
pub mod standings;
pub mod swiss;
pub mod tournament;
pub mod tournament_form;
pub mod trf_import;
pub mod users;
pub mod venue;
