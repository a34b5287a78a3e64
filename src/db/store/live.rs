//! Live games from electronic boards: the tournament's feed key, the public broadcast's delay,
//! each board's log. The board's events are kept as received — the log is the record (evidence
//! for an appeal), not a change of the tournament: it neither bumps the revision nor writes an
//! audit row per event. The arbiter's corrections are audited writes, checked against the game
//! as the log gives it inside the transaction. A game that has ended becomes its board's game
//! score, with the result it proposes for the round ([`keep_live_game`]); the arbiter still
//! enters the result.

use super::{NewAuditEntry, Refusal, StoreError, write, write_within};
use crate::db::DbConn;
use crate::db::models::live_events::{LiveEventRow, NewLiveEvent};
use crate::db::models::live_settings::LiveSettingsRow;
use crate::db::models::tournament_day::GameScore;
use crate::db::models::{Game, Round, TournamentId, TournamentRow, UserId};
use crate::db::read::live::follow;
use crate::formats::live_feed::{EntryError, LogEntry};
use crate::rules::live::{AlertKind, LiveGame};
use crate::tournament::personal_link::{LinkKey, LinkScope};

/// The longest delay of the public broadcast, in minutes (a day).
pub const MAX_DELAY_MINUTES: i32 = 24 * 60;

/// Issues the tournament's feed key (a new key replaces the old; shown once) or revokes it.
pub fn issue_feed_key(
    conn: &mut DbConn,
    tournament: TournamentId,
    revoke: bool,
    key: &LinkKey,
    by: UserId,
) -> Result<Option<String>, StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let mut settings = LiveSettingsRow::of(conn, tournament)?;
        let token = if revoke {
            settings.feed_key_hash = None;
            None
        } else {
            let link = key.issue(
                LinkScope::LiveFeed {
                    tournament: i64::from(tournament.0),
                },
                &mut rand::rng(),
            );
            settings.feed_key_hash = Some(link.digest);
            Some(link.token)
        };
        settings.save(conn)?;
        audit.push(NewAuditEntry {
            action: if revoke {
                "revoke_feed_key"
            } else {
                "new_feed_key"
            },
            ..NewAuditEntry::default()
        });
        Ok(token)
    })
}

