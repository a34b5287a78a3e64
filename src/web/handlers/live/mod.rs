//! The live round view (FIDE Laws Art. 6.7 waiting and default time): the arbiter starts the
//! round, checks players in, sees each board's countdown to the default time and confirms a
//! forfeit with one click when a board is flagged. The page polls a JSON status every few
//! seconds (`static/js/live.js`), so a screen in the playing hall stays current.

pub mod check_in;
pub mod forfeit;
pub mod show;
pub mod start;
pub mod status;
