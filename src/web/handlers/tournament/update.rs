//! `POST /tournaments/{id}/edit`: saves the tournament form (the owner stays the same).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::load_managed;
use crate::web::handlers::tournament::new::{TournamentForm, TournamentFormPage};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Saves the changes, or shows the form again with its problems (422).
pub async fn update_tournament(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<TournamentForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
    let CsrfForm(form) = form;
    match form.check(&ctx, data.tournament.owner_id) {
        Ok(mut changed) => {
            if !data.rounds.is_empty() {
                // Once paired, the schedule is fixed: keep the system and the number of rounds.
                changed.pairing_system = data.tournament.pairing_system;
                changed.swap_last_two_rounds = data.tournament.swap_last_two_rounds;
                changed.rounds = data.tournament.rounds;
            }
            let tournament_id = data.tournament.id;
            state
                .db(move |conn| Ok(changed.update(conn, tournament_id)?))
                .await?;
            Ok(see_other(&format!("/tournaments/{id}")))
        }
        Err(errors) => {
            let title = ctx.t("tournament.edit");
            let page = TournamentFormPage::new(
                ctx,
                title,
                format!("/tournaments/{id}/edit"),
                form,
                errors,
            );
            render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
        }
    }
}
