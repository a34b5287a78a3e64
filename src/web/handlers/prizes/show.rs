//! `GET /tournaments/{id}/prizes`: the prize list after the last complete round the visitor
//! may count — each prize in the organiser's order with who takes it (one prize a player, the
//! first in the order), what is paid when players equal on points share, and the categories
//! with who belongs to them. Provisional until the last round is complete.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::print::prize_list::{category_name, prize_lines};
use crate::tournament::prizes::{CategoryRule, SharedPlaces};
use crate::tournament::standings::ranked;
use crate::web::extractors::MaybeUser;
use crate::web::pages::prizes::load_with_prizes;
use crate::web::pages::standings::player_row_id;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// One line of the list.
#[derive(Debug, Clone)]
pub struct PrizeRow {
    /// The whole field or the category.
    pub group: String,
    /// The place in the group.
    pub place: u32,
    /// The prize as announced.
    pub prize: String,
    /// Who takes it (empty: nobody is entitled).
    pub name: String,
    /// Their card (0: none).
    pub player_id: i32,
    /// Their points.
    pub points: String,
    /// Paid when shared.
    pub paid: String,
    /// The shared places.
    pub shared: String,
}

/// A category with the words for its rule.
#[derive(Debug, Clone)]
pub struct CategoryView {
    /// Its number in the organiser's list (for `/standings?category=N`).
    pub number: usize,
    /// Its name.
    pub name: String,
    /// Who belongs to it.
    pub rule: String,
    /// How many players belong to it.
    pub players: u32,
}

/// The page.
#[derive(Template)]
#[template(path = "prizes/show.html")]
pub struct PrizesPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds counted.
    pub after_round: u32,
    /// Not every round is complete yet.
    pub provisional: bool,
    /// The lines.
    pub rows: Vec<PrizeRow>,
    /// The categories.
    pub categories: Vec<CategoryView>,
    /// The rule for shared places, in words.
    pub rule: String,
    /// Players equal on points share money (the paid column is shown).
    pub sharing: bool,
}

/// The words for a category's rule in the page's language; an age category names the years
/// of birth it holds in the tournament's `year` (U14 in 2026: born in 2013 or later).
pub fn rule_text(ctx: &PageContext, rule: &CategoryRule, year: i32) -> String {
    let key = format!("prizes.rule.{}", rule.kind());
    let born = match rule {
        CategoryRule::Under(age) => year - i32::from(*age) + 1,
        CategoryRule::AtLeast(age) => year - i32::from(*age),
        _ => 0,
    };
    ctx.lang.t_with(
        &key,
        &[
            ("name", &rule.value()),
            ("year", &born.to_string()),
            (
                "year_in",
                &ctx.lang.number_in(u64::try_from(born).unwrap_or(0)),
            ),
        ],
    )
}

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
