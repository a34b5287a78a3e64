//! `GET /tournaments/{id}/edit`: the tournament form filled with the stored values.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::access::load_managed;
use crate::web::extractors::CurrentUser;
use crate::web::pages::tournament_form::{TournamentForm, TournamentFormPage};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the edit form (owner or administrator).
pub async fn edit_tournament(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
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