/// Sets the public broadcast's delay (0 to [`MAX_DELAY_MINUTES`]).
pub fn set_broadcast_delay(
    conn: &mut DbConn,
    tournament: TournamentId,
    minutes: i32,
    by: UserId,
) -> Result<(), StoreError> {
    if !(0..=MAX_DELAY_MINUTES).contains(&minutes) {
        return Err(Refusal::BroadcastDelay.into());
    }
    write(conn, tournament, Some(by), |conn, audit| {
        let mut settings = LiveSettingsRow::of(conn, tournament)?;
        settings.delay_minutes = minutes;
        settings.save(conn)?;
        audit.push(NewAuditEntry {
            action: "broadcast_delay",
            detail: format!("{minutes} min"),
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// The game on `board` of round `round`: `NotFound` when the round is not paired or has no
/// such board, [`Refusal::EmptySeat`] for a bye's row (no game to follow).
fn board_game(
    conn: &mut DbConn,
    tournament: TournamentId,
    round: i32,
    board: i32,
) -> Result<Game, StoreError> {
    let found = Round::by_number(conn, tournament, round)?.ok_or(StoreError::NotFound)?;
    // One board, not the round's: this runs for every event a board sends.
    let game = Game::on_board(conn, found.id, board)?.ok_or(StoreError::NotFound)?;
    if game.black_id.is_none() {
        return Err(Refusal::EmptySeat.into());
    }
    Ok(game)
}

/// Keeps a board's feed as received (at `received_at`, Unix milliseconds), in order, for the
/// game on `board` of round `round`: an electronic board's events ([`LogEntry::Board`]) or a
/// source's readings of its moves ([`LogEntry::Moves`]). Returns how many entries were kept.
///
/// A board follows one kind of feed: board events on a board fed by a source of moves, or
/// the reverse, are refused ([`Refusal::LiveEntry`]), as is a reading whose move is not legal
/// (naming it) — nothing of the call is kept then. A reading that changes nothing of the game
/// (the same mainline, clock and result polled again) is not kept: the log does not grow
/// while a source stands still.
pub fn record_feed(
    conn: &mut DbConn,
    tournament: TournamentId,
    round: i32,
    board: i32,
    entries: &[LogEntry],
    received_at: i64,
) -> Result<usize, StoreError> {
    crate::db::write_transaction(conn, |conn| {
        let row = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        board_game(conn, tournament, round, board)?;
        let has_moves = entries
            .iter()
            .any(|entry| matches!(entry, LogEntry::Moves { .. }));
        let kept: Vec<&LogEntry> = if has_moves {
            // The game as the log gives it, each reading checked against it.
            let log = LiveEventRow::of_board(conn, tournament, round, board, 0, None)?;
            let mut game = LiveGame::with_settings(crate::db::read::live::settings_of(&row));
            follow(&log, &mut game);
            let mut kept = Vec::new();
            for entry in entries {
                let before = Snapshot::of(&game);
                entry.apply(&mut game).map_err(Refusal::LiveEntry)?;
                if Snapshot::of(&game) != before || matches!(entry, LogEntry::Board(_)) {
                    kept.push(entry);
                }
            }
            kept
        } else {
            // Board events: only the kind of the board's feed is checked (its first entry),
            // not the whole log replayed for every second's events.
            let first = LiveEventRow::first_feed_entry(conn, tournament, round, board)?;
            if let Some(first) = first
                && matches!(LogEntry::parse(&first.entry), Ok(LogEntry::Moves { .. }))
            {
                return Err(Refusal::LiveEntry(EntryError::Source(
                    crate::rules::live::SourceError::FedByMoves,
                ))
                .into());
            }
            entries.iter().collect()
        };
        let texts: Vec<String> = kept.iter().map(|entry| entry.to_json()).collect();
        let rows: Vec<NewLiveEvent<'_>> = texts
            .iter()
            .map(|entry| NewLiveEvent {
                tournament_id: tournament,
                round,
                board,
                received_at,
                entry,
                user_id: None,
            })
            .collect();
        Ok(LiveEventRow::insert(conn, &rows)?)
    })
}

/// What of a game a source's reading can change.
#[derive(Debug, PartialEq)]
struct Snapshot {
    moves: Vec<String>,
    result: Option<crate::rules::game::Outcome>,
    clock: [Option<u64>; 2],
    alerts: usize,
}

impl Snapshot {
    fn of(game: &LiveGame) -> Snapshot {
        Snapshot {
            moves: game.moves().to_vec(),
            result: game.result(),
            clock: game.clock_reading(),
            alerts: game.alerts().len(),
        }
    }
}

/// The arbiter's correction or resolution of a board's game, at `at` (Unix milliseconds):
/// applied to the game as the log gives it now — refused, with nothing written, when it does
/// not apply —, kept in the log and audited with the arbiter's reason.
pub fn record_operator_entry(
    conn: &mut DbConn,
    tournament: TournamentId,
    round: i32,
    board: i32,
    entry: &LogEntry,
    at: i64,
    by: UserId,
) -> Result<(), StoreError> {
    write(conn, tournament, Some(by), |conn, audit| {
        let row = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        board_game(conn, tournament, round, board)?;
        let log = LiveEventRow::of_board(conn, tournament, round, board, 0, None)?;
        let mut game = LiveGame::with_settings(crate::db::read::live::settings_of(&row));
        follow(&log, &mut game);
        entry.apply(&mut game).map_err(Refusal::LiveEntry)?;
        let json = entry.to_json();
        LiveEventRow::insert(
            conn,
            &[NewLiveEvent {
                tournament_id: tournament,
                round,
                board,
                received_at: at,
                entry: &json,
                user_id: Some(by),
            }],
        )?;
        let (action, detail) = match entry {
            LogEntry::Correction {
                from_ply,
                moves,
                reason,
            } => (
                "live_correction",
                format!(
                    "round {round}, board {board}: from ply {from_ply}: {} — {reason}",
                    moves.join(" ")
                ),
            ),
            LogEntry::Resolution {
                resolution,
                san,
                reason,
            } => (
                "live_resolution",
                format!("round {round}, board {board}: {resolution} {san} — {reason}"),
            ),
            LogEntry::Confirmation { ply, alert, reason } => (
                "live_confirmation",
                format!("round {round}, board {board}: {alert} at ply {ply} — {reason}"),
            ),
            LogEntry::Board(_) | LogEntry::Moves { .. } => {
                ("live_board", format!("round {round}, board {board}"))
            }
        };
        audit.push(NewAuditEntry {
            action,
            detail,
            ..NewAuditEntry::default()
        });
        Ok(())
    })
}

/// The game score of a live game that has ended: its moves (SAN, English letters, numbered)
/// and the result token.
pub fn live_movetext(game: &LiveGame) -> String {
    let mut words: Vec<String> = game
        .moves()
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
        .collect();
    if let Some(result) = game.result() {
        words.push(result.as_pgn().to_owned());
    }
    words.join(" ")
}

/// The alert that ended the game, by name (`checkmate`, `flag_fall`, ...).
fn ended_by(game: &LiveGame) -> &'static str {
    game.alerts()
        .iter()
        .rev()
        .map(|alert| alert.kind)
        .find(|kind| kind.ends_the_game())
        .map_or("result", AlertKind::name)
}

/// Brings the board's game score up to date with its live game, as the log gives it inside
/// the transaction: once the game has ended, its moves become the board's game score (the
/// score check applies as to any score) with the result it proposes for the round and the
/// alert that ended it; a live score is replaced when a correction changes the game and
/// removed when the game no longer ends. A score the arbiter entered is never touched.
/// Writes (a revision, an audit row `live_game_score`) only when something changes; answers
/// whether it did.
pub fn keep_live_game(
    conn: &mut DbConn,
    tournament: TournamentId,
    round: i32,
    board: i32,
) -> Result<bool, StoreError> {
    crate::db::write_transaction(conn, |conn| {
        let row = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        let game_row = board_game(conn, tournament, round, board)?;
        let log = LiveEventRow::of_board(conn, tournament, round, board, 0, None)?;
        let mut game = LiveGame::with_settings(crate::db::read::live::settings_of(&row));
        follow(&log, &mut game);
        let existing = GameScore::get(conn, game_row.id)?;
        if existing
            .as_ref()
            .is_some_and(|score| score.source != GameScore::LIVE)
        {
            return Ok(false);
        }
        let wanted = game
            .result()
            .map(|result| (live_movetext(&game), result.as_pgn(), ended_by(&game)));
        let same = match (&existing, &wanted) {
            (None, None) => true,
            (Some(score), Some((movetext, result, by))) => {
                score.movetext == *movetext
                    && score.proposed_result.as_deref() == Some(*result)
                    && score.proposed_by.as_deref() == Some(*by)
            }
            _ => false,
        };
        if same {
            return Ok(false);
        }
        write_within(conn, tournament, None, |conn, audit| {
            let detail = match &wanted {
                Some((movetext, result, by)) => {
                    GameScore::save_live(conn, game_row.id, movetext, result, by)?;
                    format!("{result} ({by})")
                }
                None => {
                    GameScore::remove_live(conn, game_row.id)?;
                    "removed: the game has not ended".to_owned()
                }
            };
            audit.push(NewAuditEntry {
                action: "live_game_score",
                round: Some(round),
                board: Some(board),
                game_id: Some(game_row.id),
                detail,
                ..NewAuditEntry::default()
            });
            Ok(true)
        })
    })
}
