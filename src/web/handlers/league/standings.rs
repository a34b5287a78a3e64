//! `GET /tournaments/{id}/league/standings`: the teams ranked by the league's order (match or
//! game points first, then its tie-breaks, C.07 Art. 11–13 or the national competition
//! rules), with the matches each team still has to play and the arbiter's penalties. Each
//! team links to the working of its values ([`super::working`]); a legend names every code of
//! the list in the visitor's language.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::tournament::team::score::match_score;
use crate::web::extractors::MaybeUser;
use crate::web::pages::league::penalty_lines;
use crate::web::pages::league::{LeagueStandingsPage, StandingLine, tie_break_name};
use crate::web::pages::league::{MatchLine, half_points, load_league};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the standings.
pub async fn show_standings(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (league, access) = load_league(&state, user.0, id).await?;
    let event = league.event();
    let standings = league.standings(&event);
    // The list's MP and GP are shown in their own columns; the rest as tie-breaks.
    let shown = standings.tie_break_columns();
    let codes = shown
        .iter()
        .map(|i| standings.tie_breaks[*i].code())
        .collect();
    let rows = standings
        .rows
        .iter()
        .map(|row| {
            let played = event
                .matches
                .iter()
                .filter(|m| m.involves(row.team) && m.away.is_some() && m.round <= standings.rounds)
                .filter(|m| match_score(&event, m).is_some())
                .count() as u32;
            StandingLine {
                rank: row.rank,
                team: event
                    .team(row.team)
                    .map_or(String::new(), |t| t.name.clone()),
                number: row.team.0,
                played,
                match_points: half_points(row.match_points),
                game_points: half_points(row.game_points),
                values: shown.iter().map(|i| row.values[*i].display()).collect(),
                to_play: row.to_play,
            }
        })
        .collect();
    let postponed = league
        .postponed()
        .into_iter()
        .map(|m| MatchLine::new(&ctx, &league, &event, m))
        .filter(|line| line.score.is_empty())
        .collect();
    let penalties = penalty_lines(&league);
    let page = LeagueStandingsPage {
        header: TournamentHeader::new(&league.data, access, "standings"),
        rounds: standings.rounds,
        codes,
        legend: standings
            .tie_breaks
            .iter()
            .map(|t| (t.code(), tie_break_name(&ctx, t)))
            .collect(),
        rows,
        postponed,
        penalties,
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
