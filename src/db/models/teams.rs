//! `teams`: the teams of a team tournament, by pairing number.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{TournamentId, integer_id};
use crate::db::schema_team::teams;

integer_id!(
    /// Id of a row in `teams`.
    TeamRowId
);

/// A row of `teams`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = teams)]
pub struct TeamRow {
    /// Row id.
    pub id: TeamRowId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The pairing number.
    pub number: i32,
    /// The name.
    pub name: String,
    /// A short name, may be empty.
    pub nickname: String,
    /// Club or federation.
    pub club: String,
}

/// A new team.
#[derive(Debug, Clone, PartialEq, Insertable)]
#[diesel(table_name = teams)]
pub struct NewTeam {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The pairing number.
    pub number: i32,
    /// The name.
    pub name: String,
    /// A short name.
    pub nickname: String,
    /// Club or federation.
    pub club: String,
}

impl NewTeam {
    /// Inserts the team.
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<TeamRow> {
        diesel::insert_into(teams::table)
            .values(self)
            .returning(teams::all_columns)
            .get_result(conn)
    }
}

impl TeamRow {
    /// The team with this id.
    pub fn find(conn: &mut DbConn, id: TeamRowId) -> QueryResult<Option<TeamRow>> {
        teams::table.find(id).first(conn).optional()
    }

    /// The teams of a tournament by pairing number.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<TeamRow>> {
        teams::table
            .filter(teams::tournament_id.eq(tournament))
            .order(teams::number.asc())
            .load(conn)
    }
}
