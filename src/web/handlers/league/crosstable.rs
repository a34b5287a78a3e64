//! `GET /tournaments/{id}/league/crosstable`: each team against each other team (game points
//! of both sides per meeting, forfeits marked `F`), and each team's per-board record (score,
//! games and performance, FIDE B.02 Table 8.1a).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::tournament::team::crosstable::{board_records, crosstable};
use crate::web::extractors::MaybeUser;
use crate::web::pages::league::{half_points, load_league};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// A row of the crosstable.
#[derive(Debug, Clone)]
pub struct CrossRow {
    /// Pairing number.
    pub number: u32,
    /// The team.
    pub team: String,
    /// One cell per team: the meetings' labels.
    pub cells: Vec<String>,
}

/// A team's board statistics.
#[derive(Debug, Clone)]
pub struct BoardStats {
    /// The team.
    pub team: String,
    /// Per board: number, points, games, performance.
    pub boards: Vec<(u32, String, u32, String)>,
}

/// The crosstable page.
#[derive(Template)]
#[template(path = "league/crosstable.html")]
pub struct LeagueCrosstablePage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// Column headers: pairing numbers.
    pub numbers: Vec<u32>,
    /// The rows.
    pub rows: Vec<CrossRow>,
    /// Board statistics per team.
    pub stats: Vec<BoardStats>,
}

/// Shows the crosstable.
pub async fn show_crosstable(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (league, access) = load_league(&state, user.0, id).await?;
    let event = league.event();
    let rounds = event.total_rounds;
    let table = crosstable(&event, rounds);
    let name = |i: usize| event.teams.get(i).map_or(String::new(), |t| t.name.clone());
    let rows = table
        .cells
        .iter()
        .enumerate()
        .map(|(i, cells)| CrossRow {
            number: table.teams[i].0,
            team: name(i),
            cells: cells
                .iter()
                .enumerate()
                .map(|(j, meetings)| {
                    if i == j {
                        "×".into()
                    } else {
                        meetings
                            .iter()
                            .map(|m| m.label())
                            .collect::<Vec<_>>()
                            .join(" / ")
                    }
                })
                .collect(),
        })
        .collect();
    let stats = event
        .teams
        .iter()
        .map(|team| BoardStats {
            team: team.name.clone(),
            boards: board_records(&event, team.id, rounds)
                .into_iter()
                .map(|r| {
                    (
                        r.board,
                        half_points(r.points),
                        r.games,
                        r.performance().map(|p| p.to_string()).unwrap_or_default(),
                    )
                })
                .collect(),
        })
        .collect();
    let page = LeagueCrosstablePage {
        header: TournamentHeader::new(&league.data, access, "crosstable"),
        numbers: table.teams.iter().map(|t| t.0).collect(),
        rows,
        stats,
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
