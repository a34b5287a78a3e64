//! `team_matches`: the scheduled matches of a team tournament; a whole-match forfeit and a
//! postponement are kept on the match, its boards in `team_boards`.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::teams::TeamRowId;
use crate::db::models::{TournamentId, integer_id};
use crate::db::schema_team::team_matches;
use crate::tournament::team::MatchForfeit;

integer_id!(
    /// Id of a row in `team_matches`.
    TeamMatchId
);

/// A row of `team_matches`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = team_matches)]
pub struct TeamMatchRow {
    /// Row id.
    pub id: TeamMatchId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The round.
    pub round: i32,
    /// The first-named (home) team.
    pub home_id: TeamRowId,
    /// The second-named team; `None` for the free round.
    pub away_id: Option<TeamRowId>,
    /// A whole-match forfeit, as [`forfeit_name`].
    pub forfeit: Option<String>,
    /// To be played later.
    pub postponed: bool,
    /// The home team's line-up is in.
    pub home_lineup: bool,
    /// The away team's line-up is in.
    pub away_lineup: bool,
    /// Optimistic-locking version.
    pub version: i32,
}

/// The stored name of a whole-match forfeit.
pub fn forfeit_name(forfeit: MatchForfeit) -> &'static str {
    match forfeit {
        MatchForfeit::HomeWins => "home",
        MatchForfeit::AwayWins => "away",
        MatchForfeit::Both => "both",
    }
}

/// The forfeit of a stored name.
pub fn parse_forfeit(name: &str) -> Option<MatchForfeit> {
    [
        MatchForfeit::HomeWins,
        MatchForfeit::AwayWins,
        MatchForfeit::Both,
    ]
    .into_iter()
    .find(|f| forfeit_name(*f) == name)
}

impl TeamMatchRow {
    /// The matches of a tournament by round and home team's row.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<TeamMatchRow>> {
        team_matches::table
            .filter(team_matches::tournament_id.eq(tournament))
            .order((team_matches::round.asc(), team_matches::id.asc()))
            .load(conn)
    }

    /// The match with this id.
    pub fn find(conn: &mut DbConn, id: TeamMatchId) -> QueryResult<Option<TeamMatchRow>> {
        team_matches::table.find(id).first(conn).optional()
    }

    /// Schedules a match (inside the caller's transaction).
    pub fn insert(
        conn: &mut DbConn,
        tournament: TournamentId,
        round: i32,
        home: TeamRowId,
        away: Option<TeamRowId>,
    ) -> QueryResult<TeamMatchRow> {
        diesel::insert_into(team_matches::table)
            .values((
                team_matches::tournament_id.eq(tournament),
                team_matches::round.eq(round),
                team_matches::home_id.eq(home),
                team_matches::away_id.eq(away),
                team_matches::postponed.eq(false),
                team_matches::version.eq(1),
            ))
            .returning(team_matches::all_columns)
            .get_result(conn)
    }

    /// The whole-match forfeit the row names.
    pub fn match_forfeit(&self) -> Option<MatchForfeit> {
        self.forfeit.as_deref().and_then(parse_forfeit)
    }

    /// Sets the forfeit and postponement, bumping the version.
    pub fn set_status(
        conn: &mut DbConn,
        id: TeamMatchId,
        forfeit: Option<MatchForfeit>,
        postponed: bool,
    ) -> QueryResult<usize> {
        diesel::update(team_matches::table.find(id))
            .set((
                team_matches::forfeit.eq(forfeit.map(forfeit_name)),
                team_matches::postponed.eq(postponed),
                team_matches::version.eq(team_matches::version + 1),
            ))
            .execute(conn)
    }

    /// Marks one team's line-up as given, bumping the version.
    pub fn set_lineup_given(conn: &mut DbConn, id: TeamMatchId, home: bool) -> QueryResult<usize> {
        let target = team_matches::table.find(id);
        if home {
            diesel::update(target)
                .set((
                    team_matches::home_lineup.eq(true),
                    team_matches::version.eq(team_matches::version + 1),
                ))
                .execute(conn)
        } else {
            diesel::update(target)
                .set((
                    team_matches::away_lineup.eq(true),
                    team_matches::version.eq(team_matches::version + 1),
                ))
                .execute(conn)
        }
    }

    /// Bumps the version (a board of the match changed).
    pub fn touch(conn: &mut DbConn, id: TeamMatchId) -> QueryResult<usize> {
        diesel::update(team_matches::table.find(id))
            .set(team_matches::version.eq(team_matches::version + 1))
            .execute(conn)
    }
}
