//! `GET /api/v1/schema.json`: the JSON Schema of the public state document.

use actix_web::{HttpRequest, HttpResponse};

use crate::formats::public_state::SCHEMA;
use crate::web::pages::api::json_with_etag;

/// Answers the schema (with its `ETag`).
pub async fn show_schema(req: HttpRequest) -> HttpResponse {
    json_with_etag(&req, "application/schema+json", SCHEMA.to_owned())
}
