//! `GET /tournaments/{id}/players/refresh-ratings`: what refreshing the players' ratings and
//! titles from FIDE's rating list would change, old → new, before anything is written; the
//! players the list does not have, or who have no FIDE ID; and the button that applies exactly
//! these changes ([`crate::db::store::refresh_ratings`]). Once round 1 is paired the button
//! needs the override box ticked.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::models::{FideRatingList, TournamentId};
use crate::db::rating_list::refresh_plan;
use crate::tournament::rating_refresh::RefreshPlan;
use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// The refresh page.
#[derive(Template)]
#[template(path = "player/refresh.html")]
pub struct RefreshPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The list in force (its file), if one was imported.
    pub list: Option<String>,
    /// What the refresh would change.
    pub plan: RefreshPlan,
    /// The digest of the changes shown, sent back with the button.
    pub digest: String,
    /// Rounds paired (after the first, a refresh is an override).
    pub paired: usize,
}

/// Shows the changes.
pub async fn refresh_form(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (data, access) = load_for_day(&state, user.0, path.into_inner()).await?;
    let tournament: TournamentId = data.tournament.id;
    let (list, plan) = state
        .db(move |conn| {
            Ok((
                FideRatingList::latest(conn)?,
                refresh_plan(conn, tournament)?,
            ))
        })
        .await?;
    let page = RefreshPage {
        header: TournamentHeader::new(&data, access, "players"),
        list: list.map(|list| list.source),
        digest: plan.digest(),
        plan,
        paired: data.rounds.len(),
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
