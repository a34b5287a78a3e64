//! `GET /tournaments/{id}/league/standings`: the teams ranked by the league's order (match or
//! game points first, then its tie-breaks, C.07 Art. 11–13 or the national competition
//! rules), with the matches each team still has to play and the arbiter's penalties.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::tournament::team::score::match_score;
use crate::web::extractors::MaybeUser;
use crate::web::handlers::league::teams::{PenaltyLine, penalty_lines};
use crate::web::handlers::league::{MatchLine, half_points, load_league};
use crate::web::handlers::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// A row of the standings.
#[derive(Debug, Clone)]
pub struct StandingLine {
    /// Rank (shared ranks repeat).
    pub rank: u32,
    /// The team.
    pub team: String,
    /// Matches played.
    pub played: u32,
    /// Match points.
    pub match_points: String,
    /// Game points.
    pub game_points: String,
    /// The tie-break values after the primary score.
    pub values: Vec<String>,
    /// Matches still to play from the rounds so far.
    pub to_play: u32,
}

/// The standings page.
#[derive(Template)]
#[template(path = "league/standings.html")]
pub struct LeagueStandingsPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub rounds: u32,
    /// The tie-break codes after MP and GP.
    pub codes: Vec<String>,
    /// The rows.
    pub rows: Vec<StandingLine>,
    /// Postponed matches.
    pub postponed: Vec<MatchLine>,
    /// Penalties.
    pub penalties: Vec<PenaltyLine>,
}

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
    use crate::tournament::team::tiebreak::TeamTieBreak as T;
    let shown: Vec<usize> = standings
        .tie_breaks
        .iter()
        .enumerate()
        .filter(|(_, t)| !matches!(t, T::MatchPoints | T::GamePoints))
        .map(|(i, _)| i)
        .collect();
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
        .collect();
    let penalties = penalty_lines(&league);
    let page = LeagueStandingsPage {
        header: TournamentHeader::new(&league.data, access, "standings"),
        rounds: standings.rounds,
        codes,
        rows,
        postponed,
        penalties,
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
