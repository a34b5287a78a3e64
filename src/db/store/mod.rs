//! The one store for the writes of the tournament day. Every function here is one
//! [`write_transaction`] that
//!
//! 1. bumps the tournament's revision first — which takes the tournament's write lock (the
//!    row lock on PostgreSQL; `BEGIN IMMEDIATE` already holds the database's on SQLite), so
//!    writes to one tournament run one after the other and each sees what the previous one
//!    committed;
//! 2. reads what it needs and re-checks its preconditions inside the transaction (a round
//!    without results before unpairing it, the board's version before a result, ...);
//! 3. asks the pure core ([`crate::day`]) what to write, writes it, bumps the
//!    version of every board it touches;
//! 4. writes its audit rows ([`AuditEntry`](crate::db::models::AuditEntry)), never deleted.
//!
//! A refusal ([`Refusal`]) rolls everything back, revision included; the web layer turns it
//! into a 409 or 422 that says why. Pages cache on the revision: a write on one instance is
//! seen by every instance at its next read.
//!
//! The flow of a round: [`pair_next_round`] (with the boards' self-report codes; new ones only
//! by [`issue_report_codes`]) → [`publish_round`] → [`start_round`] /
//! [`check_in`] / [`confirm_forfeit`] → [`set_result`] (and corrections, and players' own
//! reports approved by [`approve_report`], the arbiter's penalty results by
//! [`enter_penalty`]); before any result is in, [`unpair_last_round`]
//! or [`swap_players`]. Between rounds: [`change_participation`] (withdraw, return, late
//! entry), [`request_bye`], [`register_players`], [`import_players`] (a list, national ratings),
//! [`edit_player`], [`delete_player`],
//! [`refresh_ratings`] (from FIDE's rating list), [`update_settings`], [`save_schedule`],
//! [`save_prize_rules`] (categories and prizes); at any time [`expel_player`] (Art. 12.9.9);
//! for the rating report [`complete_report`].

use diesel::prelude::*;

mod boards;
mod league;
mod player_import;
mod players;
mod prizes;
mod ratings;
mod record;
mod team_swiss;
mod tournaments;

pub use boards::{
    approve_report, check_in, confirm_forfeit, enter_penalty, save_game_score, start_round,
    submit_report,
};
pub use league::{
    LeagueRefusal, add_penalty, add_team, draw_schedule, import_league, move_in_squad, save_league,
    save_lineup, set_match_status, set_team_penalty, set_team_result,
};
pub use player_import::{
    ImportOutcome, ImportStep, ListExcess, ListPart, MAX_IMPORT_PLAYERS, MAX_IMPORT_TEAMS,
    RegisteredIndex, check_list_size, import_players, plan_import,
};
pub use players::{PlayerEdit, Registration, delete_player, edit_player, register_players};
pub use prizes::save_prize_rules;
pub use ratings::refresh_ratings;
pub use record::{ReportDetails, adjust_points, complete_report, log_incident};
pub use team_swiss::{pair_team_round, swap_teams, unpair_team_round};
pub use tournaments::{create_tournament, save_tie_breaks};

use crate::day::import::ImportPlan;
use crate::day::{
    DayRefusal, DaySettings, SettingChange, SettingRefusal, plan_next_round, settings_change,
    swap_seats,
};
use crate::db::domain::TournamentData;
use crate::db::models::tournament_day::{
    BoardReport, ByeRequestRow, GameScore, ParticipationRow, SwissSettings,
};
use crate::db::models::{
    Game, GameId, NewAuditEntry, NewGame, NewPlayer, NewPointAdjustment, NewRound, NewTournament,
    PlayerRow, PlayerRowId, ReportColumns, Round, ScheduledRound, TournamentArbiter, TournamentId,
    TournamentRow, User, UserId,
};
use crate::db::schema::rounds;
use crate::db::schema_team::team_matches;
use crate::db::{DbConn, write_transaction};
use crate::pairing::pairing_check::Violation;
use crate::tournament::board::Board;
use crate::tournament::byes::{ByeKind, ByeRequestError};
use crate::tournament::model;
use crate::tournament::result::BoardResult;
use crate::tournament::schedule::{self, RoundStart, ScheduleError};
use crate::tournament::self_report::LinkKey;
use crate::tournament::system::PairingSystem;

