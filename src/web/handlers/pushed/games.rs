//! `GET /events/{id}/rounds/{number}/games`: the games of a pushed event's round followed live
//! at the venue, as the venue last pushed them — already delayed by its broadcast delay, with
//! no alert, claim hint or proposed result ([`PushedGamesPage::of`]); it reloads itself. A
//! tournament of this server redirects to its own page.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};

use crate::web::pages::pushed::{
    Published, PushedGamesPage, load_published, load_pushed_live, published_words,
};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Shows the round's games.
pub async fn show_pushed_games(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (document, at) = match load_published(&state, id.clone()).await? {
        Published::Local(tournament) => {
            return Ok(see_other(&format!(
                "/tournaments/{tournament}/rounds/{number}/games"
            )));
        }
        Published::Pushed(document, at) => (*document, at),
    };
    let live = load_pushed_live(&state, id, number).await?;
    let published = published_words(&ctx, &document, at);
    let page = PushedGamesPage::of(ctx, &document, &live, published);
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(answer)
}
