//! `POST /tournaments/{id}/swiss/players/{player}/participation`: withdraws a player from a
//! round on (C.04.2 Art. 3.2; later requested byes are dropped), lets them return, or makes
//! them a late entry first paired in a given round (C.04.2 Art. 2.4). The same change as the
//! Players page's withdraw button ([`store::change_participation`]).

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::models::PlayerRowId;
use crate::db::store::{self, ParticipationChange};
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::swiss::{ParticipationForm, participation_notice};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// Applies the change.
pub async fn change_participation(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<ParticipationForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let change = match form.action.as_str() {
        "withdraw" => ParticipationChange::Withdraw,
        "return" => ParticipationChange::Return,
        "late" => ParticipationChange::LateEntry,
        _ => return Err(AppError::Unprocessable(ctx.t("day.participation.round"))),
    };
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (round, by) = (form.round, user.id);
    let round = state
        .write(&ctx, move |conn| {
            store::change_participation(conn, tournament, PlayerRowId(player), change, round, by)
        })
        .await?;
    let notice = participation_notice(&ctx, change, round);
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/swiss"),
        notice,
    ))
}
