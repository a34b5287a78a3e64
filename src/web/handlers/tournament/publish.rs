//! `POST /tournaments/{id}/publish`: shows the tournament to the public, or hides it.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::Tournament;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::load_managed;
use crate::web::{AppError, AppState, see_other};

/// The form: `published=true` or `false`.
#[derive(Debug, Deserialize)]
pub struct PublishForm {
    /// The new state.
    #[serde(default)]
    pub published: bool,
}

/// Publishes or hides the tournament (owner or administrator).
pub async fn publish_tournament(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<PublishForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
    let published = form.published;
    let tournament_id = data.tournament.id;
    state
        .db(move |conn| Ok(Tournament::set_published(conn, tournament_id, published)?))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}")))
}
