//! `POST /tournaments/{id}/games/{game}` and `POST /tournaments/{id}/league/boards/{board}`:
//! enters or corrects (or clears) the result of a game or of a board of a team match (whoever
//! runs the tournament's day: assigned arbiters, its owner, administrators). A team board
//! takes a game's result only; after it, its match page shows again.
//!
//! The form carries the `version` of the board it was made from; [`store::set_result`] saves
//! only if the board is still at that version — a swap or another result since then bumped it
//! — and otherwise the board page comes back with status 409, the board as it is now and
//! nothing overwritten (for a team board: the error page, 409).
//!
//! The keyboard entry (`static/js/results.js`: an individual round's page, a league round's
//! boards) posts the same form with `Accept: application/json` and gets JSON instead of a
//! page: the saved result, the board's new version and the count of boards still without a
//! result (of the round; of a team board's match); on a conflict (409), a code that does not
//! read (422) or a board no longer paired (404), the message and the board as it is now.
//! A form sent from a page of this site comes back to that page when refused, with the reason
//! in words ([`PageContext::refused`]).

use std::collections::HashMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::store::{self, BoardRef, BoardRow, Refusal, StoreError};
use crate::tournament::result::BoardResult;
use crate::web::access::{Need, authorise, load_visible};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::result::BoardPage;
use crate::web::pages::result::{BoardPath, back_to_match};
use crate::web::pages::result::{ResultForm, Saved, board_state};
use crate::web::{AppError, AppState, PageContext, render_page, see_other, wants_json};

/// Saves the result of a game or of a team board, or shows the conflict (409) / the problem
/// (422).
pub async fn enter_result(
    req: HttpRequest,
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<BoardPath>,
    form: CsrfForm<ResultForm>,
) -> Result<HttpResponse, AppError> {
    let path = path.into_inner();
    let (id, board) = (path.id, path.board_ref().ok_or(AppError::NotFound)?);
    let CsrfForm(form) = form;
    // The keyboard entry of the round page (games) and of a league round (team boards).
    let json = wants_json(&req);
    let code = form.result.trim();
    let result = if code.is_empty() {
        None
    } else {
        // A penalty's code is read too: the store takes it only when the board has it
        // already (a page sent again), never as a new result without its grounds.
        match BoardResult::parse(code).or_else(|| {
            BoardResult::PENALTY
                .into_iter()
                .find(|r| r.as_str() == code || r.label() == code)
        }) {
            Some(result) => Some(result),
            None if json => {
                let message = ctx.t_with_name("result.invalid", code);
                return Ok(HttpResponse::UnprocessableEntity().json(serde_json::json!({
                    "error": message
                })));
            }
            None => {
                let message = match board {
                    BoardRef::Game(_) => ctx.t_with_name("result.invalid", code),
                    BoardRef::Team(_) => ctx
                        .lang
                        .t_with("league.error.result_code", &[("value", code)]),
                };
                return PageContext::refused(
                    &req,
                    AppError::Unprocessable(message),
                    &HashMap::new(),
                );
            }
        }
    };
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (version, by) = (form.version, user.id);
    let saved = state
        .try_write(move |conn| {
            store::set_result(conn, tournament, board, version, result, Some(by))
        })
        .await?;
    let conflict_message = |current: &BoardRow| {
        let theirs = current.result().map_or("—", BoardResult::label);
        let mine = result.map_or("—", BoardResult::label);
        ctx.lang
            .t_with("result.conflict", &[("theirs", theirs), ("mine", mine)])
    };
    match saved {
        Ok(board) if json => {
            let (board, missing) = board_state(&state, board).await?;
            Ok(HttpResponse::Ok().json(Saved::of(&board, missing, None)))
        }
        Err(StoreError::Refused(Refusal::ResultConflict(current))) if json => {
            let message = conflict_message(&current);
            let (current, missing) = board_state(&state, *current).await?;
            Ok(HttpResponse::Conflict().json(Saved::of(&current, missing, Some(message))))
        }
        Ok(BoardRow::Team(saved)) => Ok(back_to_match(&ctx, &session, id, &saved)),
        Ok(BoardRow::Game(game)) => {
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
                Ok(see_other(&format!("/tournaments/{id}/games/{}", game.id)))
            }
        }
        Err(StoreError::Refused(Refusal::ResultConflict(current)))
            if matches!(*current, BoardRow::Game(_)) =>
        {
            let message = conflict_message(&current);
            let current = current.into_game().ok_or(AppError::NotFound)?;
            let (data, access) = load_visible(&state, Some(user.0), id).await?;
            let page = BoardPage::load(ctx, &state, &data, access, &current, Some(message)).await?;
            render_page(&page, StatusCode::CONFLICT)
        }
        Err(error) => {
            match AppError::from_store(&ctx, error) {
                AppError::Unprocessable(message) if json => Ok(HttpResponse::UnprocessableEntity()
                    .json(serde_json::json!({ "error": message }))),
                AppError::Conflict(message) if json => {
                    Ok(HttpResponse::Conflict().json(serde_json::json!({ "error": message })))
                }
                // The board is gone: its round was unpaired since the page was made.
                AppError::NotFound if json => Ok(HttpResponse::NotFound()
                    .json(serde_json::json!({ "error": ctx.t("result.board_gone") }))),
                AppError::NotFound => PageContext::gone(
                    &req,
                    &format!("/tournaments/{id}"),
                    ctx.t("result.board_gone"),
                ),
                error => PageContext::refused(&req, error, &HashMap::new()),
            }
        }
    }
}
