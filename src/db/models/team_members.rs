//! `team_members`: the squad lists, a player's team and place in it (board order, reserves
//! after the regular boards). A player is in one squad.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::PlayerRowId;
use crate::db::models::TournamentId;
use crate::db::models::teams::TeamRowId;
use crate::db::schema_team::{team_members, teams};

/// A row of `team_members`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = team_members)]
pub struct TeamMember {
    /// The player.
    pub player_id: PlayerRowId,
    /// The team.
    pub team_id: TeamRowId,
    /// The place in the squad, 1-based.
    pub position: i32,
}

impl TeamMember {
    /// Every squad place of a tournament's teams, by team then place.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<TeamMember>> {
        team_members::table
            .inner_join(teams::table.on(teams::id.eq(team_members::team_id)))
            .filter(teams::tournament_id.eq(tournament))
            .order((teams::number.asc(), team_members::position.asc()))
            .select(TeamMember::as_select())
            .load(conn)
    }

    /// Adds the place (inside the caller's transaction).
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<()> {
        diesel::insert_into(team_members::table)
            .values(self)
            .execute(conn)
            .map(|_| ())
    }
}
