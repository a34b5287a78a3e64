//! `GET /tournaments/{id}/league/standings.pdf`: the league's standings (by its list),
//! crosstable and board statistics after the rounds played, landscape
//! ([`crate::print::team_standings`]).

use actix_web::{HttpResponse, web};

use crate::print::stored::document_input;
use crate::print::{Document, Language, PaperSize, render};
use crate::web::extractors::MaybeUser;
use crate::web::pages::league::load_league;
use crate::web::pdf_response;
use crate::web::{AppError, AppState, PageContext};

/// Sends the PDF.
pub async fn print_tables(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (league, _) = load_league(&state, user.0, id).await?;
    let mut input = document_input(
        &league.data,
        Language::parse(ctx.lang_code()).unwrap_or_default(),
        PaperSize::default(),
    );
    input.team_tie_breaks = league.league.tie_break_list();
    let event = league.event();
    let tournament = event.to_tournament();
    let pdf = render(
        Document::TeamStandings,
        &tournament,
        &input,
        event.rounds_played(),
    )
    .map_err(|error| AppError::from_print(&ctx, error))?;
    Ok(pdf_response(pdf, &format!("{id}-team-standings.pdf")))
}
