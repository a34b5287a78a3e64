//! The one result write, for every board: a game of an individual event ([`Game`], table
//! `games`) and a board of a team match ([`TeamBoardRow`], table `team_boards`) are both a
//! board ([`BoardRef`]) with a typed [`BoardResult`] and a version. A result, a correction or
//! a cleared result goes through [`set_result`]; the arbiter's penalty result (Laws Art.
//! 12.9.4–12.9.6, 11.3) through [`enter_penalty`], with its article and reason. Both run the
//! same steps inside the store's transaction ([`save_result`]):
//!
//! 1. read the board (and, for a team board, its match and the two teams' names — nothing
//!    else of the event) and re-check what the result needs: a game result on a board with
//!    two players, a bye's result on a bye row; for a team board, a match played board by
//!    board, both line-ups in and both seats taken;
//! 2. write the result only if the board is still at the version of the page it was entered
//!    on (`WHERE version = ?`), bumping it; otherwise [`Refusal::ResultConflict`] with the
//!    board as it is now;
//! 3. write the audit row: `result` / `penalty` for a game, `team_result` / `team_penalty` for
//!    a team board, the penalty's grounds in its detail.

use super::{NewAuditEntry, Refusal, StoreError, write};
use crate::db::DbConn;
use crate::db::models::team_boards::{TeamBoardId, TeamBoardRow};
use crate::db::models::team_matches::TeamMatchRow;
use crate::db::models::teams::{TeamRow, TeamRowId};
use crate::db::models::{Game, GameId, Round, TournamentId, UserId};
use crate::tournament::result::{BoardResult, PenaltyArticle};

/// A board that takes a result: a game of an individual event or a board of a team match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardRef {
    /// A row of `games`.
    Game(GameId),
    /// A row of `team_boards`.
    Team(TeamBoardId),
}

impl From<GameId> for BoardRef {
    fn from(game: GameId) -> Self {
        BoardRef::Game(game)
    }
}

impl From<TeamBoardId> for BoardRef {
    fn from(board: TeamBoardId) -> Self {
        BoardRef::Team(board)
    }
}

/// A board as saved (or, in a conflict, as it is now), of either kind.
#[derive(Debug, Clone, PartialEq)]
pub enum BoardRow {
    /// A game of an individual event.
    Game(Game),
    /// A board of a team match.
    Team(TeamBoardRow),
}

impl BoardRow {
    /// The board's result; `None` while not played.
    pub fn result(&self) -> Option<BoardResult> {
        match self {
            BoardRow::Game(game) => game.result,
            BoardRow::Team(board) => board.result,
        }
    }

    /// The board's version (bumped by every change of it).
    pub fn version(&self) -> i32 {
        match self {
            BoardRow::Game(game) => game.version,
            BoardRow::Team(board) => board.version,
        }
    }

    /// The board's number (in its round, or in its match).
    pub fn number(&self) -> i32 {
        match self {
            BoardRow::Game(game) => game.board,
            BoardRow::Team(board) => board.board,
        }
    }

    /// The game, if the board is one.
    pub fn into_game(self) -> Option<Game> {
        match self {
            BoardRow::Game(game) => Some(game),
            BoardRow::Team(_) => None,
        }
    }

    /// The board of a team match, if the board is one.
    pub fn into_team(self) -> Option<TeamBoardRow> {
        match self {
            BoardRow::Team(board) => Some(board),
            BoardRow::Game(_) => None,
        }
    }

    /// Whether both seats are taken (a game, not a bye or an empty seat).
    fn two_players(&self) -> bool {
        match self {
            BoardRow::Game(game) => game.black_id.is_some(),
            BoardRow::Team(board) => board.white_id.is_some() && board.black_id.is_some(),
        }
    }
}

/// The arbiter's grounds for a penalty result: the article and the written reason.
#[derive(Debug, Clone, Copy)]
pub(super) struct Grounds<'a> {
    article: PenaltyArticle,
    reason: &'a str,
}

