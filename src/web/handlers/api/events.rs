//! `GET /api/v1/events?q=TEXT&federation=CZE&from=YYYY-MM-DD&to=YYYY-MM-DD&state=current&offset=N&limit=N`:
//! the published events of this server and those pushed to it, newest first day first, whose
//! name or place contains `q` (ASCII case ignored), of the organising `federation`, that end on
//! `from` or later and start on `to` or earlier, `current`, `upcoming` or `finished` today;
//! [`DEFAULT_LIMIT`] a page (at most [`MAX_LIMIT`]). A value that cannot be read is a 400 that
//! names it.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::db::read::public_state::{EventFilter, EventState, list_events};
use crate::web::pages::api::{error, json_with_etag};
use crate::web::{AppError, AppState};

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
    fn filter(&self, today: time::Date) -> Result<EventFilter, String> {
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
        Ok(EventFilter {
            text: self.q.clone().unwrap_or_default(),
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
fn number(name: &str, text: Option<&str>, default: i64, max: i64) -> Result<i64, String> {
    match text.map(str::trim) {
        None | Some("") => Ok(default),
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|n| (0..=max).contains(n))
            .ok_or_else(|| format!("{name} is a whole number from 0 to {max}")),
    }
}

/// Answers a page of the list.
pub async fn list(req: HttpRequest, state: web::Data<AppState>) -> Result<HttpResponse, AppError> {
    let Ok(query) = web::Query::<EventsQuery>::from_query(req.query_string()) else {
        return Ok(error(
            StatusCode::BAD_REQUEST,
            "the query takes q, federation, from, to, state, offset and limit",
        ));
    };
    let filter = match query.filter(crate::db::now().date()) {
        Ok(filter) => filter,
        Err(reason) => return Ok(error(StatusCode::BAD_REQUEST, &reason)),
    };
    let text = &filter.text;
    if text.chars().count() > MAX_QUERY || text.chars().any(char::is_control) {
        return Ok(error(
            StatusCode::BAD_REQUEST,
            &format!("q is at most {MAX_QUERY} characters of text"),
        ));
    }
    let offset = number("offset", query.offset.as_deref(), 0, MAX_OFFSET);
    let limit = number("limit", query.limit.as_deref(), DEFAULT_LIMIT, MAX_LIMIT);
    let (offset, limit) = match (offset, limit) {
        (Ok(offset), Ok(limit)) => (offset, limit),
        (Err(reason), _) | (_, Err(reason)) => {
            return Ok(error(StatusCode::BAD_REQUEST, &reason));
        }
    };
    let page = state
        .db(move |conn| Ok(list_events(conn, &filter, offset, limit)?))
        .await?;
    let body = serde_json::to_string(&page).unwrap_or_default();
    Ok(json_with_etag(&req, "application/json", body))
}
