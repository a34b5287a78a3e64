//! `GET /tournaments/{id}/desk`: the organiser's desk — the registration settings (for whoever
//! manages the event), the entries with their fees and the treasurer's totals, the links, and
//! the players' requests to answer.

use actix_web::web;

use crate::db::read::desk::desk_view;
use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::pages::desk::DeskPage;
use crate::web::{AppError, AppState, PageContext};

/// Shows the desk.
pub async fn show_desk(
    ctx: PageContext,
    state: web::Data<AppState>,
    tournament: ManagedTournament<RunsDay>,
) -> Result<DeskPage, AppError> {
    let ManagedTournament { data, access, .. } = tournament;
    let (data, view) = state
        .db(move |conn| {
            let view = desk_view(conn, &data)?;
            Ok((data, view))
        })
        .await?;
    Ok(DeskPage::new(ctx, &data, access, &view, None))
}
