//! `POST /tournaments/{id}/players/{player}/points`: gives a player points outside the games,
//! or takes them (TRF-2026 `299`: a bonus, or a deduction such as one decided on appeal), with
//! the arbiter's written reason, through [`store::adjust_points`]. `points` reads as `-1`,
//! `0.5`, `½`; `round` (optional) is the round from whose standings on it counts. Marked in
//! the standings, counted in the score, written to the rating report; audited.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::PlayerRowId;
use crate::db::store;
use crate::tournament::Points;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The most points one decision gives or takes (99.9).
const MAX_POINTS: i32 = 999;

/// The form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct AdjustForm {
    /// Points added (negative: deducted).
    pub points: String,
    /// The round from whose standings on it counts; empty: from the start.
    pub round: String,
    /// The arbiter's written reason.
    pub reason: String,
}

/// Records the points and shows the players page again.
pub async fn adjust_points(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<AdjustForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let CsrfForm(form) = form;
    let points = Points::parse(&form.points)
        .filter(|p| p.0 != 0 && p.0.abs() <= MAX_POINTS)
        .ok_or_else(|| {
            AppError::Unprocessable(ctx.t_with_name("adjust.bad_points", &form.points))
        })?;
    let round = match form.round.trim() {
        "" => None,
        text => Some(text.parse::<u32>().map_err(|_| {
            AppError::Unprocessable(ctx.t_with_name("adjust.bad_round_text", text))
        })?),
    };
    let reason = form.reason.trim().chars().take(500).collect::<String>();
    if reason.is_empty() {
        return Err(AppError::Unprocessable(ctx.t("adjust.reason_missing")));
    }
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    state
        .write(&ctx, move |conn| {
            store::adjust_points(
                conn,
                tournament,
                PlayerRowId(player),
                round,
                points,
                &reason,
                by,
            )
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/players"),
        ctx.t_with_name("adjust.notice", &points.to_string()),
    ))
}
