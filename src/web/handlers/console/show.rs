//! `GET /tournaments/{id}/rounds/{number}/console`: the console of a round, for whoever runs
//! the day (404 for a round not paired).

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};

use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::pages::console::console_page;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the console.
pub async fn show_console(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    tournament: ManagedTournament<RunsDay>,
) -> Result<HttpResponse, AppError> {
    let (_, round) = path.into_inner();
    let ManagedTournament { data, access, .. } = tournament;
    let page = console_page(&state, ctx, data, access, round, None).await?;
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(answer)
}
