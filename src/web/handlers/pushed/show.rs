//! `GET /events/{id}`: the page of a published event by its stable public id: a tournament of
//! this server redirects to its own pages; an event pushed from a venue is shown from its
//! stored public state ([`PushedEventPage::of`]).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::pushed_live::PushedLive;
use crate::web::pages::pushed::{Published, PushedEventPage, load_published, published_words};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Shows the event.
pub async fn show_pushed_event(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (document, at) = match load_published(&state, id).await? {
        Published::Local(tournament) => {
            return Ok(see_other(&format!("/tournaments/{tournament}")));
        }
        Published::Pushed(document, at) => (*document, at),
    };
    let published = published_words(&ctx, &document, at);
    let live_id = document.id.clone();
    let live_rounds = state
        .db(move |conn| Ok(PushedLive::rounds(conn, &live_id)?))
        .await?;
    let mut page = PushedEventPage::of(ctx, &document, published);
    page.live_rounds = live_rounds
        .into_iter()
        .filter_map(|r| u32::try_from(r).ok())
        .collect();
    render_page(&page, StatusCode::OK)
}
