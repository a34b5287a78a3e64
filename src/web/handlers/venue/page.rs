//! `GET /tournaments/{id}/venue/{token}?q=NAME`: the venue's check-in page (the QR code the
//! organiser prints): players find their name and check in with one tap. It works only with
//! the tournament's current venue link and only while check-in is open; it shows names, never
//! entries' details, and cannot take a check-in back.

use actix_web::web;

use crate::db::models::TournamentId;
use crate::db::read::desk::is_venue_link;
use crate::web::pages::desk::{CheckInPage, load_desk};
use crate::web::{AppError, AppState, PageContext};

/// The search.
#[derive(Debug, Default, serde::Deserialize)]
pub struct VenueQuery {
    /// Part of a name.
    #[serde(default)]
    pub q: String,
}

/// Shows the page.
pub async fn venue_page(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, String)>,
    query: web::Query<VenueQuery>,
) -> Result<CheckInPage, AppError> {
    let (id, token) = path.into_inner();
    let lookup = token.clone();
    let valid = state
        .db(move |conn| Ok(is_venue_link(conn, TournamentId(id), &lookup)?))
        .await?;
    if !valid {
        return Err(AppError::NotFound);
    }
    let (data, view) = load_desk(&state, id).await?;
    let action = format!("/tournaments/{id}/venue/{token}");
    Ok(CheckInPage::new(
        ctx,
        &data,
        None,
        &view,
        action,
        query.into_inner().q,
        false,
        None,
    ))
}
