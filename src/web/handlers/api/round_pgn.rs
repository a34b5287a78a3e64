//! `GET /api/v1/events/{id}/rounds/{round}/games.pgn`: one published round of a published event
//! as PGN, built from the event's public state (the same document `/api/v1/events/{id}`
//! answers, so an event pushed from a venue and one run here give the same file): a game per
//! board, its moves when a game score was entered, the result recorded. 404 for an unknown or
//! unpublished event or round.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::read::public_state::served_document;
use crate::formats::public_state::{PublicState, is_public_id};
use crate::web::pages::api::{error, json_with_etag};
use crate::web::{AppError, AppState};

/// Answers the round's PGN.
pub async fn round_pgn(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, u32)>,
) -> Result<HttpResponse, AppError> {
    let (id, round) = path.into_inner();
    if !is_public_id(&id) {
        return Ok(error(
            StatusCode::NOT_FOUND,
            "no published event has this id",
        ));
    }
    let document = state
        .db(move |conn| Ok(served_document(conn, &id)?))
        .await?;
    let Some(document) = document else {
        return Ok(error(
            StatusCode::NOT_FOUND,
            "no published event has this id",
        ));
    };
    let state = PublicState::parse(document.as_bytes())
        .map_err(|problem| AppError::Internal(format!("stored document: {problem}")))?;
    Ok(match state.round_pgn(round) {
        Some(pgn) => json_with_etag(&req, "application/x-chess-pgn; charset=utf-8", pgn),
        None => error(
            StatusCode::NOT_FOUND,
            &format!("round {round} of this event is not published"),
        ),
    })
}
