//! `POST /tournaments/{id}/check-in`: one tap on the check-in desk checks a player in for the
//! next round (`undo=true` takes a mistaken check-in back) — [`store::confirm_presence`].

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;

use crate::db::models::PlayerRowId;
use crate::db::models::round_presence::PresenceVia;
use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct PresenceForm {
    /// The player's row id.
    pub player: i32,
    /// Take the check-in back.
    #[serde(default)]
    pub undo: bool,
    /// The search to return to.
    #[serde(default)]
    pub q: String,
}

/// Checks the player in (or takes it back).
pub async fn check_in_player(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<PresenceForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (player, undo, by) = (PlayerRowId(form.player), form.undo, user.id);
    let now = OffsetDateTime::now_utc().unix_timestamp();
    state
        .write(&ctx, move |conn| {
            store::confirm_presence(
                conn,
                tournament,
                player,
                PresenceVia::Desk,
                undo,
                now,
                Some(by),
            )
        })
        .await?;
    let query = crate::web::error::encode_query_value(&form.q);
    Ok(see_other(&format!("/tournaments/{id}/check-in?q={query}")))
}
