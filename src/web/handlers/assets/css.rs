//! `GET /static/app.css`: the one stylesheet (`static/css/app.css`, embedded).

use actix_web::HttpResponse;
use actix_web::http::header;

/// The stylesheet text.
pub const STYLESHEET: &str = include_str!("../../../../static/css/app.css");

/// Serves the stylesheet.
pub async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/css; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(STYLESHEET)
}
