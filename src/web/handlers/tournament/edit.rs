//! `GET /tournaments/{id}/edit`: the tournament form filled with the stored values.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;

use crate::web::access::{ManagedTournament, Manages};
use crate::web::pages::tournament_form::{TournamentForm, TournamentFormPage};
use crate::web::{AppError, PageContext, render_page};

/// Shows the edit form (owner or administrator).
pub async fn edit_tournament(
    ctx: PageContext,
    tournament: ManagedTournament<Manages>,
) -> Result<HttpResponse, AppError> {
    let data = tournament.data;
    let id = data.tournament.id.0;
    let title = ctx.t("tournament.edit");
    let page = TournamentFormPage::new(
        ctx,
        title,
        format!("/tournaments/{id}/edit"),
        TournamentForm::of(&data.tournament),
        Vec::new(),
    );
    render_page(&page, StatusCode::OK)
}
