//! `GET /tournaments/{id}/league/standings/{team}`: how one team's standing was worked out —
//! for every entry of the league's list (C.07 Art. 11–13 or the national steps) its value and
//! the rounds, boards or opponents it is made of, cuts marked, and for the steps decided among
//! tied teams the teams it was still tied with ([`crate::tournament::team::working`]).
//! `{team}` is the team's pairing number, as on the standings.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::tournament::team::TeamId;
use crate::tournament::team::working::team_working;
use crate::web::extractors::MaybeUser;
use crate::web::pages::league::load_league;
use crate::web::pages::league::tie_break_name;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// One line of a working, as shown.
#[derive(Debug, Clone)]
pub struct LineView {
    /// `Round 3`, `Board 2` or empty.
    pub place: String,
    /// The opposing team, or the arbiter's reason for a penalty line.
    pub opponent: String,
    /// The value it adds (with the game points beside the match points where both count).
    pub value: String,
    /// Removed by a modifier.
    pub cut: bool,
}

/// The working of one value.
#[derive(Debug, Clone)]
pub struct WorkingView {
    /// The code, e.g. `EMGSB/C1`.
    pub code: String,
    /// Its name in the visitor's language.
    pub name: String,
    /// The value as the standings show it.
    pub value: String,
    /// The teams it was still tied with at this step (names), empty if none.
    pub tied_with: String,
    /// True for a step decided among tied teams that this team never needed.
    pub not_needed: bool,
    /// The lines.
    pub lines: Vec<LineView>,
}

/// The page.
#[derive(Template)]
#[template(path = "league/working.html")]
pub struct LeagueWorkingPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The team's name.
    pub team: String,
    /// Its rank.
    pub rank: u32,
    /// The rounds counted.
    pub rounds: u32,
    /// One block per entry of the list.
    pub workings: Vec<WorkingView>,
}

/// Shows a team's working.
pub async fn show_working(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, u32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (league, access) = load_league(&state, user.0, id).await?;
    let event = league.event();
    let ranking = league.ranking();
    let standings = league.standings(&event);
    let team = TeamId(number);
    let workings = team_working(&event, &ranking, &standings, team).ok_or(AppError::NotFound)?;
    let rank = standings
        .rows
        .iter()
        .find(|r| r.team == team)
        .map_or(0, |r| r.rank);
    let name_of = |id: TeamId| event.team(id).map_or(String::new(), |t| t.name.clone());
    let workings = workings
        .into_iter()
        .map(|w| {
            use crate::tournament::team::tiebreak::TeamTieBreak as T;
            let among_tied = matches!(
                w.tie_break,
                T::DirectEncounter(_) | T::ExtendedDirectEncounter | T::ResultsAgainstTop
            );
            WorkingView {
                code: w.tie_break.code(),
                name: tie_break_name(&ctx, &w.tie_break),
                value: if among_tied && w.tied_with.is_empty() {
                    String::new()
                } else {
                    w.value.display()
                },
                tied_with: w
                    .tied_with
                    .iter()
                    .map(|t| name_of(*t))
                    .collect::<Vec<_>>()
                    .join(", "),
                not_needed: among_tied && w.tied_with.is_empty(),
                lines: w
                    .lines
                    .iter()
                    .map(|line| LineView {
                        place: match (line.round, line.board) {
                            (_, Some(board)) => {
                                format!("{} {board}", ctx.t("league.working.board"))
                            }
                            (Some(round), None) => format!("{} {round}", ctx.t("round.short")),
                            (None, None) => String::new(),
                        },
                        opponent: match (&line.penalty, line.opponent) {
                            (Some(reason), _) => format!("{}: {reason}", ctx.t("league.penalty")),
                            (None, Some(opponent)) => name_of(opponent),
                            (None, None) => String::new(),
                        },
                        value: match line.second {
                            Some(second) => format!(
                                "{} ({} {})",
                                line.value.display(),
                                second.display(),
                                ctx.t("league.gp")
                            ),
                            None => line.value.display(),
                        },
                        cut: line.cut,
                    })
                    .collect(),
            }
        })
        .collect();
    let page = LeagueWorkingPage {
        header: TournamentHeader::new(&league.data, access, "standings"),
        team: name_of(team),
        rank,
        rounds: standings.rounds,
        workings,
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
