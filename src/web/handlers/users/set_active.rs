//! `POST /admin/users/{id}/active`: enables or disables an account (never one's own).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::UserId;
use crate::db::store;
use crate::web::extractors::{Admin, CsrfForm};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form: `active=true` or `active=false`.
#[derive(Debug, Deserialize)]
pub struct SetActiveForm {
    /// The new state.
    pub active: bool,
}

/// Changes the account's state and goes back to the list.
pub async fn set_active(
    ctx: PageContext,
    admin: Admin,
    state: web::Data<AppState>,
    id: web::Path<i32>,
    form: CsrfForm<SetActiveForm>,
) -> Result<HttpResponse, AppError> {
    let id = UserId(id.into_inner());
    if id == admin.id {
        return Err(AppError::Forbidden);
    }
    let active = form.active;
    state
        .write(&ctx, move |conn| {
            store::set_account_active(conn, id, active)
        })
        .await?;
    Ok(see_other("/admin/users"))
}
