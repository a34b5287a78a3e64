//! `POST /tournaments/{id}/players/refresh-ratings`: applies the refresh of ratings and titles
//! shown on the refresh page (its digest), as one audited store write
//! ([`crate::db::store::refresh_ratings`]); after round 1 only with `override` ticked.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::player::PlayersPage;
use crate::web::{AppError, AppState, PageContext};

/// The refresh form.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct RefreshForm {
    /// The digest of the changes shown.
    pub digest: String,
    /// Confirms a refresh after round 1 was paired.
    #[serde(rename = "override")]
    pub after_start: Option<String>,
}

/// Applies the refresh.
pub async fn refresh_ratings(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<RefreshForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let form = form.0;
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    let after_start = form.after_start.is_some();
    let plan = state
        .write(&ctx, move |conn| {
            store::refresh_ratings(conn, tournament, &form.digest, after_start, by)
        })
        .await?;
    tracing::info!(
        tournament = id,
        changed = plan.updates.len(),
        "ratings refreshed"
    );
    let notice = ctx.t_with_name("player.refresh.done", &plan.updates.len().to_string());
    PlayersPage::after_write(ctx, &state, user.0, id, notice).await
}
