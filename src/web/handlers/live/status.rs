//! `GET /tournaments/{id}/rounds/{number}/live.json`: the live state of a round as JSON
//! ([`super::LiveRound`]), polled by the live view. Visible to whoever may see the round.

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;

use crate::web::extractors::MaybeUser;
use crate::web::handlers::live::live_round;
use crate::web::handlers::tournament::load_visible;
use crate::web::{AppError, AppState};

/// The JSON status.
pub async fn live_status(
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (data, access) = load_visible(&state, user.0, id).await?;
    let round = super::round_of(&data, number)?;
    if !round.published && !access.run_day {
        return Err(AppError::NotFound);
    }
    let live = state
        .db(move |conn| live_round(conn, &data, number, OffsetDateTime::now_utc()))
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .json(live))
}
