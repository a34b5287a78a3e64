//! `GET /events/{id}/screen`: the hall screen of an event by its stable public id — an event a
//! venue pushed, from its stored public state; a tournament of this server redirects to its own
//! screen.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::web::pages::pushed::{Published, load_published};
use crate::web::pages::screen::{ScreenPage, ScreenQuery};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Shows the screen.
pub async fn show_event_screen(
    ctx: PageContext,
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<String>,
    query: web::Query<ScreenQuery>,
) -> Result<HttpResponse, AppError> {
    let settings = query
        .settings()
        .map_err(|(key, value)| AppError::Unprocessable(ctx.t_with_name(key, &value)))?;
    match load_published(&state, path.into_inner()).await? {
        Published::Local(tournament) => {
            let mut to = format!("/tournaments/{tournament}/screen");
            if !req.query_string().is_empty() {
                to = format!("{to}?{}", req.query_string());
            }
            Ok(see_other(&to))
        }
        Published::Pushed(document, _) => {
            render_page(&ScreenPage::of(ctx, &document, settings), StatusCode::OK)
        }
    }
}
