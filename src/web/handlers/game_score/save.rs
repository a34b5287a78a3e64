//! `POST /tournaments/{id}/rounds/{number}/boards/{game}/score`: saves a pasted game score.
//! The score never changes the recorded result (Art. 8.7).

use actix_web::{HttpResponse, web};

use crate::db::models::GameId;
use crate::db::models::tournament_day::GameScore;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::live::{load_for_results, round_of};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The longest score accepted (a very long game is far below this).
pub const MAX_SCORE_BYTES: usize = 60_000;

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ScoreForm {
    /// PGN or a move list.
    pub movetext: String,
}

/// Saves and shows the score page again.
pub async fn save_score(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    form: CsrfForm<ScoreForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number, game) = path.into_inner();
    let (data, _) = load_for_results(&state, user.0, id).await?;
    let round = round_of(&data, number)?;
    let game_id = GameId(game);
    if !data
        .games
        .iter()
        .any(|g| g.id == game_id && g.round_id == round.id && g.black_id.is_some())
    {
        return Err(AppError::NotFound);
    }
    let text = form.0.movetext.replace("\r\n", "\n");
    if text.len() > MAX_SCORE_BYTES {
        return Err(AppError::Unprocessable(ctx.t("day.score.too_long")));
    }
    state
        .db(move |conn| Ok(GameScore::save(conn, game_id, text.trim())?))
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/boards/{game}/score"
    )))
}
