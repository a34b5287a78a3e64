//! `POST /tournaments/{id}/games/{game}`: enters or corrects a result (whoever runs the
//! tournament's day: assigned arbiters, its owner, administrators).
//!
//! The form carries the `version` of the board it was made from; [`store::set_result`] saves
//! only if the board is still at that version — a swap or another result since then bumped it
//! — and otherwise the board page comes back with status 409, the board as it is now and
//! nothing overwritten.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::GameId;
use crate::db::store::{self, Refusal, StoreError};
use crate::tournament::result::BoardResult;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::result::board::BoardPage;
use crate::web::handlers::tournament::{Need, authorise, load_visible};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The result form.
#[derive(Debug, Deserialize)]
pub struct ResultForm {
    /// A result code (`1-0`, `1/2-1/2`, `0-1`, `+/-`, `-/+`, `-/-`; `U`, `F`, `H`, `Z` on a
    /// bye row; or the keyboard's `1`, `=`, `0`, `+`, `-`), or empty to clear the result.
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
    let CsrfForm(form) = form;
    let code = form.result.trim();
    let result = if code.is_empty() {
        None
    } else {
        Some(
            BoardResult::parse(code)
                .ok_or_else(|| AppError::Unprocessable(ctx.t_with_name("result.invalid", code)))?,
        )
    };
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (version, by) = (form.version, user.id);
    let saved = state
        .try_write(move |conn| {
            store::set_result(conn, tournament, GameId(game_id), version, result, Some(by))
        })
        .await?;
    match saved {
        Ok(game) => {
            if form.back == "round" {
                let round = state
                    .db(move |conn| Ok(crate::db::models::Round::find(conn, game.round_id)?))
                    .await?
                    .map_or(1, |round| round.number);
                Ok(see_other(&format!(
                    "/tournaments/{id}/rounds/{round}#board-{}",
                    game.board
                )))
            } else {
                Ok(see_other(&format!("/tournaments/{id}/games/{game_id}")))
            }
        }
        Err(StoreError::Refused(Refusal::ResultConflict(current))) => {
            let theirs = current.result.map_or("—", BoardResult::label);
            let mine = result.map_or("—", BoardResult::label);
            let message = ctx
                .lang
                .t_with("result.conflict", &[("theirs", theirs), ("mine", mine)]);
            let (data, access) = load_visible(&state, Some(user.0), id).await?;
            let page = BoardPage::load(ctx, &state, &data, access, &current, Some(message)).await?;
            render_page(&page, StatusCode::CONFLICT)
        }
        Err(error) => Err(AppError::from_store(&ctx, error)),
    }
}
