//! `POST /tournaments/{id}/rounds/{number}/publish`: publishes a round's pairings (or hides
//! them again) — whoever runs the day; an individual round's or a team Swiss's.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form: `published=true` or `false`.
#[derive(Debug, Deserialize)]
pub struct PublishRoundForm {
    /// The new state.
    #[serde(default)]
    pub published: bool,
}

/// Sets the flag.
pub async fn publish_round(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<PublishRoundForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (published, by) = (form.published, user.id);
    let system = state
        .write(&ctx, move |conn| {
            store::publish_round(conn, tournament, number, published, by)
        })
        .await?;
    // A team event's round page is its league round.
    let page = if system.is_team() {
        format!("/tournaments/{id}/league/rounds/{number}")
    } else {
        format!("/tournaments/{id}/rounds/{number}")
    };
    Ok(see_other(&page))
}
