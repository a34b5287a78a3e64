//! `GET /tournaments/{id}/teams`: the teams with their squads in board order, and for those
//! who run the event the league's settings, a new team, the schedule's draw and the arbiter's
//! penalty points. Players join a squad when registered or imported with a team.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::web::extractors::MaybeUser;
use crate::web::pages::league::TeamsPage;
use crate::web::pages::league::load_league;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the teams.
pub async fn show_teams(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (league, access) = load_league(&state, user.0, path.into_inner()).await?;
    render_page(&TeamsPage::new(ctx, &league, access), StatusCode::OK)
}
