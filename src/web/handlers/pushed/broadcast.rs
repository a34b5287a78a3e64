//! `GET /events/{id}/rounds/{number}/broadcast.pgn`: a pushed event's round followed live at
//! the venue as PGN, for the public and other broadcasters to poll — the moves as the venue
//! last pushed them (already delayed), the players and results of the event's public state
//! ([`pushed_round_pgn`]). A tournament of this server redirects to its own broadcast.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::web::pages::pushed::{Published, load_published, load_pushed_live, pushed_round_pgn};
use crate::web::{AppError, AppState, see_other};

/// Sends the PGN.
pub async fn pushed_broadcast_pgn(
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let document = match load_published(&state, id.clone()).await? {
        Published::Local(tournament) => {
            return Ok(see_other(&format!(
                "/tournaments/{tournament}/rounds/{number}/broadcast.pgn"
            )));
        }
        Published::Pushed(document, _) => document,
    };
    let live = load_pushed_live(&state, id, number).await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        ))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(pushed_round_pgn(&document, &live)))
}
