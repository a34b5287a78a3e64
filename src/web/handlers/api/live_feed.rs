//! `POST /api/v1/live/{id}/rounds/{round}/boards/{board}`: the feed of the game on that board of
//! the round (the relay links each board or game it reads to a board number). The tournament's
//! feed key comes as `Authorization: Bearer KEY`; the body is
//!
//! - JSON lines, one LiveChess board event per line as `arbiter live replay` reads them
//!   ([`crate::formats::live_feed`]) — an electronic board's positions;
//! - or a source of moves ([`crate::formats::move_source`]): one PGN game
//!   (`Content-Type: application/x-chess-pgn`) or a LiveChess Cloud game file
//!   (`application/json`, an object with `moves`), the game's whole mainline so far.
//!
//! The feed is kept in the board's log ([`store::record_feed`]; a source's reading that changes
//! nothing is not kept); the board's game is brought up to date and the consoles told.
//!
//! Refused, with a JSON answer that says why and nothing kept: no key or another tournament's
//! key or a revoked one (401), a body over [`MAX_FEED_BYTES`] (413), a line that is not a board
//! event or a PGN that cannot be read (422, naming the line), a move that is not legal or a
//! board fed by the other kind of feed (422, naming the move or the kind), a round not paired
//! or a board it does not have (404), a bye's row (409). Answered
//! `200 {"kept", "plies", "state", "alerts"}`.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::store::{self, StoreError};
use crate::formats::live_feed::{self, LogEntry};
use crate::formats::move_source;
use crate::web::pages::api::{MAX_FEED_BYTES, error, feed_body, feed_refusal, feed_tournament};
use crate::web::{AppError, AppState};

/// Keeps the feed.
pub async fn live_feed(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let (id, round, board) = path.into_inner();
    let tournament = match feed_tournament(&req, &state, id).await? {
        Ok(tournament) => tournament,
        Err(answer) => return Ok(answer),
    };
    let text = match feed_body(payload, MAX_FEED_BYTES).await? {
        Ok(text) => text,
        Err(answer) => return Ok(answer),
    };
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let entries = match entries_of(&content_type, &text) {
        Ok(entries) => entries,
        Err(problem) => return Ok(error(StatusCode::UNPROCESSABLE_ENTITY, &problem)),
    };
    let received = crate::db::now_millis();
    let live = state.live.clone();
    let answer = state
        .db(move |conn| {
            let kept =
                match store::record_feed(conn, tournament.id, round, board, &entries, received) {
                    Ok(kept) => kept,
                    Err(StoreError::Db(error)) => return Err(error.into()),
                    Err(refused) => return Ok(Err(refused)),
                };
            let followed = live.catch_up(conn, &tournament, round, board)?;
            Ok(Ok((kept, followed)))
        })
        .await?;
    match answer {
        Err(refused) => Ok(feed_refusal(&refused, round, board)),
        Ok((kept, followed)) => {
            let game = &followed.game;
            let state = if game.result().is_some() {
                "ended"
            } else if game.is_held() {
                "held"
            } else {
                "playing"
            };
            Ok(HttpResponse::Ok().json(serde_json::json!({
                "kept": kept,
                "plies": game.moves().len(),
                "state": state,
                "alerts": game.alerts().len(),
            })))
        }
    }
}

/// The log entries of a body: one PGN game, a LiveChess Cloud game, or board events.
fn entries_of(content_type: &str, text: &str) -> Result<Vec<LogEntry>, String> {
    if content_type.starts_with("application/x-chess-pgn") {
        let mut games = move_source::read_pgn(text).map_err(|e| e.to_string())?;
        if games.len() != 1 {
            return Err(format!(
                "a board takes one PGN game, the body has {}: post a round's games to \
                 /rounds/{{round}}/pgn",
                games.len()
            ));
        }
        return games
            .remove(0)
            .map(|game| vec![game.entry()])
            .map_err(|e| e.to_string());
    }
    if content_type.starts_with("application/json") && move_source::is_lcc_game(text) {
        return move_source::read_lcc_game(text, "the body")
            .map(|game| vec![game.entry()])
            .map_err(|e| e.to_string());
    }
    live_feed::read(text)
        .map(|events| events.into_iter().map(LogEntry::Board).collect())
        .map_err(|e| e.to_string())
}
