//! `POST /tournaments/{id}/league/pair`: pairs the next round of a team Swiss by C.04.6
//! ([`store::pair_team_round`], planned by [`crate::day::team_swiss`]). The round is
//! saved unpublished: whoever runs the day checks it on the round page, then publishes it or
//! unpairs it.

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct PairForm {}

/// Pairs the next round and opens it.
pub async fn pair_team_round(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    _form: CsrfForm<PairForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (lots, by) = (rand::random::<u64>(), user.id);
    let round = state
        .write(&ctx, move |conn| {
            store::pair_team_round(conn, tournament, lots, by)
        })
        .await?;
    let notice = ctx
        .lang
        .t_with("league.swiss.paired", &[("round", &round.to_string())]);
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/league/rounds/{round}"),
        notice,
    ))
}
