//! `GET /api/v1/events?q=TEXT&federation=CZE&from=YYYY-MM-DD&to=YYYY-MM-DD&state=current&offset=N&limit=N`:
//! the published events of this server and those pushed to it, newest first day first, whose
//! name or place contains `q` (ASCII case ignored), of the organising `federation`, that end on
//! `from` or later and start on `to` or earlier, `current`, `upcoming` or `finished` today;
//! [`DEFAULT_LIMIT`] a page (at most [`MAX_LIMIT`]). A value that cannot be read is a 400 that
//! names it.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::read::events::list_events;
use crate::web::pages::api::{error, json_with_etag};
use crate::web::pages::events::{DEFAULT_LIMIT, EventsQuery, MAX_LIMIT, MAX_OFFSET, number};
use crate::web::{AppError, AppState};

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
