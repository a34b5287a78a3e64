//! An organiser's publishing keys on this server (the public server): the list and the form
//! ([`list`]), a new key shown once ([`create`]), revoking one ([`revoke`]). The venue sends
//! the key with every push (`POST /api/v1/push`); only its SHA-256 is kept here.

pub mod create;
pub mod list;
pub mod revoke;
