//! Public tournament pages served from memory: a page an anonymous visitor asks for is rendered
//! once per revision of its tournament and then served as stored bytes (gzip-compressed once,
//! when the browser accepts it), with an `ETag` so that a reload answers `304 Not Modified`.
//!
//! Nothing stale is ever served: every request reads the tournament's revision from the
//! database (one primary-key lookup), and every write of the tournament bumps it
//! ([`crate::db::store`]), so a result saved on one instance changes what every instance serves
//! at its next request. The key is the tournament, its revision, the visitor's language and the
//! path with its query. The open API's answers about one event (`/api/v1/events/{public id}`,
//! its round PGN and TRF) are kept the same way, by the tournament the public id names.
//! Logged-in visitors (whose pages carry their name, forms and CSRF
//! token), other methods, answers other than 200 and the live view (its countdown changes with
//! time, not with the revision) bypass the cache.

use std::collections::HashMap;
use std::io::Write as _;
use std::sync::{Arc, Mutex};

use actix_session::SessionExt;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};

use crate::db::models::tournament_public_ids::tournament_of;
use crate::db::models::{TournamentId, TournamentRow};
use crate::web::AppState;
use crate::web::auth::SESSION_ID;
use crate::web::i18n::Lang;

/// How many pages are kept; past it the cache starts afresh (a new revision replaces a page's
/// entry anyway, so this only bounds the number of distinct paths and languages).
const CAPACITY: usize = 4096;

/// One stored page.
#[derive(Debug)]
struct Page {
    /// The tournament's revision the page was rendered at.
    revision: i64,
    /// `Content-Type` of the answer.
    content_type: HeaderValue,
    /// The body as rendered.
    body: Bytes,
    /// The body gzip-compressed, when that is smaller.
    gzip: Option<Bytes>,
    /// The entity tag (revision and a hash of the key).
    etag: String,
    /// Readable from any site (the open API's answers).
    open: bool,
}

/// A page's key: the tournament, and the language and path (with query) it was asked with.
type PageKey = (i32, String);

/// The pages of every tournament, shared by the workers of one instance.
#[derive(Debug, Default, Clone)]
pub struct PageCache {
    pages: Arc<Mutex<HashMap<PageKey, Arc<Page>>>>,
}

impl PageCache {
    fn get(&self, key: &PageKey, revision: i64) -> Option<Arc<Page>> {
        let pages = self.pages.lock().ok()?;
        pages.get(key).filter(|p| p.revision == revision).cloned()
    }

    fn put(&self, key: PageKey, page: Arc<Page>) {
        if let Ok(mut pages) = self.pages.lock() {
            if pages.len() >= CAPACITY {
                pages.clear();
            }
            pages.insert(key, page);
        }
    }
}

/// What a cacheable path names: a tournament by its id (its pages), or by its stable public id
/// (the open API's document, round PGN and TRF of an event).
enum Cacheable {
    /// `/tournaments/{id}/…`.
    Tournament(i32),
    /// `/api/v1/events/{public id}…`.
    Public(String),
}

/// The tournament a public page belongs to, if the path is one the cache may serve.
fn cacheable(req: &ServiceRequest) -> Option<Cacheable> {
    if req.method() != Method::GET {
        return None;
    }
    if let Some(rest) = req.path().strip_prefix("/api/v1/events/") {
        let id = rest.split('/').next().unwrap_or_default();
        return crate::formats::public_state::is_public_id(id)
            .then(|| Cacheable::Public(id.to_owned()));
    }
    let rest = req.path().strip_prefix("/tournaments/")?;
    let (id, tail) = rest.split_once('/').unwrap_or((rest, ""));
    if tail
        .split('/')
        .any(|part| part == "live" || part == "live.json")
    {
        return None;
    }
    id.parse().ok().map(Cacheable::Tournament)
}

fn gzip(body: &[u8]) -> Option<Bytes> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(body).ok()?;
    let compressed = encoder.finish().ok()?;
    (compressed.len() < body.len()).then(|| Bytes::from(compressed))
}

fn etag_of(key: &PageKey, revision: i64) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut hasher);
    format!("\"{}-{revision}-{:016x}\"", key.0, hasher.finish())
}

/// True when the request's `If-None-Match` names `etag` (the browser has that version).
pub fn etag_matches(headers: &header::HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|tag| tag.trim() == etag || tag.trim() == "*")
        })
}

/// The answer for a stored page: 304 when the browser has it, else the bytes (compressed when
/// accepted).
fn answer(headers: &header::HeaderMap, page: &Page) -> HttpResponse {
    let mut response = HttpResponse::build(StatusCode::OK);
    response
        .insert_header((header::ETAG, page.etag.as_str()))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::VARY, "Accept-Encoding, Accept-Language, Cookie"));
    if etag_matches(headers, &page.etag) {
        return response.status(StatusCode::NOT_MODIFIED).finish();
    }
    if page.open {
        response.insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"));
    }
    response.insert_header((header::CONTENT_TYPE, page.content_type.clone()));
    let accepts_gzip = headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|accepted| accepted.split(',').any(|e| e.trim().starts_with("gzip")));
    match &page.gzip {
        Some(compressed) if accepts_gzip => response
            .insert_header((header::CONTENT_ENCODING, "gzip"))
            .body(compressed.clone()),
        _ => response.body(page.body.clone()),
    }
}

/// The middleware (`actix_web::middleware::from_fn`): serves anonymous visitors' public pages
/// from the cache, stores those it had to render.
pub async fn public_pages(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let anonymous = req
        .get_session()
        .get::<String>(SESSION_ID)
        .ok()
        .flatten()
        .is_none();
    let (Some(target), true) = (cacheable(&req), anonymous) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    // An event pushed from a venue (a public id of no tournament here) is served as stored.
    let found = state
        .db(move |conn| {
            let id = match target {
                Cacheable::Tournament(id) => TournamentId(id),
                Cacheable::Public(public_id) => match tournament_of(conn, &public_id)? {
                    Some(id) => id,
                    None => return Ok(None),
                },
            };
            Ok(TournamentRow::revision(conn, id)?.map(|revision| (id.0, revision)))
        })
        .await?;
    let Some((id, revision)) = found else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let lang = Lang::of_request(req.request()).code();
    let path = req
        .uri()
        .path_and_query()
        .map_or_else(|| req.path().to_owned(), |p| p.as_str().to_owned());
    let key = (id, format!("{lang}|{path}"));
    if let Some(page) = state.pages.get(&key, revision) {
        let response = answer(req.headers(), &page);
        return Ok(req.into_response(response));
    }
    let response = next.call(req).await?;
    if response.status() != StatusCode::OK {
        return Ok(response.map_into_boxed_body());
    }
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .cloned()
        .unwrap_or_else(|| HeaderValue::from_static("application/octet-stream"));
    let open = response
        .headers()
        .contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN);
    let (req, response) = response.into_parts();
    let body = actix_web::body::to_bytes(response.into_body())
        .await
        .map_err(|_| actix_web::error::ErrorInternalServerError("page body"))?;
    let page = Arc::new(Page {
        revision,
        content_type,
        gzip: gzip(&body),
        body,
        etag: etag_of(&key, revision),
        open,
    });
    state.pages.put(key, Arc::clone(&page));
    let response = answer(req.headers(), &page);
    Ok(ServiceResponse::new(req, response))
}