/// Why the store did not write.
#[derive(Debug)]
pub enum StoreError {
    /// The database failed.
    Db(diesel::result::Error),
    /// The tournament, round, board or player does not exist (or not in this tournament).
    NotFound,
    /// The write's preconditions do not hold; nothing was written.
    Refused(Refusal),
}

impl From<diesel::result::Error> for StoreError {
    fn from(error: diesel::result::Error) -> Self {
        StoreError::Db(error)
    }
}

impl From<Refusal> for StoreError {
    fn from(refusal: Refusal) -> Self {
        StoreError::Refused(refusal)
    }
}

impl From<DayRefusal> for StoreError {
    fn from(refusal: DayRefusal) -> Self {
        StoreError::Refused(Refusal::Day(refusal))
    }
}

/// A write refused for a reason the user can act on.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// Pairing, unpairing or swapping refused by the round planner.
    Day(DayRefusal),
    /// The board changed since the form was made (another result, a swap): nothing was
    /// overwritten. The board as it is now.
    ResultConflict(Box<Game>),
    /// A bye result on a board with two players, or a game result on a bye row.
    ResultKind,
    /// A penalty result (Laws Art. 12.9, 11.3) sent without its article and reason.
    PenaltyWithoutGrounds,
    /// A game score was entered for a board of the round: unpairing would lose it.
    GameScoresEntered {
        /// The round.
        round: u32,
    },
    /// A requested bye breaks the organiser's rules.
    Bye(ByeRequestError),
    /// A change of participation for a round that is paired already or does not exist.
    RoundNotOpen {
        /// The round asked for.
        round: u32,
        /// Rounds paired.
        paired: u32,
        /// Rounds announced.
        total: u32,
    },
    /// The player is already withdrawn (or was not withdrawn, for a return).
    ParticipationUnchanged,
    /// The player was expelled from the competition (Laws Art. 12.9.9): no return, no
    /// second expulsion.
    Expelled,
    /// A change of settings after the start that must be confirmed; nothing was saved.
    NeedsConfirmation(Vec<SettingChange>),
    /// A change of settings that cannot be made after the start.
    Settings(SettingRefusal),
    /// The board is not flagged for a default-time forfeit (Art. 6.7.1).
    NotForfeitable,
    /// A player's report cannot be approved (nothing reported, or reports disagree and the
    /// arbiter chose nothing).
    NothingToApprove,
    /// The board has a result already: players' own reports are closed.
    ReportClosed,
    /// No active account has this user name.
    UnknownArbiter(String),
    /// A player with a starting rank or a board cannot be deleted: withdraw them instead.
    PlayerInPairings,
    /// The round schedule is not consistent.
    Schedule(ScheduleError),
    /// A write of a team league refused.
    League(LeagueRefusal),
    /// Ratings refreshed after round 1 was paired without the explicit override.
    RatingsAfterStart {
        /// Rounds paired.
        paired: u32,
    },
    /// The categories and prizes do not hold together.
    Prizes(crate::tournament::prizes::PrizeError),
    /// The refresh would now change other players or values than those shown (the list was
    /// imported again, or a registration changed): nothing was written.
    RatingsChanged,
    /// An incident of a round not paired, or of a board the round does not have.
    IncidentBoard {
        /// The round given.
        round: i32,
        /// The board given.
        board: Option<i32>,
    },
    /// A player list beyond what one import may create (players, teams): each limit exceeded,
    /// with the list's count.
    ListTooLarge(Vec<ListExcess>),
    /// Points outside the games for a round the tournament does not have.
    AdjustmentRound {
        /// The round given.
        round: u32,
        /// Rounds announced.
        total: u32,
    },
}

