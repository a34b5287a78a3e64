//! `POST /tournaments/{id}/players/{player}/withdraw`: withdraws a player from the next
//! unpaired round on (`withdrawn=true`), or lets them return there (`false`). The same change
//! as the Swiss page's "withdraw from round N" ([`store::change_participation`]): a withdrawn
//! player is never paired again. The player stays in the list and in past rounds; games
//! already paired are entered as forfeits by the arbiter.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::PlayerRowId;
use crate::db::store::{self, ParticipationChange};
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::swiss::participation_notice;
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form: `withdrawn=true` or `false`.
#[derive(Debug, Deserialize)]
pub struct WithdrawForm {
    /// The new state.
    #[serde(default)]
    pub withdrawn: bool,
}

/// Withdraws the player or lets them return.
pub async fn withdraw_player(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<WithdrawForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let change = if form.withdrawn {
        ParticipationChange::Withdraw
    } else {
        ParticipationChange::Return
    };
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    let round = state
        .write(&ctx, move |conn| {
            store::change_participation(conn, tournament, PlayerRowId(player), change, None, by)
        })
        .await?;
    let notice = participation_notice(&ctx, change, round);
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/players"),
        notice,
    ))
}
