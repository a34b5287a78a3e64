//! `POST /tournaments/{id}/rounds/{number}/self-report/{game}/approve`: the arbiter approves a
//! board's self-reported result (the agreed one, or the result the arbiter chooses where the
//! players disagree); it becomes the board's result at the version the sheet was shown with
//! ([`store::approve_report`]).

use actix_web::{HttpResponse, web};

use crate::db::models::GameId;
use crate::db::store;
use crate::tournament::self_report::ReportedResult;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ApproveForm {
    /// The board's version when the sheet was shown.
    pub version: i32,
    /// The arbiter's own result (empty: approve what the players agreed).
    #[serde(default)]
    pub result: String,
}

/// Approves the report.
pub async fn approve_report(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    form: CsrfForm<ApproveForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number, game) = path.into_inner();
    let decision = match form.result.trim() {
        "" => None,
        text => Some(
            ReportedResult::parse(text)
                .ok_or_else(|| AppError::Unprocessable(ctx.t("day.report.bad_result")))?,
        ),
    };
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (version, by) = (form.version, user.id);
    state
        .write(&ctx, move |conn| {
            store::approve_report(conn, tournament, GameId(game), version, decision, by)
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/self-report"
    )))
}
