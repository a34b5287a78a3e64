//! `GET /series/{id}/edit`: the series' events (move, remove, add one of the organiser's
//! tournaments, import a TRF file) and its rules (name, scale, best N, categories).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::access::load_editable_series;
use crate::web::extractors::Organiser;
use crate::web::pages::series::{SeriesEditPage, offered_tournaments};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the page (the series' organiser or an administrator; 404 for anyone else).
pub async fn edit_series(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (data, _) = load_editable_series(&state, &user, path.into_inner()).await?;
    let tournaments = offered_tournaments(&state, &data).await?;
    let page = SeriesEditPage::stored(ctx, &data, tournaments);
    render_page(&page, StatusCode::OK)
}
