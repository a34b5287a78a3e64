//! `GET /events/{id}/players/{number}`: a player's card of an event pushed from a venue (the
//! player's games, points and place, from the stored public state: [`PushedPlayerPage::of`]);
//! for a tournament of this server, its own pages. 404 for an unknown event or player.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::published_events::PublishedEvent;
use crate::db::models::tournament_public_ids::tournament_of;
use crate::formats::public_state::{PublicState, is_public_id};
use crate::web::pages::pushed::{PushedPlayerPage, published_words};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Shows the card.
pub async fn show_pushed_player(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(String, u32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    if !is_public_id(&id) {
        return Err(AppError::NotFound);
    }
    let (local, pushed) = state
        .db(move |conn| {
            Ok(match tournament_of(conn, &id)? {
                Some(tournament) => (Some(tournament), None),
                None => (None, PublishedEvent::find(conn, &id)?),
            })
        })
        .await?;
    if let Some(tournament) = local {
        return Ok(see_other(&format!("/tournaments/{tournament}/standings")));
    }
    let stored = pushed.ok_or(AppError::NotFound)?;
    let document = PublicState::parse(stored.document.as_bytes())
        .map_err(|error| AppError::Internal(format!("stored document: {error}")))?;
    let published = published_words(&ctx, &document, stored.published_at);
    let page = PushedPlayerPage::of(ctx, &document, number, published).ok_or(AppError::NotFound)?;
    render_page(&page, StatusCode::OK)
}
