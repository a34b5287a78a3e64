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

    /// Gives `squad` (one team's players) the places 1, 2, … in that order (inside the
    /// caller's transaction). The places are unique per team, so they pass through negative
    /// numbers first.
    pub fn renumber(conn: &mut DbConn, team: TeamRowId, squad: &[PlayerRowId]) -> QueryResult<()> {
        for sign in [-1, 1] {
            for (index, player) in squad.iter().enumerate() {
                diesel::update(
                    team_members::table
                        .filter(team_members::player_id.eq(*player))
                        .filter(team_members::team_id.eq(team)),
                )
                .set(team_members::position.eq(sign * (index as i32 + 1)))
                .execute(conn)?;
            }
        }
        Ok(())
    }
}
