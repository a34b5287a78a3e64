//! `GET /admin/rating-list/status.json`: where the import stands
//! ([`crate::web::rating_import::ImportStatus`] as JSON, a refused import's problems worded in
//! the administrator's language), polled by the rating list page.

use actix_web::{HttpResponse, web};

use crate::web::extractors::Admin;
use crate::web::i18n::ratings::problem_text;
use crate::web::rating_import::ImportStatus;
use crate::web::{AppError, AppState, PageContext};

/// The status as JSON (never cached).
pub async fn import_status(
    ctx: PageContext,
    _admin: Admin,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let status = state.rating_import.status();
    let mut json = serde_json::to_value(&status)
        .map_err(|error| AppError::Internal(format!("status JSON: {error}")))?;
    if let ImportStatus::Failed { problems, .. } = &status {
        json["problems"] = problems
            .iter()
            .map(|problem| serde_json::Value::from(problem_text(ctx.lang, problem)))
            .collect();
    }
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(json))
}
