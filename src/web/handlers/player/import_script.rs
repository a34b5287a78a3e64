//! `GET /static/js/csv-file.js`: the small script of the import page that reads a chosen file
//! into the form (no build step, embedded in the binary).

use actix_web::HttpResponse;
use actix_web::http::header;

/// The script's text.
const SCRIPT: &str = include_str!("../../../../static/js/csv-file.js");

/// Sends the script.
pub async fn import_script() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/javascript; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(SCRIPT)
}
