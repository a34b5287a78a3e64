//! `POST /series`: makes a series with the usual Grand Prix scale and opens its edit page.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::pages::series::SeriesListPage;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The longest name, in characters.
pub const MAX_NAME: usize = 200;

/// The form.
#[derive(Debug, Deserialize)]
pub struct NewSeriesForm {
    /// The series' name.
    #[serde(default)]
    pub name: String,
}

/// Makes the series.
pub async fn create_series(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    form: CsrfForm<NewSeriesForm>,
) -> Result<HttpResponse, AppError> {
    let name = form.0.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        let errors = vec![ctx.t_with_name("series.error.name", &MAX_NAME.to_string())];
        let page = SeriesListPage {
            ctx,
            series: Vec::new(),
            errors,
        };
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let owner = user.id;
    let row = state
        .write(&ctx, move |conn| store::create_series(conn, owner, &name))
        .await?;
    Ok(see_other(&format!("/series/{}/edit", row.id.0)))
}
