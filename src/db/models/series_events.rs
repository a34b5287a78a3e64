//! `series_events`: the events of a series in their order — one of this server's tournaments
//! (read as its public state document when the series is ranked) or an imported TRF file kept
//! frozen as its public state document. Written by the series' store functions
//! ([`crate::db::store::add_series_tournament`], [`crate::db::store::import_series_event`],
//! [`crate::db::store::remove_series_event`], [`crate::db::store::move_series_event`]).

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::series::SeriesId;
use crate::db::models::{TournamentId, integer_id};
use crate::db::schema_series::series_events;

integer_id!(
    /// Id of a row in `series_events`.
    SeriesEventId
);

/// A stored event of a series.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = series_events)]
pub struct SeriesEventRow {
    /// Row id.
    pub id: SeriesEventId,
    /// The series.
    pub series_id: SeriesId,
    /// Its place in the series' order.
    pub position: i32,
    /// This server's tournament, or `None` for an imported file.
    pub tournament_id: Option<TournamentId>,
    /// An imported file's event name.
    pub imported_title: String,
    /// An imported file's public state document.
    pub document: Option<String>,
}

/// An event to add to a series.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = series_events)]
pub struct NewSeriesEvent {
    /// The series.
    pub series_id: SeriesId,
    /// Its place (the last).
    pub position: i32,
    /// A tournament of this server.
    pub tournament_id: Option<TournamentId>,
    /// An imported file's event name.
    pub imported_title: String,
    /// An imported file's document.
    pub document: Option<String>,
}

impl NewSeriesEvent {
    /// Inserts the event (inside the caller's transaction).
    pub fn insert(&self, conn: &mut DbConn) -> QueryResult<usize> {
        diesel::insert_into(series_events::table)
            .values(self)
            .execute(conn)
    }
}

impl SeriesEventRow {
    /// The events of `series` in their order.
    pub fn of_series(conn: &mut DbConn, series: SeriesId) -> QueryResult<Vec<SeriesEventRow>> {
        series_events::table
            .filter(series_events::series_id.eq(series))
            .order((series_events::position, series_events::id))
            .select(SeriesEventRow::as_select())
            .load(conn)
    }

    /// Deletes event `id` of `series`; the rows deleted.
    pub fn delete(conn: &mut DbConn, series: SeriesId, id: SeriesEventId) -> QueryResult<usize> {
        diesel::delete(
            series_events::table
                .find(id)
                .filter(series_events::series_id.eq(series)),
        )
        .execute(conn)
    }

    /// Sets the position of event `id`.
    pub fn set_position(conn: &mut DbConn, id: SeriesEventId, position: i32) -> QueryResult<usize> {
        diesel::update(series_events::table.find(id))
            .set(series_events::position.eq(position))
            .execute(conn)
    }
}
