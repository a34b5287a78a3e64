//! `POST /tournaments/{id}/prizes`: saves the organiser's categories and prize list through
//! [`store::save_prize_rules`]. Every row that does not read is named with what to fix and the
//! form comes back as typed (422); a saved list comes back with a message.
//!
//! Rows: a category without a kind is left out (that is how one is removed); a prize without
//! an amount is left out; a prize without a place takes its group's next place. Prizes name
//! categories by their number in the form as it was shown, so removing a category keeps the
//! other prizes on their categories, and a prize of a removed category is refused.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store::{self, Refusal, StoreError};
use crate::tournament::prizes::{
    Category, CategoryRule, Prize, PrizeGroup, PrizeRules, SharedPlaces, parse_amount,
};
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::pages::prizes::{CategoryField, PrizeField, PrizesEditPage};
use crate::web::pages::prizes::{load_with_prizes, prize_error};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page, see_other_with_notice};

/// The most categories a tournament may define.
pub const MAX_CATEGORIES: usize = 50;
/// The most prizes a list may hold.
pub const MAX_PRIZES: usize = 300;
/// The longest name, label or currency, in characters.
pub const MAX_TEXT: usize = 60;
/// The highest place a prize may be for.
pub const MAX_PLACE: u32 = 1000;

/// Saves the list, or shows the form again with what to fix.
pub async fn save_prizes(
    ctx: PageContext,
    session: Session,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let by = user.id;
    let (ranked, _) = load_with_prizes(&state, Some(user.0), id).await?;
    if !ranked.access.manage {
        return Err(AppError::Forbidden);
    }
    let CsrfForm(fields) = form;
    let values = |key: &str| -> Vec<String> {
        fields
            .iter()
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v.trim().to_owned())
            .collect()
    };
    let one = |key: &str| values(key).into_iter().next().unwrap_or_default();
    let (names, kinds, category_values) = (
        values("category_name"),
        values("category_kind"),
        values("category_value"),
    );
    let categories: Vec<CategoryField> = kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| CategoryField {
            name: names.get(i).cloned().unwrap_or_default(),
            kind: kind.clone(),
            value: category_values.get(i).cloned().unwrap_or_default(),
        })
        .collect();
    let (groups, places, amounts) = (
        values("prize_group"),
        values("prize_place"),
        values("prize_amount"),
    );
    let prizes: Vec<PrizeField> = amounts
        .iter()
        .enumerate()
        .map(|(i, amount)| PrizeField {
            group: groups.get(i).cloned().unwrap_or_default(),
            place: places.get(i).cloned().unwrap_or_default(),
            amount: amount.clone(),
        })
        .collect();
    let shared_code = one("shared");
    let currency = one("currency");
    let mut errors = Vec::new();
    let shared = SharedPlaces::parse(&shared_code).unwrap_or_else(|| {
        errors.push(ctx.t("prizes.error.rule"));
        SharedPlaces::TieBreak
    });
    if currency.chars().count() > MAX_TEXT {
        errors.push(ctx.t_with_name("prizes.error.too_long", &MAX_TEXT.to_string()));
    }
    let rules = read_rules(
        &ctx,
        &categories,
        &prizes,
        shared,
        currency.clone(),
        &mut errors,
    );
    if errors.is_empty()
        && let Err(error) = rules.check()
    {
        errors.push(prize_error(&ctx, &error));
    }
    let header = TournamentHeader::new(&ranked.data, ranked.access, "prizes");
    let again = |ctx, errors| {
        let page = PrizesEditPage::new(
            ctx,
            header,
            categories.clone(),
            prizes.clone(),
            shared_code.clone(),
            currency.clone(),
            errors,
        );
        render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
    };
    if !errors.is_empty() {
        return again(ctx, errors);
    }
    let tournament = ranked.data.tournament.id;
    let saved = state
        .try_write(move |conn| store::save_prize_rules(conn, tournament, rules, by))
        .await?;
    match saved {
        Ok(()) => Ok(see_other_with_notice(
            &session,
            &format!("/tournaments/{id}/prizes/edit"),
            ctx.t("prizes.saved"),
        )),
        Err(StoreError::Refused(Refusal::Prizes(error))) => {
            let errors = vec![prize_error(&ctx, &error)];
            again(ctx, errors)
        }
        Err(error) => Err(AppError::from_store(&ctx, error)),
    }
}

