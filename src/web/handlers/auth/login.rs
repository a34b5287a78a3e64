//! `GET /login`, `POST /login`: the login form, rate-limited per user name and per client
//! (failures counted in the database, so every instance agrees).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::web::auth::{LoginOutcome, attempt_login};
use crate::web::extractors::{CsrfForm, start_session};
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

/// Checks the credentials; on success starts a fresh session and redirects to `next`.
pub async fn login(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    form: CsrfForm<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let CsrfForm(form) = form;
    let ip = client_ip(&req, state.config.trust_forwarded_for);
    let username = form.username.trim().to_owned();
    let outcome = {
        let username = username.clone();
        let password = form.password.clone();
        state
            .db(move |conn| Ok(attempt_login(conn, &username, &password, &ip)?))
            .await?
    };
    match outcome {
        LoginOutcome::Success(user) => {
            start_session(&session, &state, user.id).await?;
            tracing::info!(user = %user.username, "logged in");
            Ok(see_other(safe_local_path(&form.next)))
        }
        LoginOutcome::Invalid | LoginOutcome::RateLimited => {
            let ctx = PageContext::of_request(&req).await?;
            let (status, key) = if outcome == LoginOutcome::RateLimited {
                (StatusCode::TOO_MANY_REQUESTS, "auth.rate_limited")
            } else {
                (StatusCode::UNPROCESSABLE_ENTITY, "auth.invalid_login")
            };
            let page = LoginPage {
                error: Some(ctx.t(key)),
                ctx,
                next: safe_local_path(&form.next).to_owned(),
                username,
            };
            render_page(&page, status)
        }
    }
}
