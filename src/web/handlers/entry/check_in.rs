//! `POST /tournaments/{id}/entry/{token}/check-in`: the player confirms their presence before
//! the next round through their link ([`store::confirm_presence`]; only while check-in is open).

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;

use crate::db::models::round_presence::PresenceVia;
use crate::db::store;
use crate::web::extractors::CsrfForm;
use crate::web::pages::desk::load_linked_entry;
use crate::web::{AppError, AppState, PageContext, see_other};

/// Checks the player in.
pub async fn check_in(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, String)>,
    _form: CsrfForm<serde::de::IgnoredAny>,
) -> Result<HttpResponse, AppError> {
    let (id, token) = path.into_inner();
    let linked = load_linked_entry(&state, id, token.clone()).await?;
    let tournament = linked.data.tournament.id;
    let player = linked
        .entry
        .player_id
        .ok_or_else(|| AppError::Conflict(ctx.t("desk.refused.not_playing")))?;
    let now = OffsetDateTime::now_utc().unix_timestamp();
    state
        .write(&ctx, move |conn| {
            store::confirm_presence(
                conn,
                tournament,
                player,
                PresenceVia::Link,
                false,
                now,
                None,
            )
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/entry/{token}")))
}
