//! `POST /tournaments/{id}/arbiters`: the organiser assigns an arbiter account by user name
//! (the arbiter may then enter and correct results, issue 2 §2).

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::{TournamentArbiter, User};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::load_managed;
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
    let (data, _) = load_managed(&state, user.0, id).await?;
    let username = form.username.trim().to_owned();
    let tournament_id = data.tournament.id;
    let found = {
        let username = username.clone();
        state
            .db(move |conn| {
                let Some(arbiter) = User::by_username(conn, &username)? else {
                    return Ok(false);
                };
                if !arbiter.active {
                    return Ok(false);
                }
                TournamentArbiter::assign(conn, tournament_id, arbiter.id)?;
                Ok(true)
            })
            .await?
    };
    if !found {
        return Err(AppError::Unprocessable(
            ctx.t_with_name("tournament.arbiter_unknown", &username),
        ));
    }
    Ok(see_other(&format!("/tournaments/{id}")))
}
