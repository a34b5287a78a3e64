//! The language switcher.

pub mod switch;
