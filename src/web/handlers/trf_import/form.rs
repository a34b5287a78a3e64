//! `GET /tournaments/import`: the TRF import form (a file, or the text pasted).

use actix_web::HttpResponse;
use actix_web::http::StatusCode;

use crate::web::extractors::Organiser;
use crate::web::pages::trf_import::TrfImportPage;
use crate::web::{AppError, PageContext, render_page};

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
