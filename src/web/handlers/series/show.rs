//! `GET /series/{public_id}`: the series' ranking for everyone — each player's series points
//! counted and their score in every event (scores beyond the best N struck through), overall
//! or of one category (`?category=N`); each name opens the player's trace.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::read::series::SeriesData;
use crate::web::pages::series::SeriesPage;
use crate::web::{AppError, AppState, PageContext, render_page};

/// The query.
#[derive(Debug, Deserialize)]
pub struct RankingQuery {
    /// A category's number (from 1); none or 0: overall.
    #[serde(default)]
    pub category: usize,
}

/// Shows the ranking.
pub async fn show_series(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<RankingQuery>,
) -> Result<HttpResponse, AppError> {
    let public_id = path.into_inner();
    let data = state
        .db(move |conn| SeriesData::load_public(conn, &public_id)?.ok_or(AppError::NotFound))
        .await?;
    let page = SeriesPage::new(ctx, &data, query.category);
    render_page(&page, StatusCode::OK)
}
