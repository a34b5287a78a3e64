//! `GET /account/password`, `POST /account/password`: a user changes their own password. The
//! change ends every session of the account ([`store::set_password`]); this browser gets a
//! new one at once.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::db::store;
use crate::web::auth::{check_password, hash_password, verify_password};
use crate::web::extractors::{CsrfForm, CurrentUser, session_csrf_token, start_session};
use crate::web::{AppError, AppState, PageContext, render_page};

/// The password page.
#[derive(Template)]
#[template(path = "auth/password.html")]
pub struct PasswordPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Errors to show.
    pub errors: Vec<String>,
    /// Set after a successful change.
    pub saved: bool,
}

/// The password form.
#[derive(Debug, Deserialize)]
pub struct PasswordForm {
    /// The current password.
    #[serde(default)]
    pub current: String,
    /// The new password.
    #[serde(default)]
    pub password: String,
    /// The new password again.
    #[serde(default)]
    pub password_confirm: String,
}

/// Shows the form.
pub async fn password_form(ctx: PageContext, _user: CurrentUser) -> Result<HttpResponse, AppError> {
    let page = PasswordPage {
        ctx,
        errors: Vec::new(),
        saved: false,
    };
    render_page(&page, StatusCode::OK)
}

/// Changes the password after checking the current one; every other session ends, this one
/// goes on with a fresh session.
pub async fn change_password(
    ctx: PageContext,
    user: CurrentUser,
    session: Session,
    state: web::Data<AppState>,
    form: CsrfForm<PasswordForm>,
) -> Result<HttpResponse, AppError> {
    let CsrfForm(form) = form;
    let mut errors = Vec::new();
    if !verify_password(&form.current, &user.password_hash) {
        errors.push(ctx.t("auth.current_password_wrong"));
    }
    if let Err(key) = check_password(&form.password) {
        errors.push(ctx.t(key));
    }
    if form.password != form.password_confirm {
        errors.push(ctx.t("auth.password_mismatch"));
    }
    if !errors.is_empty() {
        let page = PasswordPage {
            ctx,
            errors,
            saved: false,
        };
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let hash = hash_password(&form.password)
        .map_err(|error| AppError::Internal(format!("argon2: {error}")))?;
    let id = user.id;
    state
        .write(&ctx, move |conn| store::set_password(conn, id, &hash))
        .await?;
    start_session(&session, &state, id).await?;
    // The page's forms carry the new session's CSRF token.
    let ctx = PageContext {
        csrf_token: session_csrf_token(&session),
        ..ctx
    };
    let page = PasswordPage {
        ctx,
        errors: Vec::new(),
        saved: true,
    };
    render_page(&page, StatusCode::OK)
}
