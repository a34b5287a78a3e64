//! `GET /tournaments/{id}/check-in?q=NAME`: the check-in desk of the organiser and the
//! arbiters — who is still missing before the next round, searchable, one tap each.

use actix_web::web;

use crate::db::read::desk::desk_view;
use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::pages::desk::CheckInPage;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};

/// The search.
#[derive(Debug, Default, serde::Deserialize)]
pub struct SearchQuery {
    /// Part of a name.
    #[serde(default)]
    pub q: String,
}

/// Shows the desk.
pub async fn show_check_in(
    ctx: PageContext,
    state: web::Data<AppState>,
    tournament: ManagedTournament<RunsDay>,
    query: web::Query<SearchQuery>,
) -> Result<CheckInPage, AppError> {
    let ManagedTournament { data, access, .. } = tournament;
    let (data, view) = state
        .db(move |conn| {
            let view = desk_view(conn, &data)?;
            Ok((data, view))
        })
        .await?;
    let header = TournamentHeader::new(&data, access, "check-in");
    let action = format!("/tournaments/{}/check-in", data.tournament.id.0);
    Ok(CheckInPage::new(
        ctx,
        &data,
        Some(header),
        &view,
        action,
        query.into_inner().q,
        access.manage,
        None,
    ))
}
