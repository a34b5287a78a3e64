//! `POST /tournaments/{id}/players/{player}/withdraw`: marks a player withdrawn (or back in).
//! The player stays in the list and in past rounds (issue 2 §4); games still to play are
//! entered as forfeits by the arbiter.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::{Player, PlayerId};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::load_managed;
use crate::web::{AppError, AppState, see_other};

/// The form: `withdrawn=true` or `false`.
#[derive(Debug, Deserialize)]
pub struct WithdrawForm {
    /// The new state.
    #[serde(default)]
    pub withdrawn: bool,
}

/// Sets the flag (owner or administrator).
pub async fn withdraw_player(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<WithdrawForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player_id) = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
    let player = data
        .player(PlayerId(player_id))
        .ok_or(AppError::NotFound)?
        .id;
    let withdrawn = form.withdrawn;
    state
        .db(move |conn| Ok(Player::set_withdrawn(conn, player, withdrawn)?))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/players")))
}