/// Runs `work` as one store write on `tournament` by `by`: bumps the revision first, writes
/// the audit rows `work` collected, all in one transaction.
fn write<T>(
    conn: &mut DbConn,
    tournament: TournamentId,
    by: Option<UserId>,
    work: impl FnOnce(&mut DbConn, &mut Vec<NewAuditEntry>) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    write_transaction(conn, |conn| write_within(conn, tournament, by, work))
}

/// The body of [`write`], inside a transaction the caller opened.
fn write_within<T>(
    conn: &mut DbConn,
    tournament: TournamentId,
    by: Option<UserId>,
    work: impl FnOnce(&mut DbConn, &mut Vec<NewAuditEntry>) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let revision = TournamentRow::bump_revision(conn, tournament)?.ok_or(StoreError::NotFound)?;
    let mut audit = Vec::new();
    let value = work(conn, &mut audit)?;
    for entry in &audit {
        entry.insert(conn, tournament, revision, by)?;
    }
    Ok(value)
}

fn load(conn: &mut DbConn, tournament: TournamentId) -> Result<TournamentData, StoreError> {
    TournamentData::load(conn, tournament)?.ok_or(StoreError::NotFound)
}

fn player_names(data: &TournamentData, board: &Board) -> String {
    let name = |number: model::PlayerId| {
        data.row_of(number)
            .and_then(|row| data.player(row))
            .map_or_else(|| number.0.to_string(), |p| p.name.clone())
    };
    match board.black {
        Some(black) => format!("{} – {}", name(board.white), name(black)),
        None => name(board.white),
    }
}

/// The row of starting number `number` in `rows` (index = number − 1).
fn row_of(rows: &[PlayerRowId], number: model::PlayerId) -> Result<PlayerRowId, StoreError> {
    let index = (number.0 as usize)
        .checked_sub(1)
        .ok_or(StoreError::NotFound)?;
    rows.get(index).copied().ok_or(StoreError::NotFound)
}

/// Writes round `number` and its boards, players by starting number (`rows`).
fn insert_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    published: bool,
    boards: &[Board],
    rows: &[PlayerRowId],
) -> Result<(), StoreError> {
    let round = NewRound {
        tournament_id: tournament,
        number,
        published,
    }
    .insert(conn)?;
    for board in boards {
        NewGame {
            round_id: round.id,
            board: board.number as i32,
            white_id: row_of(rows, board.white)?,
            black_id: board.black.map(|black| row_of(rows, black)).transpose()?,
            result: board.result,
            colourless: board.colourless,
        }
        .insert(conn)?;
    }
    Ok(())
}

/// Pairs the next round by the tournament's system ([`plan_next_round`]): starting numbers,
/// late entries' bye rows, the round (unpublished) and its boards, and the boards'
/// self-report codes under `key` (issued once here; printing them writes nothing). Returns
/// the round number.
pub fn pair_next_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    by: UserId,
    key: &LinkKey,
) -> Result<u32, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let settings = SwissSettings::for_tournament(conn, tournament)?;
        let state = data.day_state(settings.late_entry());
        let plan = plan_next_round(&state)?;
        let ranks: Vec<(PlayerRowId, i32)> = plan
            .new_ranks
            .iter()
            .map(|&(index, rank)| (data.players[index].id, rank as i32))
            .collect();
        PlayerRow::set_starting_ranks(conn, &ranks)?;
        // Starting numbers after the new ranks: positions in starting-rank order.
        let mut ranked: Vec<(i32, PlayerRowId)> = data
            .players
            .iter()
            .filter_map(|p| {
                let rank = p
                    .starting_rank
                    .or_else(|| ranks.iter().find(|(id, _)| *id == p.id).map(|(_, r)| *r))?;
                Some((rank, p.id))
            })
            .collect();
        ranked.sort();
        let rows: Vec<PlayerRowId> = ranked.iter().map(|(_, id)| *id).collect();
        for (round, board) in &plan.missed {
            let round_row = data
                .rounds
                .iter()
                .find(|r| r.number == *round as i32)
                .ok_or(StoreError::NotFound)?;
            let number = data.games_of_round(*round as i32).len() as i32 + 1;
            let number = number.max(board.number as i32);
            NewGame {
                round_id: round_row.id,
                board: number,
                white_id: row_of(&rows, board.white)?,
                black_id: None,
                result: board.result,
                colourless: false,
            }
            .insert(conn)?;
        }
        if plan.total_rounds as i32 != data.tournament.rounds {
            diesel::update(crate::db::schema::tournaments::table.find(tournament))
                .set(crate::db::schema::tournaments::rounds.eq(plan.total_rounds as i32))
                .execute(conn)?;
        }
        insert_round(
            conn,
            tournament,
            plan.round as i32,
            false,
            &plan.boards,
            &rows,
        )?;
        let issued = issue_codes(conn, tournament, plan.round as i32, false, key)?;
        audit.push(NewAuditEntry {
            action: "self_report_codes",
            round: Some(plan.round as i32),
            detail: format!("codes issued for {issued} boards"),
            ..NewAuditEntry::default()
        });
        audit.push(NewAuditEntry {
            action: "pair",
            round: Some(plan.round as i32),
            detail: format!(
                "{} boards; new starting numbers {}",
                plan.boards.len(),
                plan.new_ranks.len()
            ),
            ..NewAuditEntry::default()
        });
        Ok(plan.round)
    })
}

