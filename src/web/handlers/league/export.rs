//! `GET /tournaments/{id}/league/export.trf`: the league as a TRF-2026 team file — players
//! (001) with their games, teams (310), the colour sequence (352), match points (362),
//! forfeited matches (330), penalties (299) and a team Swiss's byes (320), system (192) and
//! initial-colour (152) — which `arbiter standings FILE` ranks and
//! FIDE's TieBreakServer reads.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::formats::trf;
use crate::web::extractors::MaybeUser;
use crate::web::pages::league::load_league;
use crate::web::{AppError, AppState};

/// Sends the TRF file.
pub async fn export_league(
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (league, _) = load_league(&state, user.0, id).await?;
    let text = trf::write(&league.team_file());
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"league-{id}.trf\""),
        ))
        .body(text))
}
