//! `POST /tournaments/{id}/league/penalties`: the arbiter gives or takes match and game points
//! with a written reason (counted in the team's totals, not in anyone's tie-breaks; TRF-2026
//! record 299).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::teams::TeamRowId;
use crate::db::store;
use crate::tournament::scoring::Points;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PenaltyForm {
    /// The team's row id.
    pub team: String,
    /// The round (empty: none).
    pub round: String,
    /// Match points, e.g. `-1`.
    pub match_points: String,
    /// Game points, e.g. `-0.5`.
    pub game_points: String,
    /// The written reason.
    pub reason: String,
}

/// Records the penalty and shows the teams page again.
pub async fn add_penalty(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<PenaltyForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let CsrfForm(form) = form;
    let bad = |key: &str| AppError::Unprocessable(ctx.t(key));
    let team = form
        .team
        .trim()
        .parse::<i32>()
        .map_err(|_| bad("league.error.penalty_team"))?;
    let round = match form.round.trim() {
        "" => None,
        text => Some(
            text.parse::<i32>()
                .ok()
                .filter(|r| (1..=99).contains(r))
                .ok_or_else(|| bad("league.error.penalty_round"))?,
        ),
    };
    let points = |text: &str| -> Result<i32, AppError> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(0);
        }
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let value = Some(digits)
            .filter(|t| t.chars().count() <= 5)
            .and_then(Points::parse)
            .filter(|p| p.0 <= 1000)
            .ok_or_else(|| bad("league.error.penalty_points"))?;
        Ok(if negative { -value.0 } else { value.0 })
    };
    let points = (points(&form.match_points)?, points(&form.game_points)?);
    if points == (0, 0) {
        return Err(bad("league.error.penalty_points"));
    }
    let reason = form.reason.trim().chars().take(500).collect::<String>();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    state
        .write(&ctx, move |conn| {
            store::add_penalty(
                conn,
                tournament,
                TeamRowId(team),
                round,
                points,
                &reason,
                by,
            )
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/teams"),
        ctx.t("league.penalty_saved"),
    ))
}
