//! `GET /series/{public_id}/players/{position}`: one player's trace — every score of the
//! series back to its event (place, points there, series points, counted or not), and for
//! the game-points scale the games that made it (round, opponent, colour, result).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::read::series::SeriesData;
use crate::web::pages::series::SeriesPlayerPage;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the trace of the player at `position` of the overall ranking.
pub async fn show_series_player(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(String, usize)>,
) -> Result<HttpResponse, AppError> {
    let (public_id, position) = path.into_inner();
    let data = state
        .db(move |conn| SeriesData::load_public(conn, &public_id)?.ok_or(AppError::NotFound))
        .await?;
    let page = SeriesPlayerPage::new(ctx, &data, position).ok_or(AppError::NotFound)?;
    render_page(&page, StatusCode::OK)
}
