//! `tournament_arbiters`: which arbiters may enter results of which tournament.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{TournamentId, User, UserId};
use crate::db::schema::{tournament_arbiters, users};

/// A row of `tournament_arbiters`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = tournament_arbiters)]
pub struct TournamentArbiter {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The arbiter.
    pub user_id: UserId,
}

impl TournamentArbiter {
    /// Assigns the arbiter (nothing happens if already assigned).
    pub fn assign(conn: &mut DbConn, tournament: TournamentId, user: UserId) -> QueryResult<()> {
        conn.transaction(|conn| {
            if TournamentArbiter::is_assigned(conn, tournament, user)? {
                return Ok(());
            }
            diesel::insert_into(tournament_arbiters::table)
                .values(TournamentArbiter {
                    tournament_id: tournament,
                    user_id: user,
                })
                .execute(conn)
                .map(|_| ())
        })
    }

    /// Removes the arbiter from the tournament.
    pub fn remove(conn: &mut DbConn, tournament: TournamentId, user: UserId) -> QueryResult<usize> {
        diesel::delete(tournament_arbiters::table.find((tournament, user))).execute(conn)
    }

    /// True when `user` is an arbiter of `tournament`.
    pub fn is_assigned(
        conn: &mut DbConn,
        tournament: TournamentId,
        user: UserId,
    ) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            tournament_arbiters::table.find((tournament, user)),
        ))
        .get_result(conn)
    }

    /// The arbiters of `tournament`, by display name.
    pub fn arbiters_of(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Vec<User>> {
        tournament_arbiters::table
            .inner_join(users::table)
            .filter(tournament_arbiters::tournament_id.eq(tournament))
            .order(users::display_name.asc())
            .select(users::all_columns)
            .load(conn)
    }
}
