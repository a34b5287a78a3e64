//! A venue's tournament published to a public server: the target (the server's address and
//! the organiser's publishing key there, [`save`]), stopping it ([`remove`]) and the
//! Publish-now button ([`now`]). The pushes themselves are [`crate::publish`]'s.

pub mod now;
pub mod remove;
pub mod save;
