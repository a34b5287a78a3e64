//! `POST /admin/users/{id}/password`: the administrator sets a new password for an account.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::{Role, UserId};
use crate::db::store;
use crate::web::auth::{check_password, hash_password};
use crate::web::extractors::{Admin, CsrfForm};
use crate::web::pages::users::{NewUserValues, UsersPage};
use crate::web::{AppError, AppState, PageContext, render_page};

/// The form.
#[derive(Debug, Deserialize)]
pub struct ResetPasswordForm {
    /// The new password.
    #[serde(default)]
    pub password: String,
}

/// Sets the password and shows the list with a confirmation.
pub async fn reset_password(
    ctx: PageContext,
    admin: Admin,
    state: web::Data<AppState>,
    id: web::Path<i32>,
    form: CsrfForm<ResetPasswordForm>,
) -> Result<HttpResponse, AppError> {
    let id = UserId(id.into_inner());
    let values = NewUserValues {
        role: Role::Organiser.as_str().to_owned(),
        ..NewUserValues::default()
    };
    if let Err(key) = check_password(&form.password) {
        let errors = vec![ctx.t(key)];
        let page = UsersPage::load(ctx, &admin, &state, values, errors, None).await?;
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let hash = hash_password(&form.password)
        .map_err(|error| AppError::Internal(format!("argon2: {error}")))?;
    let user = state
        .write(&ctx, move |conn| store::set_password(conn, id, &hash))
        .await?;
    let notice = Some(ctx.t_with_name("users.password_reset", &user.username));
    let page = UsersPage::load(ctx, &admin, &state, values, Vec::new(), notice).await?;
    render_page(&page, StatusCode::OK)
}
