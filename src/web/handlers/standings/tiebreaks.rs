//! `GET /tournaments/{id}/tiebreaks`: the organiser's tie-break settings (FIDE C.07 Art. 4.1):
//! the ordered list of codes (`BH-C1, BH, SB, DE`, also accepted as TRF-2026 writes them,
//! `BH/C1`), and what happens to ties left after it (Art. 4.2): lots from a published seed, or
//! shared places. Lists every individual tie-break with its article as a reference.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::extractors::Organiser;
use crate::web::pages::standings::TieBreaksPage;
use crate::web::pages::standings::load_ranked;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the form (organisers who manage the tournament only).
pub async fn tiebreaks_form(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let ranked = load_ranked(&state, Some(user.0), path.into_inner()).await?;
    if !ranked.access.manage {
        return Err(AppError::Forbidden);
    }
    let header = TournamentHeader::new(&ranked.data, ranked.access, "tiebreaks");
    let page = TieBreaksPage::new(ctx, header, &ranked.settings, ranked.chosen);
    render_page(&page, StatusCode::OK)
}
