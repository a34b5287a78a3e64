//! `POST /api/v1/push`: a venue publishes the state of one of its events to this server (the
//! public server). The organiser's publishing key comes as `Authorization: Bearer KEY`; the
//! body is the public state document ([`PublicState`]), plain or `Content-Encoding: gzip`.
//!
//! Refused, with a JSON answer that says why and nothing written: no key (401), an unknown key
//! (401), a revoked key or a disabled organiser (403), an event first published by another
//! organiser (403), an event run on this server itself (409), a body over [`MAX_PUSH_BYTES`] as
//! sent or [`MAX_DOCUMENT_BYTES`] unpacked (413, the bound named), another encoding (415), a body
//! that is not the document (400 for broken JSON, 422 for a document of another format or
//! version). A revision not newer than the one stored is acknowledged (200, `ignored`) and
//! changes nothing; a newer one replaces it in one transaction (200, `applied`).

use std::io::Read;

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;

use crate::db::store::{self, PushError, PushOutcome};
use crate::formats::public_state::{PublicState, PublicStateError};
use crate::web::pages::api::{bearer_key, error, push_refused};
use crate::web::{AppError, AppState};

/// The largest body accepted as sent (gzip-compressed or not): 4 MiB.
pub const MAX_PUSH_BYTES: usize = 4 * 1024 * 1024;
/// The largest document accepted once unpacked: 32 MiB.
pub const MAX_DOCUMENT_BYTES: usize = 32 * 1024 * 1024;

fn too_large(what: &str, bound: usize) -> HttpResponse {
    error(
        StatusCode::PAYLOAD_TOO_LARGE,
        &format!(
            "the push is larger than this server accepts: {what} at most {bound} bytes ({} MiB)",
            bound / (1024 * 1024)
        ),
    )
}

/// Applies a push.
pub async fn push(
    req: HttpRequest,
    state: web::Data<AppState>,
    mut payload: web::Payload,
) -> Result<HttpResponse, AppError> {
    let Some(key) = bearer_key(&req) else {
        return Ok(error(
            StatusCode::UNAUTHORIZED,
            "a publishing key is needed: Authorization: Bearer KEY",
        ));
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_PUSH_BYTES as u64) {
        return Ok(too_large("the body as sent", MAX_PUSH_BYTES));
    }
    let gzip = match req
        .headers()
        .get(header::CONTENT_ENCODING)
        .and_then(|value| value.to_str().ok())
        .map(|value| value.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("") | Some("identity") => false,
        Some("gzip") => true,
        Some(other) => {
            return Ok(error(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                &format!("Content-Encoding {other:?} is not read here: send gzip or nothing"),
            ));
        }
    };
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|error| AppError::Unprocessable(error.to_string()))?;
        if body.len() + chunk.len() > MAX_PUSH_BYTES {
            return Ok(too_large("the body as sent", MAX_PUSH_BYTES));
        }
        body.extend_from_slice(&chunk);
    }
    let document = if gzip {
        let mut unpacked = Vec::new();
        let read = flate2::read::GzDecoder::new(&body[..])
            .take(MAX_DOCUMENT_BYTES as u64 + 1)
            .read_to_end(&mut unpacked);
        if read.is_err() {
            return Ok(error(
                StatusCode::BAD_REQUEST,
                "the body is not gzip as Content-Encoding says",
            ));
        }
        if unpacked.len() > MAX_DOCUMENT_BYTES {
            return Ok(too_large("the document unpacked", MAX_DOCUMENT_BYTES));
        }
        unpacked
    } else {
        body.to_vec()
    };
    let pushed = match PublicState::parse(&document) {
        Ok(pushed) => pushed,
        Err(refusal @ PublicStateError::Malformed { .. }) => {
            return Ok(error(StatusCode::BAD_REQUEST, &refusal.to_string()));
        }
        Err(refusal) => {
            return Ok(error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &refusal.to_string(),
            ));
        }
    };
    let (id, revision) = (pushed.id.clone(), pushed.revision);
    let outcome = state
        .db(move |conn| Ok(store::apply_push(conn, &key, &pushed)))
        .await?;
    Ok(match outcome {
        Ok(PushOutcome::Applied { previous }) => HttpResponse::Ok().json(serde_json::json!({
            "status": "applied",
            "id": id,
            "revision": revision,
            "previous": previous,
        })),
        Ok(PushOutcome::Ignored { stored }) => HttpResponse::Ok().json(serde_json::json!({
            "status": "ignored",
            "id": id,
            "revision": revision,
            "stored": stored,
            "reason": "the revision stored is this one or newer",
        })),
        Err(PushError::Refused(refusal)) => push_refused(&refusal, &id),
        Err(PushError::Db(failure)) => return Err(failure.into()),
    })
}
