//! `GET /tournaments/{id}/screen`: the hall screen of a tournament of this server, built from
//! its public state (what the public sees: nothing before the event and its pairings are
//! published). `?every=SECONDS&rows=N` tune the slides.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::read::public_state::local_state;
use crate::web::access::VisibleTournament;
use crate::web::pages::screen::{ScreenPage, ScreenQuery};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the screen.
pub async fn show_screen(
    ctx: PageContext,
    tournament: VisibleTournament,
    state: web::Data<AppState>,
    query: web::Query<ScreenQuery>,
) -> Result<HttpResponse, AppError> {
    let settings = query
        .settings()
        .map_err(|(key, value)| AppError::Unprocessable(ctx.t_with_name(key, &value)))?;
    let id = tournament.data.tournament.id;
    let document = state.db(move |conn| Ok(local_state(conn, id)?)).await?;
    let page = match document {
        Some(document) => ScreenPage::of(ctx, &document, settings),
        None => ScreenPage::empty(ctx, &tournament.data.tournament.name, settings),
    };
    render_page(&page, StatusCode::OK)
}
