//! `GET /setup`, `POST /setup`: the one-time form that creates the first administrator while
//! no account exists. Afterwards both answer with a redirect to the login page.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::db::models::{NewUser, Role, User};
use crate::db::store;
use crate::web::auth::{display_name_or, hash_password, new_account_problems};
use crate::web::extractors::{CsrfForm, start_session};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The setup page.
#[derive(Template)]
#[template(path = "auth/setup.html")]
pub struct SetupPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Values typed so far.
    pub username: String,
    /// Values typed so far.
    pub display_name: String,
    /// Errors to show.
    pub errors: Vec<String>,
}

/// The setup form.
#[derive(Debug, Deserialize)]
pub struct SetupForm {
    /// Login name.
    #[serde(default)]
    pub username: String,
    /// Name shown.
    #[serde(default)]
    pub display_name: String,
    /// Password.
    #[serde(default)]
    pub password: String,
    /// Password again.
    #[serde(default)]
    pub password_confirm: String,
}

/// Shows the setup form while no account exists.
pub async fn setup_form(
    ctx: PageContext,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    if state.db(|conn| Ok(User::count(conn)?)).await? > 0 {
        return Ok(see_other("/login"));
    }
    let page = SetupPage {
        ctx,
        username: String::new(),
        display_name: String::new(),
        errors: Vec::new(),
    };
    render_page(&page, StatusCode::OK)
}

/// What creating the first administrator gave.
enum SetupOutcome {
    Created(User),
    AlreadyDone,
}

/// Creates the first administrator and logs them in.
pub async fn setup(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    form: CsrfForm<SetupForm>,
) -> Result<HttpResponse, AppError> {
    let CsrfForm(form) = form;
    let ctx = PageContext::of_request(&req).await?;
    let username = form.username.trim().to_owned();
    let display_name = display_name_or(&form.display_name, &username);
    let mut errors: Vec<String> = new_account_problems(&username, &form.password)
        .into_iter()
        .map(|key| ctx.t(key))
        .collect();
    if form.password != form.password_confirm {
        errors.push(ctx.t("auth.password_mismatch"));
    }
    if !errors.is_empty() {
        let page = SetupPage {
            ctx,
            username,
            display_name: form.display_name,
            errors,
        };
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let hash = hash_password(&form.password)
        .map_err(|error| AppError::Internal(format!("argon2: {error}")))?;
    let account = (username.clone(), display_name.clone());
    let created = state
        .write(&ctx, move |conn| {
            let (username, display_name) = &account;
            store::create_first_admin(
                conn,
                NewUser {
                    username,
                    display_name,
                    password_hash: &hash,
                    role: Role::Admin,
                },
            )
        })
        .await?;
    let outcome = match created {
        Some(user) => SetupOutcome::Created(user),
        None => SetupOutcome::AlreadyDone,
    };
    match outcome {
        SetupOutcome::AlreadyDone => Ok(see_other("/login")),
        SetupOutcome::Created(user) => {
            start_session(&session, &state, user.id).await?;
            tracing::info!(user = %user.username, "first administrator created");
            Ok(see_other("/admin/users"))
        }
    }
}
