//! A board in a result URL (a game or a team board) and the way back to its page after a result.

use crate::db::domain::TournamentData;
use crate::db::models::team_boards::{TeamBoardId, TeamBoardRow};
use crate::db::models::{AuditEntry, Game, GameId};
use crate::db::store::{BoardRef, BoardRow as StoredBoard};
use crate::tournament::result::{BoardResult, PenaltyArticle};
use crate::tournament::time_zone::local_text;
use crate::web::access::Access;
use crate::web::pages::round::{BoardRow, board_row, result_key};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};
use actix_session::Session;
use actix_web::HttpResponse;
use askama::Template;
use serde::{Deserialize, Serialize};

/// The board a result route names: `{game}` for a game, `{board}` for a board of a team match.
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct BoardPath {
    /// The tournament.
    pub id: i32,
    /// A game of an individual event.
    #[serde(default)]
    pub game: Option<i32>,
    /// A board of a team match.
    #[serde(default)]
    pub board: Option<i32>,
}

impl BoardPath {
    /// The board named (a route names one of the two).
    pub fn board_ref(&self) -> Option<BoardRef> {
        match (self.game, self.board) {
            (Some(game), None) => Some(BoardRef::Game(GameId(game))),
            (None, Some(board)) => Some(BoardRef::Team(TeamBoardId(board))),
            _ => None,
        }
    }
}

/// After a team board's result: back to its match, at the board, saying it was saved.
pub fn back_to_match(
    ctx: &PageContext,
    session: &Session,
    id: i32,
    saved: &TeamBoardRow,
) -> HttpResponse {
    see_other_with_notice(
        session,
        &format!(
            "/tournaments/{id}/league/matches/{}#board-{}",
            saved.match_id, saved.board
        ),
        ctx.lang.t_with(
            "league.result_saved",
            &[("board", &saved.board.to_string())],
        ),
    )
}

/// One change of the result.
#[derive(Debug, Clone)]
pub struct AuditRow {
    /// When, in the event's time zone.
    pub at: String,
    /// Who.
    pub by: String,
    /// The result before, or "—".
    pub old: String,
    /// The result after, or "—".
    pub new: String,
    /// The grounds written with the change (a penalty's article and reason), else empty.
    pub detail: String,
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
    /// The arbiter's penalty results (code, label; Laws Art. 12.9, 11.3), empty on a bye row
    /// or for visitors who do not run the day.
    pub penalties: Vec<(&'static str, String)>,
    /// The articles a penalty is entered under (code, label).
    pub articles: Vec<(&'static str, String)>,
}

/// The penalty results of the arbiter's form: code and label in the page's language.
pub(crate) fn penalty_choices(ctx: &PageContext) -> Vec<(&'static str, String)> {
    BoardResult::PENALTY
        .iter()
        .map(|result| {
            let key = format!("result.code.{}", result_key(*result));
            let mut label = format!("{} — {}", result.label(), ctx.t(&key));
            if matches!(result, BoardResult::Penalty { rated: false, .. }) {
                label = format!("{label} ({})", ctx.t("penalty.not_rated"));
            }
            (result.as_str(), label)
        })
        .collect()
}

/// The articles of the arbiter's form: code and label in the page's language.
pub(crate) fn article_choices(ctx: &PageContext) -> Vec<(&'static str, String)> {
    PenaltyArticle::ALL
        .iter()
        .map(|article| {
            let key = format!("penalty.article.{}", article.code().replace('.', "_"));
            (
                article.code(),
                format!(
                    "{} — {}",
                    ctx.t_with_name("penalty.article_choice", article.code()),
                    ctx.t(&key)
                ),
            )
        })
        .collect()
}

fn shown(code: Option<&str>) -> String {
    match code.and_then(BoardResult::from_code) {
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
            let zone = data.tournament.time_zone.clone();
            state
                .db(move |conn| Ok(AuditEntry::for_game(conn, game_id)?))
                .await?
                .into_iter()
                .map(|row| AuditRow {
                    at: local_text(&zone, row.entry.at),
                    by: row.user_name,
                    old: shown(row.entry.old_value.as_deref()),
                    new: shown(row.entry.new_value.as_deref()),
                    detail: row.entry.detail,
                })
                .collect()
        } else {
            Vec::new()
        };
        let penalties = if access.run_day && game.black_id.is_some() {
            penalty_choices(&ctx)
        } else {
            Vec::new()
        };
        let articles = if penalties.is_empty() {
            Vec::new()
        } else {
            article_choices(&ctx)
        };
        Ok(BoardPage {
            penalties,
            articles,
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

/// The result form.
#[derive(Debug, Deserialize)]
pub struct ResultForm {
    /// A result code (`1-0`, `1/2-1/2`, `0-1`, `+/-`, `-/+`, `-/-`; `U`, `F`, `H`, `Z` on a
    /// bye row; or the keyboard's `1`, `=`, `0`, `+`, `-`), or empty to clear the result.
    #[serde(default)]
    pub result: String,
    /// The board's version when the form was shown.
    pub version: i32,
    /// `round` to go back to the round page afterwards, else the board page.
    #[serde(default)]
    pub back: String,
}

/// The JSON answer of the keyboard entry.
#[derive(Debug, Serialize)]
pub struct Saved {
    /// The board's result as printed (`½-½`), empty when cleared.
    pub label: String,
    /// The result's code (`1/2-1/2`), empty when cleared.
    pub code: String,
    /// The board's version now.
    pub version: i32,
    /// Boards of the round with two players and no result.
    pub missing: usize,
    /// Why nothing was saved (conflict, unreadable code), in the page's language.
    pub error: Option<String>,
}

impl Saved {
    /// The answer for `board` with `missing` boards left and the refusal `error`, if any.
    pub fn of(board: &StoredBoard, missing: usize, error: Option<String>) -> Saved {
        let result = board.result();
        Saved {
            label: result.map_or("", BoardResult::label).to_owned(),
            code: result.map_or("", BoardResult::as_str).to_owned(),
            version: board.version(),
            missing,
            error,
        }
    }
}

/// The board as it is now and the count of boards still without a result: of its round (a
/// game), or of its match (a team board).
pub async fn board_state(
    state: &AppState,
    board: StoredBoard,
) -> Result<(StoredBoard, usize), AppError> {
    state
        .db(move |conn| {
            let missing = match &board {
                StoredBoard::Game(game) => Game::for_round(conn, game.round_id)?
                    .iter()
                    .filter(|g| g.black_id.is_some() && g.result.is_none())
                    .count(),
                StoredBoard::Team(team) => TeamBoardRow::for_matches(conn, &[team.match_id])?
                    .iter()
                    .filter(|b| b.white_id.is_some() && b.black_id.is_some() && b.result.is_none())
                    .count(),
            };
            Ok((board, missing))
        })
        .await
}
