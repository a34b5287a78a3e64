//! `games`: the boards of a round, their results, and the optimistic lock that makes a second
//! concurrent edit of the same board fail instead of overwriting the first (issue 2 §6).
//!
//! A bye is a row with `black_id = NULL`; the player with the bye is `white_id`. Result codes
//! are chosen by the results feature (e.g. `1-0`, `1/2-1/2`, `0-1`, `+/-`, `-/+`, `-/-`);
//! `NULL` means not played yet.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{PlayerId, RoundId, UserId, integer_id};
use crate::db::schema::{games, result_audit};

integer_id!(
    /// Id of a row in `games`.
    GameId
);

/// A row of `games`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = games)]
pub struct Game {
    /// Row id.
    pub id: GameId,
    /// The round.
    pub round_id: RoundId,
    /// Board number, 1-based.
    pub board: i32,
    /// White, or the player with the bye.
    pub white_id: PlayerId,
    /// Black; `None` for a bye.
    pub black_id: Option<PlayerId>,
    /// Result code; `None` while not played.
    pub result: Option<String>,
    /// Optimistic-locking version.
    pub version: i32,
    /// Last change.
    pub updated_at: time::PrimitiveDateTime,
}

/// A new board.
#[derive(Debug, Clone, PartialEq, Insertable)]
#[diesel(table_name = games)]
pub struct NewGame {
    /// The round.
    pub round_id: RoundId,
    /// Board number.
    pub board: i32,
    /// White, or the player with the bye.
    pub white_id: PlayerId,
    /// Black; `None` for a bye.
    pub black_id: Option<PlayerId>,
    /// Result known at pairing time (e.g. a bye), else `None`.
    pub result: Option<String>,
}

impl NewGame {
    /// Inserts the board and returns it.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<Game> {
        diesel::insert_into(games::table)
            .values(self)
            .returning(games::all_columns)
            .get_result(conn)
    }

    /// Inserts every board in one transaction (a pairing is saved whole or not at all).
    pub fn insert_all(conn: &mut DbConn, new: &[NewGame]) -> QueryResult<Vec<Game>> {
        conn.transaction(|conn| new.iter().map(|game| game.insert(conn)).collect())
    }
}

/// What [`Game::set_result`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum ResultUpdate {
    /// Saved; the game as it is now.
    Saved(Game),
    /// Someone changed the board since `expected_version` was read: nothing was written. The
    /// game as it is now.
    Conflict(Game),
    /// No such game.
    NotFound,
}

impl Game {
    /// The game with this id.
    pub fn find(conn: &mut DbConn, id: GameId) -> QueryResult<Option<Game>> {
        games::table.find(id).first(conn).optional()
    }

    /// The boards of a round in board order.
    pub fn for_round(conn: &mut DbConn, round: RoundId) -> QueryResult<Vec<Game>> {
        games::table
            .filter(games::round_id.eq(round))
            .order(games::board.asc())
            .load(conn)
    }

    /// The boards of several rounds, by round then board.
    pub fn for_rounds(conn: &mut DbConn, rounds: &[RoundId]) -> QueryResult<Vec<Game>> {
        games::table
            .filter(games::round_id.eq_any(rounds))
            .order((games::round_id.asc(), games::board.asc()))
            .load(conn)
    }

    /// Sets the result if the game is still at `expected_version`, bumps the version and
    /// writes the audit row (who, when, old, new) — all in one transaction.
    pub fn set_result(
        conn: &mut DbConn,
        id: GameId,
        expected_version: i32,
        new_result: Option<&str>,
        by: UserId,
    ) -> QueryResult<ResultUpdate> {
        conn.transaction(|conn| {
            let Some(before) = Game::find(conn, id)? else {
                return Ok(ResultUpdate::NotFound);
            };
            let at = crate::db::now();
            let updated = diesel::update(
                games::table
                    .filter(games::id.eq(id))
                    .filter(games::version.eq(expected_version)),
            )
            .set((
                games::result.eq(new_result),
                games::version.eq(games::version + 1),
                games::updated_at.eq(at),
            ))
            .execute(conn)?;
            if updated == 0 {
                return Ok(ResultUpdate::Conflict(before));
            }
            diesel::insert_into(result_audit::table)
                .values((
                    result_audit::game_id.eq(id),
                    result_audit::user_id.eq(by),
                    result_audit::changed_at.eq(at),
                    result_audit::old_result.eq(before.result.as_deref()),
                    result_audit::new_result.eq(new_result),
                ))
                .execute(conn)?;
            let after = Game::find(conn, id)?.ok_or(diesel::result::Error::NotFound)?;
            Ok(ResultUpdate::Saved(after))
        })
    }
}
