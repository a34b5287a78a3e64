//! `POST /tournaments/{id}/rounds/{number}/publish`: shows a round's pairings to the public
//! (or hides them again).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::Round;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::load_managed;
use crate::web::{AppError, AppState, see_other};

/// The form: `published=true` or `false`.
#[derive(Debug, Deserialize)]
pub struct PublishRoundForm {
    /// The new state.
    #[serde(default)]
    pub published: bool,
}

/// Publishes or hides the round (owner or administrator).
pub async fn publish_round(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<PublishRoundForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
    let round = data
        .rounds
        .iter()
        .find(|round| round.number == number)
        .ok_or(AppError::NotFound)?
        .id;
    let published = form.published;
    state
        .db(move |conn| Ok(Round::set_published(conn, round, published)?))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/rounds/{number}")))
}
