//! `POST /tournaments/{id}/swiss/swap`: a manual change of the last, unplayed round: two
//! players exchange their seats (on one board: the colours change; across boards: the
//! opponents; with the pairing-allocated bye: who gets it). The change is checked against the
//! rules ([`crate::pairing::pairing_check`]); if it breaks an absolute one (rematch, colour
//! rules, a second bye, ...) nothing is saved unless confirmed, and the Swiss page says which
//! article is broken. Every board changed gets a new version, so a result form loaded before
//! the swap is refused instead of crediting the swapped-in player.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::day::DayRefusal;
use crate::db::models::PlayerRowId;
use crate::db::store::{self, Refusal, StoreError};
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::swiss::swiss_page;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The form: two players (row ids) and whether a rule break is accepted.
#[derive(Debug, serde::Deserialize)]
pub struct SwapForm {
    /// One player.
    pub first: i32,
    /// The other.
    pub second: i32,
    /// Save even if an absolute rule is broken.
    #[serde(default)]
    pub confirm: Option<String>,
}

/// Checks and saves the swap.
pub async fn swap_players(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<SwapForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (first, second) = (PlayerRowId(form.first), PlayerRowId(form.second));
    let (confirmed, by) = (form.confirm.is_some(), user.id);
    let swapped = state
        .try_write(move |conn| store::swap_players(conn, tournament, first, second, confirmed, by))
        .await?;
    match swapped {
        Ok((round, _)) => Ok(see_other(&format!("/tournaments/{id}/rounds/{round}"))),
        Err(StoreError::Refused(Refusal::Day(DayRefusal::BreaksRules(violations)))) => {
            // The Swiss page again, with the broken criteria on top.
            let broken: Vec<String> = violations.iter().map(|v| v.to_string()).collect();
            let message = format!("{} {}", ctx.t("day.swap.breaks"), broken.join("; "));
            let page = swiss_page(ctx, user.0, &state, id, vec![message]).await?;
            render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
        }
        Err(error) => Err(AppError::from_store(&ctx, error)),
    }
}
