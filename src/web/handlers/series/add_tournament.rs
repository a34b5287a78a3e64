//! `POST /series/{id}/events`: adds one of the organiser's own tournaments (an individual
//! event) as the series' last event ([`store::add_series_tournament`], which re-checks that
//! it is theirs and not in the series yet). It counts while it is published.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::TournamentId;
use crate::db::store;
use crate::web::access::load_editable_series;
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, Deserialize)]
pub struct AddTournamentForm {
    /// The tournament's id.
    pub tournament: i32,
}

/// Adds the tournament and goes back to the edit page.
pub async fn add_tournament(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<AddTournamentForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, editor) = load_editable_series(&state, &user, id).await?;
    let (series, tournament) = (data.series.id, TournamentId(form.0.tournament));
    state
        .write(&ctx, move |conn| {
            store::add_series_tournament(conn, series, tournament, editor)
        })
        .await?;
    Ok(see_other(&format!("/series/{id}/edit")))
}
