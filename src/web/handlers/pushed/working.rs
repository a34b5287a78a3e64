//! `GET /events/{id}/standings/working/{number}`: the working of a pushed event's player's
//! tie-break values (C.07 Art. 8–10, 14, 16), as the venue's
//! `/tournaments/{id}/standings/working/{player}` shows it, computed from the stored public
//! state ([`PushedWorkingPage::of`]); for a tournament of this server, its standings. 404 for an
//! unknown event or player.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::pages::pushed::{Published, PushedWorkingPage, load_published, published_words};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Shows the working.
pub async fn show_pushed_working(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(String, u32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (document, at) = match load_published(&state, id).await? {
        Published::Local(tournament) => {
            return Ok(see_other(&format!("/tournaments/{tournament}/standings")));
        }
        Published::Pushed(document, at) => (*document, at),
    };
    let published = published_words(&ctx, &document, at);
    let page =
        PushedWorkingPage::of(ctx, &document, number, published).ok_or(AppError::NotFound)?;
    render_page(&page, StatusCode::OK)
}
