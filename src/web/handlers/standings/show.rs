//! `GET /tournaments/{id}/standings`: the ranking after the last complete round: points
//! (FIDE Laws Art. 10 with the announced point system), then starting rank (C.04.2 Art. 2.3),
//! which the page says.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::tournament::standings::standings;
use crate::web::extractors::MaybeUser;
use crate::web::handlers::tournament::{TournamentHeader, counted_rounds, load_visible};
use crate::web::{AppError, AppState, PageContext, render_page};

/// One line of the standings.
#[derive(Debug, Clone)]
pub struct StandingRow {
    /// Place.
    pub rank: u32,
    /// Starting rank.
    pub starting_rank: u32,
    /// Name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Rating, empty when unrated.
    pub rating: String,
    /// Federation.
    pub federation: String,
    /// Points, e.g. `3.5`.
    pub points: String,
    /// Games played over the board.
    pub played: u32,
}

/// The standings page.
#[derive(Template)]
#[template(path = "standings/show.html")]
pub struct StandingsPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub after_round: u32,
    /// The lines.
    pub rows: Vec<StandingRow>,
}

/// Shows the standings.
pub async fn show_standings(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (data, access) = load_visible(&state, user.0, path.into_inner()).await?;
    let after_round = counted_rounds(&data, access);
    let model = data.to_model(after_round);
    let rows = standings(&model, after_round, &[])
        .into_iter()
        .filter_map(|row| {
            let player = model.player(row.player)?;
            Some(StandingRow {
                rank: row.rank,
                starting_rank: row.player.0,
                name: player.name.clone(),
                title: player.title.clone(),
                rating: if player.rating > 0 {
                    player.rating.to_string()
                } else {
                    String::new()
                },
                federation: player.federation.clone(),
                points: row.points.to_string(),
                played: row.games_played,
            })
        })
        .collect();
    let page = StandingsPage {
        header: TournamentHeader::new(&data, access, "standings"),
        ctx,
        after_round,
        rows,
    };
    render_page(&page, StatusCode::OK)
}
