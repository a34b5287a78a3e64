//! `POST /tournaments/{id}/league/rounds/{number}/publish`: publishes a team Swiss round's
//! pairings (or hides them again) — whoever runs the day; the same store write as an
//! individual round's ([`store::publish_round`]).

use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::round::publish::PublishRoundForm;
use crate::web::handlers::tournament::{Need, authorise};
use crate::web::{AppError, AppState, PageContext, see_other};

/// Sets the flag and shows the round again.
pub async fn publish_team_round(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<PublishRoundForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (published, by) = (form.published, user.id);
    state
        .write(&ctx, move |conn| {
            store::publish_round(conn, tournament, number, published, by)
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/league/rounds/{number}"
    )))
}
