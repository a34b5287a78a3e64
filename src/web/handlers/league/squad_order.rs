//! `POST /tournaments/{id}/teams/{team}/order`: moves a player to another place of the
//! team's squad (board order), before the team's first line-up.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::PlayerRowId;
use crate::db::models::teams::TeamRowId;
use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form: which player, to which place.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct MoveForm {
    /// The player's row id.
    pub player: String,
    /// The new place, 1 = first board.
    pub position: String,
}

/// Moves the player and shows the teams again.
pub async fn move_player(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<MoveForm>,
) -> Result<HttpResponse, AppError> {
    let (id, team) = path.into_inner();
    let CsrfForm(form) = form;
    let player: i32 = form
        .player
        .trim()
        .parse()
        .map_err(|_| AppError::Unprocessable(ctx.t("league.error.not_in_squad")))?;
    let position: u32 = form
        .position
        .trim()
        .parse()
        .ok()
        .filter(|p| (1..=999).contains(p))
        .ok_or_else(|| AppError::Unprocessable(ctx.t("league.error.squad_place")))?;
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let by = user.id;
    state
        .write(&ctx, move |conn| {
            store::move_in_squad(
                conn,
                tournament,
                TeamRowId(team),
                PlayerRowId(player),
                position,
                by,
            )
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/teams"),
        ctx.t("league.squad_moved"),
    ))
}
