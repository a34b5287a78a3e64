//! `GET /api/v1/events/{id}`: the public state of one published event, by its stable public
//! id: a tournament of this server built now, or the state a venue pushed as stored; with an
//! `ETag` (a reload answers 304). 404 for an unknown or unpublished event.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::read::public_state::served_document;
use crate::formats::public_state::is_public_id;
use crate::web::pages::api::{error, json_with_etag};
use crate::web::{AppError, AppState};

/// Answers the document.
pub async fn show_event(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    if !is_public_id(&id) {
        return Ok(error(
            StatusCode::NOT_FOUND,
            "no published event has this id",
        ));
    }
    let document = state
        .db(move |conn| Ok(served_document(conn, &id)?))
        .await?;
    Ok(match document {
        Some(body) => json_with_etag(&req, "application/json", body),
        None => error(StatusCode::NOT_FOUND, "no published event has this id"),
    })
}
