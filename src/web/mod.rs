//! The web application (actix-web, askama templates).
//!
//! - [`app`] builds the whole application from an [`AppState`]; `arbiter serve` and the tests
//!   (`tests/common/`) both use it, so tests drive exactly what runs in production.
//! - [`routes::config`] lists every route on one screen.
//! - [`extractors`]: the current user as a type (`CurrentUser`, `Organiser`, `Admin`,
//!   `MaybeUser`), the CSRF-checked form (`CsrfForm<T>`), and [`PageContext`] for templates.
//! - [`error::AppError`] is what handlers return on failure; error pages are templates.
//! - [`i18n`]: the UI language (cookie, `Accept-Language`); catalogs in `locales/`.
//! - [`auth`]: passwords (argon2), login rate limiting, the session layout.
//! - [`input`]: the input gate every form, upload and `next=` link passes (control
//!   characters, same-site redirects, tournament dates).
//! - [`slow_clients`]: the time a client has to send its request head and body.
//!
//! Handlers live in `handlers/<resource>/<action>.rs`, one action per file, with the page and
//! form structs they use. Database work runs on the blocking pool through [`AppState::db`].

pub mod access;
pub mod assets;
pub mod auth;
pub mod cache;
pub mod error;
pub mod extractors;
pub mod handlers;
pub mod i18n;
pub mod input;
pub mod live_boards;
pub mod pages;
pub mod rating_import;
pub mod routes;
pub mod slow_clients;
pub mod upload;

use actix_session::SessionMiddleware;
use actix_session::config::CookieContentSecurity;
use actix_session::storage::CookieSessionStore;
use actix_web::body::MessageBody;
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::{DefaultHeaders, ErrorHandlers, Logger};
use actix_web::{App, HttpRequest, web};

use crate::db::models::{Role, Setting, User, UserId};
use crate::db::store::StoreError;
use crate::db::{DbConn, DbPool};
pub use error::AppError;
pub use extractors::PageContext;
use i18n::Lang;

/// Settings of a running app.
#[derive(Debug, Clone)]
pub struct AppConfig {
    /// Send the session cookie only over HTTPS (turn on behind TLS).
    pub secure_cookies: bool,
    /// Believe the `Forwarded` / `X-Forwarded-*` headers (only behind a proxy that sets them):
    /// the client address for login rate limiting, the scheme and host for links.
    pub trust_forwarded_for: bool,
    /// The 64-byte key that signs and encrypts session cookies; every instance sharing a
    /// database must use the same one (see [`session_key_from_database`]).
    pub session_key: Vec<u8>,
    /// The address the site is reached at from outside (`https://arbiter.example`), for the
    /// links shown as QR codes; `None`: taken from the request ([`public_base_url`]).
    pub public_url: Option<String>,
}

impl AppConfig {
    /// The key personal links (the self-report codes) are derived under, from the session key.
    pub fn link_key(&self) -> crate::tournament::self_report::LinkKey {
        crate::tournament::self_report::LinkKey::derive(&self.session_key)
    }
}

/// What every handler can reach: the database pool and the configuration.
#[derive(Clone)]
pub struct AppState {
    /// The connection pool.
    pub pool: DbPool,
    /// The configuration.
    pub config: AppConfig,
    /// Public pages rendered once per revision of their tournament ([`cache`]).
    pub pages: cache::PageCache,
    /// The administrator's import of FIDE's rating list, running or last run.
    pub rating_import: rating_import::RatingImport,
    /// The turns logins take in this process ([`auth::LoginGate`]).
    pub logins: auth::LoginGate,
    /// What the administrator's page tells of the machine: backups, the hall's address.
    pub venue: Venue,
    /// The boards followed live from electronic boards ([`live_boards`]).
    pub live: live_boards::LiveBoards,
}

/// What `arbiter serve` tells the administrator's page of the machine it runs on.
#[derive(Debug, Clone, Default)]
pub struct Venue {
    /// The automatic backups ([`crate::backup`]): off unless `--backup-dir`.
    pub backups: crate::backup::BackupStatus,
    /// The address the hall reaches the server at (`--hall`, [`crate::hall`]).
    pub hall_url: Option<String>,
}

impl AppState {
    /// Runs `work` with a pooled connection on the blocking thread pool.
    pub async fn db<T, F>(&self, work: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, AppError> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || {
            let mut conn = pool.get()?;
            work(&mut conn)
        })
        .await?
    }
}

