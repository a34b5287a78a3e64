//! `GET /tournaments/{id}/standings`: the ranking after the last complete round by points
//! (FIDE Laws Art. 10 with the announced point system), then the tournament's C.07 tie-breaks
//! in order (Art. 4.1), then lots from the published seed or shared places (Art. 4.2). Every
//! tie-break value opens its working (`<details>`): which opponents, which values, which were
//! adjusted for unplayed rounds (Art. 16) and which were cut (Art. 14). The page carries only
//! the values and, in each `<details>`, a link to the player's working ([`super::working`]);
//! `static/js/working.js` fetches the one tie-break's working there when a visitor opens it, so
//! a 1000-player open's standings stay a page of values, not of every working.
//!
//! `?category=N` shows the standings of the organiser's N-th category
//! ([`crate::tournament::prizes`]): the players of the category in the order of the whole
//! field, with their place in the category beside their place overall.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::extractors::MaybeUser;
use crate::web::pages::prizes::load_with_prizes;
use crate::web::pages::standings::{StandingsPage, StandingsQuery};
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the standings.
pub async fn show_standings(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    query: web::Query<StandingsQuery>,
) -> Result<HttpResponse, AppError> {
    let (ranked, setup) = load_with_prizes(&state, user.0, path.into_inner()).await?;
    let category = match query.category.as_deref().map(str::trim) {
        None | Some("") | Some("0") => 0,
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=setup.rules.categories.len()).contains(n))
            .ok_or(AppError::NotFound)?,
    };
    let page = StandingsPage::of(ctx, &ranked, &setup, category);
    render_page(&page, StatusCode::OK)
}
