//! A board in a result URL (a game or a team board) and the way back to its page after a result.

use actix_session::Session;
use actix_web::HttpResponse;
use serde::Deserialize;

use crate::db::models::GameId;
use crate::db::models::team_boards::{TeamBoardId, TeamBoardRow};
use crate::db::store::BoardRef;
use crate::web::{PageContext, see_other_with_notice};

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