impl Grounds<'_> {
    fn text(&self) -> String {
        format!("Art. {}: {}", self.article.code(), self.reason.trim())
    }
}

/// Enters or corrects (or clears, with `None`) the result of `board` — a game or a board of a
/// team match — if the board is still at `expected_version`, the version of the page the
/// arbiter entered it on. Returns the board as saved. A penalty result is entered with its
/// grounds ([`enter_penalty`]); here only the one a game has already may be sent again, and a
/// team board takes only a game's result ([`BoardResult::GAME`]).
pub fn set_result(
    conn: &mut DbConn,
    tournament: TournamentId,
    board: impl Into<BoardRef>,
    expected_version: i32,
    result: Option<BoardResult>,
    by: Option<UserId>,
) -> Result<BoardRow, StoreError> {
    let board = board.into();
    write(conn, tournament, by, |conn, audit| {
        save_result(
            conn,
            tournament,
            board,
            expected_version,
            result,
            None,
            audit,
        )
    })
}

/// Enters the arbiter's penalty result on a played board, a game or a board of a team match
/// (Laws Art. 12.9.4–12.9.6, 11.3: 0-0, ½-0, 0-½, rated or not, [`BoardResult::PENALTY`]), at
/// `version`, replacing whatever result the board had; the audit row keeps the article and the
/// reason. Each side keeps its own score (a team match's game points add them).
#[expect(
    clippy::too_many_arguments,
    reason = "the board, its version and the arbiter's decision with its grounds"
)]
pub fn enter_penalty(
    conn: &mut DbConn,
    tournament: TournamentId,
    board: impl Into<BoardRef>,
    version: i32,
    result: BoardResult,
    article: PenaltyArticle,
    reason: &str,
    by: UserId,
) -> Result<BoardRow, StoreError> {
    let board = board.into();
    write(conn, tournament, Some(by), |conn, audit| {
        if !result.is_penalty() {
            return Err(Refusal::ResultKind.into());
        }
        let grounds = Grounds { article, reason };
        save_result(
            conn,
            tournament,
            board,
            version,
            Some(result),
            Some(grounds),
            audit,
        )
    })
}

/// What the audit row of a board's result says besides the change.
struct Audited {
    round: i32,
    game: Option<GameId>,
    /// For a team board, its match (`home – away`).
    label: Option<String>,
}

/// The result write shared by every path that sets one (inside a store transaction): a
/// result, a penalty result (with its `grounds`), a default-time forfeit, an approved
/// self-report.
pub(super) fn save_result(
    conn: &mut DbConn,
    tournament: TournamentId,
    board: BoardRef,
    expected_version: i32,
    result: Option<BoardResult>,
    grounds: Option<Grounds<'_>>,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<BoardRow, StoreError> {
    let (before, audited) = match board {
        BoardRef::Game(game) => check_game(conn, tournament, game, result, grounds)?,
        BoardRef::Team(board) => check_team_board(conn, tournament, board, result, grounds)?,
    };
    let changed = match board {
        BoardRef::Game(game) => Game::set_result_if_version(conn, game, expected_version, result)?,
        BoardRef::Team(id) => {
            TeamBoardRow::set_result_if_version(conn, id, expected_version, result)?
        }
    };
    if changed == 0 {
        return Err(Refusal::ResultConflict(Box::new(before)).into());
    }
    if let BoardRow::Team(row) = &before {
        // The match's version: a line-up form made before this result is refused.
        TeamMatchRow::touch(conn, row.match_id)?;
    }
    let action = match (&before, grounds) {
        (BoardRow::Game(_), None) => "result",
        (BoardRow::Game(_), Some(_)) => "penalty",
        (BoardRow::Team(_), None) => "team_result",
        (BoardRow::Team(_), Some(_)) => "team_penalty",
    };
    let grounds = grounds.map(|g| g.text());
    audit.push(NewAuditEntry {
        action,
        round: Some(audited.round),
        board: Some(before.number()),
        game_id: audited.game,
        old_value: before.result().map(|r| r.as_str().to_owned()),
        new_value: result.map(|r| r.as_str().to_owned()),
        detail: match (audited.label, grounds) {
            (Some(label), Some(grounds)) => format!("{label} · {grounds}"),
            (Some(text), None) | (None, Some(text)) => text,
            (None, None) => String::new(),
        },
    });
    let saved = match board {
        BoardRef::Game(game) => Game::find(conn, game)?.map(BoardRow::Game),
        BoardRef::Team(id) => TeamBoardRow::find(conn, id)?.map(BoardRow::Team),
    };
    saved.ok_or(StoreError::NotFound)
}

