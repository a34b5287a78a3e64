//! `POST /series/{id}/events/{event}/remove`: takes an event out of the series (an imported
//! file's document goes with it; a tournament of this server stays as it is).

use actix_web::{HttpResponse, web};

use crate::db::models::series_events::SeriesEventId;
use crate::db::store;
use crate::web::access::load_editable_series;
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// Removes the event and goes back to the edit page.
pub async fn remove_event(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    _form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let (id, event) = path.into_inner();
    let (data, editor) = load_editable_series(&state, &user, id).await?;
    let series = data.series.id;
    state
        .write(&ctx, move |conn| {
            store::remove_series_event(conn, series, SeriesEventId(event), editor)
        })
        .await?;
    Ok(see_other(&format!("/series/{id}/edit")))
}