/// Publishes (or hides) the pairings of round `number`.
pub fn publish_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    published: bool,
    by: UserId,
) -> Result<PairingSystem, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let round = Round::by_number(conn, tournament, number)?.ok_or(StoreError::NotFound)?;
        Round::set_published(conn, round.id, published)?;
        audit.push(NewAuditEntry {
            action: if published { "publish" } else { "hide" },
            round: Some(number),
            ..NewAuditEntry::default()
        });
        let row = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        Ok(row.pairing_system)
    })
}

/// Removes the last round's pairing while no game of it has a result or a game score (bye
/// rows do not count), checked inside the transaction. Its audit rows stay.
pub fn unpair_last_round(
    conn: &mut DbConn,
    tournament: TournamentId,
    by: UserId,
) -> Result<u32, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let last: Option<Round> = rounds::table
            .filter(rounds::tournament_id.eq(tournament))
            .order(rounds::number.desc())
            .first(conn)
            .optional()?;
        let last = last.ok_or(DayRefusal::NothingPaired)?;
        let number = last.number as u32;
        let games = Game::for_round(conn, last.id)?;
        if games
            .iter()
            .any(|game| game.black_id.is_some() && game.result.is_some())
        {
            return Err(DayRefusal::RoundHasResults { round: number }.into());
        }
        let ids: Vec<GameId> = games.iter().map(|game| game.id).collect();
        if !GameScore::for_games(conn, &ids)?.is_empty() {
            return Err(Refusal::GameScoresEntered { round: number }.into());
        }
        Game::delete_round(conn, last.id)?;
        diesel::delete(rounds::table.find(last.id)).execute(conn)?;
        audit.push(NewAuditEntry {
            action: "unpair",
            round: Some(last.number),
            detail: format!("{} boards removed", games.len()),
            ..NewAuditEntry::default()
        });
        Ok(number)
    })
}

/// Seats `first` and `second` (row ids) in each other's places in the last round, checked
/// against the pairing rules ([`swap_seats`]); absolute breaks need `confirmed`. Every board
/// changed gets a new version, so a result form made for the old players is refused.
pub fn swap_players(
    conn: &mut DbConn,
    tournament: TournamentId,
    first: PlayerRowId,
    second: PlayerRowId,
    confirmed: bool,
    by: UserId,
) -> Result<(u32, Vec<Violation>), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let round = data.rounds.len() as u32;
        let (Some(a), Some(b)) = (data.number_of(first), data.number_of(second)) else {
            return Err(DayRefusal::NotPaired { round }.into());
        };
        let state = data.day_state(Default::default());
        let (boards, violations) = swap_seats(&state, a, b, confirmed)?;
        let games = data.games_of_round(round as i32);
        for (game, board) in games.iter().zip(&boards) {
            let white = data.row_of(board.white).ok_or(StoreError::NotFound)?;
            let black = board.black.and_then(|black| data.row_of(black));
            if game.white_id != white || game.black_id != black {
                Game::set_players(conn, game.id, white, black)?;
                audit.push(NewAuditEntry {
                    action: "swap",
                    round: Some(round as i32),
                    board: Some(game.board),
                    game_id: Some(game.id),
                    new_value: Some(player_names(&data, board)),
                    ..NewAuditEntry::default()
                });
            }
        }
        Ok((round, violations))
    })
}

