//! `POST /tournaments/{id}/report`: saves what the rating report lacked — the chief arbiter
//! (`chief_arbiter`) and the date of each round played without one (`date_N`, `YYYY-MM-DD`) —
//! through [`store::complete_report`], then shows the report page again. A date that does not
//! read, or a schedule out of order, comes back on the form (422) with the round named and the
//! chief arbiter as typed.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store::{self, Refusal, ReportDetails, StoreError};
use crate::tournament::schedule::parse_date;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::report::{ReportPage, missing_details};
use crate::web::pages::schedule::schedule_error;
use crate::web::pages::standings::load_ranked;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The longest chief arbiter's name kept.
const MAX_NAME: usize = 200;

/// Saves the details and shows the page again.
pub async fn complete_report(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let CsrfForm(form) = form;
    let ranked = load_ranked(&state, Some(user.0.clone()), id).await?;
    if !ranked.access.run_day {
        return Err(AppError::Forbidden);
    }
    let typed = form
        .get("chief_arbiter")
        .map(|name| name.trim().chars().take(MAX_NAME).collect::<String>())
        .unwrap_or_default();
    let mut details = ReportDetails {
        chief_arbiter: (!typed.is_empty()).then(|| typed.clone()),
        round_dates: Vec::new(),
    };
    let mut errors = Vec::new();
    for round in missing_details(&ranked).round_dates {
        let text = form.get(&format!("date_{round}")).map_or("", |t| t.trim());
        match parse_date(text) {
            Some(date) => details.round_dates.push((round, date)),
            None if text.is_empty() => {}
            None => errors.push(ctx.t_with_name("report.bad_date", &round.to_string())),
        }
    }
    if !errors.is_empty() {
        let page = ReportPage::new(ctx, &ranked, typed, errors);
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let (tournament, by) = (ranked.data.tournament.id, user.id);
    let saved = state
        .try_write(move |conn| store::complete_report(conn, tournament, &details, by))
        .await?;
    match saved {
        Ok(()) => Ok(see_other(&format!("/tournaments/{id}/report"))),
        Err(StoreError::Refused(Refusal::Schedule(error))) => {
            let errors = vec![schedule_error(&ctx, error)];
            let page = ReportPage::new(ctx, &ranked, typed, errors);
            render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
        }
        Err(error) => Err(AppError::from_store(&ctx, error)),
    }
}
