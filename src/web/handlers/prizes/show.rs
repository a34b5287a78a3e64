//! `GET /tournaments/{id}/prizes`: the prize list after the last complete round the visitor
//! may count — each prize in the organiser's order with who takes it (one prize a player, the
//! first in the order), what is paid when players equal on points share, and the categories
//! with who belongs to them. Provisional until the last round is complete.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::print::prize_list::{category_name, prize_lines};
use crate::tournament::prizes::SharedPlaces;
use crate::tournament::standings::ranked;
use crate::web::extractors::MaybeUser;
use crate::web::pages::prizes::load_with_prizes;
use crate::web::pages::prizes::{CategoryView, PrizeRow, PrizesPage, rule_text};
use crate::web::pages::standings::player_row_id;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the prize list.
pub async fn show_prizes(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (ranked_data, setup) = load_with_prizes(&state, user.0, path.into_inner()).await?;
    let standings = ranked(
        &ranked_data.model,
        ranked_data.after_round,
        &ranked_data.settings,
    );
    let ranking: Vec<_> = standings
        .rows
        .iter()
        .map(|row| (row.player, row.points))
        .collect();
    let awards = setup.awards(&ranking);
    let model = &ranked_data.model;
    let rows = prize_lines(ctx.lang_code(), &setup.rules, &awards)
        .into_iter()
        .map(|line| PrizeRow {
            group: line.group,
            place: line.place,
            prize: line.prize,
            name: line
                .player
                .and_then(|p| model.player(p))
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            player_id: line
                .player
                .and_then(|p| player_row_id(&ranked_data.data, p.0))
                .unwrap_or_default(),
            points: line
                .player
                .map(|_| line.points.to_string())
                .unwrap_or_default(),
            paid: line.paid,
            shared: line.shared,
        })
        .collect();
    let categories = setup
        .rules
        .categories
        .iter()
        .enumerate()
        .map(|(index, category)| CategoryView {
            number: index + 1,
            name: category_name(ctx.lang_code(), category),
            rule: rule_text(&ctx, &category.rule, setup.year),
            players: setup
                .entrants
                .iter()
                .filter(|e| category.rule.includes(e, setup.year))
                .count() as u32,
        })
        .collect();
    let announced = u32::try_from(ranked_data.data.announced_rounds()).unwrap_or(0);
    let page = PrizesPage {
        header: TournamentHeader::new(&ranked_data.data, ranked_data.access, "prizes"),
        rule: ctx.t(&format!("prizes.shared.{}", setup.rules.shared.code())),
        sharing: setup.rules.shared != SharedPlaces::TieBreak,
        ctx,
        after_round: ranked_data.after_round,
        provisional: ranked_data.after_round < announced,
        rows,
        categories,
    };
    render_page(&page, StatusCode::OK)
}
