//! `GET /events/{id}/players/{number}`: a player's card of an event pushed from a venue (the
//! player's games, points and place, from the stored public state: [`PushedPlayerPage::of`]);
//! for a tournament of this server, its own pages. 404 for an unknown event or player.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::pages::pushed::{Published, PushedPlayerPage, load_published, published_words};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Shows the card.
pub async fn show_pushed_player(
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
    let page = PushedPlayerPage::of(ctx, &document, number, published).ok_or(AppError::NotFound)?;
    render_page(&page, StatusCode::OK)
}