/// Enters or corrects (or clears, with `None`) the result of `game` if the board is still at
/// `expected_version` — the version of the page the arbiter entered it on. Returns the board
/// as saved.
pub fn set_result(
    conn: &mut DbConn,
    tournament: TournamentId,
    game: GameId,
    expected_version: i32,
    result: Option<BoardResult>,
    by: Option<UserId>,
) -> Result<Game, StoreError> {
    write(conn, tournament, by, |conn, audit| {
        // A penalty result (Laws Art. 12.9, 11.3) is entered with its article and reason
        // ([`enter_penalty`]); here only the one the board has already may be sent again.
        if let Some(penalty) = result.filter(|r| r.is_penalty()) {
            let before = Game::find(conn, game)?.ok_or(StoreError::NotFound)?;
            if before.result != Some(penalty) {
                return Err(Refusal::PenaltyWithoutGrounds.into());
            }
        }
        save_result(conn, tournament, game, expected_version, result, audit)
    })
}

/// The result write shared by every path that sets one (inside a store transaction).
fn save_result(
    conn: &mut DbConn,
    tournament: TournamentId,
    game: GameId,
    expected_version: i32,
    result: Option<BoardResult>,
    audit: &mut Vec<NewAuditEntry>,
) -> Result<Game, StoreError> {
    let before = Game::find(conn, game)?.ok_or(StoreError::NotFound)?;
    let round = Round::find(conn, before.round_id)?.ok_or(StoreError::NotFound)?;
    if round.tournament_id != tournament {
        return Err(StoreError::NotFound);
    }
    if let Some(result) = result
        && result.is_bye() != before.black_id.is_none()
    {
        return Err(Refusal::ResultKind.into());
    }
    if Game::set_result_if_version(conn, game, expected_version, result)? == 0 {
        return Err(Refusal::ResultConflict(Box::new(before)).into());
    }
    audit.push(NewAuditEntry {
        action: "result",
        round: Some(round.number),
        board: Some(before.board),
        game_id: Some(game),
        old_value: before.result.map(|r| r.as_str().to_owned()),
        new_value: result.map(|r| r.as_str().to_owned()),
        ..NewAuditEntry::default()
    });
    Game::find(conn, game)?.ok_or(StoreError::NotFound)
}

/// How a player's participation changes (C.04.2 Art. 2.4, 3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParticipationChange {
    /// Withdraws the player from a round on (default: the next unpaired round); byes
    /// requested for those rounds are dropped.
    Withdraw,
    /// A withdrawn player returns from a round on.
    Return,
    /// The player is first paired in that round (a late entry).
    LateEntry,
}

/// Applies a participation change from `round` on (`None`: the next unpaired round). The
/// round must not be paired yet.
pub fn change_participation(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    change: ParticipationChange,
    round: Option<u32>,
    by: UserId,
) -> Result<u32, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        if data.player(player).is_none() {
            return Err(StoreError::NotFound);
        }
        let paired = data.rounds.len() as u32;
        let total = u32::try_from(data.tournament.rounds).unwrap_or(0);
        let round = round.unwrap_or(paired + 1);
        if round <= paired || round > total.max(1) {
            return Err(Refusal::RoundNotOpen {
                round,
                paired,
                total,
            }
            .into());
        }
        let mut row = ParticipationRow::for_player(conn, player)?;
        let action = match change {
            ParticipationChange::Withdraw => {
                if row.withdrawn_from.is_some_and(|from| from as u32 <= round) {
                    return Err(Refusal::ParticipationUnchanged.into());
                }
                row.withdrawn_from = Some(round as i32);
                ByeRequestRow::delete_from(conn, player, round as i32)?;
                "withdraw"
            }
            ParticipationChange::Return => {
                if row.expelled {
                    return Err(Refusal::Expelled.into());
                }
                if row.withdrawn_from.is_none() {
                    return Err(Refusal::ParticipationUnchanged.into());
                }
                row.withdrawn_from = None;
                "return"
            }
            ParticipationChange::LateEntry => {
                row.first_round = round as i32;
                "late_entry"
            }
        };
        row.save(conn)?;
        audit.push(NewAuditEntry {
            action,
            round: Some(round as i32),
            detail: data
                .player(player)
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            ..NewAuditEntry::default()
        });
        Ok(round)
    })
}

