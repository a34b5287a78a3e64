//! `GET /static/js/live.js`: the live round view's polling script (no build step).

use actix_web::HttpResponse;
use actix_web::http::header;

/// The script text.
pub const SCRIPT: &str = include_str!("../../../../static/js/live.js");

/// Serves the script.
pub async fn live_script() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/javascript; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=300"))
        .body(SCRIPT)
}
