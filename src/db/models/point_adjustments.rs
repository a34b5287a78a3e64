//! `point_adjustments`: points given or taken outside the games, each with its written reason
//! (TRF-2026 record 299; [`crate::tournament::model::PointAdjustment`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::{PlayerRowId, TournamentId, integer_id};
use crate::db::schema_record::point_adjustments;

integer_id!(
    /// Id of a row in `point_adjustments`.
    PointAdjustmentId
);

/// A row of `point_adjustments`.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = point_adjustments)]
pub struct PointAdjustmentRow {
    /// Row id.
    pub id: PointAdjustmentId,
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The player.
    pub player_id: PlayerRowId,
    /// The round from whose standings on it counts (`None`: from the start).
    pub round: Option<i32>,
    /// Points added, tenths (negative: deducted).
    pub points: i32,
    /// The reason.
    pub reason: String,
}

/// A new adjustment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPointAdjustment {
    /// The tournament.
    pub tournament_id: TournamentId,
    /// The player.
    pub player_id: PlayerRowId,
    /// The round from whose standings on it counts.
    pub round: Option<i32>,
    /// Points added, tenths.
    pub points: i32,
    /// The reason.
    pub reason: String,
}

impl NewPointAdjustment {
    /// Records the adjustment (inside the caller's transaction).
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<()> {
        diesel::insert_into(point_adjustments::table)
            .values((
                point_adjustments::tournament_id.eq(self.tournament_id),
                point_adjustments::player_id.eq(self.player_id),
                point_adjustments::round.eq(self.round),
                point_adjustments::points.eq(self.points),
                point_adjustments::reason.eq(&self.reason),
            ))
            .execute(conn)
            .map(|_| ())
    }
}

impl PointAdjustmentRow {
    /// The adjustments of a tournament, oldest first.
    pub fn for_tournament(
        conn: &mut DbConn,
        tournament: TournamentId,
    ) -> QueryResult<Vec<PointAdjustmentRow>> {
        point_adjustments::table
            .filter(point_adjustments::tournament_id.eq(tournament))
            .order(point_adjustments::id.asc())
            .load(conn)
    }
}
