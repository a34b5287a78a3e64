//! Account management by the administrator: list, create organisers/arbiters/administrators,
//! enable/disable, reset a password.

pub mod create;
pub mod list;
pub mod reset_password;
pub mod set_active;
