//! `rounds`: the rounds of a tournament and whether their pairings are published.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{TournamentId, integer_id};
use crate::db::schema::rounds;

integer_id!(
    /// Id of a row in `rounds`.
    RoundId
);

/// A row of `rounds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = rounds)]
pub struct Round {
    /// Row id.
    pub id: RoundId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// 1-based round number.
    pub number: i32,
    /// Pairings visible to the public.
    pub published: bool,
}

/// A new round.
#[derive(Debug, Clone, Copy, Insertable)]
#[diesel(table_name = rounds)]
pub struct NewRound {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// 1-based round number.
    pub number: i32,
    /// Published at once?
    pub published: bool,
}

impl NewRound {
    /// Inserts the round and returns it (a duplicate number is a `UniqueViolation`).
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<Round> {
        diesel::insert_into(rounds::table)
            .values(self)
            .returning(rounds::all_columns)
            .get_result(conn)
    }
}

impl Round {
    /// The round with this id.
    pub fn find(conn: &mut DbConn, id: RoundId) -> QueryResult<Option<Round>> {
        rounds::table.find(id).first(conn).optional()
    }

    /// Round `number` of a tournament.
    pub fn by_number(
        conn: &mut DbConn,
        tournament: TournamentId,
        number: i32,
    ) -> QueryResult<Option<Round>> {
        rounds::table
            .filter(rounds::tournament_id.eq(tournament))
            .filter(rounds::number.eq(number))
            .first(conn)
            .optional()
    }

    /// The rounds of a tournament in order.
    pub fn for_tournament(conn: &mut DbConn, tournament: TournamentId) -> QueryResult<Vec<Round>> {
        rounds::table
            .filter(rounds::tournament_id.eq(tournament))
            .order(rounds::number.asc())
            .load(conn)
    }

    /// Publishes or hides the round's pairings.
    pub fn set_published(conn: &mut DbConn, id: RoundId, published: bool) -> QueryResult<usize> {
        diesel::update(rounds::table.find(id))
            .set(rounds::published.eq(published))
            .execute(conn)
    }
}
