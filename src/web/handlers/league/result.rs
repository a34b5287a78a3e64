//! `POST /tournaments/{id}/league/boards/{board}`: the result of one board of a team match
//! (a game's result, forfeits included; empty clears it), refused when the board changed since
//! the page was made (`version`): nothing acknowledged is overwritten.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::team_boards::TeamBoardId;
use crate::db::store;
use crate::tournament::result::BoardResult;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::{Need, authorise};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct BoardResultForm {
    /// The result code (empty: not played).
    pub result: String,
    /// The board's version when the page was made.
    pub version: String,
}

/// Saves the result and shows the match again.
pub async fn enter_board_result(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<BoardResultForm>,
) -> Result<HttpResponse, AppError> {
    let (id, board) = path.into_inner();
    let result = match form.result.trim() {
        "" => None,
        code => Some(BoardResult::parse(code).ok_or_else(|| {
            AppError::Unprocessable(
                ctx.lang
                    .t_with("league.error.result_code", &[("value", code)]),
            )
        })?),
    };
    let version = form
        .version
        .trim()
        .parse::<i32>()
        .map_err(|_| AppError::Unprocessable(ctx.t("league.error.changed")))?;
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    let saved = state
        .write(&ctx, move |conn| {
            store::set_result(
                conn,
                tournament,
                TeamBoardId(board),
                version,
                result,
                Some(by),
            )
        })
        .await?
        .into_team()
        .ok_or(AppError::NotFound)?;
    Ok(see_other_with_notice(
        &session,
        &format!(
            "/tournaments/{id}/league/matches/{}#board-{}",
            saved.match_id, saved.board
        ),
        ctx.lang.t_with(
            "league.result_saved",
            &[("board", &saved.board.to_string())],
        ),
    ))
}
