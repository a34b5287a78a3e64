//! Request extractors: who is asking (authorisation is in the handler's argument types), the
//! CSRF-checked form, and the template context.
//!
//! - [`MaybeUser`]: anyone; `Some(user)` when logged in.
//! - [`CurrentUser`]: any logged-in account (anonymous → redirect to `/login`).
//! - [`Organiser`]: organiser or administrator (others → 403).
//! - [`Admin`]: administrator (others → 403).
//!   Per-tournament rights (owner, assigned arbiter) are the extractors of
//!   [`crate::web::access`] ([`crate::web::access::VisibleTournament`],
//!   [`crate::web::access::ManagedTournament`]) or its `authorise` / `load_*` functions.
//! - [`CsrfForm<T>`]: an `application/x-www-form-urlencoded` body whose `csrf_token` field must
//!   match the session's token (else 403), whose fields pass the input gate
//!   ([`crate::web::input::check_fields`], else 422 naming the field), deserialised into `T`
//!   (else 422). Every POST handler takes one; templates add the field with
//!   `{% call m::csrf(ctx) %}`.
//! - [`PageContext`]: language, user and CSRF token for the base layout.

use std::collections::HashMap;
use std::ops::Deref;

use actix_session::{Session, SessionExt};
use actix_web::dev::Payload;
use actix_web::http::Method;
use actix_web::web::{self, Bytes};
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse};
use futures_util::TryFutureExt;
use futures_util::future::LocalBoxFuture;
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::db::models::{Role, User, UserId};
use crate::web::auth::{
    KnownBrowser, SESSION_CSRF, SESSION_DEVICE, SESSION_ID, SESSION_KNOWN, close_session,
    new_csrf_token, open_session, session_user,
};
use crate::web::i18n::{LOCALES, Lang};
use crate::web::input::check_fields;
use crate::web::{AppError, AppState, SessionUser};

/// The user loaded for this request (cached in the request extensions).
#[derive(Clone)]
struct LoadedUser(Option<User>);

/// The logged-in, active user of this request, if any (loaded once per request).
pub async fn load_user(req: &HttpRequest) -> Result<Option<User>, AppError> {
    if let Some(LoadedUser(user)) = req.extensions().get::<LoadedUser>() {
        return Ok(user.clone());
    }
    let session = req.get_session();
    let secret = session.get::<String>(SESSION_ID).unwrap_or(None);
    let user = match secret {
        None => None,
        Some(secret) => {
            let state = app_state(req)?;
            let user = state
                .db(move |conn| Ok(session_user(conn, &secret)?))
                .await?;
            if user.is_none() {
                // The session ended (logout elsewhere, new password, disabled account, too
                // old): forget the login.
                session.remove(SESSION_ID);
            }
            user
        }
    };
    req.extensions_mut().insert(LoadedUser(user.clone()));
    Ok(user)
}

/// The shared state registered by [`crate::web::app`].
pub fn app_state(req: &HttpRequest) -> Result<web::Data<AppState>, AppError> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| AppError::Internal("AppState is not registered".into()))
}

/// Where to come back after logging in: the page itself for GET, else the home page.
fn next_after_login(req: &HttpRequest) -> String {
    if req.method() == Method::GET {
        match req.uri().path_and_query() {
            Some(path) => path.as_str().to_owned(),
            None => "/".to_owned(),
        }
    } else {
        "/".to_owned()
    }
}

/// Anyone; the user when logged in.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<User>);

impl FromRequest for MaybeUser {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Ok(MaybeUser(load_user(&req).await?)) })
    }
}

/// Loads the user and checks `allowed`: anonymous → login redirect, other roles → 403.
async fn require_user(req: HttpRequest, allowed: fn(&User) -> bool) -> Result<User, AppError> {
    match load_user(&req).await? {
        Some(user) if allowed(&user) => Ok(user),
        Some(_) => Err(AppError::Forbidden),
        None => Err(AppError::LoginRequired {
            next: next_after_login(&req),
        }),
    }
}

