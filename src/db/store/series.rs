//! The writes of a series: make one, save its rules, add one of the organiser's tournaments
//! or an imported file (kept as its public state document), remove an event, move one up or
//! down. Each is one transaction that raises the series' revision first and re-checks inside
//! who may edit it (its organiser or an administrator) and what the write needs (the
//! tournament is the organiser's, not in the series yet, the series has room).

use crate::db::DbConn;
use crate::db::models::series::{NewSeries, SeriesId, SeriesRow, SeriesSettings, default_values};
use crate::db::models::series_events::{NewSeriesEvent, SeriesEventId, SeriesEventRow};
use crate::db::models::{TournamentId, TournamentRow, UserId};
use crate::db::store::{Refusal, StoreError};
use crate::db::write_transaction;
use crate::formats::public_state::new_public_id;
use crate::tournament::series::{MAX_EVENTS, values_text};

/// Why a series' write was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeriesRefusal {
    /// The tournament is in the series already.
    AlreadyIn,
    /// The series holds [`MAX_EVENTS`] events.
    TooManyEvents,
    /// A team competition: a series ranks individual events.
    TeamEvent,
    /// The tournament is not the series organiser's.
    NotYours,
}

impl SeriesRefusal {
    /// A stable key for the message (`series.refusal.<key>` in the catalogs).
    pub fn key(self) -> &'static str {
        match self {
            SeriesRefusal::AlreadyIn => "already_in",
            SeriesRefusal::TooManyEvents => "too_many_events",
            SeriesRefusal::TeamEvent => "team_event",
            SeriesRefusal::NotYours => "not_yours",
        }
    }
}

/// Who edits: the user and whether they are an administrator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeriesEditor {
    /// The user.
    pub user: UserId,
    /// An administrator edits every series.
    pub admin: bool,
}

/// Makes a series named `name` for `owner` with the usual Grand Prix scale.
pub fn create_series(
    conn: &mut DbConn,
    owner: UserId,
    name: &str,
) -> Result<SeriesRow, StoreError> {
    let row = write_transaction(conn, |conn| {
        NewSeries {
            owner_id: owner,
            name,
            public_id: new_public_id(),
            scale_kind: "place",
            scale_values: values_text(&default_values()),
            created_at: crate::db::now(),
        }
        .insert(conn)
    })?;
    tracing::info!(owner = owner.0, series = row.id.0, "series created");
    Ok(row)
}

/// The frame of every change of a series: one transaction that raises the revision first,
/// then checks that the series exists and `by` may edit it (404 otherwise: another
/// organiser's series is not shown to exist), then runs `work`.
fn change<T>(
    conn: &mut DbConn,
    id: SeriesId,
    by: SeriesEditor,
    work: impl FnOnce(&mut DbConn, &SeriesRow) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    write_transaction(conn, |conn| {
        if SeriesRow::bump(conn, id)? == 0 {
            return Err(StoreError::NotFound);
        }
        let row = SeriesRow::find(conn, id)?.ok_or(StoreError::NotFound)?;
        if row.owner_id != by.user && !by.admin {
            return Err(StoreError::NotFound);
        }
        work(conn, &row)
    })
}

/// Saves the name, scale, best N and categories of series `id`.
pub fn save_series_rules(
    conn: &mut DbConn,
    id: SeriesId,
    settings: SeriesSettings,
    by: SeriesEditor,
) -> Result<(), StoreError> {
    change(conn, id, by, |conn, _| {
        SeriesRow::save_settings(conn, id, &settings)?;
        Ok(())
    })
}

/// Adds tournament `tournament` (the series organiser's own, an individual event, not in the
/// series yet) as the series' last event.
pub fn add_series_tournament(
    conn: &mut DbConn,
    id: SeriesId,
    tournament: TournamentId,
    by: SeriesEditor,
) -> Result<(), StoreError> {
    change(conn, id, by, |conn, series| {
        let row = TournamentRow::find(conn, tournament)?.ok_or(StoreError::NotFound)?;
        if row.owner_id != series.owner_id {
            return Err(Refusal::Series(SeriesRefusal::NotYours).into());
        }
        if row.pairing_system.is_team() {
            return Err(Refusal::Series(SeriesRefusal::TeamEvent).into());
        }
        let events = SeriesEventRow::of_series(conn, id)?;
        if events.iter().any(|e| e.tournament_id == Some(tournament)) {
            return Err(Refusal::Series(SeriesRefusal::AlreadyIn).into());
        }
        append(conn, id, &events, Some(tournament), String::new(), None)
    })
}

/// Adds an imported event: its name and its public state `document` (JSON), kept as it is.
pub fn import_series_event(
    conn: &mut DbConn,
    id: SeriesId,
    title: String,
    document: String,
    by: SeriesEditor,
) -> Result<(), StoreError> {
    change(conn, id, by, |conn, _| {
        let events = SeriesEventRow::of_series(conn, id)?;
        append(conn, id, &events, None, title, Some(document))
    })
}

fn append(
    conn: &mut DbConn,
    id: SeriesId,
    events: &[SeriesEventRow],
    tournament: Option<TournamentId>,
    title: String,
    document: Option<String>,
) -> Result<(), StoreError> {
    if events.len() >= MAX_EVENTS {
        return Err(Refusal::Series(SeriesRefusal::TooManyEvents).into());
    }
    NewSeriesEvent {
        series_id: id,
        position: events.iter().map(|e| e.position).max().unwrap_or(0) + 1,
        tournament_id: tournament,
        imported_title: title,
        document,
    }
    .insert(conn)?;
    Ok(())
}

/// Removes event `event` from series `id` (404 when it is not one of its events).
pub fn remove_series_event(
    conn: &mut DbConn,
    id: SeriesId,
    event: SeriesEventId,
    by: SeriesEditor,
) -> Result<(), StoreError> {
    change(conn, id, by, |conn, _| {
        if SeriesEventRow::delete(conn, id, event)? == 0 {
            return Err(StoreError::NotFound);
        }
        let events = SeriesEventRow::of_series(conn, id)?;
        renumber(conn, &events)
    })
}

/// Moves event `event` of series `id` one place up (earlier) or down; at the end already, it
/// stays.
pub fn move_series_event(
    conn: &mut DbConn,
    id: SeriesId,
    event: SeriesEventId,
    up: bool,
    by: SeriesEditor,
) -> Result<(), StoreError> {
    change(conn, id, by, |conn, _| {
        let mut events = SeriesEventRow::of_series(conn, id)?;
        let index = events
            .iter()
            .position(|e| e.id == event)
            .ok_or(StoreError::NotFound)?;
        let other = if up {
            index.checked_sub(1)
        } else {
            Some(index + 1).filter(|i| *i < events.len())
        };
        if let Some(other) = other {
            events.swap(index, other);
        }
        renumber(conn, &events)
    })
}

/// Numbers the events 1, 2, … in the order given.
fn renumber(conn: &mut DbConn, events: &[SeriesEventRow]) -> Result<(), StoreError> {
    for (event, position) in events.iter().zip(1..) {
        if event.position != position {
            SeriesEventRow::set_position(conn, event.id, position)?;
        }
    }
    Ok(())
}
