//! `POST /tournaments/{id}/schedule`: saves the round schedule (whoever runs the day) through
//! [`store::save_schedule`]; a field that does not read, or a round before the one before it,
//! shows the form again with the round named and what was typed kept.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store::{self, Refusal, StoreError};
use crate::web::access::load_for_day;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::schedule::{
    SchedulePage, check_fields, fields_from_form, schedule_error, stored_fields,
};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Saves the schedule and shows it again with a message.
pub async fn save_schedule(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, access) = load_for_day(&state, user.0.clone(), id).await?;
    let total = u32::try_from(data.announced_rounds()).unwrap_or(0);
    let CsrfForm(form) = form;
    let fields = fields_from_form(&form, total);
    let starts = match check_fields(&ctx, &fields) {
        Ok(starts) => starts,
        Err(errors) => {
            let page = SchedulePage::new(ctx, &data, access, fields, errors, None);
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let (tournament, by) = (data.tournament.id, user.id);
    let saved = state
        .try_write(move |conn| store::save_schedule(conn, tournament, starts, by))
        .await?;
    match saved {
        Ok(()) => {}
        Err(StoreError::Refused(Refusal::Schedule(error))) => {
            let errors = vec![schedule_error(&ctx, error)];
            let page = SchedulePage::new(ctx, &data, access, fields, errors, None);
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
        Err(error) => return Err(AppError::from_store(&ctx, error)),
    }
    let (data, access) = load_for_day(&state, user.0, id).await?;
    let fields = stored_fields(&data);
    let notice = Some(ctx.t("schedule.saved"));
    let page = SchedulePage::new(ctx, &data, access, fields, Vec::new(), notice);
    render_page(&page, StatusCode::OK)
}
