//! A series as its pages read it: the series, its events in order, and each event's public
//! state document — this server's tournament built now ([`series_state`]: published only, the
//! published rounds), an imported file's as it was kept. The ranking is the pure core's
//! ([`rank_series`]) over those documents ([`series_event`]).

use crate::db::DbConn;
use crate::db::models::series::{SeriesId, SeriesRow};
use crate::db::models::series_events::SeriesEventRow;
use crate::db::models::{TournamentRow, UserId};
use crate::db::read::public_state::series_state;
use crate::formats::public_state::PublicState;
use crate::formats::series_event::series_event;
use crate::tournament::series::{EventStandings, SeriesRow as RankedRow, SeriesRules, rank_series};
use diesel::QueryResult;

/// One event of a series as read.
#[derive(Debug, Clone)]
pub struct SeriesEvent {
    /// The stored row.
    pub row: SeriesEventRow,
    /// The event's name.
    pub title: String,
    /// Its public state document; `None` for a tournament of this server not published (it
    /// counts once published).
    pub state: Option<PublicState>,
}

/// A series with its events.
#[derive(Debug, Clone)]
pub struct SeriesData {
    /// The series.
    pub series: SeriesRow,
    /// Its events in order.
    pub events: Vec<SeriesEvent>,
}

impl SeriesData {
    /// Series `id` with its events (each tournament's document is one snapshot of it, as
    /// [`series_state`] reads it).
    pub fn load(conn: &mut DbConn, id: SeriesId) -> QueryResult<Option<SeriesData>> {
        let Some(series) = SeriesRow::find(conn, id)? else {
            return Ok(None);
        };
        Self::with_events(conn, series).map(Some)
    }

    /// The series whose public id is `public_id`.
    pub fn load_public(conn: &mut DbConn, public_id: &str) -> QueryResult<Option<SeriesData>> {
        let Some(series) = SeriesRow::by_public_id(conn, public_id)? else {
            return Ok(None);
        };
        Self::with_events(conn, series).map(Some)
    }

    fn with_events(conn: &mut DbConn, series: SeriesRow) -> QueryResult<SeriesData> {
        let mut events = Vec::new();
        // The series' rows first (one read), then each tournament's document in a snapshot of
        // its own ([`series_state`] opens it: snapshots do not nest).
        for row in SeriesEventRow::of_series(conn, series.id)? {
            let (title, state) = match row.tournament_id {
                Some(tournament) => {
                    let name = TournamentRow::find(conn, tournament)?
                        .map(|t| t.name)
                        .unwrap_or_default();
                    (name, series_state(conn, tournament)?)
                }
                None => (
                    row.imported_title.clone(),
                    row.document
                        .as_deref()
                        .and_then(|doc| PublicState::parse(doc.as_bytes()).ok()),
                ),
            };
            events.push(SeriesEvent { row, title, state });
        }
        Ok(SeriesData { series, events })
    }

    /// True when `user` may edit the series (its organiser; `admin` for an administrator).
    pub fn editable_by(&self, user: UserId, admin: bool) -> bool {
        admin || self.series.owner_id == user
    }

    /// The rules, ages counted in the year of the last event's end (this year without one).
    pub fn rules(&self) -> SeriesRules {
        let year = self
            .events
            .iter()
            .filter_map(|e| e.state.as_ref()?.end_date().ok())
            .map(|date| date.year())
            .max()
            .unwrap_or_else(|| crate::db::now().year());
        SeriesRules {
            scale: self.series.scale(),
            best: self.series.best(),
            categories: self.series.category_list(),
            year,
        }
    }

    /// Each event's standings as the series reads them (an event without a document: none).
    pub fn standings(&self) -> Vec<EventStandings> {
        self.events
            .iter()
            .map(|event| match &event.state {
                Some(state) => EventStandings {
                    title: event.title.clone(),
                    ..series_event(state)
                },
                None => EventStandings {
                    title: event.title.clone(),
                    rows: Vec::new(),
                },
            })
            .collect()
    }

    /// The series' ranking.
    pub fn ranking(&self) -> Vec<RankedRow> {
        rank_series(&self.rules(), &self.standings())
    }
}
