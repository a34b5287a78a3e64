//! The list of published events (of this server and pushed to it by venues): what
//! `/api/v1/events` answers and what the home page shows.
//!
//! The home page reads the same whatever the number of events a server holds: each of its
//! sections is read in the order of an index (`tournaments (published, start_date)` and
//! `(published, end_date)`, `published_events (start_date, …)` and `(end_date, …)`), so a
//! section of `n` events reads about `n` rows of each source, never the whole archive, and it
//! counts nothing. Only a text search reads every name and place.

use diesel::prelude::*;

use crate::db::DbConn;
use crate::db::models::published_events::PublishedSummary;
use crate::db::models::{like_pattern, lower};
use crate::db::schema::tournaments;
use crate::db::schema_publish::{published_events, tournament_public_ids};
use crate::formats::public_state::date_text;

/// `$query` narrowed by `$filter` on the columns of its source (the same conditions for this
/// server's tournaments and for pushed events).
macro_rules! narrowed {
    ($filter:expr, $query:expr, $name:expr, $place:expr, $federation:expr, $start:expr, $end:expr) => {{
        let filter: &EventFilter = $filter;
        let mut query = $query;
        if !filter.text.is_empty() {
            let pattern = like_pattern(&filter.text);
            query = query.filter(
                lower($name)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(lower($place).like(pattern).escape('\\')),
            );
        }
        if let Some(federation) = &filter.federation {
            query = query.filter($federation.eq(federation.clone()));
        }
        if let Some(from) = filter.from {
            query = query.filter($end.ge(from));
        }
        if let Some(to) = filter.to {
            query = query.filter($start.le(to));
        }
        match filter.state {
            Some((EventState::Current, today)) => {
                query = query.filter($start.le(today)).filter($end.ge(today));
            }
            Some((EventState::Upcoming, today)) => query = query.filter($start.gt(today)),
            Some((EventState::Finished, today)) => query = query.filter($end.lt(today)),
            None => {}
        }
        query
    }};
}

/// This server's published tournaments that `$filter` lets through (a boxed query).
macro_rules! local_events {
    ($filter:expr) => {
        narrowed!(
            $filter,
            tournaments::table
                .inner_join(tournament_public_ids::table)
                .filter(tournaments::published.eq(true))
                .into_boxed(),
            tournaments::name,
            tournaments::place,
            tournaments::federation,
            tournaments::start_date,
            tournaments::end_date
        )
    };
}

/// The events pushed to this server that `$filter` lets through (a boxed query).
macro_rules! pushed_events {
    ($filter:expr) => {
        narrowed!(
            $filter,
            published_events::table.into_boxed(),
            published_events::name,
            published_events::place,
            published_events::federation,
            published_events::start_date,
            published_events::end_date
        )
    };
}

/// One event of the list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct EventSummary {
    /// The stable public id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// The organising federation (three letters), possibly empty.
    pub federation: String,
    /// First day, `YYYY-MM-DD`.
    pub start_date: String,
    /// Last day, `YYYY-MM-DD`.
    pub end_date: String,
    /// The revision served.
    pub revision: i64,
    /// `local` (run on this server) or `pushed` (published from a venue).
    pub source: &'static str,
    /// The tournament's id on this server (for links); none for a pushed event.
    #[serde(skip)]
    pub local: Option<i32>,
}

/// A page of the list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct EventPage {
    /// Events matching in all.
    pub total: i64,
    /// The first shown (0-based).
    pub offset: i64,
    /// At most this many shown.
    pub limit: i64,
    /// The events, newest first day first.
    pub events: Vec<EventSummary>,
}

/// Where an event stands on a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventState {
    /// Under way: its first day is past or today, its last day today or to come.
    Current,
    /// Its first day is to come.
    Upcoming,
    /// Its last day is past.
    Finished,
}

impl EventState {
    /// `current`, `upcoming` or `finished`.
    pub fn parse(text: &str) -> Option<EventState> {
        match text {
            "current" => Some(EventState::Current),
            "upcoming" => Some(EventState::Upcoming),
            "finished" => Some(EventState::Finished),
            _ => None,
        }
    }

    /// The word [`EventState::parse`] reads.
    pub fn code(self) -> &'static str {
        match self {
            EventState::Current => "current",
            EventState::Upcoming => "upcoming",
            EventState::Finished => "finished",
        }
    }

    /// The order a list of events in this state reads best in: an event ending soonest first
    /// while under way, starting soonest first to come, ended last first when finished.
    pub fn natural_order(self) -> EventOrder {
        match self {
            EventState::Current => EventOrder::EndsSoonest,
            EventState::Upcoming => EventOrder::StartsSoonest,
            EventState::Finished => EventOrder::EndedLast,
        }
    }
}

/// The order of a list (ties by public id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EventOrder {
    /// The latest first day first (the API's order).
    #[default]
    StartsLast,
    /// The earliest first day first.
    StartsSoonest,
    /// The earliest last day first.
    EndsSoonest,
    /// The latest last day first.
    EndedLast,
}

impl EventOrder {
    /// The date the order goes by, and whether it goes down.
    fn key(self, start: time::Date, end: time::Date) -> (time::Date, bool) {
        match self {
            EventOrder::StartsLast => (start, true),
            EventOrder::StartsSoonest => (start, false),
            EventOrder::EndsSoonest => (end, false),
            EventOrder::EndedLast => (end, true),
        }
    }
}

/// What the list of events is narrowed to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EventFilter {
    /// Text the name or place contains (ASCII case ignored); every event when empty.
    pub text: String,
    /// The organising federation (three letters), when given.
    pub federation: Option<String>,
    /// Events that end on this day or later.
    pub from: Option<time::Date>,
    /// Events that start on this day or earlier.
    pub to: Option<time::Date>,
    /// Current, upcoming or finished on `today`.
    pub state: Option<(EventState, time::Date)>,
}

