//! `GET /api/v1/events/{id}/report.trf`: the TRF-2026 of a finished event of this server (its
//! last day past, or every round played and published), the rating report its public pages
//! offer ([`report_text`]: the rounds a visitor sees). An event pushed from a venue is served
//! as the venue pushed it, which is its public state only: its TRF is the venue's to send, and
//! the answer (404) says so. 404 too for an unknown, unpublished or unfinished event.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::models::tournament_public_ids::tournament_of;
use crate::formats::public_state::is_public_id;
use crate::web::pages::api::{error, json_with_etag};
use crate::web::pages::report::report_text;
use crate::web::pages::standings::load_ranked;
use crate::web::{AppError, AppState};

/// Answers the TRF file.
pub async fn report_trf(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    if !is_public_id(&id) {
        return Ok(error(
            StatusCode::NOT_FOUND,
            "no published event has this id",
        ));
    }
    let lookup = id.clone();
    let local = state
        .db(move |conn| Ok(tournament_of(conn, &lookup)?))
        .await?;
    let Some(tournament) = local else {
        return Ok(error(
            StatusCode::NOT_FOUND,
            "no event of this server has this id (an event published from a venue has its TRF at the venue)",
        ));
    };
    let ranked = match load_ranked(&state, None, tournament.0).await {
        Ok(ranked) => ranked,
        Err(AppError::NotFound) => {
            return Ok(error(
                StatusCode::NOT_FOUND,
                "no published event has this id",
            ));
        }
        Err(other) => return Err(other),
    };
    let t = &ranked.data.tournament;
    let all_played =
        ranked.after_round > 0 && ranked.after_round >= u32::try_from(t.rounds).unwrap_or(0);
    if !all_played && t.end_date >= crate::db::now().date() {
        return Ok(error(
            StatusCode::NOT_FOUND,
            "the event is not finished: its TRF is published once every round is played or its last day is past",
        ));
    }
    Ok(json_with_etag(
        &req,
        "text/plain; charset=utf-8",
        report_text(&ranked),
    ))
}
