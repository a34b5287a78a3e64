//! `POST /admin/users`: the administrator creates an account.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::{NewUser, Role};
use crate::db::store;
use crate::web::auth::{display_name_or, hash_password, new_account_problems};
use crate::web::extractors::{Admin, CsrfForm};
use crate::web::pages::users::{NewUserValues, UsersPage};
use crate::web::{AppError, AppState, PageContext, render_page};

/// The creation form.
#[derive(Debug, Deserialize)]
pub struct CreateUserForm {
    /// Login name.
    #[serde(default)]
    pub username: String,
    /// Name shown.
    #[serde(default)]
    pub display_name: String,
    /// `admin`, `organiser` or `arbiter`.
    #[serde(default)]
    pub role: String,
    /// Initial password (the user can change it).
    #[serde(default)]
    pub password: String,
}

/// Creates the account, or shows the page again with what is wrong (422).
pub async fn create_user(
    ctx: PageContext,
    admin: Admin,
    state: web::Data<AppState>,
    form: CsrfForm<CreateUserForm>,
) -> Result<HttpResponse, AppError> {
    let CsrfForm(form) = form;
    let username = form.username.trim().to_owned();
    let display_name = display_name_or(&form.display_name, &username);
    let mut errors: Vec<String> = new_account_problems(&username, &form.password)
        .into_iter()
        .map(|key| ctx.t(key))
        .collect();
    let role = Role::parse(&form.role);
    if role.is_none() {
        errors.push(ctx.t("users.role_invalid"));
    }
    let values = NewUserValues {
        username: username.clone(),
        display_name: form.display_name.clone(),
        role: form.role.clone(),
    };
    let (Some(role), true) = (role, errors.is_empty()) else {
        let page = UsersPage::load(ctx, &admin, &state, values, errors, None).await?;
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    };
    let hash = hash_password(&form.password)
        .map_err(|error| AppError::Internal(format!("argon2: {error}")))?;
    let account = (username.clone(), display_name.clone());
    let created = state
        .write(&ctx, move |conn| {
            let (username, display_name) = &account;
            store::create_account(
                conn,
                NewUser {
                    username,
                    display_name,
                    password_hash: &hash,
                    role,
                },
            )
        })
        .await?
        .is_some();
    if !created {
        let errors = vec![ctx.t_with_name("users.username_taken", &username)];
        let page = UsersPage::load(ctx, &admin, &state, values, errors, None).await?;
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    tracing::info!(by = %admin.username, user = %username, role = role.as_str(), "account created");
    let notice = Some(ctx.t_with_name("users.created", &username));
    let form = NewUserValues {
        role: role.as_str().to_owned(),
        ..NewUserValues::default()
    };
    let page = UsersPage::load(ctx, &admin, &state, form, Vec::new(), notice).await?;
    render_page(&page, StatusCode::OK)
}
