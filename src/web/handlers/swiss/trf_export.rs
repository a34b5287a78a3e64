//! `GET /tournaments/{id}/export.trf`: the whole tournament as a TRF-2026 rating report, so an
//! arbiter can check our pairings with another program and report to FIDE: the report records
//! (022 city, 032 federation, 042/052 dates, 062/072 counts, 092 type, 102 chief arbiter, 112
//! deputies, 122 time control, 132 round dates from the round schedule), the records an
//! imported file had that this program does not interpret (kept verbatim), and every player's
//! sex, title, federation, FIDE ID, birth date, points and rank (by the tournament's
//! standings). Byes, late entries' missed rounds and withdrawals are in the round columns
//! (`H`, `Z`, `U`); points outside the games are `299` records (and in the points column); an
//! expelled player (Laws Art. 12.9.9) is marked by a comment after his record. Only complete rounds are written (and for the public, published ones):
//! TRF has no code for a game whose result is not in yet.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::formats::trf;
use crate::tournament::Points;
use crate::tournament::tiebreak::{Calculator, rank::rank_with};
use crate::web::extractors::MaybeUser;
use crate::web::pages::standings::{Ranked, load_ranked};
use crate::web::{AppError, AppState};

/// Sends the TRF file.
pub async fn export_trf(
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let ranked = load_ranked(&state, user.0, id).await?;
    Ok(trf_file(id, report_text(&ranked)))
}

/// The TRF file download of tournament `id`.
pub fn trf_file(id: i32, text: String) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"tournament-{id}.trf\""),
        ))
        .body(text)
}

/// The tournament as a TRF-2026 rating report, with the rounds the visitor may count: the
/// points column from the results under the tournament's point system, the rank column from
/// the standings with its tie-breaks, the report records from its settings, report columns
/// and round schedule.
pub fn report_text(ranked: &Ranked) -> String {
    let mut model = ranked.model.clone();
    let calculator = Calculator::after_round(&model, ranked.settings.swiss, ranked.after_round);
    let standings = rank_with(&calculator, &ranked.settings);
    let points = model.points;
    // Points outside the games counted in these rounds' standings (TRF `299`).
    let after_round = ranked.after_round;
    model
        .adjustments
        .retain(|a| a.round.is_none_or(|round| round <= after_round));
    let outside: Vec<Points> = model
        .players
        .iter()
        .map(|p| model.adjustment(p.id, after_round))
        .collect();
    for (player, outside) in model.players.iter_mut().zip(outside) {
        player.declared_points = Some(
            player
                .rounds
                .iter()
                .map(|e| points.score(e.result))
                .sum::<Points>()
                + outside,
        );
        player.declared_rank = standings
            .rows
            .iter()
            .find(|row| row.player == player.id)
            .map(|row| row.rank);
    }
    let header = ranked.data.report_header(&model);
    model.other_records = header.records();
    model.other_records.extend(ranked.data.report.records());
    trf::write(&model)
}