impl AppState {
    /// Runs a store write ([`crate::db::store`]) on the blocking pool; a refusal becomes the
    /// error page that says why ([`AppError::from_store`]).
    pub async fn write<T, F>(&self, ctx: &PageContext, work: F) -> Result<T, AppError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, StoreError> + Send + 'static,
        T: Send + 'static,
    {
        self.try_write(work)
            .await?
            .map_err(|error| AppError::from_store(ctx, error))
    }

    /// Like [`AppState::write`], for handlers that answer some refusals with a page of their
    /// own (a result conflict shows the board as it is now).
    pub async fn try_write<T, F>(&self, work: F) -> Result<Result<T, StoreError>, AppError>
    where
        F: FnOnce(&mut DbConn) -> Result<T, StoreError> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        web::block(move || -> Result<Result<T, StoreError>, AppError> {
            let mut conn = pool.get()?;
            Ok(work(&mut conn))
        })
        .await?
    }
}

/// The name of the setting holding the hex-encoded session key.
pub const SESSION_KEY_SETTING: &str = "session_key";

/// The session key stored in the database, created on first use, so that several app
/// instances on the same database share logins.
pub fn session_key_from_database(conn: &mut DbConn) -> anyhow::Result<Vec<u8>> {
    let fresh = Key::generate();
    let stored = Setting::get_or_insert(conn, SESSION_KEY_SETTING, &hex::encode(fresh.master()))?;
    let bytes = hex::decode(stored.trim())
        .map_err(|error| anyhow::anyhow!("setting {SESSION_KEY_SETTING} is not hex: {error}"))?;
    if bytes.len() < 64 {
        anyhow::bail!("setting {SESSION_KEY_SETTING} must hold at least 64 bytes");
    }
    Ok(bytes)
}

/// The session key from a key file (hex, 64 bytes), created with a fresh key if missing.
pub fn session_key_from_file(path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    if !path.exists() {
        let fresh = Key::generate();
        std::fs::write(path, hex::encode(fresh.master()))?;
    }
    let text = std::fs::read_to_string(path)?;
    let bytes = hex::decode(text.trim()).map_err(|error| {
        anyhow::anyhow!("{}: the session key is not hex: {error}", path.display())
    })?;
    if bytes.len() < 64 {
        anyhow::bail!(
            "{}: the session key must be at least 64 bytes",
            path.display()
        );
    }
    Ok(bytes)
}

/// The cookie holding the session (user id and CSRF token), signed and encrypted.
pub const SESSION_COOKIE: &str = "arbiter_session";

/// Builds the application: routes, error pages, security headers, sessions, logging.
pub fn app(
    state: AppState,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    assets::fingerprint_all();
    let key = Key::from(&state.config.session_key);
    let sessions = SessionMiddleware::builder(CookieSessionStore::default(), key)
        .cookie_name(SESSION_COOKIE.to_owned())
        .cookie_secure(state.config.secure_cookies)
        .cookie_http_only(true)
        .cookie_same_site(SameSite::Lax)
        .cookie_content_security(CookieContentSecurity::Private)
        .build();
    App::new()
        .app_data(web::Data::new(state))
        .app_data(web::PayloadConfig::new(extractors::FORM_LIMIT))
        .app_data(extractors::form_config())
        .app_data(extractors::query_config())
        .app_data(extractors::path_config())
        .configure(routes::config)
        .wrap(ErrorHandlers::new().default_handler(error::render_error_page))
        .wrap(actix_web::middleware::from_fn(slow_clients::body_deadline))
        .wrap(actix_web::middleware::from_fn(cache::public_pages))
        .wrap(actix_web::middleware::Compress::default())
        .wrap(security_headers())
        .wrap(sessions)
        .wrap(Logger::new("%r %s %Dms"))
}

/// The Content-Security-Policy of every answer: scripts, styles and everything else only from
/// this site (templates have no inline script or style), no plugins, no `<base>`, forms post
/// only here, and no other site may frame a page (clickjacking).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries (HTML pages, error pages, files): no content sniffing,
/// [`CONTENT_SECURITY_POLICY`], no framing for old browsers, and no `Referer` to other sites
/// (a self-report page's address is its secret).
pub fn security_headers() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
        .add((header::X_FRAME_OPTIONS, "DENY"))
}

/// True for a host as links may carry it: a name, an IPv4 address or a bracketed IPv6 address,
/// with an optional port.
fn is_host(host: &str) -> bool {
    !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
}

/// Checks a `--public-url` value: `http://` or `https://` and a host (with an optional port);
/// returned without a trailing slash.
pub fn parse_public_url(text: &str) -> Result<String, String> {
    let url = text.trim().trim_end_matches('/');
    let host = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("{text:?}: the public URL starts with https:// or http://"))?;
    if is_host(host) {
        Ok(url.to_owned())
    } else {
        Err(format!(
            "{text:?}: the public URL is a scheme and a host (and port), no path"
        ))
    }
}

