//! Logging in and out, the first-visit administrator setup, changing one's password.

pub mod login;
pub mod logout;
pub mod password;
pub mod setup;
