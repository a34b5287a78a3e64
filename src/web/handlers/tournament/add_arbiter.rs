//! `POST /tournaments/{id}/arbiters`: the organiser assigns an arbiter account by user name
//! (the arbiter may then run the tournament's day: pairing, results, byes, withdrawals).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form: the arbiter's user name.
#[derive(Debug, Deserialize)]
pub struct AddArbiterForm {
    /// User name of an active account.
    #[serde(default)]
    pub username: String,
}

/// Assigns the arbiter; 422 when no active account has that name.
pub async fn add_arbiter(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<AddArbiterForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let (username, by) = (form.username.trim().to_owned(), user.id);
    state
        .write(&ctx, move |conn| {
            store::add_arbiter(conn, tournament, &username, by)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}")))
}
