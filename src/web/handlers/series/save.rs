//! `POST /series/{id}/edit`: saves the series' name, scale (place values and what a place
//! beyond them takes, or game points times a multiplier), best N and categories through
//! [`store::save_series_rules`] ([`SeriesForm::settings`] reads the form). What does not read
//! comes back with the form as typed (422).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::access::load_editable_series;
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::pages::series::{SeriesEditPage, SeriesForm, event_lines, offered_tournaments};
use crate::web::{AppError, AppState, PageContext, render_page, see_other_with_notice};

/// Saves the rules, or shows the form again with what to fix.
pub async fn save_series(
    ctx: PageContext,
    session: Session,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, editor) = load_editable_series(&state, &user, id).await?;
    let CsrfForm(fields) = form;
    let typed = SeriesForm::of(&fields);
    let settings = match typed.settings(&ctx) {
        Ok(settings) => settings,
        Err(errors) => {
            let tournaments = offered_tournaments(&state, &data).await?;
            let mut page = SeriesEditPage {
                id,
                public_id: data.series.public_id.clone(),
                name: typed.name,
                scale_kind: typed.scale_kind,
                values: typed.values,
                beyond: typed.beyond,
                multiplier: typed.multiplier,
                best: typed.best,
                categories: typed.categories,
                kinds: Vec::new(),
                events: event_lines(&data),
                tournaments,
                errors,
                ctx,
            };
            page.finish();
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let series = data.series.id;
    state
        .write(&ctx, move |conn| {
            store::save_series_rules(conn, series, settings, editor)
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/series/{id}/edit"),
        ctx.t("series.saved"),
    ))
}
