//! `POST /series/{id}/events/{event}/move`: moves an event one place up or down in the
//! series' order (`direction` = `up` or `down`).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::series_events::SeriesEventId;
use crate::db::store;
use crate::web::access::load_editable_series;
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, Deserialize)]
pub struct MoveForm {
    /// `up` or `down`.
    #[serde(default)]
    pub direction: String,
}

/// Moves the event and goes back to the edit page.
pub async fn move_event(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<MoveForm>,
) -> Result<HttpResponse, AppError> {
    let (id, event) = path.into_inner();
    let up = match form.0.direction.as_str() {
        "up" => true,
        "down" => false,
        _ => return Err(AppError::Unprocessable(ctx.t("series.error.direction"))),
    };
    let (data, editor) = load_editable_series(&state, &user, id).await?;
    let series = data.series.id;
    state
        .write(&ctx, move |conn| {
            store::move_series_event(conn, series, SeriesEventId(event), up, editor)
        })
        .await?;
    Ok(see_other(&format!("/series/{id}/edit")))
}