/// Declares an extractor for the users that `allowed` accepts (derefs to [`User`]).
macro_rules! user_extractor {
    ($(#[$doc:meta])* $name:ident, $allowed:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name(pub User);

        impl FromRequest for $name {
            type Error = AppError;
            type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

            fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
                Box::pin(require_user(req.clone(), $allowed).map_ok($name))
            }
        }

        impl Deref for $name {
            type Target = User;
            fn deref(&self) -> &User {
                &self.0
            }
        }
    };
}

user_extractor!(
    /// Any logged-in account.
    CurrentUser,
    |_| true
);
user_extractor!(
    /// An organiser or an administrator.
    Organiser,
    |user| user.role.can_organise()
);
user_extractor!(
    /// An administrator.
    Admin,
    |user| user.role == Role::Admin
);

/// Logs `user` in: a new session on the server ([`open_session`]) and a fresh cookie (against
/// fixation) holding its secret and a new CSRF token.
pub async fn start_session(
    session: &Session,
    state: &AppState,
    user: UserId,
) -> Result<(), AppError> {
    let secret = state.db(move |conn| Ok(open_session(conn, user)?)).await?;
    let browser = known_browser(session);
    session.renew();
    session.clear();
    remember_browser(session, &browser)?;
    let internal = |error: actix_session::SessionInsertError| AppError::Internal(error.to_string());
    session.insert(SESSION_ID, secret).map_err(internal)?;
    session
        .insert(SESSION_CSRF, new_csrf_token())
        .map_err(internal)?;
    Ok(())
}

/// Logs out: ends the session on the server ([`close_session`]), so that a copy of the cookie
/// is worth nothing, and empties the cookie.
pub async fn end_session(session: &Session, state: &AppState) -> Result<(), AppError> {
    if let Ok(Some(secret)) = session.get::<String>(SESSION_ID) {
        state
            .db(move |conn| Ok(close_session(conn, &secret)?))
            .await?;
    }
    // The browser stays known to the accounts that logged in from it (login limits).
    let browser = known_browser(session);
    if browser.device.is_some() {
        session.renew();
        session.clear();
        remember_browser(session, &browser)?;
    } else {
        session.purge();
    }
    Ok(())
}

/// What the session remembers of the browser across logins and logouts ([`KnownBrowser`]).
pub fn known_browser(session: &Session) -> KnownBrowser {
    KnownBrowser {
        device: session.get::<String>(SESSION_DEVICE).ok().flatten(),
        usernames: session
            .get::<Vec<String>>(SESSION_KNOWN)
            .ok()
            .flatten()
            .unwrap_or_default(),
    }
}

/// Stores `browser` in the session (after a login, or again after a logout emptied it).
pub fn remember_browser(session: &Session, browser: &KnownBrowser) -> Result<(), AppError> {
    let internal = |error: actix_session::SessionInsertError| AppError::Internal(error.to_string());
    if let Some(device) = &browser.device {
        session.insert(SESSION_DEVICE, device).map_err(internal)?;
    }
    session
        .insert(SESSION_KNOWN, &browser.usernames)
        .map_err(internal)?;
    Ok(())
}

/// The session's CSRF token, created on first use.
pub fn session_csrf_token(session: &Session) -> String {
    if let Ok(Some(token)) = session.get::<String>(SESSION_CSRF) {
        return token;
    }
    let token = new_csrf_token();
    // Inserting a String cannot fail to serialise.
    let _ = session.insert(SESSION_CSRF, &token);
    token
}

/// Checks a submitted CSRF token against the session's (constant-time comparison).
pub fn verify_csrf(req: &HttpRequest, submitted: &str) -> Result<(), AppError> {
    let session = req.get_session();
    let expected = match session.get::<String>(SESSION_CSRF) {
        Ok(Some(token)) => token,
        _ => return Err(AppError::Csrf),
    };
    let (a, b) = (expected.as_bytes(), submitted.as_bytes());
    if a.is_empty() || a.len() != b.len() {
        return Err(AppError::Csrf);
    }
    let difference = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    if difference == 0 {
        Ok(())
    } else {
        Err(AppError::Csrf)
    }
}

