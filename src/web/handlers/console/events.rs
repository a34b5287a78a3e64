//! `GET /tournaments/{id}/rounds/{number}/console/events`: the console's Server-Sent Events —
//! an `event: board` with the board's line as JSON ([`ConsoleBoard`]) each time a board of the
//! round changes, `event: reload` when this console fell behind the changes (the page reloads
//! itself), and a comment every 15 seconds so that proxies keep the connection open. For
//! whoever runs the day.

use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header::{CACHE_CONTROL, CONTENT_ENCODING};
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};
use tokio::sync::broadcast::error::RecvError;

use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::pages::console::{ConsoleBoard, followed_games};
use crate::web::{AppError, AppState, PageContext};

/// How long a quiet connection waits before a keep-alive comment.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The stream.
pub async fn console_events(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    tournament: ManagedTournament<RunsDay>,
) -> Result<HttpResponse, AppError> {
    let (_, round) = path.into_inner();
    let ManagedTournament { data, .. } = tournament;
    let games = Arc::new(followed_games(&data, round)?);
    let receiver = state.live.subscribe();
    let id = data.tournament.id.0;
    let data = Arc::new(data);
    let state = state.into_inner();
    let stream = futures_util::stream::unfold(receiver, move |mut receiver| {
        let (state, data, games, ctx) = (state.clone(), data.clone(), games.clone(), ctx.clone());
        async move {
            loop {
                let change = match actix_web::rt::time::timeout(KEEP_ALIVE, receiver.recv()).await {
                    Err(_) => return Some((Ok(Bytes::from_static(b": keep-alive\n\n")), receiver)),
                    Ok(Err(RecvError::Lagged(_))) => {
                        return Some((
                            Ok(Bytes::from_static(b"event: reload\ndata: {}\n\n")),
                            receiver,
                        ));
                    }
                    Ok(Err(RecvError::Closed)) => return None,
                    Ok(Ok(change)) => change,
                };
                let (tournament, changed_round, board) = change;
                if tournament != id || changed_round != round {
                    continue;
                }
                let Some(game) = games.iter().find(|g| g.board == board) else {
                    continue;
                };
                let followed = match state.live.current(change) {
                    Some(followed) => followed,
                    None => {
                        let (live, row) = (state.live.clone(), data.tournament.clone());
                        match state
                            .db(move |conn| Ok(live.catch_up(conn, &row, round, board)?))
                            .await
                        {
                            Ok(followed) => followed,
                            Err(_) => continue,
                        }
                    }
                };
                let line = ConsoleBoard::new(&ctx, &data, game, Some(&followed));
                let json = serde_json::to_string(&line).unwrap_or_default();
                let message = format!("event: board\ndata: {json}\n\n");
                return Some((Ok::<_, actix_web::Error>(Bytes::from(message)), receiver));
            }
        }
    });
    Ok(HttpResponse::Ok()
        .content_type("text/event-stream")
        .insert_header((CACHE_CONTROL, "no-cache"))
        // Compressed, the events would wait in the encoder's buffer.
        .insert_header((CONTENT_ENCODING, "identity"))
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(stream))
}
