//! Writes made at the boards while a round is played: starting the round, check-ins and
//! default-time forfeits (Laws Art. 6.7), players' own result reports and their approval,
//! game scores (the result write itself, penalties included, is [`super::result`]). Each is one store write ([`super::write`]) like the rest of the store.

use super::result::save_result;
use super::{BoardRef, NewAuditEntry, Refusal, StoreError, write};
use crate::db::DbConn;
use crate::db::models::tournament_day::{
    BoardReport, ByeRequestRow, CheckIn, GameScore, ParticipationRow, RoundStart, SwissSettings,
};
use crate::db::models::{Game, GameId, Round, RoundId, TournamentId, TournamentRow, UserId};
use crate::tournament::default_time::{
    ArbiterDecision, BoardState, CheckIns, board_state, withdraw_after_forfeit,
};
use crate::tournament::model;
use crate::tournament::result::BoardResult;
use crate::tournament::self_report::ReportedResult;

fn round_in(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
) -> Result<RoundId, StoreError> {
    Ok(Round::by_number(conn, tournament, number)?
        .ok_or(StoreError::NotFound)?
        .id)
}

fn game_in(
    conn: &mut DbConn,
    round: RoundId,
    game: GameId,
    paired_only: bool,
) -> Result<Game, StoreError> {
    Game::find(conn, game)?
        .filter(|g| g.round_id == round && (!paired_only || g.black_id.is_some()))
        .ok_or(StoreError::NotFound)
}

/// Starts round `number` at `at` (Unix seconds): default time (Art. 6.7.1) counts from here.
/// A round already started keeps its start. Returns the start.
pub fn start_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    at: i64,
    by: UserId,
) -> Result<i64, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let round = round_in(conn, tournament, number)?;
        let started = RoundStart::start(conn, round, at)?;
        audit.push(NewAuditEntry {
            action: "start_round",
            round: Some(number),
            ..NewAuditEntry::default()
        });
        Ok(started)
    })
}

/// Checks a player in at the board (`undo` removes a check-in made by mistake).
#[expect(
    clippy::too_many_arguments,
    reason = "the board, the colour and the moment"
)]
pub fn check_in(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    game: GameId,
    colour: model::Color,
    undo: bool,
    at: i64,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let round = round_in(conn, tournament, number)?;
        let board = game_in(conn, round, game, true)?;
        let colour = match colour {
            model::Color::White => "white",
            model::Color::Black => "black",
        };
        if undo {
            CheckIn::undo(conn, game, colour)?;
        } else {
            CheckIn::check_in(conn, game, colour, at)?;
        }
        audit.push(NewAuditEntry {
            action: if undo { "undo_check_in" } else { "check_in" },
            round: Some(number),
            board: Some(board.board),
            game_id: Some(game),
            new_value: Some(colour.to_owned()),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Confirms the default-time forfeit of a flagged board (Art. 6.7.1), the result computed
/// here from the round's start and the check-ins at `now` (never taken from the form); unless
/// `excused`, a player who forfeits without notice is withdrawn from the later rounds when the
/// tournament's rule says so (GRC Art. 6.5).
#[expect(
    clippy::too_many_arguments,
    reason = "the board, its version and the arbiter's choice"
)]
pub fn confirm_forfeit(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    game: GameId,
    version: i32,
    excused: bool,
    now: time::OffsetDateTime,
    by: UserId,
) -> Result<BoardResult, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let event = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        let round = round_in(conn, tournament, number)?;
        let board = game_in(conn, round, game, true)?;
        let from_unix = |seconds: i64| {
            time::OffsetDateTime::from_unix_timestamp(seconds)
                .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
        };
        let start = RoundStart::get(conn, round)?.map(from_unix);
        let check_ins = CheckIn::for_games(conn, &[game])?;
        let at = |colour: &str| {
            check_ins
                .iter()
                .find(|c| c.colour == colour)
                .map(|c| from_unix(c.checked_at))
        };
        let checks = CheckIns {
            white: at("white"),
            black: at("black"),
        };
        let default = time::Duration::minutes(i64::from(event.default_time_minutes.max(0)));
        let absent = match board_state(start, default, checks, now) {
            BoardState::Flagged { absent } if board.result.is_none() => absent,
            _ => return Err(Refusal::NotForfeitable.into()),
        };
        let result = absent.forfeit();
        save_result(
            conn,
            tournament,
            BoardRef::Game(game),
            version,
            Some(result),
            None,
            audit,
        )?;
        let settings = SwissSettings::for_tournament(conn, tournament)?;
        let decision = excused.then_some(ArbiterDecision::Excuse);
        if withdraw_after_forfeit(settings.forfeit_rule(), false, decision) {
            let absent_players = [
                absent
                    .includes(model::Color::White)
                    .then_some(board.white_id),
                board
                    .black_id
                    .filter(|_| absent.includes(model::Color::Black)),
            ];
            for player in absent_players.into_iter().flatten() {
                let mut row = ParticipationRow::for_player(conn, player)?;
                row.withdrawn_from = Some(number + 1);
                row.save(conn)?;
                ByeRequestRow::delete_from(conn, player, number + 1)?;
                audit.push(NewAuditEntry {
                    action: "withdraw",
                    round: Some(number + 1),
                    detail: format!("forfeit without notice in round {number}"),
                    ..NewAuditEntry::default()
                });
            }
        }
        Ok(result)
    })
}