/// The largest form body accepted (a pasted CSV of a few thousand players fits).
pub const FORM_LIMIT: usize = 4 * 1024 * 1024;

#[derive(Deserialize)]
struct CsrfField {
    #[serde(default)]
    csrf_token: String,
}

/// The session key of the notes left for the next page ([`PageContext::leave_notes`]).
/// The session key of the notes a page shows once (what an import read, what a write did).
pub const SESSION_NOTES: &str = "notes";
/// Session entry: why the last write was refused, for the page it came back to
/// ([`PageContext::refused`]).
pub const SESSION_REFUSAL: &str = "refusal";
/// Session entry: the fields of the refused form, for the page to show them again.
pub const SESSION_KEPT_FORM: &str = "kept_form";
/// The most fields of a refused form kept for the page it comes back to.
const MAX_KEPT_FIELDS: usize = 64;
/// The longest value of a kept field (characters).
const MAX_KEPT_VALUE: usize = 500;

/// A url-encoded form body checked against the session's CSRF token and the input gate, then
/// deserialised.
///
/// Unknown fields (including `csrf_token`) are ignored by `T`; checkboxes need
/// `#[serde(default)]`.
#[derive(Debug, Clone)]
pub struct CsrfForm<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for CsrfForm<T> {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let body = Bytes::from_request(&req, payload);
        Box::pin(async move {
            let lang = Lang::of_request(&req);
            let body = body
                .await
                .map_err(|_| AppError::Unprocessable(lang.t("error.form_unreadable")))?;
            let text = std::str::from_utf8(&body)
                .map_err(|_| AppError::Unprocessable(lang.t("error.form_unreadable")))?;
            let token = web::Query::<CsrfField>::from_query(text)
                .map(|field| field.into_inner().csrf_token)
                .unwrap_or_default();
            verify_csrf(&req, &token)?;
            let fields = web::Query::<Vec<(String, String)>>::from_query(text)
                .map_err(|_| AppError::Unprocessable(lang.t("error.form_unreadable")))?;
            check_fields(fields.iter().map(|(k, v)| (k.as_str(), v.as_str())), lang)?;
            let form = web::Query::<T>::from_query(text).map_err(|error| {
                AppError::Unprocessable(
                    lang.t_with("error.form_invalid", &[("detail", &error.to_string())]),
                )
            })?;
            Ok(CsrfForm(form.into_inner()))
        })
    }
}

impl<T> Deref for CsrfForm<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// What the base layout needs: language, the logged-in user, the CSRF token, the path.
#[derive(Debug, Clone)]
pub struct PageContext {
    /// UI language.
    pub lang: Lang,
    /// The logged-in user.
    pub user: Option<SessionUser>,
    /// The session's CSRF token (for forms).
    pub csrf_token: String,
    /// The current path (for the language switcher's way back).
    pub path: String,
    /// Notes left for this page by the action that led to it (what an import read), shown
    /// once ([`PageContext::leave_notes`]).
    pub notes: Vec<String>,
    /// Why the write made from this page was refused, shown once above the page
    /// ([`PageContext::refused`]).
    pub refusal: Option<String>,
    /// The fields of that refused form, for the page to fill its form in again.
    pub kept_form: HashMap<String, String>,
}

impl PageContext {
    /// The context of an error page, built synchronously: the user only when a handler's
    /// extractor already loaded it for this request, and the session's existing CSRF token (so
    /// the "Log out" button still works); otherwise an anonymous context.
    pub fn for_error(req: &HttpRequest) -> PageContext {
        let user = match req.extensions().get::<LoadedUser>() {
            Some(LoadedUser(Some(user))) => Some(SessionUser::from(user)),
            _ => None,
        };
        let csrf_token = match user {
            Some(_) => req
                .get_session()
                .get::<String>(SESSION_CSRF)
                .ok()
                .flatten()
                .unwrap_or_default(),
            None => String::new(),
        };
        PageContext {
            lang: Lang::of_request(req),
            user,
            csrf_token,
            path: req.path().to_owned(),
            notes: Vec::new(),
            refusal: None,
            kept_form: HashMap::new(),
        }
    }

