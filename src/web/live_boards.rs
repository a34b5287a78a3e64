//! The boards followed live in this process: each board's game kept up to date from its log
//! ([`crate::db::read::live::Followed`]) and a channel that tells the arbiters' consoles which
//! board changed (Server-Sent Events). The log in the database is the record; this is its
//! working copy — after a restart a board is read again from its log when first asked for.
//! When a board's game ends (or a correction changes how it ended), its game score and the
//! result it proposes are written ([`store::keep_live_game`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::broadcast;

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::TournamentRow;
use crate::db::read::live::{Followed, delayed_round, settings_of};
use crate::db::store::{self, StoreError};
use crate::rules::live::LiveGame;

/// A board of a round of a tournament.
pub type BoardKey = (i32, i32, i32);

/// How long the public's delayed view of a round is kept before it is read again, in
/// milliseconds: the public and other broadcasters poll it, and it is minutes behind anyway.
pub const DELAYED_FOR_MS: i64 = 5_000;

/// A round's games as the public sees them (by board) and the delay in minutes.
pub type DelayedRound = Arc<(HashMap<i32, LiveGame>, i32)>;

/// The public's views of rounds: (tournament, round) → when read (Unix milliseconds), what.
type DelayedViews = HashMap<(i32, i32), (i64, DelayedRound)>;

/// The boards of this process and the channel of their changes.
#[derive(Clone)]
pub struct LiveBoards {
    games: Arc<Mutex<HashMap<BoardKey, Followed>>>,
    changes: broadcast::Sender<BoardKey>,
    /// The public's view of a round (tournament, round): when read, and what.
    delayed: Arc<Mutex<DelayedViews>>,
}

impl Default for LiveBoards {
    fn default() -> Self {
        LiveBoards {
            games: Arc::default(),
            changes: broadcast::channel(4_096).0,
            delayed: Arc::default(),
        }
    }
}

impl LiveBoards {
    /// The board's game brought up to date with its log; tells the consoles when it changed,
    /// and keeps the board's game score when the game's end changed (it ended, or a
    /// correction changed its end; a working copy read afresh counts as changed).
    pub fn catch_up(
        &self,
        conn: &mut DbConn,
        tournament: &TournamentRow,
        round: i32,
        board: i32,
    ) -> diesel::QueryResult<Followed> {
        let key = (tournament.id.0, round, board);
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let fresh = !games.contains_key(&key);
        let followed = games
            .entry(key)
            .or_insert_with(|| Followed::new(settings_of(tournament)));
        let ended_before = followed.game.result();
        let changed = followed.catch_up(conn, tournament.id, round, board)?;
        let copy = followed.clone();
        drop(games);
        if changed {
            // Nobody listening is not an error.
            let _ = self.changes.send(key);
        }
        if changed && (copy.game.result() != ended_before || fresh) {
            match store::keep_live_game(conn, tournament.id, round, board) {
                Ok(_) => {}
                Err(StoreError::Db(error)) => return Err(error),
                // The board has no game to keep (a bye's row, a round unpaired meanwhile).
                Err(error) => tracing::warn!(round, board, ?error, "live game score not kept"),
            }
        }
        Ok(copy)
    }

    /// The board's working copy as it stands (no database read), if it has one.
    pub fn current(&self, key: BoardKey) -> Option<Followed> {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .cloned()
    }

    /// Forgets a board's working copy (after an operator's entry, the log is read again).
    pub fn forget(&self, key: BoardKey) {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&key);
    }

    /// Round `number` of `data` as the public sees it at `now` (Unix milliseconds): read from
    /// the logs ([`delayed_round`]) at most once every [`DELAYED_FOR_MS`].
    pub fn delayed(
        &self,
        conn: &mut DbConn,
        data: &TournamentData,
        number: i32,
        now: i64,
    ) -> diesel::QueryResult<DelayedRound> {
        let key = (data.tournament.id.0, number);
        let cached = self
            .delayed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
            .filter(|(at, _)| (0..DELAYED_FOR_MS).contains(&(now - at)))
            .map(|(_, round)| round.clone());
        if let Some(round) = cached {
            return Ok(round);
        }
        let round = Arc::new(delayed_round(conn, data, number, now)?);
        self.delayed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(key, (now, round.clone()));
        Ok(round)
    }

    /// Forgets the public's views of a tournament's rounds (its delay changed).
    pub fn forget_delayed(&self, tournament: i32) {
        self.delayed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|(id, _), _| *id != tournament);
    }

    /// The changes from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<BoardKey> {
        self.changes.subscribe()
    }
}
