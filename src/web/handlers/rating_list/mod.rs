//! FIDE's rating list in the web app, for the administrator: the list loaded, an upload that
//! imports a new one with its progress shown (`crate::web::rating_import`), and the status the
//! page polls.

pub mod show;
pub mod status;
pub mod upload;
