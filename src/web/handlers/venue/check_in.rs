//! `POST /tournaments/{id}/venue/{token}`: a player checks in on the venue's check-in page
//! ([`store::confirm_presence`], refused while check-in is closed; no undo here).

use actix_web::{HttpResponse, web};
use time::OffsetDateTime;

use crate::db::models::round_presence::PresenceVia;
use crate::db::models::{PlayerRowId, TournamentId};
use crate::db::read::desk::is_venue_link;
use crate::db::store;
use crate::web::extractors::CsrfForm;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct VenueCheckInForm {
    /// The player's row id.
    pub player: i32,
    /// The search to return to.
    #[serde(default)]
    pub q: String,
}

/// Checks the player in.
pub async fn venue_check_in(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, String)>,
    form: CsrfForm<VenueCheckInForm>,
) -> Result<HttpResponse, AppError> {
    let (id, token) = path.into_inner();
    let lookup = token.clone();
    let valid = state
        .db(move |conn| Ok(is_venue_link(conn, TournamentId(id), &lookup)?))
        .await?;
    if !valid {
        return Err(AppError::NotFound);
    }
    let (tournament, player) = (TournamentId(id), PlayerRowId(form.player));
    let now = OffsetDateTime::now_utc().unix_timestamp();
    state
        .write(&ctx, move |conn| {
            store::confirm_presence(
                conn,
                tournament,
                player,
                PresenceVia::Venue,
                false,
                now,
                None,
            )
        })
        .await?;
    let query = crate::web::error::encode_query_value(&form.q);
    Ok(see_other(&format!(
        "/tournaments/{id}/venue/{token}?q={query}"
    )))
}
