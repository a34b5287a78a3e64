//! `POST /api/v1/live/{id}/rounds/{round}/boards/{board}`: an electronic board's events for the
//! game on that board of the round (the board relay links each board it reads to a board
//! number). The tournament's feed key comes as `Authorization: Bearer KEY`; the body is JSON
//! lines, one LiveChess board event per line as `arbiter live replay` reads them
//! ([`crate::formats::live_feed`]). The events are kept in the board's log as received
//! ([`store::record_feed`]); the board's game is brought up to date and the consoles told.
//!
//! Refused, with a JSON answer that says why and nothing kept: no key or another tournament's
//! key or a revoked one (401), a body over [`MAX_FEED_BYTES`] (413), a line that is not a board
//! event (422, naming the line), a round not paired or a board it does not have (404), a bye's
//! row (409). Answered `200 {"kept", "plies", "state", "alerts"}`.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;

use crate::db::models::TournamentRow;
use crate::db::models::live_settings::LiveSettingsRow;
use crate::db::store::{self, StoreError};
use crate::formats::live_feed;
use crate::tournament::personal_link::{is_well_formed, token_digest};
use crate::web::pages::api::error;
use crate::web::{AppError, AppState};

/// The largest body accepted: 1 MiB (a second's events of a board are a few hundred bytes).
pub const MAX_FEED_BYTES: usize = 1024 * 1024;

/// Keeps the events.
pub async fn live_feed(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    mut payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let (id, round, board) = path.into_inner();
    let key = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    if !is_well_formed(&key) {
        return Ok(error(
            StatusCode::UNAUTHORIZED,
            "the tournament's feed key is needed: Authorization: Bearer KEY",
        ));
    }
    let digest = token_digest(&key);
    let tournament = state
        .db(move |conn| {
            let Some(owner) = LiveSettingsRow::tournament_of(conn, &digest)? else {
                return Ok(None);
            };
            Ok(TournamentRow::find(conn, owner)?.filter(|row| row.id.0 == id))
        })
        .await?;
    let Some(tournament) = tournament else {
        return Ok(error(
            StatusCode::UNAUTHORIZED,
            "this key is not the tournament's feed key (revoked, replaced or another's)",
        ));
    };
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|error| AppError::Unprocessable(error.to_string()))?;
        if body.len() + chunk.len() > MAX_FEED_BYTES {
            return Ok(error(
                StatusCode::PAYLOAD_TOO_LARGE,
                &format!("the feed's body is larger than {MAX_FEED_BYTES} bytes: send it in parts"),
            ));
        }
        body.extend_from_slice(&chunk);
    }
    let Ok(text) = std::str::from_utf8(&body) else {
        return Ok(error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "the body is not UTF-8 text",
        ));
    };
    let events = match live_feed::read(text) {
        Ok(events) => events,
        Err(problem) => {
            return Ok(error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &problem.to_string(),
            ));
        }
    };
    let received = time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000;
    let received = i64::try_from(received).unwrap_or(i64::MAX);
    let live = state.live.clone();
    let answer = state
        .db(move |conn| {
            let kept =
                match store::record_feed(conn, tournament.id, round, board, &events, received) {
                    Ok(kept) => kept,
                    Err(StoreError::NotFound) => return Ok(Err(StatusCode::NOT_FOUND)),
                    Err(StoreError::Refused(_)) => return Ok(Err(StatusCode::CONFLICT)),
                    Err(StoreError::Db(error)) => return Err(error.into()),
                };
            let followed = live.catch_up(conn, &tournament, round, board)?;
            Ok(Ok((kept, followed)))
        })
        .await?;
    match answer {
        Err(StatusCode::NOT_FOUND) => Ok(error(
            StatusCode::NOT_FOUND,
            &format!("round {round} is not paired or has no board {board}"),
        )),
        Err(_) => Ok(error(
            StatusCode::CONFLICT,
            &format!("board {board} of round {round} is a bye: there is no game to follow"),
        )),
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
