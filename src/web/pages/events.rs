//! The list of events as the API and the home page read it from a query string
//! (`q`, `federation`, `from`, `to`, `state`, `offset`, `limit`), and the home page's model.

use serde::Deserialize;

use crate::db::models::TournamentRow;
use crate::db::read::events::{EventFilter, EventState, EventSummary};
use crate::web::PageContext;

/// Events on a page unless `limit` says otherwise.
pub const DEFAULT_LIMIT: i64 = 50;
/// The most events on a page.
pub const MAX_LIMIT: i64 = 200;
/// The longest search text, in characters.
pub const MAX_QUERY: usize = 200;
/// The furthest `offset`.
pub const MAX_OFFSET: i64 = 1_000_000;

/// The query, as text (checked here, so that a wrong value gets a JSON answer).
#[derive(Debug, Default, Deserialize)]
pub struct EventsQuery {
    /// Text the name or place contains.
    #[serde(default)]
    pub q: Option<String>,
    /// Events to skip.
    #[serde(default)]
    pub offset: Option<String>,
    /// Events to show.
    #[serde(default)]
    pub limit: Option<String>,
    /// The organising federation.
    #[serde(default)]
    pub federation: Option<String>,
    /// Events that end on this day or later.
    #[serde(default)]
    pub from: Option<String>,
    /// Events that start on this day or earlier.
    #[serde(default)]
    pub to: Option<String>,
    /// `current`, `upcoming` or `finished`.
    #[serde(default)]
    pub state: Option<String>,
}

impl EventsQuery {
    /// The filter the query asks for on `today`, or the reason a value cannot be read.
    pub fn filter(&self, today: time::Date) -> Result<EventFilter, String> {
        let given = |value: &Option<String>| {
            value
                .as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
        };
        let federation = match given(&self.federation) {
            Some(code) if code.len() == 3 && code.bytes().all(|b| b.is_ascii_alphabetic()) => {
                Some(code.to_ascii_uppercase())
            }
            Some(_) => return Err("federation is three letters (CZE)".to_owned()),
            None => None,
        };
        let date = |name: &str, value: &Option<String>| match given(value) {
            Some(text) => date_of(&text)
                .map(Some)
                .ok_or_else(|| format!("{name} is a date YYYY-MM-DD")),
            None => Ok(None),
        };
        let state = match given(&self.state) {
            Some(text) => Some((
                EventState::parse(&text)
                    .ok_or("state is current, upcoming or finished".to_owned())?,
                today,
            )),
            None => None,
        };
        let text = self.q.clone().unwrap_or_default();
        if text.chars().count() > MAX_QUERY || text.chars().any(char::is_control) {
            return Err(format!("q is at most {MAX_QUERY} characters of text"));
        }
        Ok(EventFilter {
            text,
            federation,
            from: date("from", &self.from)?,
            to: date("to", &self.to)?,
            state,
        })
    }
}

/// A day written `YYYY-MM-DD`.
fn date_of(text: &str) -> Option<time::Date> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(text, format).ok()
}

/// A whole number in `0..=max` given as `name`, or the reason it is not.
pub fn number(name: &str, text: Option<&str>, default: i64, max: i64) -> Result<i64, String> {
    match text.map(str::trim) {
        None | Some("") => Ok(default),
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|n| (0..=max).contains(n))
            .ok_or_else(|| format!("{name} is a whole number from 0 to {max}")),
    }
}

/// One event on the home page.
#[derive(Debug, Clone)]
pub struct EventLine {
    /// Where its pages are: `/tournaments/{id}` on this server, `/events/{public id}` when
    /// pushed from a venue.
    pub href: String,
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// Federation, possibly empty.
    pub federation: String,
    /// Dates, formatted.
    pub dates: String,
    /// Published from a venue (not run on this server).
    pub pushed: bool,
}

impl From<&EventSummary> for EventLine {
    fn from(event: &EventSummary) -> Self {
        let dates = if event.start_date == event.end_date {
            event.start_date.clone()
        } else {
            format!("{} – {}", event.start_date, event.end_date)
        };
        EventLine {
            href: match event.local {
                Some(id) => format!("/tournaments/{id}"),
                None => format!("/events/{}", event.id),
            },
            name: event.name.clone(),
            place: event.place.clone(),
            federation: event.federation.clone(),
            dates,
            pushed: event.local.is_none(),
        }
    }
}

