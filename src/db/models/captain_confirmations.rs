//! `captain_confirmations`: each captain's word on the board results of a played league match
//! — agreed, or disputed with a note the arbiter settles — at the match's version.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::team_matches::TeamMatchId;
use crate::db::models::teams::TeamRowId;
use crate::db::schema_team::captain_confirmations;

/// A row of `captain_confirmations`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = captain_confirmations)]
pub struct CaptainConfirmation {
    /// The match.
    pub match_id: TeamMatchId,
    /// The captain's team.
    pub team_id: TeamRowId,
    /// Agreed (true) or disputed (false).
    pub agrees: bool,
    /// The captain's note, may be empty.
    pub note: String,
    /// The match's version the word was given at: older than the match's, it is stale.
    pub match_version: i32,
}

impl CaptainConfirmation {
    /// Keeps the team's word on the match (replacing an earlier one).
    pub fn save(&self, conn: &mut DbConn) -> QueryResult<()> {
        diesel::delete(captain_confirmations::table.find((self.match_id, self.team_id)))
            .execute(conn)?;
        diesel::insert_into(captain_confirmations::table)
            .values(self)
            .execute(conn)?;
        Ok(())
    }

    /// The words given on the matches `matches`.
    pub fn of_matches(
        conn: &mut DbConn,
        matches: &[TeamMatchId],
    ) -> QueryResult<Vec<CaptainConfirmation>> {
        captain_confirmations::table
            .filter(captain_confirmations::match_id.eq_any(matches))
            .load(conn)
    }
}
