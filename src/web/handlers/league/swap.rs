//! `POST /tournaments/{id}/league/swap`: a manual change of a team Swiss's last round before its
//! line-ups: two teams exchange their places (on one match: the colours; across matches: the
//! opponents; with the bye: who gets it), [`store::swap_teams`]. A change that breaks an
//! absolute criterion (C.04.6 C1 rematch, C2 a second bye) is refused with the criteria
//! named, and saved when the arbiter confirms it (Art. 3.3.3: the Chief Arbiter decides).

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::models::teams::TeamRowId;
use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form: two teams (row ids) and whether a broken criterion is accepted.
#[derive(Debug, serde::Deserialize)]
pub struct SwapForm {
    /// One team.
    pub first: i32,
    /// The other.
    pub second: i32,
    /// Save even if an absolute criterion is broken.
    #[serde(default)]
    pub confirm: Option<String>,
}

/// Exchanges the teams and shows the round again.
pub async fn swap_teams(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<SwapForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (first, second) = (TeamRowId(form.first), TeamRowId(form.second));
    let (confirmed, by) = (form.confirm.is_some(), user.id);
    let (round, broken) = state
        .write(&ctx, move |conn| {
            store::swap_teams(conn, tournament, first, second, confirmed, by)
        })
        .await?;
    let notice = if broken.is_empty() {
        ctx.t("league.swiss.swapped")
    } else {
        ctx.t("league.swiss.swapped_confirmed")
    };
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/league/rounds/{round}"),
        notice,
    ))
}
