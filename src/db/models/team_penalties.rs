//! `team_penalties`: match and game points given or taken by the arbiter, each with its
//! written reason (TRF-2026 record 299).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::teams::TeamRowId;
use crate::db::models::{TournamentId, integer_id};
use crate::db::schema_team::team_penalties;

integer_id!(
    /// Id of a row in `team_penalties`.
    TeamPenaltyId
);

/// A row of `team_penalties`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = team_penalties)]
pub struct TeamPenaltyRow {
    /// Row id.
    pub id: TeamPenaltyId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The team.
    pub team_id: TeamRowId,
    /// The round the decision belongs to.
    pub round: Option<i32>,
    /// Match points added (tenths, negative: deducted).
    pub match_points: i32,
    /// Game points added (tenths).
    pub game_points: i32,
    /// The reason.
    pub reason: String,
}

impl TeamPenaltyRow {
    /// The penalties of a tournament, oldest first.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<TeamPenaltyRow>> {
        team_penalties::table
            .filter(team_penalties::tournament_id.eq(tournament))
            .order(team_penalties::id.asc())
            .load(conn)
    }

    /// Records a penalty (inside the caller's transaction).
    pub fn insert(
        conn: &mut DbConn,
        tournament: TournamentId,
        team: TeamRowId,
        round: Option<i32>,
        points: (i32, i32),
        reason: &str,
    ) -> QueryResult<()> {
        diesel::insert_into(team_penalties::table)
            .values((
                team_penalties::tournament_id.eq(tournament),
                team_penalties::team_id.eq(team),
                team_penalties::round.eq(round),
                team_penalties::match_points.eq(points.0),
                team_penalties::game_points.eq(points.1),
                team_penalties::reason.eq(reason),
            ))
            .execute(conn)
            .map(|_| ())
    }
}