/// A game of `tournament` as it is, if it takes `result`: a bye's result on a bye row, a
/// game's on a board with two players; a penalty only with its grounds on a played board, or
/// without them when the board has it already (a page sent again).
fn check_game(
    conn: &mut DbConn,
    tournament: TournamentId,
    game: GameId,
    result: Option<BoardResult>,
    grounds: Option<Grounds<'_>>,
) -> Result<(BoardRow, Audited), StoreError> {
    let before = Game::find(conn, game)?.ok_or(StoreError::NotFound)?;
    let round = Round::find(conn, before.round_id)?.ok_or(StoreError::NotFound)?;
    if round.tournament_id != tournament {
        return Err(StoreError::NotFound);
    }
    if let Some(penalty) = result.filter(|r| r.is_penalty())
        && grounds.is_none()
        && before.result != Some(penalty)
    {
        return Err(Refusal::PenaltyWithoutGrounds.into());
    }
    if grounds.is_some() && before.black_id.is_none() {
        return Err(Refusal::ResultKind.into());
    }
    if let Some(result) = result
        && result.is_bye() != before.black_id.is_none()
    {
        return Err(Refusal::ResultKind.into());
    }
    let audited = Audited {
        round: round.number,
        game: Some(game),
        label: None,
    };
    Ok((BoardRow::Game(before), audited))
}

/// A board of a team match of `tournament` as it is, if it takes `result`: a game's result
/// (or a penalty with its grounds), the match played board by board (not forfeited as a
/// whole) with both line-ups in, and both seats taken. Reads the board, its match and the
/// match's two teams, nothing else of the event.
fn check_team_board(
    conn: &mut DbConn,
    tournament: TournamentId,
    board: TeamBoardId,
    result: Option<BoardResult>,
    grounds: Option<Grounds<'_>>,
) -> Result<(BoardRow, Audited), StoreError> {
    if grounds.is_none() && result.is_some_and(|r| !BoardResult::GAME.contains(&r)) {
        return Err(Refusal::NotAGameResult.into());
    }
    let row = TeamBoardRow::find(conn, board)?.ok_or(StoreError::NotFound)?;
    let found = TeamMatchRow::find(conn, row.match_id)?
        .filter(|m| m.tournament_id == tournament)
        .ok_or(StoreError::NotFound)?;
    if found.forfeit.is_some() {
        return Err(Refusal::MatchForfeited.into());
    }
    if !(found.home_lineup && found.away_lineup) {
        return Err(Refusal::LineupsMissing.into());
    }
    let row = BoardRow::Team(row);
    if !row.two_players() {
        return Err(Refusal::EmptySeat.into());
    }
    let mut name = |team: TeamRowId| -> Result<String, StoreError> {
        Ok(TeamRow::find(conn, team)?.map_or_else(String::new, |t| t.name))
    };
    let home = name(found.home_id)?;
    let away = match found.away_id {
        Some(away) => name(away)?,
        None => String::new(),
    };
    let audited = Audited {
        round: found.round,
        game: None,
        label: Some(format!("{home} – {away}")),
    };
    Ok((row, audited))
}
