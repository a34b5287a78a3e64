//! `POST /tournaments/{id}/swiss/players/{player}/participation`: withdraws a player from a
//! round on (C.04.2 Art. 3.2; later requested byes are dropped), lets them return, or makes
//! them a late entry first paired in a given round (C.04.2 Art. 2.4).

use actix_web::{HttpResponse, web};
use diesel::Connection;

use crate::db::models::tournament_day::{ByeRequestRow, ParticipationRow};
use crate::db::models::{Player, PlayerId};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::load_managed;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ParticipationForm {
    /// `withdraw`, `return` or `late`.
    pub action: String,
    /// The round it takes effect in.
    pub round: i32,
}

/// Applies the change.
pub async fn change_participation(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<ParticipationForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
    let player = PlayerId(player);
    if !data.players.iter().any(|p| p.id == player) {
        return Err(AppError::NotFound);
    }
    let form = form.0;
    let paired = data.rounds.len() as i32;
    let total = data.tournament.rounds;
    if form.round <= paired || form.round > total.max(1) {
        return Err(AppError::Unprocessable(ctx.t("day.participation.round")));
    }
    let round = form.round;
    let action = match form.action.as_str() {
        "withdraw" | "return" | "late" => form.action.clone(),
        _ => return Err(AppError::Unprocessable(ctx.t("day.participation.round"))),
    };
    state
        .db(move |conn| {
            conn.transaction(|conn| {
                let mut row = ParticipationRow::for_player(conn, player)?;
                match action.as_str() {
                    "withdraw" => {
                        row.withdrawn_from = Some(round);
                        ByeRequestRow::delete_from(conn, player, round)?;
                        Player::set_withdrawn(conn, player, true)?;
                    }
                    "return" => {
                        row.withdrawn_from = None;
                        Player::set_withdrawn(conn, player, false)?;
                    }
                    _ => {
                        row.first_round = round;
                    }
                }
                row.save(conn)?;
                Ok::<_, AppError>(())
            })
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/swiss")))
}
