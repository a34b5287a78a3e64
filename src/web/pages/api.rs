//! The open API's answers: the JSON error and a JSON body with its ETag; the bearer key of a
//! push and a refused push's answer.

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
