//! `GET /tournaments/{id}/report`: the rating report checked, with the form for what it lacks
//! (whoever runs the day).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::extractors::CurrentUser;
use crate::web::pages::report::ReportPage;
use crate::web::pages::standings::load_ranked;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the check and the form.
pub async fn show_report(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let ranked = load_ranked(&state, Some(user.0), path.into_inner()).await?;
    if !ranked.access.run_day {
        return Err(AppError::Forbidden);
    }
    let page = ReportPage::new(ctx, &ranked, String::new(), Vec::new());
    render_page(&page, StatusCode::OK)
}
