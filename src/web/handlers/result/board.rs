//! `GET /tournaments/{id}/games/{game}`: one board: players, result, the entry form (for
//! arbiters and managers) and every change made to it (who, when, old, new).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::domain::TournamentData;
use crate::db::models::{AuditEntry, Game, GameId};
use crate::tournament::result::BoardResult;
use crate::web::extractors::MaybeUser;
use crate::web::handlers::round::show::{BoardRow, board_row};
use crate::web::handlers::tournament::{Access, TournamentHeader, load_visible};
use crate::web::{AppError, AppState, PageContext, render_page};

/// One change of the result.
#[derive(Debug, Clone)]
pub struct AuditRow {
    /// When (UTC).
    pub at: String,
    /// Who.
    pub by: String,
    /// The result before, or "—".
    pub old: String,
    /// The result after, or "—".
    pub new: String,
}

/// The board page.
#[derive(Template)]
#[template(path = "result/board.html")]
pub struct BoardPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The round number.
    pub round: i32,
    /// The board.
    pub board: BoardRow,
    /// The changes, oldest first (only for arbiters and managers).
    pub audit: Vec<AuditRow>,
    /// A conflict explanation (the 409 page).
    pub conflict: Option<String>,
}

fn shown(code: Option<&str>) -> String {
    match code.and_then(BoardResult::parse) {
        Some(result) => result.label().to_owned(),
        None => code.unwrap_or("—").to_owned(),
    }
}

impl BoardPage {
    /// Loads the page for board `game` of `data`.
    pub async fn load(
        ctx: PageContext,
        state: &AppState,
        data: &TournamentData,
        access: Access,
        game: &Game,
        conflict: Option<String>,
    ) -> Result<BoardPage, AppError> {
        let round = data
            .rounds
            .iter()
            .find(|round| round.id == game.round_id)
            .ok_or(AppError::NotFound)?;
        let audit = if access.run_day {
            let game_id = game.id;
            state
                .db(move |conn| Ok(AuditEntry::for_game(conn, game_id)?))
                .await?
                .into_iter()
                .map(|row| AuditRow {
                    at: row.entry.at.to_string(),
                    by: row.user_name,
                    old: shown(row.entry.old_value.as_deref()),
                    new: shown(row.entry.new_value.as_deref()),
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(BoardPage {
            header: TournamentHeader::new(data, access, &format!("round-{}", round.number)),
            round: round.number,
            board: board_row(&ctx, data, game),
            ctx,
            audit,
            conflict,
        })
    }
}

/// The game `game_id` of `data` if the visitor may see its round.
pub fn visible_game(data: &TournamentData, access: Access, game_id: i32) -> Option<&Game> {
    let game = data.games.iter().find(|game| game.id == GameId(game_id))?;
    let round = data.rounds.iter().find(|round| round.id == game.round_id)?;
    (round.published || access.run_day).then_some(game)
}

/// Shows the board.
pub async fn show_board(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, game_id) = path.into_inner();
    let (data, access) = load_visible(&state, user.0, id).await?;
    let game = visible_game(&data, access, game_id).ok_or(AppError::NotFound)?;
    let page = BoardPage::load(ctx, &state, &data, access, game, None).await?;
    render_page(&page, StatusCode::OK)
}
