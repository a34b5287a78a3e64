//! `POST /api/v1/push/live`: a venue sends the games of one round it follows live from
//! electronic boards to this server (the public server), **already delayed** by the venue's
//! broadcast delay; the body is the public live document ([`PublicLive`], plain JSON). The
//! organiser's publishing key comes as `Authorization: Bearer KEY`, as for the event's state
//! (`POST /api/v1/push`), which must have been pushed here first.
//!
//! Refused, with a JSON answer that says why and nothing written: no key or an unknown one
//! (401), a revoked key, a disabled organiser or another organiser's event (403), an event run
//! on this server or not pushed here yet (409), a body over [`MAX_LIVE_BYTES`] (413), a body
//! that is not the document (400 for broken JSON, 422 naming the field, the board or the
//! move). Answered `200 {"status": "applied", "id", "round", "boards"}`; the round's document
//! replaces the one before.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::store::{self, PushError};
use crate::formats::public_live::{PublicLive, PublicLiveError};
use crate::web::pages::api::{bearer_key, error, feed_body, push_refused};
use crate::web::{AppError, AppState};

/// The largest body accepted: 4 MiB (a round of 200 boards is some 200 kB).
pub const MAX_LIVE_BYTES: usize = 4 * 1024 * 1024;

/// Stores the round's live games.
pub async fn push_live(
    req: HttpRequest,
    state: web::Data<AppState>,
    payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let Some(key) = bearer_key(&req) else {
        return Ok(error(
            StatusCode::UNAUTHORIZED,
            "a publishing key is needed: Authorization: Bearer KEY",
        ));
    };
    let body = match feed_body(payload, MAX_LIVE_BYTES).await? {
        Ok(body) => body,
        Err(answer) => return Ok(answer),
    };
    let live = match PublicLive::parse(body.as_bytes()) {
        Ok(live) => live,
        Err(refusal @ PublicLiveError::Malformed { .. }) => {
            return Ok(error(StatusCode::BAD_REQUEST, &refusal.to_string()));
        }
        Err(refusal) => {
            return Ok(error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &refusal.to_string(),
            ));
        }
    };
    let (id, round, boards) = (live.id.clone(), live.round, live.boards.len());
    let outcome = state
        .db(move |conn| Ok(store::apply_live_push(conn, &key, &live)))
        .await?;
    Ok(match outcome {
        Ok(()) => HttpResponse::Ok().json(serde_json::json!({
            "status": "applied",
            "id": id,
            "round": round,
            "boards": boards,
        })),
        Err(PushError::Refused(refusal)) => push_refused(&refusal, &id),
        Err(PushError::Db(failure)) => return Err(failure.into()),
    })
}
