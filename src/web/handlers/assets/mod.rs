//! The site's static files (`static/`, no build step), compiled into the binary. Each has a
//! fingerprinted name made once per process from its bytes (the first 12 hex digits of their
//! SHA-256: `app.css` is served as `/static/app.1a2b3c4d5e6f.css`), so a browser may keep it for
//! a year without asking again (`Cache-Control: immutable`): a changed file gets a new name, and
//! the pages that name it change with it. Templates name a file only through
//! [`crate::web::PageContext::asset`]. The plain name (`/static/app.css`) still answers, for
//! pages and bookmarks made before, but is revalidated on every use.

pub mod serve;
