//! `GET /tournaments/{id}/report.trf`: the FIDE rating report (whoever runs the day). While
//! the chief arbiter or the date of a round played is missing, no incomplete file: the report
//! page (303) asks for them first.

use actix_web::{HttpResponse, web};

use crate::web::extractors::CurrentUser;
use crate::web::pages::report::missing_details;
use crate::web::pages::report::{report_text, trf_file};
use crate::web::pages::standings::load_ranked;
use crate::web::{AppError, AppState, see_other};

/// Sends the report, or the page that asks for what it lacks.
pub async fn download_report(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let ranked = load_ranked(&state, Some(user.0), id).await?;
    if !ranked.access.run_day {
        return Err(AppError::Forbidden);
    }
    if !missing_details(&ranked).is_empty() {
        return Ok(see_other(&format!("/tournaments/{id}/report")));
    }
    Ok(trf_file(id, report_text(&ranked)))
}
