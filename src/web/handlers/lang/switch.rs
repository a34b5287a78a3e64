//! `GET /lang/{code}?next=/path`: remembers the chosen language in a cookie and goes back.

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::header;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::web::AppError;
use crate::web::i18n::{LANG_COOKIE, Lang};
use crate::web::input::safe_local_path;

/// Query of the switcher link.
#[derive(Debug, Deserialize)]
pub struct SwitchQuery {
    /// Where to go back to (a local path).
    #[serde(default)]
    pub next: String,
}

/// Sets the `lang` cookie for a year and redirects back.
pub async fn switch_language(
    code: web::Path<String>,
    query: web::Query<SwitchQuery>,
) -> Result<HttpResponse, AppError> {
    let lang = Lang::from_code(&code).ok_or(AppError::NotFound)?;
    let cookie = Cookie::build(LANG_COOKIE, lang.code())
        .path("/")
        .same_site(SameSite::Lax)
        .max_age(actix_web::cookie::time::Duration::days(365))
        .finish();
    Ok(HttpResponse::SeeOther()
        .cookie(cookie)
        .insert_header((header::LOCATION, safe_local_path(&query.next)))
        .finish())
}
