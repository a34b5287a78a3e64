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
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ParticipationForm {
    /// `withdraw`, `return` or `late`.
    pub action: String,
    /// The round it takes effect in (empty: the next unpaired round).
    #[serde(default)]
    pub round: Option<u32>,
}

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

/// What a participation change did, in the page's language.
pub fn participation_notice(ctx: &PageContext, change: ParticipationChange, round: u32) -> String {
    let key = match change {
        ParticipationChange::Withdraw => "day.notice.withdrawn",
        ParticipationChange::Return => "day.notice.returned",
        ParticipationChange::LateEntry => "day.notice.late_entry",
    };
    ctx.t_with_name(key, &round.to_string())
}
