//! `POST /tournaments`: an organiser creates a tournament; the point system is
//! checked against FIDE Laws Art. 10.2.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::pages::tournament_form::{TournamentForm, TournamentFormPage};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Creates the tournament and opens it, or shows the form again with its problems (422).
pub async fn create_tournament(
    ctx: PageContext,
    organiser: Organiser,
    state: web::Data<AppState>,
    form: CsrfForm<TournamentForm>,
) -> Result<HttpResponse, AppError> {
    let CsrfForm(form) = form;
    match form.check(&ctx, organiser.id) {
        Ok(new) => {
            let by = organiser.id;
            let created = state
                .write(&ctx, move |conn| store::create_tournament(conn, &new, by))
                .await?;
            tracing::info!(by = %organiser.username, tournament = created.0, "tournament created");
            Ok(see_other(&format!("/tournaments/{created}")))
        }
        Err(errors) => {
            let title = ctx.t("tournament.new");
            let page = TournamentFormPage::new(ctx, title, "/tournaments".into(), form, errors);
            render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
        }
    }
}