/// Where links to this site start (`https://arbiter.example`, no trailing slash), for the
/// self-report QR codes: `--public-url` when given; else, with `--trust-forwarded-for`, what
/// the proxy's `Forwarded` / `X-Forwarded-Proto` / `X-Forwarded-Host` say; else the request's
/// own `Host` and whether the server speaks TLS. A forwarded header is never believed without
/// `--trust-forwarded-for`: any client can send one.
pub fn public_base_url(req: &HttpRequest, config: &AppConfig) -> String {
    if let Some(url) = &config.public_url {
        return url.trim_end_matches('/').to_owned();
    }
    let (scheme, host) = if config.trust_forwarded_for {
        let info = req.connection_info();
        (info.scheme().to_owned(), info.host().to_owned())
    } else {
        let scheme = if req.app_config().secure() {
            "https"
        } else {
            "http"
        };
        let host = req
            .headers()
            .get(header::HOST)
            .and_then(|value| value.to_str().ok())
            .or_else(|| req.uri().authority().map(|authority| authority.as_str()))
            .unwrap_or_else(|| req.app_config().host());
        (scheme.to_owned(), host.to_owned())
    };
    let host = if is_host(&host) {
        host
    } else {
        req.app_config().host().to_owned()
    };
    format!("{scheme}://{host}")
}

/// The logged-in user as pages see it.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionUser {
    /// Account id.
    pub id: UserId,
    /// Login name.
    pub username: String,
    /// Name shown.
    pub display_name: String,
    /// Role.
    pub role: Role,
}

impl From<&User> for SessionUser {
    fn from(user: &User) -> Self {
        SessionUser {
            id: user.id,
            username: user.username.clone(),
            display_name: user.display_name.clone(),
            role: user.role,
        }
    }
}

/// A translated label for a role.
pub fn role_label(lang: Lang, role: Role) -> String {
    lang.t(&format!("role.{}", role.as_str()))
}

/// Renders a page with a status (e.g. a form shown again with its errors: 422).
pub fn render_page(
    page: &impl askama::Template,
    status: actix_web::http::StatusCode,
) -> Result<actix_web::HttpResponse, AppError> {
    Ok(actix_web::HttpResponse::build(status)
        .insert_header((
            actix_web::http::header::CONTENT_TYPE,
            "text/html; charset=utf-8",
        ))
        .body(page.render()?))
}

/// A PDF document shown in the browser (`inline`) under `filename`: the one answer of every
/// printed document.
pub fn pdf_response(pdf: Vec<u8>, filename: &str) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            actix_web::http::header::CONTENT_DISPOSITION,
            format!("inline; filename=\"{filename}\""),
        ))
        .body(pdf)
}

/// Whether the request asks for JSON (a script saving in place) rather than a page.
pub fn wants_json(req: &actix_web::HttpRequest) -> bool {
    req.headers()
        .get(actix_web::http::header::ACCEPT)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|accept| accept.contains("application/json"))
}

/// A 303 redirect (after a successful POST, or to another page).
pub fn see_other(location: &str) -> actix_web::HttpResponse {
    actix_web::HttpResponse::SeeOther()
        .insert_header((actix_web::http::header::LOCATION, location))
        .finish()
}

/// A `303 See Other` to `location` whose page shows `notice` once, above its content: the
/// message of a write that succeeded. Kept in the session until a page of the logged-in user
/// reads it (such pages are never cached).
pub fn see_other_with_notice(
    session: &actix_session::Session,
    location: &str,
    notice: String,
) -> actix_web::HttpResponse {
    if let Err(error) = session.insert(extractors::SESSION_NOTES, vec![notice]) {
        tracing::warn!(%error, "the message of a write could not be kept for the next page");
    }
    see_other(location)
}

/// The client address used for login rate limiting.
pub fn client_ip(req: &actix_web::HttpRequest, trust_forwarded_for: bool) -> String {
    let info = req.connection_info();
    let address = if trust_forwarded_for {
        info.realip_remote_addr()
    } else {
        info.peer_addr()
    };
    let address = address.unwrap_or("unknown");
    // Strip the port of "1.2.3.4:5678" but keep IPv6 addresses whole.
    match address.parse::<std::net::SocketAddr>() {
        Ok(socket) => socket.ip().to_string(),
        Err(_) => address.to_owned(),
    }
}
