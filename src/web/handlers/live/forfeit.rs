//! `POST /tournaments/{id}/rounds/{number}/boards/{game}/forfeit`: one click confirms the
//! forfeit of a flagged board (Art. 6.7.1: `-/+`, `+/-`, or `-/-` when both are absent). The
//! result is recomputed here from the check-ins, never taken from the form. Unless the
//! arbiter ticks "excused", a player who forfeits without notice is withdrawn from the later
//! rounds when the tournament's rule says so (GRC Art. 6.5; [`withdraw_after_forfeit`]).

use actix_web::{HttpResponse, web};
use diesel::Connection;
use time::OffsetDateTime;

use crate::db::models::tournament_day::{ByeRequestRow, ParticipationRow, SwissSettings};
use crate::db::models::{Game, GameId, Player, ResultUpdate};
use crate::tournament::default_time::{ArbiterDecision, withdraw_after_forfeit};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::live::{live_round, load_for_results};
use crate::web::{AppError, AppState, see_other};

/// The form: the version the arbiter saw, and whether the absence is excused.
#[derive(Debug, serde::Deserialize)]
pub struct ForfeitForm {
    /// Optimistic-lock version of the game.
    pub version: i32,
    /// The arbiter excuses the absence: no withdrawal.
    #[serde(default)]
    pub excused: Option<String>,
}

/// Confirms the forfeit and goes back to the live view.
pub async fn confirm_forfeit(
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    form: CsrfForm<ForfeitForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number, game) = path.into_inner();
    let by = user.0.id;
    let (data, _) = load_for_results(&state, user.0, id).await?;
    let game_id = GameId(game);
    let version = form.version;
    let excused = form.excused.is_some();
    let tournament_id = data.tournament.id;
    state
        .db(move |conn| {
            let live = live_round(conn, &data, number, OffsetDateTime::now_utc())?;
            let board = live
                .boards
                .iter()
                .find(|b| b.game_id == game_id.0)
                .ok_or(AppError::NotFound)?;
            let (Some(code), Some(absent)) = (board.forfeit, board.absent) else {
                return Err(AppError::Conflict(
                    "This board is not flagged: both players arrived in time, the default time \
                     has not passed, or a result is already in."
                        .to_owned(),
                ));
            };
            let Some(game) = data.games.iter().find(|g| g.id == game_id) else {
                return Err(AppError::NotFound);
            };
            let mut absent_players = Vec::new();
            if absent != "black" {
                absent_players.push(game.white_id);
            }
            if absent != "white"
                && let Some(black) = game.black_id
            {
                absent_players.push(black);
            }
            let settings = SwissSettings::for_tournament(conn, tournament_id)?;
            let decision = excused.then_some(ArbiterDecision::Excuse);
            let withdraw = withdraw_after_forfeit(settings.forfeit_rule(), false, decision);
            conn.transaction(|conn| {
                match Game::set_result(conn, game_id, version, Some(code), by)? {
                    ResultUpdate::Saved(_) => {}
                    ResultUpdate::NotFound => return Err(AppError::NotFound),
                    ResultUpdate::Conflict(_) => {
                        return Err(AppError::Conflict(
                            "Someone changed this board meanwhile; reload and look again."
                                .to_owned(),
                        ));
                    }
                }
                if withdraw {
                    for player in &absent_players {
                        let mut row = ParticipationRow::for_player(conn, *player)?;
                        row.withdrawn_from = Some(number + 1);
                        row.save(conn)?;
                        ByeRequestRow::delete_from(conn, *player, number + 1)?;
                        Player::set_withdrawn(conn, *player, true)?;
                    }
                }
                Ok::<_, AppError>(())
            })
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/live"
    )))
}
