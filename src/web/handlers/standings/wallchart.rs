//! The Swiss crosstable (wallchart) shown by `GET /tournaments/{id}/crosstable` for a Swiss
//! tournament: one row per player in starting-rank order, and per round the opponent's
//! starting number, the colour and the result (`12w½`), byes by their TRF letter
//! ([`crate::tournament::standings::result_symbol`], the symbols of the printed wallchart); then points,
//! the tie-break values and the place from the tournament's C.07 ranking.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use crate::tournament::standings::{ranked as rank_standings, wallchart_cell};
use crate::web::pages::standings::{Ranked, player_row_id};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, PageContext, render_page};

/// One row of the wallchart.
#[derive(Debug, Clone)]
pub struct WallchartRow {
    /// Starting number.
    pub number: u32,
    /// Player row id (card link).
    pub player_id: i32,
    /// Name.
    pub name: String,
    /// Rating, empty when unrated.
    pub rating: String,
    /// One cell per round, e.g. `12w½` or `U`.
    pub cells: Vec<String>,
    /// Points.
    pub points: String,
    /// Tie-break values in list order.
    pub tie_breaks: Vec<String>,
    /// Place.
    pub rank: u32,
}

/// The wallchart page.
#[derive(Template)]
#[template(path = "standings/wallchart.html")]
pub struct WallchartPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub after_round: u32,
    /// Round numbers (columns).
    pub rounds: Vec<u32>,
    /// Tie-break codes (columns).
    pub codes: Vec<String>,
    /// Rows by starting number.
    pub rows: Vec<WallchartRow>,
}

/// Renders the wallchart of `ranked`.
pub fn render_wallchart(ctx: PageContext, ranked: &Ranked) -> Result<HttpResponse, AppError> {
    let model = &ranked.model;
    let standings = rank_standings(model, ranked.after_round, &ranked.settings);
    let white = ctx.t("wallchart.white_letter");
    let black = ctx.t("wallchart.black_letter");
    let rows = model
        .players
        .iter()
        .map(|player| {
            let line = standings.rows.iter().find(|row| row.player == player.id);
            WallchartRow {
                number: player.id.0,
                player_id: player_row_id(&ranked.data, player.id.0).unwrap_or_default(),
                name: player.name.clone(),
                rating: if player.rating > 0 {
                    player.rating.to_string()
                } else {
                    String::new()
                },
                cells: player
                    .rounds
                    .iter()
                    .take(ranked.after_round as usize)
                    .map(|entry| wallchart_cell(entry, &white, &black))
                    .collect(),
                points: line.map(|l| l.points.to_string()).unwrap_or_default(),
                tie_breaks: line
                    .map(|l| {
                        l.values
                            .iter()
                            .map(|v| v.map_or_else(|| "-".to_string(), |v| v.display()))
                            .collect()
                    })
                    .unwrap_or_default(),
                rank: line.map_or(0, |l| l.rank),
            }
        })
        .collect();
    let page = WallchartPage {
        header: TournamentHeader::new(&ranked.data, ranked.access, "crosstable"),
        ctx,
        after_round: ranked.after_round,
        rounds: (1..=ranked.after_round).collect(),
        codes: standings.tie_breaks.iter().map(|t| t.fide_code()).collect(),
        rows,
    };
    render_page(&page, StatusCode::OK)
}
