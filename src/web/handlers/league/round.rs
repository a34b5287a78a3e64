//! `GET /tournaments/{id}/league/rounds/{number}`: the matches of a round with their scores,
//! what is still missing (line-ups, results), forfeits and postponements; links to each match
//! and to the round's match sheets.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::web::extractors::MaybeUser;
use crate::web::handlers::league::{MatchLine, load_league};
use crate::web::handlers::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// The round page.
#[derive(Template)]
#[template(path = "league/round.html")]
pub struct LeagueRoundPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The round.
    pub round: i32,
    /// Its date and time, if scheduled.
    pub starts: String,
    /// Its matches.
    pub matches: Vec<MatchLine>,
    /// Matches of earlier rounds still to be played.
    pub postponed: Vec<MatchLine>,
}

/// Shows the round.
pub async fn show_round(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, round) = path.into_inner();
    let (league, access) = load_league(&state, user.0, id).await?;
    let rows: Vec<_> = league.matches.iter().filter(|m| m.round == round).collect();
    if rows.is_empty() {
        return Err(AppError::NotFound);
    }
    let event = league.event();
    let matches = rows
        .iter()
        .map(|m| MatchLine::new(&ctx, &league, &event, m))
        .collect();
    let postponed = league
        .postponed()
        .into_iter()
        .filter(|m| m.round < round)
        .map(|m| MatchLine::new(&ctx, &league, &event, m))
        .collect();
    let page = LeagueRoundPage {
        header: TournamentHeader::new(&league.data, access, &format!("round-{round}")),
        round,
        starts: league.data.round_start_text(round),
        matches,
        postponed,
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
