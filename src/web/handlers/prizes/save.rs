//! `POST /tournaments/{id}/prizes`: saves the organiser's categories and prize list through
//! [`store::save_prize_rules`]. Every row that does not read is named with what to fix and the
//! form comes back as typed (422; [`PrizesForm::rules`] reads the rows); a saved list comes
//! back with a message.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store::{self, Refusal, StoreError};
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::pages::prizes::{PrizesEditPage, PrizesForm, load_with_prizes, prize_error};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page, see_other_with_notice};

/// Saves the list, or shows the form again with what to fix.
pub async fn save_prizes(
    ctx: PageContext,
    session: Session,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let by = user.id;
    let (ranked, _) = load_with_prizes(&state, Some(user.0), id).await?;
    if !ranked.access.manage {
        return Err(AppError::Forbidden);
    }
    let CsrfForm(fields) = form;
    let typed = PrizesForm::of(&fields);
    let header = TournamentHeader::new(&ranked.data, ranked.access, "prizes");
    let again = |ctx, errors| {
        let page = PrizesEditPage::new(
            ctx,
            header,
            typed.categories.clone(),
            typed.prizes.clone(),
            typed.shared.clone(),
            typed.currency.clone(),
            errors,
        );
        render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
    };
    let rules = match typed.rules(&ctx) {
        Ok(rules) => rules,
        Err(errors) => return again(ctx, errors),
    };
    let tournament = ranked.data.tournament.id;
    let saved = state
        .try_write(move |conn| store::save_prize_rules(conn, tournament, rules, by))
        .await?;
    match saved {
        Ok(()) => Ok(see_other_with_notice(
            &session,
            &format!("/tournaments/{id}/prizes/edit"),
            ctx.t("prizes.saved"),
        )),
        Err(StoreError::Refused(Refusal::Prizes(error))) => {
            let errors = vec![prize_error(&ctx, &error)];
            again(ctx, errors)
        }
        Err(error) => Err(AppError::from_store(&ctx, error)),
    }
}
