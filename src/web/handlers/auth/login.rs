//! `GET /login`, `POST /login`: the login form. Failures are limited per client and user name
//! with growing waits, and per address (counted in the database, so every instance agrees;
//! see [`log_in`]); a browser the account logged in from before counts on its own.

use actix_session::Session;
use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::web::auth::{LoginClient, LoginOutcome, log_in};
use crate::web::extractors::{CsrfForm, known_browser, remember_browser, start_session};
use crate::web::input::safe_local_path;
use crate::web::{AppError, AppState, PageContext, client_ip, render_page, see_other};

/// The login page.
#[derive(Template)]
#[template(path = "auth/login.html")]
pub struct LoginPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Where to go afterwards.
    pub next: String,
    /// The user name typed (shown again after an error).
    pub username: String,
    /// An error to show.
    pub error: Option<String>,
}

/// Query of `GET /login`.
#[derive(Debug, Deserialize)]
pub struct LoginQuery {
    /// Where to go after logging in.
    #[serde(default)]
    pub next: String,
}

/// The login form.
#[derive(Debug, Deserialize)]
pub struct LoginForm {
    /// User name.
    #[serde(default)]
    pub username: String,
    /// Password.
    #[serde(default)]
    pub password: String,
    /// Where to go afterwards.
    #[serde(default)]
    pub next: String,
}

/// Shows the login form.
pub async fn login_form(
    ctx: PageContext,
    query: web::Query<LoginQuery>,
) -> Result<HttpResponse, AppError> {
    let page = LoginPage {
        ctx,
        next: safe_local_path(&query.next).to_owned(),
        username: String::new(),
        error: None,
    };
    render_page(&page, StatusCode::OK)
}

/// Checks the credentials ([`log_in`]); on success starts a fresh session, remembers the
/// browser for the account, and redirects to `next`. A refused try answers 429 with how long
/// to wait (`Retry-After`).
pub async fn login(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    form: CsrfForm<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let CsrfForm(form) = form;
    let ip = client_ip(&req, state.config.trust_forwarded_for);
    let username = form.username.trim().to_owned();
    let browser = known_browser(&session);
    let client = LoginClient::of(&browser, &username, &ip);
    let outcome = log_in(&state, &client, &username, &form.password).await?;
    let (status, message, retry_after) = match outcome {
        LoginOutcome::Success(user) => {
            start_session(&session, &state, user.id).await?;
            remember_browser(&session, &browser.with_login(&user.username))?;
            tracing::info!(user = %user.username, "logged in");
            return Ok(see_other(safe_local_path(&form.next)));
        }
        LoginOutcome::Invalid => (
            StatusCode::UNPROCESSABLE_ENTITY,
            ("auth.invalid_login", None),
            None,
        ),
        LoginOutcome::RateLimited {
            retry_after_seconds,
        } => (
            StatusCode::TOO_MANY_REQUESTS,
            ("auth.login_delayed", Some(retry_after_seconds.to_string())),
            Some(retry_after_seconds),
        ),
    };
    let ctx = PageContext::of_request(&req).await?;
    let error = match message {
        (key, Some(seconds)) => ctx.lang.t_with(key, &[("seconds", &seconds)]),
        (key, None) => ctx.t(key),
    };
    let page = LoginPage {
        error: Some(error),
        ctx,
        next: safe_local_path(&form.next).to_owned(),
        username,
    };
    let mut response = render_page(&page, status)?;
    if let Some(seconds) = retry_after
        && let Ok(value) = header::HeaderValue::from_str(&seconds.to_string())
    {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    Ok(response)
}