/// Expels a player from the competition (FIDE Laws Art. 12.9.9; 12.9 g of older editions)
/// from the next round not paired on: never paired again, no return, byes requested ahead
/// dropped; the games already played stand and the opponents keep their points. A board of a
/// paired round without a result is left to the arbiter (a forfeit). Audited with the reason.
/// Returns the first round the player is not paired in.
pub fn expel_player(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    reason: &str,
    by: UserId,
) -> Result<u32, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let name = data
            .player(player)
            .ok_or(StoreError::NotFound)?
            .name
            .clone();
        let mut row = ParticipationRow::for_player(conn, player)?;
        if row.expelled {
            return Err(Refusal::Expelled.into());
        }
        let round = data.rounds.len() as u32 + 1;
        let from = row
            .withdrawn_from
            .map_or(round, |withdrawn| (withdrawn.max(1) as u32).min(round));
        row.withdrawn_from = Some(from as i32);
        row.expelled = true;
        row.save(conn)?;
        ByeRequestRow::delete_from(conn, player, from as i32)?;
        audit.push(NewAuditEntry {
            action: "expel",
            round: Some(from as i32),
            detail: format!("{name} — Art. 12.9.9: {}", reason.trim()),
            ..NewAuditEntry::default()
        });
        Ok(from)
    })
}

