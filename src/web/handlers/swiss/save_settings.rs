//! `POST /tournaments/{id}/swiss/settings`: saves the bye limits, the late-entry points rule
//! (C.04.2 Art. 2.4) and whether a forfeit without notice withdraws the player.

use actix_web::{HttpResponse, web};

use crate::db::models::tournament_day::{SwissSettings, parse_late_entry};
use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The settings form.
#[derive(Debug, serde::Deserialize)]
pub struct SettingsForm {
    /// Half-point byes per player.
    pub max_half_point_byes: i32,
    /// Zero-point byes per player, empty = no limit.
    #[serde(default)]
    pub max_zero_point_byes: String,
    /// No half-point byes in the last this-many rounds.
    pub no_half_point_byes_in_last_rounds: i32,
    /// `zero`, `half`, `half:N`.
    pub late_entry_points: String,
    /// Checkbox: a forfeit without notice withdraws.
    #[serde(default)]
    pub forfeit_withdraws: Option<String>,
}

/// Saves and goes back to the Swiss page.
pub async fn save_settings(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<SettingsForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let form = form.0;
    let invalid = || AppError::Unprocessable(ctx.t("day.swiss.invalid_settings"));
    if !(0..=99).contains(&form.max_half_point_byes)
        || !(0..=99).contains(&form.no_half_point_byes_in_last_rounds)
    {
        return Err(invalid());
    }
    let max_zero = match form.max_zero_point_byes.trim() {
        "" => None,
        text => Some(
            text.parse::<i32>()
                .ok()
                .filter(|n| (0..=99).contains(n))
                .ok_or_else(invalid)?,
        ),
    };
    let late = parse_late_entry(&form.late_entry_points).ok_or_else(invalid)?;
    let settings = SwissSettings {
        tournament_id: authorise(&state, &user.0, id, Need::Manage).await?,
        max_half_point_byes: form.max_half_point_byes,
        max_zero_point_byes: max_zero,
        no_half_point_byes_in_last_rounds: form.no_half_point_byes_in_last_rounds,
        late_entry_points: crate::db::models::tournament_day::late_entry_text(late),
        forfeit_withdraws: form.forfeit_withdraws.is_some(),
    };
    let by = user.id;
    state
        .write(&ctx, move |conn| {
            store::save_swiss_settings(conn, &settings, by)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/swiss")))
}
