//! The entrant's side of the players' desk: the public registration form and the pages and
//! actions behind an entrant's personal link.

pub mod change;
pub mod check_in;
pub mod register;
pub mod register_form;
pub mod request;
pub mod show;
pub mod withdraw;
