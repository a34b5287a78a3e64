//! `live_events`: each board's log of a round followed live — the board's events as received
//! and the arbiter's corrections — kept as evidence; replayed in order it gives the game
//! ([`crate::formats::live_feed::LogEntry`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{TournamentId, UserId};
use crate::db::schema_live::live_events;

/// A row of `live_events`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = live_events)]
pub struct LiveEventRow {
    /// Row id (the log's order).
    pub id: i32,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The round.
    pub round: i32,
    /// The board number.
    pub board: i32,
    /// When received, Unix milliseconds.
    pub received_at: i64,
    /// The entry as JSON.
    pub entry: String,
    /// Who made an operator's entry.
    pub user_id: Option<UserId>,
}

/// A new row.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = live_events)]
pub struct NewLiveEvent<'a> {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The round.
    pub round: i32,
    /// The board number.
    pub board: i32,
    /// When received, Unix milliseconds.
    pub received_at: i64,
    /// The entry as JSON.
    pub entry: &'a str,
    /// Who made an operator's entry.
    pub user_id: Option<UserId>,
}

impl LiveEventRow {
    /// Adds rows, in order.
    pub fn insert(conn: &mut DbConn, rows: &[NewLiveEvent<'_>]) -> QueryResult<usize> {
        let mut count = 0;
        // One statement per row keeps the ids in the log's order on both backends.
        for row in rows {
            count += diesel::insert_into(live_events::table)
                .values(row)
                .execute(conn)?;
        }
        Ok(count)
    }

    /// A board's entries after row `after` (0: all), in order; with `until` only those
    /// received by then (Unix milliseconds).
    pub fn of_board(
        conn: &mut DbConn,
        tournament: TournamentId,
        round: i32,
        board: i32,
        after: i32,
        until: Option<i64>,
    ) -> QueryResult<Vec<LiveEventRow>> {
        let mut query = live_events::table
            .filter(live_events::tournament_id.eq(tournament))
            .filter(live_events::round.eq(round))
            .filter(live_events::board.eq(board))
            .filter(live_events::id.gt(after))
            .into_boxed();
        if let Some(until) = until {
            query = query.filter(live_events::received_at.le(until));
        }
        query
            .order(live_events::id.asc())
            .select(LiveEventRow::as_select())
            .load(conn)
    }

    /// A board's first entry from its feed (not an operator's), if any: what kind of feed the
    /// board follows.
    pub fn first_feed_entry(
        conn: &mut DbConn,
        tournament: TournamentId,
        round: i32,
        board: i32,
    ) -> QueryResult<Option<LiveEventRow>> {
        live_events::table
            .filter(live_events::tournament_id.eq(tournament))
            .filter(live_events::round.eq(round))
            .filter(live_events::board.eq(board))
            .filter(live_events::user_id.is_null())
            .order(live_events::id.asc())
            .select(LiveEventRow::as_select())
            .first(conn)
            .optional()
    }

    /// The boards of a round that have a log.
    pub fn boards(
        conn: &mut DbConn,
        tournament: TournamentId,
        round: i32,
    ) -> QueryResult<Vec<i32>> {
        live_events::table
            .filter(live_events::tournament_id.eq(tournament))
            .filter(live_events::round.eq(round))
            .select(live_events::board)
            .distinct()
            .order(live_events::board.asc())
            .load(conn)
    }

    /// The rounds of a tournament that have a log, each with when its newest entry was
    /// received (Unix milliseconds).
    pub fn rounds(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Vec<(i32, i64)>> {
        use diesel::dsl::max;
        let rows: Vec<(i32, Option<i64>)> = live_events::table
            .filter(live_events::tournament_id.eq(tournament))
            .group_by(live_events::round)
            .select((live_events::round, max(live_events::received_at)))
            .order(live_events::round.asc())
            .load(conn)?;
        Ok(rows
            .into_iter()
            .map(|(round, last)| (round, last.unwrap_or(0)))
            .collect())
    }

    /// Whether some board of the round has a log.
    pub fn round_has_log(
        conn: &mut DbConn,
        tournament: TournamentId,
        round: i32,
    ) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            live_events::table
                .filter(live_events::tournament_id.eq(tournament))
                .filter(live_events::round.eq(round)),
        ))
        .get_result(conn)
    }

    /// A board's last `limit` entries, newest first (the raw log on the board's page).
    pub fn latest(
        conn: &mut DbConn,
        tournament: TournamentId,
        round: i32,
        board: i32,
        limit: i64,
    ) -> QueryResult<Vec<LiveEventRow>> {
        live_events::table
            .filter(live_events::tournament_id.eq(tournament))
            .filter(live_events::round.eq(round))
            .filter(live_events::board.eq(board))
            .order(live_events::id.desc())
            .limit(limit)
            .select(LiveEventRow::as_select())
            .load(conn)
    }
}
