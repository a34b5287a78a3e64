//! `POST /tournaments/{id}/rounds/{number}/boards/{game}/approve`: the arbiter approves the
//! players' agreed report, or decides a result when they disagree (Art. 8.7: the arbiter has
//! the last word). The result is saved through the audited, version-checked result entry.

use actix_web::{HttpResponse, web};
use diesel::Connection;

use crate::db::models::tournament_day::BoardReport;
use crate::db::models::{Game, GameId, ResultUpdate};
use crate::tournament::self_report::ReportedResult;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::live::load_for_results;
use crate::web::handlers::self_report::self_report_of;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form: the version seen, and a decided result (empty = approve the agreed one).
#[derive(Debug, serde::Deserialize)]
pub struct ApproveForm {
    /// Optimistic-lock version of the game.
    pub version: i32,
    /// The arbiter's decision, empty to approve the agreement.
    #[serde(default)]
    pub result: String,
}

/// Approves and goes back to the sheet.
pub async fn approve_report(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    form: CsrfForm<ApproveForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number, game) = path.into_inner();
    let by = user.0.id;
    let (data, _) = load_for_results(&state, user.0, id).await?;
    let game_id = GameId(game);
    if !data.games.iter().any(|g| g.id == game_id) {
        return Err(AppError::NotFound);
    }
    let decision = match form.result.trim() {
        "" => None,
        text => Some(
            ReportedResult::parse(text)
                .ok_or_else(|| AppError::Unprocessable(ctx.t("day.report.bad_result")))?,
        ),
    };
    let version = form.version;
    let nothing = ctx.t("day.report.nothing_to_approve");
    let changed = ctx.t("day.live.changed");
    state
        .db(move |conn| {
            conn.transaction(|conn| {
                let row = BoardReport::for_games(conn, &[game_id])?
                    .into_iter()
                    .next()
                    .ok_or(AppError::NotFound)?;
                let mut report = self_report_of(&row);
                let result = report
                    .approve(decision)
                    .map_err(|_| AppError::Conflict(nothing.clone()))?;
                match Game::set_result(conn, game_id, version, Some(result.notation()), by)? {
                    ResultUpdate::Saved(_) => {}
                    ResultUpdate::NotFound => return Err(AppError::NotFound),
                    ResultUpdate::Conflict(_) => return Err(AppError::Conflict(changed.clone())),
                }
                let mut row = row;
                row.approved = Some(result.notation().to_owned());
                row.save_reports(conn)?;
                Ok(())
            })
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/self-report"
    )))
}
