//! `POST /tournaments/{id}/games/{game}`: enters or corrects a result (arbiters assigned to the
//! tournament, its owner, administrators).
//!
//! The form carries the `version` of the board it was made from. The save is one transaction
//! that writes the result and an audit row only if the version is unchanged
//! (`Game::set_result`); otherwise somebody else saved first, and the board page comes back with
//! status 409, the other person's result and nothing overwritten.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::domain::BoardResult;
use crate::db::models::{Game, ResultUpdate};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::result::board::{BoardPage, visible_game};
use crate::web::handlers::tournament::load_visible;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The result form.
#[derive(Debug, Deserialize)]
pub struct ResultForm {
    /// A result code (`1-0`, `1/2-1/2`, `0-1`, `+/-`, `-/+`, `-/-`; `U`, `F`, `H`, `Z` on a
    /// bye board), or empty to clear the result.
    #[serde(default)]
    pub result: String,
    /// The board's version when the form was shown.
    pub version: i32,
    /// `round` to go back to the round page afterwards, else the board page.
    #[serde(default)]
    pub back: String,
}

/// Saves the result, or shows the conflict (409) / the problem (422).
pub async fn enter_result(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<ResultForm>,
) -> Result<HttpResponse, AppError> {
    let (id, game_id) = path.into_inner();
    let (data, access) = load_visible(&state, Some(user.0.clone()), id).await?;
    if !access.results {
        return Err(AppError::Forbidden);
    }
    let game = visible_game(&data, access, game_id)
        .ok_or(AppError::NotFound)?
        .clone();
    let CsrfForm(form) = form;
    let code = form.result.trim();
    let result = if code.is_empty() {
        None
    } else {
        match BoardResult::parse(code) {
            Some(result) if result.is_bye() == game.black_id.is_none() => Some(result),
            _ => {
                return Err(AppError::Unprocessable(
                    ctx.t_with_name("result.invalid", code),
                ));
            }
        }
    };
    let version = form.version;
    let by = user.id;
    let game_key = game.id;
    let update = state
        .db(move |conn| {
            Ok(Game::set_result(
                conn,
                game_key,
                version,
                result.map(BoardResult::code),
                by,
            )?)
        })
        .await?;
    match update {
        ResultUpdate::Saved(_) => {
            let round = data
                .rounds
                .iter()
                .find(|round| round.id == game.round_id)
                .map_or(1, |round| round.number);
            if form.back == "round" {
                Ok(see_other(&format!(
                    "/tournaments/{id}/rounds/{round}#board-{}",
                    game.board
                )))
            } else {
                Ok(see_other(&format!("/tournaments/{id}/games/{game_id}")))
            }
        }
        ResultUpdate::Conflict(current) => {
            let theirs = current
                .result
                .as_deref()
                .and_then(BoardResult::parse)
                .map_or("—", BoardResult::label);
            let mine = result.map_or("—", BoardResult::label);
            let message = ctx
                .lang
                .t_with("result.conflict", &[("theirs", theirs), ("mine", mine)]);
            let page = BoardPage::load(ctx, &state, &data, access, &current, Some(message)).await?;
            render_page(&page, StatusCode::CONFLICT)
        }
        ResultUpdate::NotFound => Err(AppError::NotFound),
    }
}
