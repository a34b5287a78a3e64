//! `GET /tournaments/{id}/incidents`: the incident log and the form to add one (the
//! tournament's arbiters only).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::pages::incident::{IncidentForm, IncidentsPage};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the log.
pub async fn list_incidents(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (data, access) = load_for_day(&state, user.0, path.into_inner()).await?;
    let page = IncidentsPage::load(
        ctx,
        &state,
        &data,
        access,
        IncidentForm::default(),
        Vec::new(),
    )
    .await?;
    render_page(&page, StatusCode::OK)
}