    /// Leaves `notes` for the next page this session opens (after a redirect).
    pub fn leave_notes(req: &HttpRequest, notes: &[String]) {
        if notes.is_empty() {
            return;
        }
        if let Err(error) = req.get_session().insert(SESSION_NOTES, notes) {
            tracing::warn!(%error, "notes not kept in the session");
        }
    }

    /// A refused write's way back to the page its form was sent from: when the request's
    /// `Referer` names a page of this site (a browser's form), a redirect there, where the
    /// refusal's words show above the page and the form's fields (`kept`) fill the form in
    /// again ([`PageContext::kept`]) — a refusal is never a dead end. Without such a page (a
    /// script, a client that sends no `Referer`), or for an error that is not a refusal
    /// (409/422), the error itself.
    pub fn refused(
        req: &HttpRequest,
        error: AppError,
        kept: &HashMap<String, String>,
    ) -> Result<HttpResponse, AppError> {
        let back = match (&error, same_site_referer(req)) {
            (AppError::Conflict(_) | AppError::Unprocessable(_), Some(back)) => back,
            _ => return Err(error),
        };
        let message = error.message().unwrap_or_default().to_owned();
        Ok(PageContext::refuse_to(req, &back, message, kept))
    }

    /// A write on a record that is gone (a board of a round unpaired since the page was
    /// made): from a page of this site, back to `location` with `message` (the record no
    /// longer exists, so neither does its page); otherwise 404.
    pub fn gone(
        req: &HttpRequest,
        location: &str,
        message: String,
    ) -> Result<HttpResponse, AppError> {
        match same_site_referer(req) {
            Some(_) => Ok(PageContext::refuse_to(
                req,
                location,
                message,
                &HashMap::new(),
            )),
            None => Err(AppError::NotFound),
        }
    }

    /// A redirect to `location` with the refusal `message` above the page and the refused
    /// form's fields `kept` (at most 64, of 500 characters each; not the CSRF token).
    pub fn refuse_to(
        req: &HttpRequest,
        location: &str,
        message: String,
        kept: &HashMap<String, String>,
    ) -> HttpResponse {
        let session = req.get_session();
        let kept: HashMap<String, String> = kept
            .iter()
            .filter(|(name, _)| name.as_str() != "csrf_token")
            .take(MAX_KEPT_FIELDS)
            .map(|(name, value)| {
                (
                    name.chars().take(MAX_KEPT_VALUE).collect(),
                    value.chars().take(MAX_KEPT_VALUE).collect(),
                )
            })
            .collect();
        if let Err(error) = session
            .insert(SESSION_REFUSAL, message)
            .and_then(|()| session.insert(SESSION_KEPT_FORM, kept))
        {
            tracing::warn!(%error, "a refusal not kept for the page it comes back to");
        }
        HttpResponse::SeeOther()
            .insert_header((actix_web::http::header::LOCATION, location.to_owned()))
            .finish()
    }

    /// The value of field `name` of the refused form this page came back with, if any.
    pub fn kept(&self, name: &str) -> Option<&str> {
        self.kept_form.get(name).map(String::as_str)
    }

    /// The context of a request.
    pub async fn of_request(req: &HttpRequest) -> Result<PageContext, AppError> {
        let user = load_user(req).await?;
        let session = req.get_session();
        let csrf_token = session_csrf_token(&session);
        let notes = match session.remove_as::<Vec<String>>(SESSION_NOTES) {
            Some(Ok(notes)) => notes,
            _ => Vec::new(),
        };
        let refusal = match session.remove_as::<String>(SESSION_REFUSAL) {
            Some(Ok(refusal)) => Some(refusal),
            _ => None,
        };
        let kept_form = match session.remove_as::<HashMap<String, String>>(SESSION_KEPT_FORM) {
            Some(Ok(kept)) => kept,
            _ => HashMap::new(),
        };
        Ok(PageContext {
            lang: Lang::of_request(req),
            user: user.as_ref().map(SessionUser::from),
            csrf_token,
            path: req
                .uri()
                .path_and_query()
                .map(|p| p.as_str().to_owned())
                .unwrap_or_else(|| "/".to_owned()),
            notes,
            refusal,
            kept_form,
        })
    }

