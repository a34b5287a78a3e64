//! `round_schedule`: the date and start time of each round ([`crate::tournament::schedule`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::TournamentId;
use crate::db::schema_day::round_schedule;
use crate::tournament::schedule::RoundStart;

/// A row of `round_schedule`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = round_schedule)]
pub struct ScheduledRound {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The round (1-based).
    pub round: i32,
    /// Its date.
    pub round_date: time::Date,
    /// Its start time, when announced.
    pub start_time: Option<time::Time>,
}

impl ScheduledRound {
    /// The rows of a tournament, by round.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<ScheduledRound>> {
        round_schedule::table
            .filter(round_schedule::tournament_id.eq(tournament))
            .order(round_schedule::round.asc())
            .select(ScheduledRound::as_select())
            .load(conn)
    }

    /// Replaces a tournament's schedule (inside the caller's transaction).
    pub fn replace(
        conn: &mut DbConn,
        tournament: TournamentId,
        schedule: &[RoundStart],
    ) -> QueryResult<()> {
        diesel::delete(round_schedule::table.filter(round_schedule::tournament_id.eq(tournament)))
            .execute(conn)?;
        for start in schedule {
            diesel::insert_into(round_schedule::table)
                .values(ScheduledRound {
                    tournament_id: tournament,
                    round: i32::try_from(start.round).unwrap_or(i32::MAX),
                    round_date: start.date,
                    start_time: start.time,
                })
                .execute(conn)?;
        }
        Ok(())
    }

    /// The row as the core's type.
    pub fn start(&self) -> RoundStart {
        RoundStart {
            round: u32::try_from(self.round).unwrap_or(0),
            date: self.round_date,
            time: self.start_time,
        }
    }
}