/// A list of the home page: its events and the address of the rest, when more follow.
#[derive(Debug, Clone)]
pub struct EventSection {
    /// `current`, `upcoming` or `finished` (the heading's key and the search's state).
    pub state: &'static str,
    /// The events.
    pub events: Vec<EventLine>,
    /// Where the rest are listed, when more follow.
    pub more: Option<String>,
}

impl EventSection {
    /// The section of `state` from a list read with one event more than shown.
    pub fn of(state: EventState, (events, more): &(Vec<EventSummary>, bool)) -> EventSection {
        EventSection {
            state: state.code(),
            events: events.iter().map(EventLine::from).collect(),
            more: more.then(|| format!("/?state={}", state.code())),
        }
    }
}

/// A search on the home page: what was asked (to fill the form again), a page of what was
/// found, and the addresses of the pages before and after.
#[derive(Debug, Clone, Default)]
pub struct EventSearch {
    /// The text searched.
    pub q: String,
    /// The state asked for (`current`, …), or empty.
    pub state: String,
    /// The federation asked for, or empty.
    pub federation: String,
    /// The events of this page.
    pub events: Vec<EventLine>,
    /// The page before, when there is one.
    pub previous: Option<String>,
    /// The page after, when more follow.
    pub next: Option<String>,
    /// Why the query could not be read (English, as the API says it), when it could not.
    pub problem: Option<String>,
}

/// Events on a page of the home page's search.
pub const SEARCH_PAGE: i64 = 25;

impl EventsQuery {
    /// Asks for anything at all (a search rather than the home page's lists)?
    pub fn is_search(&self) -> bool {
        [
            &self.q,
            &self.federation,
            &self.from,
            &self.to,
            &self.state,
            &self.offset,
        ]
        .iter()
        .any(|value| value.as_deref().is_some_and(|v| !v.trim().is_empty()))
    }

    /// The search form filled again, and the address of the search's page from an offset.
    pub fn search(&self) -> (EventSearch, impl Fn(i64) -> String + '_) {
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        let search = EventSearch {
            q: text(&self.q),
            state: text(&self.state),
            federation: text(&self.federation),
            ..EventSearch::default()
        };
        let address = move |at: i64| {
            let mut pairs: Vec<(&str, String)> = Vec::new();
            for (name, value) in [
                ("q", &self.q),
                ("federation", &self.federation),
                ("from", &self.from),
                ("to", &self.to),
                ("state", &self.state),
            ] {
                if let Some(value) = value.as_deref().filter(|v| !v.trim().is_empty()) {
                    pairs.push((name, value.to_owned()));
                }
            }
            if at > 0 {
                pairs.push(("offset", at.to_string()));
            }
            format!(
                "/?{}",
                serde_urlencoded::to_string(&pairs).unwrap_or_default()
            )
        };
        (search, address)
    }
}

/// One of a user's own tournaments.
#[derive(Debug, Clone)]
pub struct TournamentListItem {
    /// Id (for links).
    pub id: i32,
    /// Name.
    pub name: String,
    /// Place.
    pub place: String,
    /// Dates, formatted.
    pub dates: String,
    /// Published?
    pub published: bool,
}

impl From<&TournamentRow> for TournamentListItem {
    fn from(t: &TournamentRow) -> Self {
        let dates = if t.start_date == t.end_date {
            t.start_date.to_string()
        } else {
            format!("{} – {}", t.start_date, t.end_date)
        };
        TournamentListItem {
            id: t.id.0,
            name: t.name.clone(),
            place: t.place.clone(),
            dates,
            published: t.published,
        }
    }
}

/// The home page.
#[derive(askama::Template)]
#[template(path = "home/index.html")]
pub struct HomePage {
    /// Layout context.
    pub ctx: PageContext,
    /// The lists of published events (none while searching).
    pub sections: Vec<EventSection>,
    /// The search form as filled, and a page of what it found while searching.
    pub search: EventSearch,
    /// Searching (the search's page shown instead of the lists)?
    pub searching: bool,
    /// The user's own tournaments (owned or assigned; all for an administrator), newest first.
    pub mine: Vec<TournamentListItem>,
    /// More of the user's own tournaments exist than shown.
    pub mine_more: bool,
}
