//! The live state of a round (Art. 6.7 default time): the boards with their check-ins and who is
//! absent, shared by the live page, its status JSON and the page cache.

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::tournament_day::{CheckIn, RoundStart};
use crate::db::models::{Game, GameId, Round};
use crate::tournament::default_time;
use crate::tournament::default_time::{Absent, BoardState, CheckIns};
use crate::web::AppError;
use crate::web::pages::round::player_label;
use serde::Serialize;
use time::{Duration, OffsetDateTime};

/// One board as the live view shows it (also the JSON of `live.json`).
#[derive(Debug, Clone, Serialize)]
pub struct LiveBoard {
    /// Game id.
    pub game_id: i32,
    /// Board number.
    pub board: i32,
    /// White, "Name (rank)".
    pub white: String,
    /// Black, "Name (rank)".
    pub black: String,
    /// `not-started`, `playing`, `waiting`, `flagged` or `finished` (a result is in).
    pub state: &'static str,
    /// Seconds until the default time while waiting.
    pub remaining_seconds: Option<i64>,
    /// White checked in.
    pub white_present: bool,
    /// Black checked in.
    pub black_present: bool,
    /// When flagged: `white`, `black` or `both` absent.
    pub absent: Option<&'static str>,
    /// When flagged: the forfeit to confirm (`-/+`, `+/-`, `-/-`).
    pub forfeit: Option<&'static str>,
    /// Art. 6.7.2: seconds White's clock has run because neither player was there at the start.
    pub white_clock_seconds: Option<i64>,
    /// The stored result, if any.
    pub result: Option<String>,
    /// The optimistic-lock version (for the forfeit form).
    pub version: i32,
}

/// The whole round's live state.
#[derive(Debug, Clone, Serialize)]
pub struct LiveRound {
    /// Round number.
    pub round: i32,
    /// Round start (Unix seconds), if started.
    pub started_at: Option<i64>,
    /// The announced default time in minutes (0 = present at the start).
    pub default_time_minutes: i32,
    /// Server time (Unix seconds), so the page counts down from the server's clock.
    pub now: i64,
    /// The boards with two players (byes are not waited for).
    pub boards: Vec<LiveBoard>,
}

impl LiveRound {
    /// A weak entity tag of everything the round's state says except the server clock
    /// (`now`): the SHA-256 of the JSON with `now` left out. Time still counts where the
    /// state depends on it: a waiting board's `remaining_seconds`, White's running clock
    /// (Art. 6.7.2) and a board turning from waiting to flagged all change the tag, so a poll
    /// is answered 304 only when the boards read exactly as the browser already has them
    /// (a round not started, or every board playing or finished, between two writes). Equal
    /// on every instance for equal states.
    pub fn etag(&self) -> String {
        use sha2::{Digest, Sha256};
        let without_clock = LiveRound {
            now: 0,
            boards: self.boards.clone(),
            ..*self
        };
        let json = serde_json::to_vec(&without_clock).unwrap_or_default();
        format!("W/\"{}\"", &hex::encode(Sha256::digest(json))[..24])
    }
}

/// Unix seconds to a time (out of range reads as the epoch).
pub fn from_unix(seconds: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(seconds).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

/// The name of an absence.
fn absent_name(absent: Absent) -> &'static str {
    match absent {
        Absent::White => "white",
        Absent::Black => "black",
        Absent::Both => "both",
    }
}

/// The round `number` of a loaded tournament.
pub fn round_of(data: &TournamentData, number: i32) -> Result<Round, AppError> {
    data.rounds
        .iter()
        .find(|round| round.number == number)
        .copied()
        .ok_or(AppError::NotFound)
}

/// Computes the live state of round `number` at `now`.
pub fn live_round(
    conn: &mut DbConn,
    data: &TournamentData,
    number: i32,
    now: OffsetDateTime,
) -> Result<LiveRound, AppError> {
    let round = round_of(data, number)?;
    let started_at = RoundStart::get(conn, round.id)?;
    let games: Vec<&Game> = data
        .games_of_round(number)
        .into_iter()
        .filter(|game| game.black_id.is_some())
        .collect();
    let ids: Vec<GameId> = games.iter().map(|game| game.id).collect();
    let check_ins = CheckIn::for_games(conn, &ids)?;
    let default_minutes = data.tournament.default_time_minutes.max(0);
    let default = Duration::minutes(i64::from(default_minutes));
    let start = started_at.map(from_unix);
    let boards = games
        .into_iter()
        .map(|game| {
            let at = |colour: &str| {
                check_ins
                    .iter()
                    .find(|c| c.game_id == game.id && c.colour == colour)
                    .map(|c| from_unix(c.checked_at))
            };
            let checks = CheckIns {
                white: at("white"),
                black: at("black"),
            };
            let state = default_time::board_state(start, default, checks, now);
            let white_clock = start
                .and_then(|s| default_time::white_time_lost(s, default, checks, now))
                .map(|d| d.whole_seconds());
            let (name, remaining, absent) = match state {
                _ if game.result.is_some() => ("finished", None, None),
                BoardState::NotStarted => (state.name(), None, None),
                BoardState::Playing => (state.name(), None, None),
                BoardState::Waiting { remaining, .. } => {
                    (state.name(), Some(remaining.whole_seconds()), None)
                }
                BoardState::Flagged { absent } => (state.name(), None, Some(absent)),
            };
            LiveBoard {
                game_id: game.id.0,
                board: game.board,
                white: player_label(data, game.white_id),
                black: game
                    .black_id
                    .map(|b| player_label(data, b))
                    .unwrap_or_default(),
                state: name,
                remaining_seconds: remaining,
                white_present: checks.white.is_some_and(|t| t <= now),
                black_present: checks.black.is_some_and(|t| t <= now),
                absent: absent.map(absent_name),
                forfeit: absent.map(|absent| absent.forfeit().as_str()),
                white_clock_seconds: white_clock,
                result: game.result.map(|r| r.as_str().to_owned()),
                version: game.version,
            }
        })
        .collect();
    Ok(LiveRound {
        round: number,
        started_at,
        default_time_minutes: default_minutes,
        now: now.unix_timestamp(),
        boards,
    })
}
