//! The home page.

pub mod index;
