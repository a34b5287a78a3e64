//! `GET /admin/users`: every account, with the form to create one.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::Role;
use crate::web::extractors::Admin;
use crate::web::pages::users::{NewUserValues, UsersPage};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the accounts.
pub async fn list_users(
    ctx: PageContext,
    admin: Admin,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let form = NewUserValues {
        role: Role::Organiser.as_str().to_owned(),
        ..NewUserValues::default()
    };
    let page = UsersPage::load(ctx, &admin, &state, form, Vec::new(), None).await?;
    render_page(&page, StatusCode::OK)
}
