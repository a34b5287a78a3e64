//! `GET /events/{id}`: the page of a published event by its stable public id: a tournament of
//! this server redirects to its own pages; an event pushed from a venue is shown from its
//! stored public state ([`PushedEventPage::of`]).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::published_events::PublishedEvent;
use crate::db::models::tournament_public_ids::tournament_of;
use crate::formats::public_state::{PublicState, is_public_id};
use crate::web::pages::pushed::{PushedEventPage, published_words};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Shows the event.
pub async fn show_pushed_event(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
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
        return Ok(see_other(&format!("/tournaments/{tournament}")));
    }
    let stored = pushed.ok_or(AppError::NotFound)?;
    let document = PublicState::parse(stored.document.as_bytes())
        .map_err(|error| AppError::Internal(format!("stored document: {error}")))?;
    let published = published_words(&ctx, &document, stored.published_at);
    let page = PushedEventPage::of(ctx, &document, published);
    render_page(&page, StatusCode::OK)
}
