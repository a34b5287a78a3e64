//! `incidents`: the incident log of a tournament (the chief arbiter's report,
//! [`crate::tournament::incident`]): each decision with its round, board and game, time,
//! arbiter, Article, decision and consequence.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{GameId, TournamentId, UserId, integer_id};
use crate::db::schema::users;
use crate::db::schema_record::incidents;

integer_id!(
    /// Id of a row in `incidents`.
    IncidentId
);

/// A row of `incidents`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = incidents)]
pub struct IncidentRow {
    /// Row id.
    pub id: IncidentId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The round.
    pub round: i32,
    /// The board, if the incident is of one.
    pub board: Option<i32>,
    /// The game of that board, when it has one.
    pub game_id: Option<GameId>,
    /// When it happened (`HH:MM`).
    pub occurred_at: String,
    /// The arbiter who decided.
    pub arbiter_id: UserId,
    /// The Article's code ([`crate::tournament::incident::IncidentArticle::code`]).
    pub article: String,
    /// The decision.
    pub decision: String,
    /// Its consequence for the clock or the score.
    pub consequence: String,
}

/// A new incident.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewIncident {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The round.
    pub round: i32,
    /// The board.
    pub board: Option<i32>,
    /// The game of that board.
    pub game_id: Option<GameId>,
    /// When it happened (`HH:MM`).
    pub occurred_at: String,
    /// The arbiter who decided.
    pub arbiter_id: UserId,
    /// The Article's code.
    pub article: String,
    /// The decision.
    pub decision: String,
    /// Its consequence.
    pub consequence: String,
}

impl NewIncident {
    /// Records the incident (inside the caller's transaction).
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<()> {
        diesel::insert_into(incidents::table)
            .values((
                incidents::tournament_id.eq(self.tournament_id),
                incidents::round.eq(self.round),
                incidents::board.eq(self.board),
                incidents::game_id.eq(self.game_id),
                incidents::occurred_at.eq(&self.occurred_at),
                incidents::arbiter_id.eq(self.arbiter_id),
                incidents::article.eq(&self.article),
                incidents::decision.eq(&self.decision),
                incidents::consequence.eq(&self.consequence),
            ))
            .execute(conn)
            .map(|_| ())
    }
}

impl IncidentRow {
    /// The incidents of a tournament with the deciding arbiter's name, by round, board and
    /// time.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<(IncidentRow, String)>> {
        incidents::table
            .inner_join(users::table)
            .filter(incidents::tournament_id.eq(tournament))
            .order((
                incidents::round.asc(),
                incidents::occurred_at.asc(),
                incidents::id.asc(),
            ))
            .select((IncidentRow::as_select(), users::display_name))
            .load(conn)
    }
}
