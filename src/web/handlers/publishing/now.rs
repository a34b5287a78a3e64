//! `POST /tournaments/{id}/publishing/now`: the Publish-now button: the current state is
//! queued and the back-off lifted; the pusher sends it within a second.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form: its CSRF token only.
#[derive(Debug, Deserialize)]
pub struct PublishNowForm {}

/// Queues the state (whoever runs the day: arbiters too).
pub async fn publish_now(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    _form: CsrfForm<PublishNowForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    state
        .write(&ctx, move |conn| store::publish_now(conn, tournament))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}#publishing")))
}
