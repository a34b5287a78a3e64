//! `GET /tournaments/{id}/league/rounds/{number}/sheets.pdf`: the round's match sheets, one
//! page per match, pre-filled with the teams, the line-ups and colours where known, the
//! results when played, and the signature lines ([`crate::print::match_sheet`]).

use actix_web::{HttpResponse, web};

use crate::print::match_sheet::match_sheets;
use crate::print::stored::document_input;
use crate::print::{Language, PaperSize};
use crate::web::extractors::MaybeUser;
use crate::web::pages::league::load_league;
use crate::web::pdf_response;
use crate::web::{AppError, AppState, PageContext};

/// Sends the PDF.
pub async fn print_sheets(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, u32)>,
) -> Result<HttpResponse, AppError> {
    let (id, round) = path.into_inner();
    let (league, _) = load_league(&state, user.0, id).await?;
    let input = document_input(
        &league.data,
        Language::parse(ctx.lang_code()).unwrap_or_default(),
        PaperSize::default(),
    );
    let tournament = league.event().to_tournament();
    let pdf = match_sheets(&tournament, &input, round)
        .map_err(|error| AppError::from_print(&ctx, error))?;
    Ok(pdf_response(pdf, &format!("{id}-match-sheets-{round}.pdf")))
}
