//! `GET /tournaments/{id}/entry/{token}`: an entrant's page behind their personal link — the
//! entry, its fee, the check-in button while check-in is open, the change form before round 1,
//! requests to the arbiter and their answers. 404 for a link that is malformed, revoked,
//! unknown, or of another tournament.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};

use crate::web::pages::desk::{EntryPage, load_linked_entry};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the entry.
pub async fn show_entry(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, String)>,
) -> Result<HttpResponse, AppError> {
    let (id, token) = path.into_inner();
    let linked = load_linked_entry(&state, id, token.clone()).await?;
    let page = EntryPage::new(
        ctx,
        &linked.data,
        &linked.view,
        &linked.entry,
        token,
        &linked.requests,
        None,
    );
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(answer)
}
