//! `GET /admin/rating-list/status.json`: where the import stands
//! ([`crate::web::rating_import::ImportStatus`] as JSON), polled by the rating list page.

use actix_web::{HttpResponse, web};

use crate::web::extractors::Admin;
use crate::web::{AppError, AppState};

/// The status as JSON (never cached).
pub async fn import_status(
    _admin: Admin,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(state.rating_import.status()))
}