/// The rules the rows say; what does not read goes to `errors` with its row.
fn read_rules(
    ctx: &PageContext,
    category_rows: &[CategoryField],
    prize_rows: &[PrizeField],
    shared: SharedPlaces,
    currency: String,
    errors: &mut Vec<String>,
) -> PrizeRules {
    let row_error = |key: &str, row: usize, detail: String| {
        ctx.lang
            .t_with(key, &[("row", &row.to_string()), ("detail", &detail)])
    };
    // The position each category row of the form takes in the saved list.
    let mut positions: Vec<Option<usize>> = Vec::with_capacity(category_rows.len());
    let mut categories = Vec::new();
    for (index, row) in category_rows.iter().enumerate() {
        if row.kind.is_empty() {
            positions.push(None);
            continue;
        }
        if row.name.chars().count() > MAX_TEXT {
            errors.push(row_error(
                "prizes.error.category_row",
                index + 1,
                ctx.t_with_name("prizes.error.too_long", &MAX_TEXT.to_string()),
            ));
        }
        match CategoryRule::parse(&row.kind, &row.value) {
            Ok(rule) => {
                positions.push(Some(categories.len()));
                categories.push(Category {
                    name: row.name.clone(),
                    rule,
                });
            }
            Err(error) => {
                positions.push(None);
                errors.push(row_error(
                    "prizes.error.category_row",
                    index + 1,
                    ctx.t(&format!("prizes.error.{}", error.key())),
                ));
            }
        }
    }
    if categories.len() > MAX_CATEGORIES {
        errors.push(ctx.t_with_name(
            "prizes.error.too_many_categories",
            &MAX_CATEGORIES.to_string(),
        ));
    }
    let mut prizes: Vec<Prize> = Vec::new();
    for (index, row) in prize_rows.iter().enumerate() {
        if row.amount.is_empty() {
            continue;
        }
        let group = match row.group.as_str() {
            "overall" | "" => Some(PrizeGroup::Overall),
            code => code
                .strip_prefix('c')
                .and_then(|n| n.parse::<usize>().ok())
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| positions.get(i).copied().flatten())
                .map(PrizeGroup::Category),
        };
        let Some(group) = group else {
            errors.push(row_error(
                "prizes.error.prize_row",
                index + 1,
                ctx.t("prizes.error.removed_category"),
            ));
            continue;
        };
        let place = if row.place.is_empty() {
            prizes.iter().filter(|p| p.group == group).count() as u32 + 1
        } else {
            match row.place.parse::<u32>() {
                Ok(place) if (1..=MAX_PLACE).contains(&place) => place,
                _ => {
                    errors.push(row_error(
                        "prizes.error.prize_row",
                        index + 1,
                        ctx.t_with_name("prizes.error.place", &MAX_PLACE.to_string()),
                    ));
                    continue;
                }
            }
        };
        if row.amount.chars().count() > MAX_TEXT {
            errors.push(row_error(
                "prizes.error.prize_row",
                index + 1,
                ctx.t_with_name("prizes.error.too_long", &MAX_TEXT.to_string()),
            ));
            continue;
        }
        let amount = parse_amount(&row.amount);
        prizes.push(Prize {
            group,
            place,
            amount,
            label: if amount.is_some() {
                String::new()
            } else {
                row.amount.clone()
            },
        });
    }
    if prizes.len() > MAX_PRIZES {
        errors.push(ctx.t_with_name("prizes.error.too_many_prizes", &MAX_PRIZES.to_string()));
    }
    PrizeRules {
        categories,
        prizes,
        shared,
        currency,
    }
}
