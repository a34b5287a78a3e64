//! `POST /tournaments/{id}/swiss/unpair` and `POST /tournaments/{id}/league/unpair`: removes
//! the last round's pairing while none of its games or boards has a result (bye rows do not
//! count), so that it can be paired again — of an individual event or of a team Swiss, the
//! one unpair ([`store::unpair_last_round`]). The check is made inside the store's
//! transaction: a result saved a moment earlier makes the unpairing fail, it is never lost.
//! A refusal comes back on the page the button was on, in words.

use std::collections::HashMap;

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct UnpairForm {}

/// Deletes the last round and goes to the Swiss page (an individual event) or the teams page
/// (a team Swiss).
pub async fn unpair_last_round(
    req: HttpRequest,
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
    let unpaired = match state
        .write(&ctx, move |conn| {
            store::unpair_last_round(conn, tournament, by)
        })
        .await
    {
        Ok(unpaired) => unpaired,
        Err(error) => return PageContext::refused(&req, error, &HashMap::new()),
    };
    let (page, notice) = if unpaired.team {
        (
            "teams",
            ctx.lang.t_with(
                "league.swiss.unpaired",
                &[("round", &unpaired.round.to_string())],
            ),
        )
    } else {
        (
            "swiss",
            ctx.t_with_name("day.notice.unpaired", &unpaired.round.to_string()),
        )
    };
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/{page}"),
        notice,
    ))
}
