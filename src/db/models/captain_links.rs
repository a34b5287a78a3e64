//! `captain_links`: a team captain's personal link, kept as the SHA-256 of its token
//! ([`crate::tournament::personal_link`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::teams::TeamRowId;
use crate::db::schema_team::captain_links;

/// A row of `captain_links`.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = captain_links)]
pub struct CaptainLink {
    /// The team.
    pub team_id: TeamRowId,
    /// SHA-256 of the token, hex.
    pub token_hash: String,
}

impl CaptainLink {
    /// Sets the team's link to `token_hash` (replacing the old one), or revokes it (`None`).
    pub fn set(conn: &mut DbConn, team: TeamRowId, token_hash: Option<&str>) -> QueryResult<()> {
        diesel::delete(captain_links::table.find(team)).execute(conn)?;
        if let Some(hash) = token_hash {
            diesel::insert_into(captain_links::table)
                .values(&CaptainLink {
                    team_id: team,
                    token_hash: hash.to_owned(),
                })
                .execute(conn)?;
        }
        Ok(())
    }

    /// The team whose link has the digest `token_hash`.
    pub fn team_of(conn: &mut DbConn, token_hash: &str) -> QueryResult<Option<TeamRowId>> {
        captain_links::table
            .filter(captain_links::token_hash.eq(token_hash))
            .select(captain_links::team_id)
            .first(conn)
            .optional()
    }

    /// The teams of `teams` that have a captain's link.
    pub fn linked(conn: &mut DbConn, teams: &[TeamRowId]) -> QueryResult<Vec<TeamRowId>> {
        captain_links::table
            .filter(captain_links::team_id.eq_any(teams))
            .select(captain_links::team_id)
            .load(conn)
    }
}
