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
//! for the rating report [`complete_report`]. Publishing to a public server:
//! [`set_publish_target`] (then every write queues its revision in the outbox, in its own
//! transaction), [`publish_now`], [`apply_push`] on the public server, and the keys
//! ([`create_publishing_key`], [`revoke_publishing_key`]).

use diesel::prelude::*;

mod accounts;
mod boards;
mod desk;
mod league;
mod live;
mod participation;
mod player_import;
mod players;
mod prizes;
mod publishing;
mod ratings;
mod record;
mod result;
mod round;
mod series;
mod team_swiss;
mod tournaments;
mod uploads;

pub use accounts::{
    SETUP_DONE_SETTING, create_account, create_first_admin, set_account_active, set_password,
};
pub use boards::{
    approve_report, check_in, confirm_forfeit, save_game_score, start_round, submit_report,
};
pub use desk::{
    DeskRefusal, Registered, answer_request, change_entry, check_in_round, confirm_presence,
    issue_check_in_link, reissue_entry_link, save_desk_settings, self_register, set_fee_mark,
    submit_request, withdraw_entry,
};
pub use league::{
    LineupBy, add_penalty, add_team, confirm_results, draw_schedule, import_league,
    issue_captain_link, move_in_squad, save_league, save_lineup, set_match_status,
};
pub use live::{
    MAX_DELAY_MINUTES, issue_feed_key, keep_live_game, live_movetext, record_feed,
    record_operator_entry, set_broadcast_delay,
};
pub use participation::{ParticipationChange, change_participation, expel_player, request_bye};
pub use player_import::{
    ImportOutcome, ImportStep, ListExcess, ListPart, MAX_IMPORT_PLAYERS, MAX_IMPORT_TEAMS,
    RegisteredIndex, check_list_size, import_players, plan_import,
};
pub use players::{PlayerEdit, Registration, delete_player, edit_player, register_players};
pub use prizes::save_prize_rules;
pub use publishing::{
    MAX_KEY_LABEL, PushError, PushOutcome, PushRefusal, apply_live_push, apply_push,
    create_publishing_key, publish_now, record_failed, record_pushed, remove_publish_target,
    revoke_publishing_key, set_publish_target, stamp,
};
pub use ratings::refresh_ratings;
pub use record::{ReportDetails, adjust_points, complete_report, log_incident};
pub use result::{BoardRef, BoardRow, enter_penalty, set_result};
pub use round::{
    Unpaired, issue_report_codes, pair_next_round, publish_round, swap_players, unpair_last_round,
};
pub use series::{
    SeriesEditor, SeriesRefusal, add_series_tournament, create_series, import_series_event,
    move_series_event, remove_series_event, save_series_rules,
};
pub use team_swiss::{pair_team_round, swap_teams};
pub use tournaments::{
    add_arbiter, create_tournament, import_tournament, publish_tournament, save_schedule,
    save_swiss_settings, save_tie_breaks, update_settings,
};
pub use uploads::{delete_mapping, keep_upload, save_mapping};

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
    Game, GameId, NewAuditEntry, NewGame, NewPlayer, NewPointAdjustment, NewRound, PlayerRow,
    PlayerRowId, ReportColumns, Round, ScheduledRound, TournamentArbiter, TournamentId,
    TournamentRow, User, UserId,
};
use crate::db::schema::rounds;
use crate::db::schema_team::team_matches;
use crate::db::{DbConn, write_transaction};
use crate::pairing::pairing_check::Violation;
use crate::pairing::team_swiss::TeamPairingError;
use crate::tournament::board::Board;
use crate::tournament::byes::{ByeKind, ByeRequestError};
use crate::tournament::model;
use crate::tournament::schedule::{self, RoundStart, ScheduleError};
use crate::tournament::self_report::LinkKey;
use crate::tournament::system::PairingSystem;
use crate::tournament::team::lineup::LineupError;

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
    /// The board (a game or a board of a team match) changed since the form was made
    /// (another result, a swap): nothing was overwritten. The board as it is now.
    ResultConflict(Box<BoardRow>),
    /// A bye result on a board with two players, a game result on a bye row, a penalty
    /// result on a bye row or a score that is not a penalty sent as one.
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
    /// The same person registered twice: each new entry with the registration it repeats.
    AlreadyRegistered(Vec<crate::tournament::entries::DuplicateEntry>),
    /// Points outside the games for a round the tournament does not have.
    AdjustmentRound {
        /// The round given.
        round: u32,
        /// Rounds announced.
        total: u32,
    },
    /// The tournament is not a team competition.
    NotALeague,
    /// A series' write ([`series`]): why it was refused.
    Series(SeriesRefusal),
    /// The schedule is drawn: teams can no longer be added.
    ScheduleDrawn,
    /// Fewer than two teams to schedule or pair.
    TooFewTeams,
    /// A line-up is in: the number of boards can no longer change.
    LineupsGiven,
    /// The line-up breaks the squad order or names a player twice.
    Lineup(LineupError),
    /// A board of the match has a result (for a team Swiss's exchange: a line-up, a result
    /// or a forfeit): its line-ups and pairing stand.
    MatchHasResults,
    /// Both line-ups must be in before a board's result.
    LineupsMissing,
    /// Both line-ups are in and revealed: a captain can no longer change theirs (the arbiter
    /// can).
    LineupsRevealed,
    /// The league's line-up deadline before the round's start has passed: a captain can no
    /// longer give or change a line-up (the arbiter can).
    LineupDeadlinePassed,
    /// The match is not played yet (a board still without a result): nothing to confirm.
    MatchNotPlayed,
    /// The broadcast's delay is not within 0 and a day.
    BroadcastDelay,
    /// The arbiter's entry for a live game (a correction, a resolution, a confirmation) does
    /// not apply to it (why, from the engine).
    LiveEntry(crate::formats::live_feed::EntryError),
    /// A board with an empty seat is lost by forfeit: it takes no result.
    EmptySeat,
    /// Only a game's result (not a bye's, nor a penalty without its grounds) fits a team board.
    NotAGameResult,
    /// The match changed since the line-up form was made; nothing was overwritten.
    MatchChanged {
        /// The match's version now.
        version: i32,
    },
    /// The match was forfeited as a whole: its boards take no result and no line-up.
    MatchForfeited,
    /// The free round of an odd number of teams has no line-ups or results.
    FreeRound,
    /// A team penalty needs a written reason.
    ReasonMissing,
    /// The team has given a line-up: its squad order is fixed (players may still join at the
    /// bottom).
    SquadOrderFixed,
    /// The player is not in this team's squad.
    NotInSquad,
    /// The event is not a team Swiss: its rounds are drawn, not paired.
    NotATeamSwiss,
    /// Every announced round of the team Swiss is paired (C.04.1 a).
    TeamRoundsAllPaired {
        /// Rounds announced.
        rounds: u32,
    },
    /// Matches of the team Swiss's last round still lack a result.
    TeamResultsMissing {
        /// That round.
        round: u32,
        /// Its matches without a result.
        matches: Vec<MatchTeams>,
    },
    /// The team Swiss engine found no pairing (C.04.6 Art. 3.3.3: the Chief Arbiter decides).
    NoTeamPairing(TeamPairingError),
    /// No round of the team Swiss is paired yet.
    NoTeamRoundPaired,
    /// Round 1 is paired: the team Swiss's system and initial-colour stand.
    SwissRulesFixed,
    /// A team to exchange is not in the last round (or both are the same team).
    NotInRound,
    /// The exchange of two teams breaks these absolute criteria (C.04.6 Art. 2.1); saved only
    /// when confirmed.
    BreaksAbsoluteCriteria(Vec<CriterionBroken>),
    /// The players' desk refused (registration closed, check-in closed, an entry withdrawn,
    /// a request answered already).
    Desk(DeskRefusal),
}

/// The two teams of a match, by name (as a refusal shows it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchTeams {
    /// The first-named team.
    pub home: String,
    /// The second-named team.
    pub away: String,
}

/// An absolute criterion of C.04.6 Art. 2.1 an exchange of teams breaks, with the teams' names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CriterionBroken {
    /// C1: these two teams have played each other.
    Rematch(MatchTeams),
    /// C2: this team already had the pairing-allocated bye (or a point without playing).
    ByeBarred(String),
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
    // Published to a public server: the new revision waits in the outbox, durable with the
    // change itself (the pusher, `crate::publish`, sends the newest state).
    if crate::db::models::publish_targets::PublishTarget::exists(conn, tournament)? {
        crate::db::models::publish_outbox::queue(conn, tournament, revision)?;
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