/// Approves a board's self-reported result (or the arbiter's own `decision`, which counts
/// whatever the players said), as a result entry at `version`.
pub fn approve_report(
    conn: &mut DbConn,
    tournament: TournamentId,
    game: GameId,
    version: i32,
    decision: Option<ReportedResult>,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let mut row = BoardReport::for_games(conn, &[game])?
            .into_iter()
            .next()
            .ok_or(StoreError::NotFound)?;
        let approved = row
            .state()
            .approve(decision)
            .map_err(|_| Refusal::NothingToApprove)?;
        let result = BoardResult::parse(approved.notation()).ok_or(Refusal::ResultKind)?;
        save_result(
            conn,
            tournament,
            BoardRef::Game(game),
            version,
            Some(result),
            None,
            audit,
        )?;
        row.approved = Some(approved.notation().to_owned());
        row.save_reports(conn)?;
        Ok(())
    })
}

/// Saves a player's own report of a board (no login: the board's secret token found the
/// row); closed once the board has a result or the arbiter approved.
pub fn submit_report(
    conn: &mut DbConn,
    tournament: TournamentId,
    game: GameId,
    colour: model::Color,
    reported: ReportedResult,
) -> Result<(), StoreError> {
    write(conn, tournament, None, |conn, audit| {
        let board = Game::find(conn, game)?.ok_or(StoreError::NotFound)?;
        if board.result.is_some() {
            return Err(Refusal::ReportClosed.into());
        }
        let mut row = BoardReport::for_games(conn, &[game])?
            .into_iter()
            .next()
            .ok_or(StoreError::NotFound)?;
        let mut state = row.state();
        state
            .report(colour, reported)
            .map_err(|_| Refusal::ReportClosed)?;
        row.white_report = state.white.map(|r| r.notation().to_owned());
        row.black_report = state.black.map(|r| r.notation().to_owned());
        row.save_reports(conn)?;
        audit.push(NewAuditEntry {
            action: "self_report",
            board: Some(board.board),
            game_id: Some(game),
            new_value: Some(reported.notation().to_owned()),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Saves the game score entered for a game of round `number` (as written, with its piece
/// letters' language).
pub fn save_game_score(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    game: GameId,
    movetext: &str,
    lang: &str,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let round = round_in(conn, tournament, number)?;
        let board = game_in(conn, round, game, true)?;
        GameScore::save(conn, game, movetext, lang)?;
        audit.push(NewAuditEntry {
            action: "game_score",
            round: Some(number),
            board: Some(board.board),
            game_id: Some(game),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}
