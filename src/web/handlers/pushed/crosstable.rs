//! `GET /events/{id}/crosstable`: the crosstable (wallchart) of a pushed event, from its
//! stored public state ([`PushedCrosstablePage::of`]); a tournament of this server redirects to
//! its own crosstable.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::pages::pushed::{Published, PushedCrosstablePage, load_published, published_words};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Shows the crosstable.
pub async fn show_pushed_crosstable(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (document, at) = match load_published(&state, id).await? {
        Published::Local(tournament) => {
            return Ok(see_other(&format!("/tournaments/{tournament}/crosstable")));
        }
        Published::Pushed(document, at) => (*document, at),
    };
    let published = published_words(&ctx, &document, at);
    let page = PushedCrosstablePage::of(ctx, &document, published);
    render_page(&page, StatusCode::OK)
}
