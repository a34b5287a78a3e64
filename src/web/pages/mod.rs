//! View-models several handlers share: the structs a page or a part of a page is rendered from,
//! so that no handler imports another handler's module.

pub mod api;
pub mod incident;
pub mod league;
pub mod live;
pub mod player;
pub mod prizes;
pub mod publishing;
pub mod report;
pub mod result;
pub mod schedule;
pub mod standings;
pub mod tournament;
