//! `POST /tournaments/{id}/publish`: shows the tournament to the public, or hides it.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form: `published=true` or `false`.
#[derive(Debug, Deserialize)]
pub struct PublishForm {
    /// The new state.
    #[serde(default)]
    pub published: bool,
}

/// Publishes or hides the tournament (owner or administrator).
pub async fn publish_tournament(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<PublishForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let (published, by) = (form.published, user.id);
    state
        .write(&ctx, move |conn| {
            store::publish_tournament(conn, tournament, published, by)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}")))
}
