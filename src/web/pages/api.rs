//! The open API's answers: the JSON error and a JSON body with its ETag; the bearer key of a
//! push and a refused push's answer; the live feed's key, body and refusals, shared by its
//! board and round endpoints.

use actix_web::HttpResponse;
use actix_web::http::{StatusCode, header};

use crate::db::store::PushRefusal;

/// The key of `Authorization: Bearer KEY`, when one is given.
pub fn bearer_key(req: &actix_web::HttpRequest) -> Option<String> {
    req.headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|key| !key.is_empty())
        .map(str::to_owned)
}

/// The answer to a push of event `id` refused: its status and why.
pub fn push_refused(refusal: &PushRefusal, id: &str) -> HttpResponse {
    let (status, reason) = match refusal {
        PushRefusal::UnknownKey => (
            StatusCode::UNAUTHORIZED,
            "this publishing key is not known here".to_owned(),
        ),
        PushRefusal::RevokedKey => (
            StatusCode::FORBIDDEN,
            "this publishing key was revoked".to_owned(),
        ),
        PushRefusal::DisabledOrganiser => (
            StatusCode::FORBIDDEN,
            "the organiser of this publishing key is disabled".to_owned(),
        ),
        PushRefusal::OtherOrganiser => (
            StatusCode::FORBIDDEN,
            format!("event {id} is published by another organiser"),
        ),
        PushRefusal::LocalEvent => (
            StatusCode::CONFLICT,
            format!("event {id} is run on this server: it cannot be pushed here"),
        ),
        PushRefusal::Busy => (
            StatusCode::CONFLICT,
            format!("another push of event {id} was being applied: send it again"),
        ),
        PushRefusal::NotPushed => (
            StatusCode::CONFLICT,
            format!("event {id} has not been pushed here yet: push its state first"),
        ),
    };
    error(status, &reason)
}

/// An answer `{"error": message}` with `status`.
pub fn error(status: StatusCode, message: &str) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(serde_json::json!({ "error": message }))
}

/// A JSON answer with the `ETag` of its bytes, or `304 Not Modified` when the client's
/// `If-None-Match` names it already; readable from any site (the API is open).
pub fn json_with_etag(
    req: &actix_web::HttpRequest,
    content_type: &'static str,
    body: String,
) -> HttpResponse {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(body.as_bytes());
    let etag = format!("\"{}\"", hex::encode(&digest[..16]));
    let matches = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .split(',')
                .map(|tag| tag.trim().trim_start_matches("W/"))
                .any(|tag| tag == etag || tag == "*")
        });
    let mut answer = if matches {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    answer
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"));
    if matches {
        answer.finish()
    } else {
        answer
            .insert_header((header::CONTENT_TYPE, content_type))
            .body(body)
    }
}

/// The largest feed body accepted: 1 MiB (a second's events of a board are a few hundred
/// bytes; a round's PGN of 300 games with clocks, some 700 KB).
pub const MAX_FEED_BYTES: usize = 1024 * 1024;

/// The feed API's key: the tournament `id` whose feed key comes as `Authorization: Bearer
/// KEY`, or the 401 answer that says why not.
pub async fn feed_tournament(
    req: &actix_web::HttpRequest,
    state: &actix_web::web::Data<crate::web::AppState>,
    id: i32,
) -> Result<Result<crate::db::models::TournamentRow, HttpResponse>, crate::web::AppError> {
    use crate::db::models::TournamentRow;
    use crate::db::models::live_settings::LiveSettingsRow;
    use crate::tournament::personal_link::{is_well_formed, token_digest};
    let key = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    if !is_well_formed(&key) {
        return Ok(Err(error(
            StatusCode::UNAUTHORIZED,
            "the tournament's feed key is needed: Authorization: Bearer KEY",
        )));
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
    Ok(tournament.ok_or_else(|| {
        error(
            StatusCode::UNAUTHORIZED,
            "this key is not the tournament's feed key (revoked, replaced or another's)",
        )
    }))
}

/// A body as UTF-8 text of at most `limit` bytes (the live feed's, a venue's live games), or
/// the 413/422 answer.
pub async fn feed_body(
    mut payload: actix_web::web::Payload,
    limit: usize,
) -> Result<Result<String, HttpResponse>, crate::web::AppError> {
    use futures_util::StreamExt;
    let mut body = actix_web::web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk =
            chunk.map_err(|error| crate::web::AppError::Unprocessable(error.to_string()))?;
        if body.len() + chunk.len() > limit {
            return Ok(Err(error(
                StatusCode::PAYLOAD_TOO_LARGE,
                &format!("the body is larger than {limit} bytes: send it in parts"),
            )));
        }
        body.extend_from_slice(&chunk);
    }
    match String::from_utf8(body.to_vec()) {
        Ok(text) => Ok(Ok(text)),
        Err(_) => Ok(Err(error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "the body is not UTF-8 text",
        ))),
    }
}

/// The answer to a feed store's refusal: 404 for a round not paired or a board it does not
/// have, 409 for a bye's row, 422 with the reason for an entry the game does not take.
pub fn feed_refusal(
    error_of: &crate::db::store::StoreError,
    round: i32,
    board: i32,
) -> HttpResponse {
    let (status, reason) = feed_refusal_reason(error_of, round, board);
    error(status, &reason)
}

/// The status and the words of a feed store's refusal ([`feed_refusal`]).
pub fn feed_refusal_reason(
    error_of: &crate::db::store::StoreError,
    round: i32,
    board: i32,
) -> (StatusCode, String) {
    use crate::db::store::{Refusal, StoreError};
    match error_of {
        StoreError::NotFound => (
            StatusCode::NOT_FOUND,
            format!("round {round} is not paired or has no board {board}"),
        ),
        StoreError::Refused(Refusal::LiveEntry(reason)) => (
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("board {board}: {reason}"),
        ),
        StoreError::Refused(Refusal::EmptySeat) => (
            StatusCode::CONFLICT,
            format!("board {board} of round {round} is a bye: there is no game to follow"),
        ),
        StoreError::Refused(other) => (StatusCode::CONFLICT, format!("{other:?}")),
        StoreError::Db(_) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            "the database failed".to_owned(),
        ),
    }
}
