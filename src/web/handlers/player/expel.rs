//! `POST /tournaments/{id}/players/{player}/expel`: expels a player from the competition
//! (FIDE Laws Art. 12.9.9; 12.9 g of older editions) with the arbiter's written reason. Unlike a
//! withdrawal the player is never paired again and cannot return; the games already played
//! stand and the opponents keep their points ([`store::expel_player`], a state of the one
//! participation model). Marked on the players and standings pages; audited.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::PlayerRowId;
use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ExpelForm {
    /// The arbiter's written reason.
    pub reason: String,
}

/// Expels the player and shows the players page again.
pub async fn expel_player(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<ExpelForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let CsrfForm(form) = form;
    let reason = form.reason.trim().chars().take(500).collect::<String>();
    if reason.is_empty() {
        return Err(AppError::Unprocessable(ctx.t("expel.reason_missing")));
    }
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    let round = state
        .write(&ctx, move |conn| {
            store::expel_player(conn, tournament, PlayerRowId(player), &reason, by)
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/players"),
        ctx.t_with_name("expel.notice", &round.to_string()),
    ))
}
