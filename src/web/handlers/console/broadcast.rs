//! `GET /tournaments/{id}/rounds/{number}/broadcast.pgn`: the games of a round followed live,
//! for the public and other broadcasters to poll, **delayed** by the tournament's broadcast
//! delay (15 minutes unless set; anti-cheating): each board's game as its log stood that long
//! ago, with the recorded result once the arbiter has it (the engine's proposed result, its
//! alerts and claim hints stay the arbiter's). Boards without a log are left out. Read from the
//! logs at most every few seconds ([`crate::web::live_boards::DELAYED_FOR_MS`]).

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::db::now_millis;
use crate::web::access::load_visible_round;
use crate::web::extractors::MaybeUser;
use crate::web::pages::game_score::round_pgn;
use crate::web::{AppError, AppState};

/// Sends the PGN.
pub async fn broadcast_pgn(
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (data, _) = load_visible_round(&state, user.0, id, number).await?;
    let now = now_millis();
    let live = state.live.clone();
    let text = state
        .db(move |conn| {
            let delayed = live.delayed(conn, &data, number, now)?;
            Ok(round_pgn(&data, number, |g| {
                let game = delayed.0.get(&g.board)?;
                Some(
                    game.moves()
                        .chunks(2)
                        .enumerate()
                        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
                        .collect::<Vec<_>>()
                        .join(" "),
                )
            }))
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        ))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(text))
}
