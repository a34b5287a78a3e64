//! `GET /tournaments/{id}/teams`: the teams with their squads in board order, and for those
//! who run the event the league's settings, a new team, the schedule's draw and the arbiter's
//! penalty points. Players join a squad when registered or imported with a team.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::league::LeagueData;
use crate::db::models::team_leagues::{ORDERS, colours_name, order_name};
use crate::tournament::scoring::Points;
use crate::tournament::team::BoardColours;
use crate::web::access::Access;
use crate::web::extractors::MaybeUser;
use crate::web::handlers::league::settings::SWISS_SYSTEMS;
use crate::web::pages::league::load_league;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// A player of a squad.
#[derive(Debug, Clone)]
pub struct SquadLine {
    /// Place in the squad.
    pub position: usize,
    /// The player's row id.
    pub id: i32,
    /// Name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Rating (0 = unrated).
    pub rating: i32,
}

/// A team with its squad.
#[derive(Debug, Clone)]
pub struct TeamView {
    /// The row id.
    pub id: i32,
    /// Pairing number.
    pub number: i32,
    /// Name.
    pub name: String,
    /// Club.
    pub club: String,
    /// The squad in board order.
    pub squad: Vec<SquadLine>,
    /// The team has given a line-up: its squad order can no longer change.
    pub order_fixed: bool,
}

/// A penalty as listed.
#[derive(Debug, Clone)]
pub struct PenaltyLine {
    /// The team's name.
    pub team: String,
    /// The round, if any.
    pub round: String,
    /// Match points given (negative: taken).
    pub match_points: String,
    /// Game points given.
    pub game_points: String,
    /// The reason.
    pub reason: String,
}

/// The arbiter's penalties of `league` as listed (teams page, standings).
pub fn penalty_lines(league: &LeagueData) -> Vec<PenaltyLine> {
    league
        .penalties
        .iter()
        .map(|p| PenaltyLine {
            team: league
                .team(p.team_id)
                .map_or(String::new(), |t| t.name.clone()),
            round: p.round.map(|r| r.to_string()).unwrap_or_default(),
            match_points: Points(p.match_points).to_string(),
            game_points: Points(p.game_points).to_string(),
            reason: p.reason.clone(),
        })
        .collect()
}

/// An option of a select: value, label, selected.
pub type Choice = (String, String, bool);

/// The teams page.
#[derive(Template)]
#[template(path = "league/teams.html")]
pub struct TeamsPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The teams.
    pub teams: Vec<TeamView>,
    /// Boards per match.
    pub boards: i32,
    /// The colour rules.
    pub colours: Vec<Choice>,
    /// Match points of a win, draw and loss as typed.
    pub match_points: [String; 3],
    /// The ranking presets.
    pub orders: Vec<Choice>,
    /// The schedule is drawn.
    pub drawn: bool,
    /// Rounds scheduled.
    pub rounds: u32,
    /// The arbiter's penalties.
    pub penalties: Vec<PenaltyLine>,
    /// Paired round by round by the Swiss system (C.04.6), not drawn.
    pub swiss: bool,
    /// A team Swiss's systems (record 192 codes).
    pub swiss_systems: Vec<Choice>,
    /// Match and game points of its bye as typed (game points empty = half the boards).
    pub bye_points: [String; 2],
    /// The initial-colour: drawn, White, Black.
    pub initial_colours: Vec<Choice>,
    /// Rounds paired so far.
    pub paired: u32,
    /// "Rounds paired: 3 of 9".
    pub paired_text: String,
}

impl TeamsPage {
    /// The page of `league` for a visitor with `access`.
    pub fn new(ctx: PageContext, league: &LeagueData, access: Access) -> TeamsPage {
        let teams = league
            .teams
            .iter()
            .map(|t| TeamView {
                id: t.id.0,
                number: t.number,
                name: t.name.clone(),
                club: t.club.clone(),
                squad: league
                    .squad(t.id)
                    .iter()
                    .enumerate()
                    .map(|(i, p)| SquadLine {
                        position: i + 1,
                        id: p.id.0,
                        name: p.name.clone(),
                        title: p.title.clone(),
                        rating: p.rating,
                    })
                    .collect(),
                order_fixed: league.matches.iter().any(|m| {
                    (m.home_id == t.id && m.home_lineup)
                        || (m.away_id == Some(t.id) && m.away_lineup)
                }),
            })
            .collect();
        let settings = &league.league;
        let colours = [
            BoardColours::HomeWhiteOnOdd,
            BoardColours::HomeBlackOnOdd,
            BoardColours::AlternateByRound,
        ]
        .into_iter()
        .map(|c| {
            let name = colours_name(c);
            (
                name.to_owned(),
                ctx.t(&format!("league.colours.{name}")),
                settings.colours == name,
            )
        })
        .collect();
        let mut orders: Vec<Choice> = ORDERS
            .into_iter()
            .map(|o| {
                let name = order_name(o);
                (
                    name.to_owned(),
                    ctx.t(&format!("league.order.{name}")),
                    settings.tie_breaks == name,
                )
            })
            .collect();
        if settings.order().is_none() {
            orders.push((
                settings.tie_breaks.clone(),
                settings.tie_breaks.clone(),
                true,
            ));
        }
        let penalties = penalty_lines(league);
        let swiss_systems = SWISS_SYSTEMS
            .iter()
            .map(|code| {
                (
                    (*code).to_owned(),
                    ctx.t(&format!(
                        "league.swiss.system.{}",
                        code.to_ascii_lowercase()
                    )),
                    settings.swiss_system == *code,
                )
            })
            .collect();
        let initial_colours = [
            ("", "league.swiss.colour_lots"),
            ("w", "round.white"),
            ("b", "round.black"),
        ]
        .into_iter()
        .map(|(value, key)| {
            (
                value.to_owned(),
                ctx.t(key),
                settings.initial_colour == value,
            )
        })
        .collect();
        TeamsPage {
            header: TournamentHeader::new(&league.data, access, "teams"),
            teams,
            boards: settings.boards,
            colours,
            match_points: [
                Points(settings.match_points_win).to_string(),
                Points(settings.match_points_draw).to_string(),
                Points(settings.match_points_loss).to_string(),
            ],
            orders,
            drawn: !league.matches.is_empty(),
            rounds: league.rounds(),
            penalties,
            swiss: league.data.tournament.pairing_system.is_team_swiss(),
            swiss_systems,
            bye_points: [
                Points(settings.bye_match_points).to_string(),
                settings
                    .bye_game_points
                    .map(|p| Points(p).to_string())
                    .unwrap_or_default(),
            ],
            initial_colours,
            paired: league.rounds_paired(),
            paired_text: ctx.lang.t_with(
                "league.swiss.paired_of",
                &[
                    ("paired", &league.rounds_paired().to_string()),
                    ("rounds", &league.rounds().to_string()),
                ],
            ),
            ctx,
        }
    }
}

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
