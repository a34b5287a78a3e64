//! `games`: the boards of a round and their results (a typed [`BoardResult`]). A bye is a row
//! with `black_id = NULL`; the player with the bye is `white_id`; `result` NULL means not
//! played yet. Every change of a board bumps `version` (the optimistic lock of a result form);
//! the writes themselves are made by [`crate::db::store`].

use diesel::prelude::*;

use crate::db::DbConn;
use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql};
use diesel::sql_types::{Nullable, Text};

use crate::db::models::{PlayerRowId, RoundId, integer_id, load_in_chunks};
use crate::db::schema::games;
use crate::tournament::result::BoardResult;

integer_id!(
    /// Id of a row in `games`.
    GameId
);

/// The `games.result` column read as a typed result; an unknown code is a read error, never
/// a silent "not played".
#[derive(Debug, Clone, Copy)]
pub struct StoredResult(Option<BoardResult>);

impl<DB> Queryable<Nullable<Text>, DB> for StoredResult
where
    DB: Backend,
    Option<String>: FromSql<Nullable<Text>, DB>,
{
    type Row = Option<String>;

    fn build(row: Option<String>) -> deserialize::Result<Self> {
        match row {
            None => Ok(StoredResult(None)),
            Some(text) => BoardResult::from_code(&text)
                .map(|result| StoredResult(Some(result)))
                .ok_or_else(|| format!("unknown result code {text:?}").into()),
        }
    }
}

impl From<StoredResult> for Option<BoardResult> {
    fn from(stored: StoredResult) -> Self {
        stored.0
    }
}

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
    pub white_id: PlayerRowId,
    /// Black; `None` for a bye.
    pub black_id: Option<PlayerRowId>,
    /// The result; `None` while not played.
    #[diesel(deserialize_as = StoredResult)]
    pub result: Option<BoardResult>,
    /// Optimistic-locking version, bumped by every change of the board.
    pub version: i32,
    /// Last change.
    pub updated_at: time::PrimitiveDateTime,
    /// A pairing not played whose colours were never given (an imported TRF `- +`): White
    /// and Black are only its seats ([`crate::tournament::board::Board::colourless`]).
    pub colourless: bool,
}

/// A new board.
#[derive(Debug, Clone, PartialEq)]
pub struct NewGame {
    /// The round.
    pub round_id: RoundId,
    /// Board number.
    pub board: i32,
    /// White, or the player with the bye.
    pub white_id: PlayerRowId,
    /// Black; `None` for a bye.
    pub black_id: Option<PlayerRowId>,
    /// Result known at pairing time (e.g. a bye), else `None`.
    pub result: Option<BoardResult>,
    /// A pairing not played without colours (an imported TRF `- +`).
    pub colourless: bool,
}

impl NewGame {
    /// Inserts the board and returns it.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<Game> {
        diesel::insert_into(games::table)
            .values((
                games::round_id.eq(self.round_id),
                games::board.eq(self.board),
                games::white_id.eq(self.white_id),
                games::black_id.eq(self.black_id),
                games::result.eq(self.result.map(BoardResult::as_str)),
                games::updated_at.eq(crate::db::now()),
                games::colourless.eq(self.colourless),
            ))
            .returning(games::all_columns)
            .get_result(conn)
    }
}

impl Game {
    /// How many boards (games and bye rows) name the player.
    pub fn count_for_player(conn: &mut DbConn, player: PlayerRowId) -> QueryResult<i64> {
        games::table
            .filter(
                games::white_id
                    .eq(player)
                    .or(games::black_id.eq(Some(player))),
            )
            .count()
            .get_result(conn)
    }

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

    /// Board `board` of a round, if it has one.
    pub fn on_board(conn: &mut DbConn, round: RoundId, board: i32) -> QueryResult<Option<Game>> {
        games::table
            .filter(games::round_id.eq(round))
            .filter(games::board.eq(board))
            .first(conn)
            .optional()
    }

    /// The boards of several rounds, by round then board.
    pub fn for_rounds(conn: &mut DbConn, rounds: &[RoundId]) -> QueryResult<Vec<Game>> {
        let mut all = load_in_chunks(conn, rounds, |conn, chunk| {
            games::table
                .filter(games::round_id.eq_any(chunk))
                .load::<Game>(conn)
        })?;
        all.sort_by_key(|game| (game.round_id, game.board));
        Ok(all)
    }

    /// Sets the result if the board is still at `expected_version`, bumping the version;
    /// returns the number of rows changed (0: somebody changed the board first).
    pub fn set_result_if_version(
        conn: &mut DbConn,
        id: GameId,
        expected_version: i32,
        result: Option<BoardResult>,
    ) -> QueryResult<usize> {
        diesel::update(
            games::table
                .filter(games::id.eq(id))
                .filter(games::version.eq(expected_version)),
        )
        .set((
            games::result.eq(result.map(BoardResult::as_str)),
            games::version.eq(games::version + 1),
            games::updated_at.eq(crate::db::now()),
        ))
        .execute(conn)
    }

    /// Seats other players at the board, bumping the version so that a result form made for
    /// the old players is refused.
    pub fn set_players(
        conn: &mut DbConn,
        id: GameId,
        white: PlayerRowId,
        black: Option<PlayerRowId>,
    ) -> QueryResult<usize> {
        diesel::update(games::table.find(id))
            .set((
                games::white_id.eq(white),
                games::black_id.eq(black),
                games::version.eq(games::version + 1),
                games::updated_at.eq(crate::db::now()),
            ))
            .execute(conn)
    }

    /// Deletes the boards of a round (unpairing; their audit rows stay).
    pub fn delete_round(conn: &mut DbConn, round: RoundId) -> QueryResult<usize> {
        diesel::delete(games::table.filter(games::round_id.eq(round))).execute(conn)
    }
}
