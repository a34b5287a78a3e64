//! `GET /tournaments/{id}/rounds/{number}/boards/{game}/score`: the game score of a board, with
//! a form to paste it (PGN or a move list) and the stored result beside it.

use actix_web::web;
use askama::Template;
use askama_web::WebTemplate;

use crate::db::models::GameId;
use crate::db::models::tournament_day::GameScore;
use crate::web::extractors::CurrentUser;
use crate::web::handlers::live::{load_for_results, round_of};
use crate::web::handlers::round::show::player_label;
use crate::web::handlers::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};

/// The score page.
#[derive(Template, WebTemplate)]
#[template(path = "game_score/edit.html")]
pub struct ScorePage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// Round number.
    pub number: i32,
    /// Game id.
    pub game_id: i32,
    /// Board number.
    pub board: i32,
    /// White.
    pub white: String,
    /// Black.
    pub black: String,
    /// The recorded result.
    pub result: String,
    /// The stored score.
    pub movetext: String,
}

/// Shows the page.
pub async fn edit_score(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
) -> Result<ScorePage, AppError> {
    let (id, number, game) = path.into_inner();
    let (data, access) = load_for_results(&state, user.0, id).await?;
    let round = round_of(&data, number)?;
    let game = data
        .games
        .iter()
        .find(|g| g.id == GameId(game) && g.round_id == round.id && g.black_id.is_some())
        .cloned()
        .ok_or(AppError::NotFound)?;
    let header = TournamentHeader::new(&data, access, &format!("round-{number}"));
    let white = player_label(&data, game.white_id);
    let black = game
        .black_id
        .map(|b| player_label(&data, b))
        .unwrap_or_default();
    let game_id = game.id;
    let movetext = state
        .db(move |conn| Ok(GameScore::get(conn, game_id)?))
        .await?
        .unwrap_or_default();
    Ok(ScorePage {
        ctx,
        header,
        number,
        game_id: game.id.0,
        board: game.board,
        white,
        black,
        result: game.result.unwrap_or_default(),
        movetext,
    })
}
