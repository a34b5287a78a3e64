//! `POST /tournaments/{id}/swiss/unpair`: removes the last round's pairing while none of its
//! games has a result (bye rows do not count), so that it can be paired again. The check is
//! made inside the store's transaction ([`store::unpair_last_round`]): a result saved a moment
//! earlier makes the unpairing fail, it is never lost.

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::{Need, authorise};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct UnpairForm {}

/// Deletes the last round and goes back to the Swiss page.
pub async fn unpair_last_round(
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
    let notice = ctx.t_with_name("day.notice.unpaired", &round.to_string());
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/swiss"),
        notice,
    ))
}
