//! `GET /tournaments/{id}/league/rounds/{number}`: the matches of a round with their scores,
//! what is still missing (line-ups, results), forfeits and postponements; links to each match
//! and to the round's match sheets. A team Swiss's round is seen by the public once published;
//! whoever runs the day publishes it, unpairs it, or pairs the next round from here, and types
//! in the boards' results one after another (the round page's keyboard entry).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::tournament::result::BoardResult;
use crate::tournament::team::score::match_score;
use crate::web::extractors::MaybeUser;
use crate::web::pages::league::{EntryBoard, LeagueRoundPage, MatchEntry, SwissRound};
use crate::web::pages::league::{MatchLine, load_league, round_visible};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

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
    if rows.is_empty() || !round_visible(&league, access, round) {
        return Err(AppError::NotFound);
    }
    let event = league.event();
    let swiss = league
        .data
        .tournament
        .pairing_system
        .is_team_swiss()
        .then(|| {
            let missing = event
                .matches_of_round(u32::try_from(round).unwrap_or(0))
                .filter(|m| m.away.is_some() && match_score(&event, m).is_none())
                .count();
            let last = league.rounds_paired() == u32::try_from(round).unwrap_or(0);
            let entered = rows.iter().any(|m| {
                m.forfeit.is_some() || league.boards_of(m.id).iter().any(|b| b.result.is_some())
            });
            let next = league.rounds_paired() + 1;
            SwissRound {
                published: league
                    .data
                    .rounds
                    .iter()
                    .any(|r| r.number == round && r.published),
                unpair: last && !entered,
                missing,
                missing_text: ctx.t_count("league.swiss.missing", missing as i64),
                next: (last && missing == 0 && next <= league.rounds()).then_some(next),
                teams: league
                    .teams
                    .iter()
                    .map(|t| (t.id.0, format!("{}. {}", t.number, t.name)))
                    .collect(),
            }
        });
    let matches = rows
        .iter()
        .map(|m| MatchLine::new(&ctx, &league, &event, m))
        .collect();
    let postponed = league
        .postponed()
        .into_iter()
        .filter(|m| m.round < round)
        .map(|m| MatchLine::new(&ctx, &league, &event, m))
        .filter(|line| line.score.is_empty())
        .collect();
    let name = |p: Option<crate::db::models::PlayerRowId>| {
        p.and_then(|p| league.data.player(p))
            .map_or(String::new(), |p| p.name.clone())
    };
    let entry = if access.run_day {
        rows.iter()
            .filter(|m| {
                m.away_id.is_some() && m.forfeit.is_none() && m.home_lineup && m.away_lineup
            })
            .map(|m| {
                let team = |id| league.team(id).map_or(String::new(), |t| t.name.clone());
                MatchEntry {
                    id: m.id.0,
                    title: format!(
                        "{} – {}",
                        team(m.home_id),
                        m.away_id.map(team).unwrap_or_default()
                    ),
                    boards: league
                        .boards_of(m.id)
                        .iter()
                        .filter(|b| b.white_id.is_some() && b.black_id.is_some())
                        .map(|b| EntryBoard {
                            id: b.id.0,
                            number: b.board,
                            white: name(b.white_id),
                            black: name(b.black_id),
                            result: b.result.map_or("", BoardResult::label).to_owned(),
                            version: b.version,
                        })
                        .collect(),
                }
            })
            .filter(|m| !m.boards.is_empty())
            .collect()
    } else {
        Vec::new()
    };
    let page = LeagueRoundPage {
        entry,
        header: TournamentHeader::new(&league.data, access, &format!("round-{round}")),
        round,
        starts: league.data.round_start_text(round),
        matches,
        postponed,
        swiss,
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
