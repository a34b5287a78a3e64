//! A board's self-report link (the QR code on the pairing list): the board, its round and
//! tournament, and the players' names, found by the link's token.

use diesel::QueryResult;

use crate::db::DbConn;
use crate::db::models::tournament_day::BoardReport;
use crate::db::models::{Game, PlayerRow, Round, TournamentRow};
use crate::tournament::model::Color;

/// Everything the report page needs about a token.
pub struct ReportedBoard {
    /// The board's report row (the state of both players' reports).
    pub row: BoardReport,
    /// The colour whose link the token is.
    pub colour: Color,
    /// The game.
    pub game: Game,
    /// Its round.
    pub round: Round,
    /// Its tournament.
    pub tournament: TournamentRow,
    /// White's name.
    pub white: String,
    /// Black's name, empty for a bye.
    pub black: String,
}

/// The board whose report link is `token`; `None` when the token is malformed or names no
/// board (any more).
pub fn reported_board(conn: &mut DbConn, token: &str) -> QueryResult<Option<ReportedBoard>> {
    if token.len() != 32 || !token.chars().all(|c| c.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let Some(row) = BoardReport::by_token(conn, token)? else {
        return Ok(None);
    };
    let Some(colour) = row.colour_of(token) else {
        return Ok(None);
    };
    let Some(game) = Game::find(conn, row.game_id)? else {
        return Ok(None);
    };
    let Some(round) = Round::find(conn, game.round_id)? else {
        return Ok(None);
    };
    let Some(tournament) = TournamentRow::find(conn, round.tournament_id)? else {
        return Ok(None);
    };
    let mut name = |id| -> QueryResult<String> {
        Ok(PlayerRow::find(conn, id)?
            .map(|p| p.name)
            .unwrap_or_default())
    };
    let white = name(game.white_id)?;
    let black = match game.black_id {
        Some(b) => name(b)?,
        None => String::new(),
    };
    Ok(Some(ReportedBoard {
        row,
        colour,
        game,
        round,
        tournament,
        white,
        black,
    }))
}