    /// Translates `key` into the page's language.
    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    /// Translates `key`, replacing `%{name}` with `name`.
    pub fn t_with_name(&self, key: &str, name: &str) -> String {
        self.lang.t_with(key, &[("name", name)])
    }

    /// The counted message `key` for `n` in the page's language ([`Lang::t_count`]); a
    /// negative `n` counts as 0.
    pub fn t_count(&self, key: &str, n: i64) -> String {
        self.lang.t_count(key, n.max(0).unsigned_abs(), &[])
    }

    /// An article of the Laws or a FIDE regulation as the page's language cites it (`Art. 9.2`,
    /// `čl. 9.2`, `9.2. cikk`).
    pub fn article(&self, number: &str) -> String {
        self.lang.t_with("score.article", &[("n", number)])
    }

    /// A number as the page's language writes it ([`Lang::decimal`]: `2,5` in Czech).
    pub fn num(&self, text: &str) -> String {
        self.lang.decimal(text)
    }

    /// The page's language code (for `<html lang>`).
    pub fn lang_code(&self) -> &'static str {
        match self.lang.code() {
            "sr-Latn" => "sr-Latn",
            "sr-Cyrl" => "sr-Cyrl",
            other => other,
        }
    }

    /// The languages of the switcher: (code, native name, is current).
    pub fn languages(&self) -> Vec<(&'static str, &'static str, bool)> {
        LOCALES
            .iter()
            .map(|(code, name)| (*code, *name, *code == self.lang.code()))
            .collect()
    }

    /// True when an administrator is logged in.
    pub fn is_admin(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.role == Role::Admin)
    }

    /// True when an organiser or administrator is logged in.
    pub fn can_organise(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.role.can_organise())
    }

    /// The URL of the static file `name` (`app.css`, `js/live.js`) under its fingerprinted
    /// name ([`crate::web::handlers::assets`]): the one way templates refer to static files.
    pub fn asset(&self, name: &str) -> String {
        crate::web::assets::url(name)
    }

    /// The current path, percent-encoded for a `next=` parameter.
    pub fn path_encoded(&self) -> String {
        crate::web::error::encode_query_value(&self.path)
    }
}

impl FromRequest for PageContext {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { PageContext::of_request(&req).await })
    }
}

/// Form bodies that fail to parse become a 422 page (only for handlers using `web::Form`).
pub fn form_config() -> web::FormConfig {
    web::FormConfig::default()
        .limit(FORM_LIMIT)
        .error_handler(|error, req| {
            let lang = Lang::of_request(req);
            AppError::Unprocessable(
                lang.t_with("error.form_invalid", &[("detail", &error.to_string())]),
            )
            .into()
        })
}

/// Query strings that fail to parse become a 422 page.
pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error, req| {
        let lang = Lang::of_request(req);
        AppError::Unprocessable(
            lang.t_with("error.form_invalid", &[("detail", &error.to_string())]),
        )
        .into()
    })
}

/// Path segments that fail to parse (e.g. `/tournaments/abc`) are a 404.
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|_, _| AppError::NotFound.into())
}

/// The path and query of the request's `Referer` when it names a page of this site (the
/// same host as the request); `None` otherwise.
fn same_site_referer(req: &HttpRequest) -> Option<String> {
    let referer = req
        .headers()
        .get(actix_web::http::header::REFERER)?
        .to_str()
        .ok()?;
    let uri: actix_web::http::Uri = referer.parse().ok()?;
    let host = req.connection_info().host().to_owned();
    if uri.authority().map(|a| a.as_str()) != Some(host.as_str()) {
        return None;
    }
    let path = uri.path_and_query()?.as_str();
    (path.starts_with('/') && !path.starts_with("//")).then(|| path.to_owned())
}
