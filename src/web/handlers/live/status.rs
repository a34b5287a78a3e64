//! `GET /tournaments/{id}/rounds/{number}/live.json`: the live state of a round as JSON
//! ([`crate::web::pages::live::LiveRound`]), polled by the live view. Visible to whoever may see the round.
//!
//! Each answer carries a weak `ETag` of the state without the server clock
//! ([`crate::web::pages::live::LiveRound::etag`]); a poll whose `If-None-Match` names it is answered
//! `304 Not Modified` with no body, so a hall screen polling a quiet round costs a few bytes.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use time::OffsetDateTime;

use crate::web::access::load_visible_round;
use crate::web::cache::etag_matches;
use crate::web::extractors::MaybeUser;
use crate::web::pages::live::live_round;
use crate::web::{AppError, AppState};

/// The JSON status, or 304 when the browser's copy still reads the same.
pub async fn live_status(
    req: HttpRequest,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (data, _) = load_visible_round(&state, user.0, id, number).await?;
    let live = state
        .db(move |conn| live_round(conn, &data, number, OffsetDateTime::now_utc()))
        .await?;
    let etag = live.etag();
    if etag_matches(req.headers(), &etag) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::CACHE_CONTROL, "no-cache"))
            .insert_header((header::ETAG, etag))
            .finish());
    }
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::ETAG, etag))
        .json(live))
}