/// The published events (of this server and pushed to it) that `filter` lets through, newest
/// first day first (then by id), the `limit` from the `offset`-th, with how many match in all.
pub fn list_events(
    conn: &mut DbConn,
    filter: &EventFilter,
    offset: i64,
    limit: i64,
) -> QueryResult<EventPage> {
    let total = local_events!(filter).count().get_result::<i64>(conn)?
        + pushed_events!(filter).count().get_result::<i64>(conn)?;
    let events = browse_events(conn, filter, EventOrder::StartsLast, offset, limit)?;
    Ok(EventPage {
        total,
        offset,
        limit,
        events,
    })
}

/// The events `filter` lets through in `order`, the `limit` from the `offset`-th, counting
/// nothing: each source is read up to `offset + limit` rows in the order of its index.
pub fn browse_events(
    conn: &mut DbConn,
    filter: &EventFilter,
    order: EventOrder,
    offset: i64,
    limit: i64,
) -> QueryResult<Vec<EventSummary>> {
    let window = offset.saturating_add(limit);
    let mut local_query = local_events!(filter);
    let mut pushed_query = pushed_events!(filter);
    match order {
        EventOrder::StartsLast => {
            local_query = local_query.order((
                tournaments::start_date.desc(),
                tournament_public_ids::public_id.asc(),
            ));
            pushed_query = pushed_query.order((
                published_events::start_date.desc(),
                published_events::public_id.asc(),
            ));
        }
        EventOrder::StartsSoonest => {
            local_query = local_query.order((
                tournaments::start_date.asc(),
                tournament_public_ids::public_id.asc(),
            ));
            pushed_query = pushed_query.order((
                published_events::start_date.asc(),
                published_events::public_id.asc(),
            ));
        }
        EventOrder::EndsSoonest => {
            local_query = local_query.order((
                tournaments::end_date.asc(),
                tournament_public_ids::public_id.asc(),
            ));
            pushed_query = pushed_query.order((
                published_events::end_date.asc(),
                published_events::public_id.asc(),
            ));
        }
        EventOrder::EndedLast => {
            local_query = local_query.order((
                tournaments::end_date.desc(),
                tournament_public_ids::public_id.asc(),
            ));
            pushed_query = pushed_query.order((
                published_events::end_date.desc(),
                published_events::public_id.asc(),
            ));
        }
    }
    type Row = (
        i32,
        String,
        String,
        String,
        String,
        time::Date,
        time::Date,
        i64,
    );
    let local_rows: Vec<Row> = local_query
        .limit(window)
        .select((
            tournaments::id,
            tournament_public_ids::public_id,
            tournaments::name,
            tournaments::place,
            tournaments::federation,
            tournaments::start_date,
            tournaments::end_date,
            tournaments::revision,
        ))
        .load(conn)?;
    let pushed_rows: Vec<PublishedSummary> = pushed_query
        .limit(window)
        .select(PublishedSummary::as_select())
        .load(conn)?;
    let summary = |local: Option<i32>, id, name, place, federation, start, end, revision| {
        (
            (start, end),
            EventSummary {
                id,
                name,
                place,
                federation,
                start_date: date_text(start),
                end_date: date_text(end),
                revision,
                source: if local.is_some() { "local" } else { "pushed" },
                local,
            },
        )
    };
    let mut events: Vec<((time::Date, time::Date), EventSummary)> = local_rows
        .into_iter()
        .map(
            |(local, id, name, place, federation, start, end, revision)| {
                summary(
                    Some(local),
                    id,
                    name,
                    place,
                    federation,
                    start,
                    end,
                    revision,
                )
            },
        )
        .chain(pushed_rows.into_iter().map(|row| {
            summary(
                None,
                row.public_id,
                row.name,
                row.place,
                row.federation,
                row.start_date,
                row.end_date,
                row.revision,
            )
        }))
        .collect();
    events.sort_by(|((a_start, a_end), left), ((b_start, b_end), right)| {
        let (a, down) = order.key(*a_start, *a_end);
        let (b, _) = order.key(*b_start, *b_end);
        let by_date = if down { b.cmp(&a) } else { a.cmp(&b) };
        by_date.then_with(|| left.id.cmp(&right.id))
    });
    Ok(events
        .into_iter()
        .skip(usize::try_from(offset).unwrap_or(usize::MAX))
        .take(usize::try_from(limit).unwrap_or(0))
        .map(|(_, event)| event)
        .collect())
}

/// The home page's three lists on `today`, each of at most `each` events and whether more
/// follow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HomeEvents {
    /// Under way, ending soonest first.
    pub current: (Vec<EventSummary>, bool),
    /// To come, starting soonest first.
    pub upcoming: (Vec<EventSummary>, bool),
    /// Finished, ended last first.
    pub finished: (Vec<EventSummary>, bool),
}

/// Reads the home page's lists (see the module: about `each` rows per list and source).
pub fn home_events(conn: &mut DbConn, today: time::Date, each: i64) -> QueryResult<HomeEvents> {
    let mut section = |state: EventState| -> QueryResult<(Vec<EventSummary>, bool)> {
        let filter = EventFilter {
            state: Some((state, today)),
            ..EventFilter::default()
        };
        let mut events = browse_events(conn, &filter, state.natural_order(), 0, each + 1)?;
        let more = events.len() as i64 > each;
        events.truncate(usize::try_from(each).unwrap_or(0));
        Ok((events, more))
    };
    Ok(HomeEvents {
        current: section(EventState::Current)?,
        upcoming: section(EventState::Upcoming)?,
        finished: section(EventState::Finished)?,
    })
}
