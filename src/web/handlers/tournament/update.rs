//! `POST /tournaments/{id}/edit`: saves the tournament form (the owner stays the same). Once
//! round 1 is paired, a new point system or number of rounds is saved only after the
//! organiser confirms what it changes, and a new pairing system is refused
//! ([`store::update_settings`]); nothing is silently ignored.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store::{self, Refusal, StoreError};
use crate::web::access::{Need, authorise};
use crate::web::error::settings_changes;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::tournament_form::{TournamentForm, TournamentFormPage};
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
    let tournament = authorise(&state, &user.0, id, Need::Manage).await?;
    let CsrfForm(form) = form;
    let title = ctx.t("tournament.edit");
    let action = format!("/tournaments/{id}/edit");
    // The owner stays the same: the store keeps the stored one.
    match form.check(&ctx, user.id) {
        Ok(changed) => {
            let (confirmed, by) = (form.confirm.is_some(), user.id);
            let saved = state
                .try_write(move |conn| {
                    store::update_settings(conn, tournament, &changed, confirmed, by)
                })
                .await?;
            match saved {
                Ok(_) => Ok(see_other(&format!("/tournaments/{id}"))),
                Err(StoreError::Refused(Refusal::NeedsConfirmation(changes))) => {
                    // The form again, kept as typed, with what saving would change.
                    let confirmation = settings_changes(&ctx, &changes);
                    let mut page = TournamentFormPage::new(ctx, title, action, form, Vec::new());
                    page.confirmation = confirmation;
                    render_page(&page, StatusCode::CONFLICT)
                }
                Err(error) => {
                    let message = match AppError::from_store(&ctx, error) {
                        AppError::Unprocessable(message) | AppError::Conflict(message) => message,
                        other => return Err(other),
                    };
                    let page = TournamentFormPage::new(ctx, title, action, form, vec![message]);
                    render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
                }
            }
        }
        Err(errors) => {
            let page = TournamentFormPage::new(ctx, title, action, form, errors);
            render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
        }
    }
}
