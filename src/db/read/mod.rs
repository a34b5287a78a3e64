//! Reads that several pages (or the API and the pusher) share: each gathers what it needs from
//! the models in one place, so that no handler reads models in several round trips of its own.

pub mod desk;
pub mod events;
pub mod live;
pub mod public_state;
pub mod publishing;
pub mod self_report;
pub mod series;
