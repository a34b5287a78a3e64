//! `GET /tournaments/{id}/crosstable`: the round-robin crosstable after the last complete
//! round: one row and one column per starting number, `1`, `½`, `0`, `+`, `−` in the cells
//! (two per cell in a double round robin, White's game first by round), points and place (by
//! the tournament's C.07 tie-breaks). The symbols are those of the printed crosstable
//! ([`crate::tournament::standings::result_symbol`]). A Swiss tournament gets the wallchart instead
//! ([`crate::web::pages::standings::render_wallchart`]).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::tournament::model::Color;
use crate::tournament::standings::{crosstable, ranked as rank_standings, result_symbol};
use crate::web::extractors::MaybeUser;
use crate::web::pages::standings::render_wallchart;
use crate::web::pages::standings::{load_ranked, player_row_id};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// One cell: the results against one opponent, with a colour mark each.
#[derive(Debug, Clone)]
pub struct Cell {
    /// The results as printed, e.g. `1` or `½ 0`.
    pub text: String,
    /// True on the diagonal.
    pub diagonal: bool,
    /// Colours and rounds for the tooltip, e.g. `R1 W, R6 B`.
    pub title: String,
}

/// One row of the crosstable.
#[derive(Debug, Clone)]
pub struct CrossRow {
    /// Starting number.
    pub number: u32,
    /// Player row id (card link).
    pub player_id: i32,
    /// Name.
    pub name: String,
    /// Rating, empty when unrated.
    pub rating: String,
    /// One cell per starting number.
    pub cells: Vec<Cell>,
    /// Points.
    pub points: String,
    /// Place.
    pub rank: u32,
}

/// The crosstable page.
#[derive(Template)]
#[template(path = "standings/crosstable.html")]
pub struct CrosstablePage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub after_round: u32,
    /// Column numbers.
    pub numbers: Vec<u32>,
    /// The rows, by starting number.
    pub rows: Vec<CrossRow>,
}

/// Shows the crosstable.
pub async fn show_crosstable(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let ranked = load_ranked(&state, user.0, path.into_inner()).await?;
    if ranked.settings.swiss {
        return render_wallchart(ctx, &ranked);
    }
    let after_round = ranked.after_round;
    let model = &ranked.model;
    let table = crosstable(model, after_round);
    let standings = rank_standings(model, after_round, &ranked.settings);
    let rank_of = |player| {
        standings
            .rows
            .iter()
            .find(|row| row.player == player)
            .map_or(0, |row| row.rank)
    };
    let white = ctx.t("crosstable.white_short");
    let black = ctx.t("crosstable.black_short");
    let rows = table
        .rows
        .iter()
        .map(|row| {
            let player = model.player(row.player);
            let cells = row
                .against
                .iter()
                .enumerate()
                .map(|(index, games)| Cell {
                    text: games
                        .iter()
                        .map(|game| result_symbol(game.result))
                        .collect::<Vec<_>>()
                        .join(" "),
                    diagonal: index as u32 + 1 == row.player.0,
                    title: games
                        .iter()
                        .map(|game| {
                            let colour = match game.color {
                                Some(Color::White) => white.as_str(),
                                Some(Color::Black) => black.as_str(),
                                None => "",
                            };
                            format!("{} {colour}", game.round)
                        })
                        .collect::<Vec<_>>()
                        .join(", "),
                })
                .collect();
            CrossRow {
                number: row.player.0,
                player_id: player_row_id(&ranked.data, row.player.0).unwrap_or_default(),
                name: player.map(|p| p.name.clone()).unwrap_or_default(),
                rating: player
                    .filter(|p| p.rating > 0)
                    .map(|p| p.rating.to_string())
                    .unwrap_or_default(),
                cells,
                points: row.points.to_string(),
                rank: rank_of(row.player),
            }
        })
        .collect();
    let page = CrosstablePage {
        header: TournamentHeader::new(&ranked.data, ranked.access, "crosstable"),
        ctx,
        after_round,
        numbers: (1..=table.rows.len() as u32).collect(),
        rows,
    };
    render_page(&page, StatusCode::OK)
}
