//! `GET /captain/{token}`: a team captain's page — the team's league matches, the line-up form
//! of each while it may still be given or changed, both line-ups once both are in. 404 for a
//! link that is malformed, revoked or unknown.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};

use crate::web::pages::captain::{CaptainPage, load_captain};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the page.
pub async fn show_captain(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let token = path.into_inner();
    let (league, team) = load_captain(&state, token.clone()).await?;
    let page = CaptainPage::new(ctx, &league, team, token);
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(answer)
}
