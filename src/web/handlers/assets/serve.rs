//! `GET /static/{file}`: one of the site's static files ([`super`]). By its fingerprinted name
//! it is sent with `Cache-Control: public, max-age=31536000, immutable` (the name changes when
//! the bytes do); by its plain name with `no-cache`, so a browser revalidates it (`ETag`, 304).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::web::AppError;
use crate::web::assets::find;
use crate::web::cache::etag_matches;

/// A year, the longest `max-age` caches are asked to honour.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Sends the file, or 304 when the browser has these bytes.
pub async fn serve_asset(
    req: HttpRequest,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let (asset, fingerprinted) = find(&path.into_inner()).ok_or(AppError::NotFound)?;
    let cache_control = if fingerprinted { IMMUTABLE } else { "no-cache" };
    let known = etag_matches(req.headers(), &asset.etag);
    let mut response = if known {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::CACHE_CONTROL, cache_control))
        .insert_header((header::ETAG, asset.etag.as_str()));
    if known {
        return Ok(response.finish());
    }
    Ok(response
        .insert_header((header::CONTENT_TYPE, asset.content_type))
        .body(asset.body))
}
