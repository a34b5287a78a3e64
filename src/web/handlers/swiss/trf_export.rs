//! `GET /tournaments/{id}/export.trf`: the whole tournament as TRF-2026 (FIDE's tournament
//! report file), so an arbiter can check our pairings with another program and report to FIDE.
//! Byes, late entries' missed rounds and withdrawals are in the round columns (`H`, `Z`, `U`).
//! Only complete rounds are written: TRF has no code for a game whose result is not in yet.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::formats::trf;
use crate::web::extractors::MaybeUser;
use crate::web::handlers::tournament::load_visible;
use crate::web::{AppError, AppState};

/// Sends the TRF file.
pub async fn export_trf(
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, access) = load_visible(&state, user.0, id).await?;
    // TRF has no code for "paired, result not in yet": complete rounds only (and, for the
    // public, published ones).
    let published = data
        .rounds
        .iter()
        .take_while(|r| r.published || access.run_day)
        .count() as u32;
    let rounds = data.complete_rounds().min(published);
    let model = data.to_model(rounds);
    let text = trf::write(&model);
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"tournament-{id}.trf\""),
        ))
        .body(text))
}
