//! The TRF import's page: the form, with the reason a file was refused.

use crate::web::PageContext;
use askama::Template;

/// The import page.
#[derive(Template)]
#[template(path = "trf_import/form.html")]
pub struct TrfImportPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The text sent back after a problem.
    pub text: String,
    /// Problems: "line L, column C: reason".
    pub errors: Vec<String>,
}
