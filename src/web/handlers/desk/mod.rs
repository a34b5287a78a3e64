//! The organiser's side of the players' desk: settings, entries and fees, links, the
//! check-in desk, the players' requests.

pub mod answer;
pub mod check_in;
pub mod check_in_desk;
pub mod entry_link;
pub mod mark_fee;
pub mod save_settings;
pub mod show;
pub mod venue_link;
