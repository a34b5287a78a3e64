//! `GET /tournaments/{id}/league/standings`: the teams ranked by the league's order (match or
//! game points first, then its tie-breaks, C.07 Art. 11–13 or the national competition
//! rules), with the matches each team still has to play and the arbiter's penalties. Each
//! team links to the working of its values ([`super::working`]); a legend names every code of
//! the list in the visitor's language.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::tournament::team::score::match_score;
use crate::tournament::team::tiebreak::{TeamScore, TeamTieBreak};
use crate::web::extractors::MaybeUser;
use crate::web::handlers::league::teams::{PenaltyLine, penalty_lines};
use crate::web::pages::league::{MatchLine, half_points, load_league};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// A row of the standings.
#[derive(Debug, Clone)]
pub struct StandingLine {
    /// Rank (shared ranks repeat).
    pub rank: u32,
    /// The team.
    pub team: String,
    /// The team's number (its working's address).
    pub number: u32,
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
    /// Every code of the list with its name, in the list's order.
    pub legend: Vec<(String, String)>,
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

/// The name of a team tie-break in the visitor's language, with the score it is read on and
/// its cut (`Sonneborn-Berger (opponents: on match points; scored: on game points)`).
pub fn tie_break_name(ctx: &PageContext, tie_break: &TeamTieBreak) -> String {
    let on = |score: TeamScore| match score {
        TeamScore::Match => ctx.t("league.tb.on_mp"),
        TeamScore::Game => ctx.t("league.tb.on_gp"),
    };
    match *tie_break {
        TeamTieBreak::MatchPoints => ctx.t("league.tb.mpts"),
        TeamTieBreak::GamePoints => ctx.t("league.tb.gpts"),
        TeamTieBreak::SecondaryScore => ctx.t("league.tb.mpvgp"),
        TeamTieBreak::MatchesWon => ctx.t("league.tb.win"),
        TeamTieBreak::DirectEncounter(score) => {
            format!("{} ({})", ctx.t("league.tb.de"), on(score))
        }
        TeamTieBreak::ExtendedDirectEncounter => ctx.t("league.tb.ede"),
        TeamTieBreak::SonnebornBerger {
            opponents,
            scored,
            cut1,
        } => {
            let mut name = format!(
                "{} ({} × {}",
                ctx.t("league.tb.sb"),
                on(opponents),
                on(scored)
            );
            if cut1 {
                name.push_str("; ");
                name.push_str(&ctx.t("league.tb.cut1"));
            }
            name.push(')');
            name
        }
        TeamTieBreak::Buchholz(score) => format!("{} ({})", ctx.t("league.tb.bh"), on(score)),
        TeamTieBreak::BoardCount => ctx.t("league.tb.bc"),
        TeamTieBreak::TopBoardResults => ctx.t("league.tb.tbr"),
        TeamTieBreak::BottomBoardElimination => ctx.t("league.tb.bbe"),
        TeamTieBreak::GamesWon => ctx.t("league.tb.gwin"),
        TeamTieBreak::ResultsAgainstTop => ctx.t("league.tb.rtop"),
    }
}
