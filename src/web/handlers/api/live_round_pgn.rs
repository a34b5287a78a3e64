//! `POST /api/v1/live/{id}/rounds/{round}/pgn`: a round's games as one PGN text that grows
//! during the round (what a broadcast or the relay reads), each game linked to its board of the
//! round ([`crate::tournament::live_link`]: by the `Board` or `Round "3.7"` tag, else the
//! players' FIDE ids, else their names) and kept in that board's log as a source's reading of
//! its moves ([`store::record_feed`]; a reading that changes nothing is not kept).
//!
//! The same key, bound and refusals as the board endpoint
//! ([`super::live_feed`]): 401 without the tournament's feed key, 413 over
//! [`MAX_FEED_BYTES`], 404 when the round is not paired, 422 when the text holds no game.
//! A game that cannot be read, is not linked or is refused (a move not legal, a board fed by
//! an electronic board) is reported in its line of the answer, not an error for the others:
//! `200 {"games": [{"game", "board", "kept", "plies", "state", "error"}]}`.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::now_millis;
use crate::db::read::live::round_boards;
use crate::db::store::{self, StoreError};
use crate::formats::move_source::{self, SourceGame};
use crate::tournament::live_link::{SourcePlayers, link};
use crate::web::pages::api::{
    MAX_FEED_BYTES, error, feed_body, feed_refusal_reason, feed_tournament,
};
use crate::web::{AppError, AppState};

/// Keeps the round's games, each on its board.
pub async fn live_round_pgn(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let (id, round) = path.into_inner();
    let tournament = match feed_tournament(&req, &state, id).await? {
        Ok(tournament) => tournament,
        Err(answer) => return Ok(answer),
    };
    let text = match feed_body(payload, MAX_FEED_BYTES).await? {
        Ok(text) => text,
        Err(answer) => return Ok(answer),
    };
    let games = match move_source::read_pgn(&text) {
        Ok(games) if !games.is_empty() => games,
        Ok(_) => {
            return Ok(error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "the body holds no PGN game",
            ));
        }
        Err(problem) => {
            return Ok(error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &problem.to_string(),
            ));
        }
    };
    let received = now_millis();
    let live = state.live.clone();
    let lines = state
        .db(move |conn| {
            let Some(boards) = round_boards(conn, tournament.id, round)? else {
                return Ok(None);
            };
            let read: Vec<&SourceGame> = games.iter().filter_map(|g| g.as_ref().ok()).collect();
            let players: Vec<SourcePlayers> = read
                .iter()
                .map(|game| SourcePlayers {
                    board: game.board,
                    white: game.white.clone(),
                    white_fide_id: game.white_fide_id,
                    black: game.black.clone(),
                    black_fide_id: game.black_fide_id,
                })
                .collect();
            let mut linked = link(&boards, &players).into_iter();
            let mut lines = Vec::with_capacity(games.len());
            for (index, game) in games.iter().enumerate() {
                let game = match game {
                    Ok(game) => game,
                    Err(problem) => {
                        lines.push(serde_json::json!({
                            "game": index + 1,
                            "board": null,
                            "error": problem.to_string(),
                        }));
                        continue;
                    }
                };
                let board = match linked.next() {
                    Some(Ok(board)) => board,
                    Some(Err(why)) => {
                        lines.push(serde_json::json!({
                            "game": game.number,
                            "board": null,
                            "error": format!("not linked: {why}"),
                        }));
                        continue;
                    }
                    None => continue,
                };
                let recorded = store::record_feed(
                    conn,
                    tournament.id,
                    round,
                    board,
                    &[game.entry()],
                    received,
                );
                let kept = match recorded {
                    Ok(kept) => kept,
                    Err(StoreError::Db(problem)) => return Err(problem.into()),
                    Err(refused) => {
                        let (_, reason) = feed_refusal_reason(&refused, round, board);
                        lines.push(serde_json::json!({
                            "game": game.number,
                            "board": board,
                            "error": reason,
                        }));
                        continue;
                    }
                };
                let followed = live.catch_up(conn, &tournament, round, board)?;
                let state = if followed.game.result().is_some() {
                    "ended"
                } else {
                    "playing"
                };
                lines.push(serde_json::json!({
                    "game": game.number,
                    "board": board,
                    "kept": kept,
                    "plies": followed.game.moves().len(),
                    "state": state,
                    "error": null,
                }));
            }
            Ok(Some(lines))
        })
        .await?;
    match lines {
        None => Ok(error(
            StatusCode::NOT_FOUND,
            &format!("round {round} is not paired"),
        )),
        Some(lines) => Ok(HttpResponse::Ok().json(serde_json::json!({ "games": lines }))),
    }
}
