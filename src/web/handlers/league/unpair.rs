//! `POST /tournaments/{id}/league/unpair`: removes the last round of a team Swiss while none of
//! its boards has a result (the one unpair, [`store::unpair_last_round`]), so that it can be
//! paired again.

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::{Need, authorise};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct UnpairForm {}

/// Unpairs the last round and goes back to the teams page.
pub async fn unpair_team_round(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    _form: CsrfForm<UnpairForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    let round = state
        .write(&ctx, move |conn| {
            store::unpair_last_round(conn, tournament, by)
        })
        .await?;
    let notice = ctx
        .lang
        .t_with("league.swiss.unpaired", &[("round", &round.to_string())]);
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/teams"),
        notice,
    ))
}
