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

use actix_web::{HttpResponse, web};

use crate::web::extractors::MaybeUser;
use crate::web::pages::report::{report_text, trf_file};
use crate::web::pages::standings::load_ranked;
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
