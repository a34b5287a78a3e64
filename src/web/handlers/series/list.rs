//! `GET /series`: the organiser's series (an administrator's: every series) and the form for
//! a new one.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::Role;
use crate::db::models::series::SeriesRow;
use crate::web::extractors::Organiser;
use crate::web::pages::series::{SeriesListPage, SeriesListRow};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the list.
pub async fn list_series(
    ctx: PageContext,
    user: Organiser,
    state: web::Data<AppState>,
) -> Result<HttpResponse, AppError> {
    let owner = (user.role != Role::Admin).then_some(user.id);
    let rows = state
        .db(move |conn| Ok(SeriesRow::listed(conn, owner)?))
        .await?;
    let page = SeriesListPage {
        ctx,
        series: rows
            .into_iter()
            .map(|row| SeriesListRow {
                id: row.id.0,
                name: row.name,
                public_id: row.public_id,
            })
            .collect(),
        errors: Vec::new(),
    };
    render_page(&page, StatusCode::OK)
}
