//! `POST /tournaments/{id}/publishing/remove`: stops publishing the tournament (what the
//! public server shows stays there).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form: its CSRF token only.
#[derive(Debug, Deserialize)]
pub struct RemoveForm {}

/// Forgets the target (owner or administrator).
pub async fn remove_target(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    _form: CsrfForm<RemoveForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let by = user.id;
    state
        .write(&ctx, move |conn| {
            store::remove_publish_target(conn, tournament, by)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}#publishing")))
}
