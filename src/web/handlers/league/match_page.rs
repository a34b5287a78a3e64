//! `GET /tournaments/{id}/league/matches/{match}`: one match — both teams, each board's
//! players and colours, the results and the match score; for whoever runs the day the two
//! line-up forms (each board a choice from the squad), a result per board and the match's
//! status (whole-match forfeit, postponed).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::team_matches::TeamMatchId;
use crate::web::extractors::MaybeUser;
use crate::web::pages::league::{load_league, round_visible};
use crate::web::pages::league_match::MatchPage;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the match.
pub async fn show_match(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, of) = path.into_inner();
    let (league, access) = load_league(&state, user.0, id).await?;
    let visible = league
        .find_match(TeamMatchId(of))
        .is_some_and(|m| round_visible(&league, access, m.round));
    if !visible {
        return Err(AppError::NotFound);
    }
    let page = MatchPage::new(ctx, &league, access, TeamMatchId(of)).ok_or(AppError::NotFound)?;
    render_page(&page, StatusCode::OK)
}
