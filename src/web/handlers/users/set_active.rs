//! `POST /admin/users/{id}/active`: enables or disables an account (never one's own).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::{User, UserId};
use crate::web::extractors::{Admin, CsrfForm};
use crate::web::{AppError, AppState, see_other};

/// The form: `active=true` or `active=false`.
#[derive(Debug, Deserialize)]
pub struct SetActiveForm {
    /// The new state.
    pub active: bool,
}

/// Changes the account's state and goes back to the list.
pub async fn set_active(
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
    let changed = state
        .db(move |conn| Ok(User::set_active(conn, id, active)?))
        .await?;
    if changed == 0 {
        return Err(AppError::NotFound);
    }
    Ok(see_other("/admin/users"))
}
