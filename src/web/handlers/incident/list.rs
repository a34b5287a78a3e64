//! `GET /tournaments/{id}/incidents`: the incident log and the form to add one (the
//! tournament's arbiters only).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::pages::incident::{IncidentForm, IncidentsPage};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the log.
pub async fn list_incidents(
    ctx: PageContext,
    tournament: ManagedTournament<RunsDay>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let ManagedTournament { data, access, .. } = tournament;
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
