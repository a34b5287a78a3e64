//! `POST /tournaments/{id}/rounds/{number}/boards/{game}/check-in`: a player arrived at the
//! board (Art. 6.7.1). `undo=true` removes a check-in made by mistake.

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;

use crate::db::models::GameId;
use crate::db::models::tournament_day::CheckIn;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::live::{load_for_results, round_of};
use crate::web::{AppError, AppState, see_other};

/// The form: which player, and whether to undo.
#[derive(Debug, serde::Deserialize)]
pub struct CheckInForm {
    /// `white` or `black`.
    pub colour: String,
    /// Undo a check-in.
    #[serde(default)]
    pub undo: bool,
}

/// Records the arrival and goes back to the live view.
pub async fn check_in(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    form: CsrfForm<CheckInForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number, game) = path.into_inner();
    let colour = match form.colour.as_str() {
        "white" => "white",
        "black" => "black",
        _ => return Err(AppError::NotFound),
    };
    let (data, _) = load_for_results(&state, user.0, id).await?;
    let round = round_of(&data, number)?;
    let game_id = GameId(game);
    let on_board = data
        .games
        .iter()
        .any(|g| g.id == game_id && g.round_id == round.id && g.black_id.is_some());
    if !on_board {
        return Err(AppError::NotFound);
    }
    let undo = form.undo;
    let now = OffsetDateTime::now_utc().unix_timestamp();
    state
        .db(move |conn| {
            if undo {
                CheckIn::undo(conn, game_id, colour)?;
            } else {
                CheckIn::check_in(conn, game_id, colour, now)?;
            }
            Ok(())
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/live"
    )))
}
