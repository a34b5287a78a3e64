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
use crate::db::models::TournamentRow;
use crate::db::read::live::{Followed, settings_of};
use crate::db::store::{self, StoreError};

/// A board of a round of a tournament.
pub type BoardKey = (i32, i32, i32);

/// The boards of this process and the channel of their changes.
#[derive(Clone)]
pub struct LiveBoards {
    games: Arc<Mutex<HashMap<BoardKey, Followed>>>,
    changes: broadcast::Sender<BoardKey>,
}

impl Default for LiveBoards {
    fn default() -> Self {
        LiveBoards {
            games: Arc::default(),
            changes: broadcast::channel(4_096).0,
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

    /// The changes from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<BoardKey> {
        self.changes.subscribe()
    }
}