/// Requests a bye for a round not yet paired, within the organiser's limits (C.04.2 Art. 3.3),
/// or cancels one (`kind` `None`).
pub fn request_bye(
    conn: &mut DbConn,
    tournament: TournamentId,
    player: PlayerRowId,
    round: u32,
    kind: Option<ByeKind>,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let data = load(conn, tournament)?;
        let name = data
            .player(player)
            .ok_or(StoreError::NotFound)?
            .name
            .clone();
        let paired = data.rounds.len() as u32;
        let total = u32::try_from(data.tournament.rounds).unwrap_or(0);
        match kind {
            None => {
                if round > paired {
                    ByeRequestRow::delete(conn, player, round as i32)?;
                }
            }
            Some(kind) => {
                let settings = SwissSettings::for_tournament(conn, tournament)?;
                data.participation_of(player)
                    .check_bye(round, kind, &settings.bye_policy(), total, paired)
                    .map_err(Refusal::Bye)?;
                ByeRequestRow::insert(conn, player, round as i32, kind)?;
            }
        }
        audit.push(NewAuditEntry {
            action: if kind.is_some() { "bye" } else { "cancel_bye" },
            round: Some(round as i32),
            new_value: kind.map(|k| k.code().to_string()),
            detail: name,
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Saves the round schedule (replacing the one before), checked against the tournament's
/// number of rounds as it is inside the transaction ([`schedule::check`]).
pub fn save_schedule(
    conn: &mut DbConn,
    tournament: TournamentId,
    mut rounds: Vec<RoundStart>,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let total = u32::try_from(load(conn, tournament)?.announced_rounds()).unwrap_or(0);
        schedule::check(&mut rounds, total).map_err(Refusal::Schedule)?;
        ScheduledRound::replace(conn, tournament, &rounds)?;
        audit.push(NewAuditEntry {
            action: "schedule",
            detail: rounds
                .iter()
                .map(|start| match start.time {
                    Some(time) => format!("{}: {} {time}", start.round, start.date),
                    None => format!("{}: {}", start.round, start.date),
                })
                .collect::<Vec<_>>()
                .join("; "),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Creates a tournament from an imported file: players in starting-rank order, the rounds
/// (published) and their boards, the byes requested for rounds not paired yet, the report
/// columns and the round dates, in one transaction. The file is the record: the byes are not
/// checked against a bye policy.
pub fn import_tournament(
    conn: &mut DbConn,
    new: &NewTournament,
    columns: &ReportColumns,
    plan: &ImportPlan,
    players: &[NewPlayer],
    by: UserId,
) -> Result<TournamentRow, StoreError> {
    write_transaction(conn, |conn| {
        let id = new.insert(conn)?.id;
        write_within(conn, id, Some(by), |conn, audit| {
            columns.save(conn, id)?;
            ScheduledRound::replace(conn, id, &plan.schedule)?;
            let mut rows = Vec::with_capacity(players.len());
            for (rank, player) in (1..).zip(players) {
                let row = NewPlayer {
                    tournament_id: id,
                    ..player.clone()
                }
                .insert(conn)?;
                PlayerRow::set_starting_ranks(conn, &[(row.id, rank)])?;
                rows.push(row.id);
            }
            for (number, boards) in (1..).zip(&plan.rounds) {
                insert_round(conn, id, number, true, boards, &rows)?;
            }
            for adjustment in &plan.adjustments {
                let index = (adjustment.player.0 as usize)
                    .checked_sub(1)
                    .ok_or(StoreError::NotFound)?;
                NewPointAdjustment {
                    tournament_id: id,
                    player_id: *rows.get(index).ok_or(StoreError::NotFound)?,
                    round: adjustment.round.and_then(|r| i32::try_from(r).ok()),
                    points: adjustment.points.0,
                    reason: adjustment.reason.clone(),
                }
                .insert(conn)?;
            }
            for &(player, round) in &plan.expulsions {
                let Some(&row) = rows.get(player) else {
                    return Err(StoreError::NotFound);
                };
                ParticipationRow {
                    player_id: row,
                    first_round: 1,
                    withdrawn_from: Some(i32::try_from(round).map_err(|_| StoreError::NotFound)?),
                    expelled: true,
                }
                .save(conn)?;
            }
            for bye in &plan.byes {
                let Some(&row) = rows.get(bye.player) else {
                    return Err(StoreError::NotFound);
                };
                let round = i32::try_from(bye.round).map_err(|_| StoreError::NotFound)?;
                ByeRequestRow::insert(conn, row, round, bye.kind)?;
            }
            audit.push(NewAuditEntry {
                action: "import",
                detail: format!(
                    "{} players, {} rounds, {} byes requested",
                    players.len(),
                    plan.rounds.len(),
                    plan.byes.len()
                ),
                ..NewAuditEntry::default()
            });
            TournamentRow::find(conn, id)?.ok_or(StoreError::NotFound)
        })
    })
}

/// Saves the tournament's settings. Once round 1 is paired, a change of the point system or
/// of a Swiss's number of rounds is saved only when `confirmed` (otherwise
/// [`Refusal::NeedsConfirmation`] lists what it would change), and a change of the pairing
/// system or of a round robin's rounds is refused ([`settings_change`]).
pub fn update_settings(
    conn: &mut DbConn,
    tournament: TournamentId,
    new: &NewTournament,
    confirmed: bool,
    by: UserId,
) -> Result<Vec<SettingChange>, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let old = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        let paired: i64 = rounds::table
            .filter(rounds::tournament_id.eq(tournament))
            .count()
            .get_result(conn)?;
        // A league's drawn schedule counts as its paired rounds: its system is fixed by then.
        let drawn: Option<i32> = team_matches::table
            .filter(team_matches::tournament_id.eq(tournament))
            .select(diesel::dsl::max(team_matches::round))
            .first(conn)?;
        let paired = paired + i64::from(drawn.unwrap_or(0));
        let settings = |system, swap, rounds: i32, points| DaySettings {
            system,
            swap_last_two_rounds: swap,
            total_rounds: u32::try_from(rounds).unwrap_or(0),
            points,
        };
        let new_points = new.point_system();
        let changes = settings_change(
            &settings(
                old.pairing_system,
                old.swap_last_two_rounds,
                old.rounds,
                old.point_system(),
            ),
            &settings(
                new.pairing_system,
                new.swap_last_two_rounds,
                new.rounds,
                new_points,
            ),
            paired as u32,
        )
        .map_err(Refusal::Settings)?;
        if !changes.is_empty() && !confirmed {
            return Err(Refusal::NeedsConfirmation(changes).into());
        }
        NewTournament {
            owner_id: old.owner_id,
            ..new.clone()
        }
        .update(conn, tournament)?;
        audit.push(NewAuditEntry {
            action: "settings",
            detail: changes
                .iter()
                .map(|change| format!("{change:?}"))
                .collect::<Vec<_>>()
                .join("; "),
            ..NewAuditEntry::default()
        });
        Ok(changes)
    })
}

/// Saves the Swiss rules (byes, late entries, forfeits).
pub fn save_swiss_settings(
    conn: &mut DbConn,
    settings: &SwissSettings,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, settings.tournament_id, Some(by), |conn, audit| {
        settings.save(conn)?;
        audit.push(NewAuditEntry {
            action: "swiss_settings",
            detail: format!("{settings:?}"),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Publishes or hides the tournament.
pub fn publish_tournament(
    conn: &mut DbConn,
    tournament: TournamentId,
    published: bool,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        TournamentRow::set_published(conn, tournament, published)?;
        audit.push(NewAuditEntry {
            action: if published {
                "publish_event"
            } else {
                "hide_event"
            },
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Assigns the active account `username` as an arbiter of the tournament (a second
/// assignment changes nothing).
pub fn add_arbiter(
    conn: &mut DbConn,
    tournament: TournamentId,
    username: &str,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let arbiter = User::by_username(conn, username)?
            .filter(|user| user.active)
            .ok_or_else(|| Refusal::UnknownArbiter(username.to_owned()))?;
        TournamentArbiter::assign(conn, tournament, arbiter.id)?;
        audit.push(NewAuditEntry {
            action: "add_arbiter",
            new_value: Some(arbiter.username),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// Issues the self-report codes of round `number` under `key`: with `renew`, new codes for
/// every board with two players (the earlier ones stop working: a lost sheet, a pairing
/// changed after printing), else codes for the boards that have none (a round imported or
/// paired before codes were issued at pairing). Audited with how many boards; returns it.
pub fn issue_report_codes(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    renew: bool,
    key: &LinkKey,
    by: UserId,
) -> Result<usize, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        Round::by_number(conn, tournament, number)?.ok_or(StoreError::NotFound)?;
        let issued = issue_codes(conn, tournament, number, renew, key)?;
        audit.push(NewAuditEntry {
            action: "self_report_codes",
            round: Some(number),
            detail: if renew {
                format!("new codes for {issued} boards (the earlier ones revoked)")
            } else {
                format!("codes issued for {issued} boards")
            },
            ..NewAuditEntry::default()
        });
        Ok(issued)
    })
}

/// The codes of round `number`'s boards with two players (all, or those without), inside a
/// store write.
fn issue_codes(
    conn: &mut DbConn,
    tournament: TournamentId,
    number: i32,
    renew: bool,
    key: &LinkKey,
) -> Result<usize, StoreError> {
    let round = Round::by_number(conn, tournament, number)?.ok_or(StoreError::NotFound)?;
    let boards: Vec<GameId> = Game::for_round(conn, round.id)?
        .iter()
        .filter(|game| game.black_id.is_some())
        .map(|game| game.id)
        .collect();
    let wanted = if renew {
        boards
    } else {
        BoardReport::without_tokens(conn, &boards)?
    };
    Ok(BoardReport::issue_tokens(conn, key, &wanted)?)
}
