//! `GET /tournaments/import`: the TRF import form (a file, or the text pasted).

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use crate::web::extractors::Organiser;
use crate::web::{AppError, PageContext, render_page};

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

/// Shows the empty form.
pub async fn import_form(
    ctx: PageContext,
    _organiser: Organiser,
) -> Result<HttpResponse, AppError> {
    let page = TrfImportPage {
        ctx,
        text: String::new(),
        errors: Vec::new(),
    };
    render_page(&page, StatusCode::OK)
}
