//! `GET /tournaments/new`: the form for a new tournament, and the form's values
//! and checks shared with `create`, `edit` and `update`.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;

use crate::web::extractors::Organiser;
use crate::web::pages::tournament_form::{TournamentForm, TournamentFormPage};
use crate::web::{AppError, PageContext, render_page};

/// Shows the empty form.
pub async fn new_tournament(
    ctx: PageContext,
    _organiser: Organiser,
) -> Result<HttpResponse, AppError> {
    let title = ctx.t("tournament.new");
    let page = TournamentFormPage::new(
        ctx,
        title,
        "/tournaments".into(),
        TournamentForm::blank(),
        Vec::new(),
    );
    render_page(&page, StatusCode::OK)
}
