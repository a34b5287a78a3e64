//! The arbiter's console of a round followed live from electronic boards
//! ([`crate::web::pages::console`]): the boards, their Server-Sent Events, a board's page with
//! its raw log, the arbiter's corrections, the feed key and the public broadcast's delay.

pub mod board;
pub mod broadcast;
pub mod confirm;
pub mod correct;
pub mod delay;
pub mod events;
pub mod feed_key;
pub mod resolve;
pub mod show;
pub mod watch;
