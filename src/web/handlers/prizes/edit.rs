//! `GET /tournaments/{id}/prizes/edit`: the organiser's categories and prize list as one form
//! — a row per category (name, kind, value), a row per prize in the order of priority (group,
//! place, amount or what it is), blank rows to add more, the rule for shared places and the
//! currency.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::extractors::Organiser;
use crate::web::pages::prizes::PrizesEditPage;
use crate::web::pages::prizes::load_with_prizes;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the form (organisers who manage the tournament only).
pub async fn edit_prizes(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (ranked, setup) = load_with_prizes(&state, Some(user.0), path.into_inner()).await?;
    if !ranked.access.manage {
        return Err(AppError::Forbidden);
    }
    let header = TournamentHeader::new(&ranked.data, ranked.access, "prizes");
    let page = PrizesEditPage::stored(ctx, header, &setup.rules);
    render_page(&page, StatusCode::OK)
}
