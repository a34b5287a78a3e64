//! `GET /tournaments/{id}/standings`: the ranking after the last complete round by points
//! (FIDE Laws Art. 10 with the announced point system), then the tournament's C.07 tie-breaks
//! in order (Art. 4.1), then lots from the published seed or shared places (Art. 4.2). Every
//! tie-break value opens its working (`<details>`): which opponents, which values, which were
//! adjusted for unplayed rounds (Art. 16) and which were cut (Art. 14). The page carries only
//! the values and, in each `<details>`, a link to the player's working ([`super::working`]);
//! `static/js/working.js` fetches the one tie-break's working there when a visitor opens it, so
//! a 1000-player open's standings stay a page of values, not of every working.
//!
//! `?category=N` shows the standings of the organiser's N-th category
//! ([`crate::tournament::prizes`]): the players of the category in the order of the whole
//! field, with their place in the category beside their place overall.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::PlayerRowId;
use crate::print::prize_list::category_name;
use crate::tournament::Points;
use crate::tournament::tiebreak::{Calculator, rank::rank_with};
use crate::web::extractors::MaybeUser;
use crate::web::pages::prizes::load_with_prizes;
use crate::web::pages::standings::tie_break_name;
use crate::web::pages::standings::value_text;
use crate::web::pages::standings::{StandingRow, StandingsPage, StandingsQuery};
use crate::web::pages::standings::{norms_of, player_row_id};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the standings.
pub async fn show_standings(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    query: web::Query<StandingsQuery>,
) -> Result<HttpResponse, AppError> {
    let (ranked, setup) = load_with_prizes(&state, user.0, path.into_inner()).await?;
    let category = match query.category.as_deref().map(str::trim) {
        None | Some("") | Some("0") => 0,
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=setup.rules.categories.len()).contains(n))
            .ok_or(AppError::NotFound)?,
    };
    let in_category = |player| {
        category == 0
            || setup
                .entrants
                .iter()
                .find(|e| e.player == player)
                .is_some_and(|e| {
                    setup.rules.categories[category - 1]
                        .rule
                        .includes(e, setup.year)
                })
    };
    let model = &ranked.model;
    let calculator = Calculator::after_round(model, ranked.settings.swiss, ranked.after_round);
    let standings = rank_with(&calculator, &ranked.settings);
    // The arbiters' column: the norms made so far (B.01), with the performance.
    let show_norms = ranked.access.run_day;
    let norms = if show_norms {
        norms_of(&ranked)
    } else {
        Vec::new()
    };
    let norms_text = |player| {
        norms
            .iter()
            .filter(|n| n.player == player)
            .flat_map(|n| n.verdicts.iter().filter(|v| v.achieved()))
            .map(|v| format!("{} {}", v.title.code(), v.performance))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut rows: Vec<StandingRow> = standings
        .rows
        .iter()
        .filter(|row| in_category(row.player))
        .filter_map(|row| {
            let player = model.player(row.player)?;
            let tie_breaks = row.values.iter().copied().map(value_text).collect();
            Some(StandingRow {
                rank: row.rank,
                starting_rank: row.player.0,
                player_id: player_row_id(&ranked.data, row.player.0).unwrap_or_default(),
                name: player.name.clone(),
                title: player.title.clone(),
                rating: if player.rating > 0 {
                    player.rating.to_string()
                } else {
                    String::new()
                },
                federation: player.federation.clone(),
                points: row.points.to_string(),
                played: player
                    .rounds
                    .iter()
                    .filter(|entry| entry.result.is_played())
                    .count() as u32,
                tie_breaks,
                lot: row.lot.map(|lot| lot.to_string()).unwrap_or_default(),
                withdrawn: player_row_id(&ranked.data, row.player.0)
                    .and_then(|id| ranked.data.withdrawn_from(PlayerRowId(id)))
                    .is_some_and(|from| i64::from(from) <= i64::from(ranked.after_round) + 1),
                expelled: player_row_id(&ranked.data, row.player.0)
                    .and_then(|id| ranked.data.expelled_from(PlayerRowId(id)))
                    .is_some_and(|from| i64::from(from) <= i64::from(ranked.after_round) + 1),
                category_rank: 0,
                adjustment: match model.adjustment(row.player, ranked.after_round) {
                    Points(0) => String::new(),
                    points => format!("{}{points}", if points.0 > 0 { "+" } else { "" }),
                },
                adjustment_reasons: model
                    .adjustments
                    .iter()
                    .filter(|a| {
                        a.player == row.player
                            && a.round.is_none_or(|round| round <= ranked.after_round)
                    })
                    .map(|a| format!("{}: {}", a.points, a.reason))
                    .collect::<Vec<_>>()
                    .join("; "),
                norms: norms_text(row.player),
            })
        })
        .collect();
    if category > 0 {
        for (index, row) in rows.iter_mut().enumerate() {
            row.category_rank = index as u32 + 1;
        }
    }
    let categories = setup
        .rules
        .categories
        .iter()
        .enumerate()
        .map(|(index, c)| (index + 1, category_name(ctx.lang_code(), c)))
        .collect();
    let show_working = ctx.t("working.show");
    let legend = standings
        .tie_breaks
        .iter()
        .map(|t| (t.fide_code(), tie_break_name(&ctx, t.kind)))
        .collect();
    let any_lot = rows.iter().any(|row| !row.lot.is_empty());
    let page = StandingsPage {
        header: TournamentHeader::new(&ranked.data, ranked.access, "standings"),
        ctx,
        after_round: ranked.after_round,
        codes: standings.tie_breaks.iter().map(|t| t.fide_code()).collect(),
        chosen: ranked.chosen,
        seed: standings.seed.map(|s| s.to_string()).unwrap_or_default(),
        rows,
        show_working,
        legend,
        any_lot,
        categories,
        category,
        show_norms,
    };
    render_page(&page, StatusCode::OK)
}
