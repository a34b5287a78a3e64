//! What the prize pages share: the ranked standings with the prize list, and a prize list's
//! refusals in words.

use crate::db::prize_list::load_setup;
use crate::print::prize_list::category_name;
use crate::tournament::prizes::{
    Category, CategoryRule, Prize, PrizeError, PrizeGroup, PrizeRules, PrizeSetup, SharedPlaces,
    amount_text, parse_amount,
};
use crate::web::pages::standings::{Ranked, load_ranked};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext};
use askama::Template;

/// The message of a prize list that does not hold together, in the page's language.
pub fn prize_error(ctx: &PageContext, error: &PrizeError) -> String {
    let (key, prize, expected) = match error {
        PrizeError::UnknownCategory { prize } => ("prizes.error.unknown_category", prize, 0),
        PrizeError::ZeroPlace { prize } => ("prizes.error.zero_place", prize, 0),
        PrizeError::PlaceOutOfOrder { prize, expected } => {
            ("prizes.error.place_out_of_order", prize, *expected)
        }
        PrizeError::Empty { prize } => ("prizes.error.empty", prize, 0),
    };
    ctx.lang.t_with(
        key,
        &[
            ("prize", &prize.to_string()),
            ("place", &expected.to_string()),
        ],
    )
}

/// A tournament loaded for the standings with its prize setup.
pub async fn load_with_prizes(
    state: &AppState,
    user: Option<crate::db::models::User>,
    id: i32,
) -> Result<(Ranked, PrizeSetup), AppError> {
    let ranked = load_ranked(state, user, id).await?;
    let data = ranked.data.clone();
    let setup = state.db(move |conn| Ok(load_setup(conn, &data)?)).await?;
    Ok((ranked, setup))
}

/// Blank category rows offered for new categories.
pub const BLANK_CATEGORIES: usize = 3;

/// Blank prize rows offered for new prizes.
pub const BLANK_PRIZES: usize = 5;

/// The most categories a tournament may define.
pub const MAX_CATEGORIES: usize = 50;
/// The most prizes a list may hold.
pub const MAX_PRIZES: usize = 300;
/// The longest name, label or currency, in characters.
pub const MAX_TEXT: usize = 60;
/// The highest place a prize may be for.
pub const MAX_PLACE: u32 = 1000;

/// The values of the repeated field `key` of a form sent as pairs, trimmed, in order.
pub fn field_values(fields: &[(String, String)], key: &str) -> Vec<String> {
    fields
        .iter()
        .filter(|(k, _)| k == key)
        .map(|(_, v)| v.trim().to_owned())
        .collect()
}

/// The first value of the field `key` (empty when there is none).
pub fn field_value(fields: &[(String, String)], key: &str) -> String {
    field_values(fields, key)
        .into_iter()
        .next()
        .unwrap_or_default()
}

/// The category rows of a form (`category_name`, `category_kind`, `category_value`), one per
/// kind field, as typed (the prize list's form and a series' form).
pub fn category_rows(fields: &[(String, String)]) -> Vec<CategoryField> {
    let (names, kinds, values) = (
        field_values(fields, "category_name"),
        field_values(fields, "category_kind"),
        field_values(fields, "category_value"),
    );
    kinds
        .iter()
        .enumerate()
        .map(|(i, kind)| CategoryField {
            name: names.get(i).cloned().unwrap_or_default(),
            kind: kind.clone(),
            value: values.get(i).cloned().unwrap_or_default(),
        })
        .collect()
}

/// The prize list's form as typed: its rows, how shared places are paid, the currency.
#[derive(Debug, Clone, Default)]
pub struct PrizesForm {
    /// The category rows.
    pub categories: Vec<CategoryField>,
    /// The prize rows.
    pub prizes: Vec<PrizeField>,
    /// The shared places' rule as sent.
    pub shared: String,
    /// The currency.
    pub currency: String,
}

impl PrizesForm {
    /// The form of `fields`.
    pub fn of(fields: &[(String, String)]) -> PrizesForm {
        let (groups, places, amounts) = (
            field_values(fields, "prize_group"),
            field_values(fields, "prize_place"),
            field_values(fields, "prize_amount"),
        );
        PrizesForm {
            categories: category_rows(fields),
            prizes: amounts
                .iter()
                .enumerate()
                .map(|(i, amount)| PrizeField {
                    group: groups.get(i).cloned().unwrap_or_default(),
                    place: places.get(i).cloned().unwrap_or_default(),
                    amount: amount.clone(),
                })
                .collect(),
            shared: field_value(fields, "shared"),
            currency: field_value(fields, "currency"),
        }
    }

    /// The rules the form says, checked as a whole ([`PrizeRules::check`]); or every row
    /// that does not read, named with what to fix, in the page's language.
    ///
    /// Rows: a category without a kind is left out (that is how one is removed); a prize
    /// without an amount is left out; a prize without a place takes its group's next place.
    /// Prizes name categories by their number in the form as it was shown, so removing a
    /// category keeps the other prizes on their categories, and a prize of a removed category
    /// is refused.
    pub fn rules(&self, ctx: &PageContext) -> Result<PrizeRules, Vec<String>> {
        let mut errors = Vec::new();
        let shared = SharedPlaces::parse(&self.shared).unwrap_or_else(|| {
            errors.push(ctx.t("prizes.error.rule"));
            SharedPlaces::TieBreak
        });
        if self.currency.chars().count() > MAX_TEXT {
            errors.push(ctx.t_with_name("prizes.error.too_long", &MAX_TEXT.to_string()));
        }
        let rules = read_rules(
            ctx,
            &self.categories,
            &self.prizes,
            shared,
            self.currency.clone(),
            &mut errors,
        );
        if errors.is_empty()
            && let Err(error) = rules.check()
        {
            errors.push(prize_error(ctx, &error));
        }
        if errors.is_empty() {
            Ok(rules)
        } else {
            Err(errors)
        }
    }
}

/// A category row as typed.
#[derive(Debug, Clone, Default)]
pub struct CategoryField {
    /// The organiser's name.
    pub name: String,
    /// [`CategoryRule::KINDS`] or empty (an unused row).
    pub kind: String,
    /// The age, band, club or federation.
    pub value: String,
}

/// A prize row as typed.
#[derive(Debug, Clone, Default)]
pub struct PrizeField {
    /// `overall` or `cN` (the N-th category of the list as shown).
    pub group: String,
    /// The place (empty: the group's next).
    pub place: String,
    /// The amount, or what the prize is.
    pub amount: String,
}

/// The form page.
#[derive(Template)]
#[template(path = "prizes/edit.html")]
pub struct PrizesEditPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The category rows.
    pub categories: Vec<CategoryField>,
    /// The prize rows.
    pub prizes: Vec<PrizeField>,
    /// The groups a prize may be for: (code, name).
    pub groups: Vec<(String, String)>,
    /// The kinds of category: (code, words).
    pub kinds: Vec<(String, String)>,
    /// The rule for shared places ([`SharedPlaces::code`]).
    pub shared: String,
    /// The rules: (code, words).
    pub rules: Vec<(String, String)>,
    /// The currency.
    pub currency: String,
    /// What to fix.
    pub errors: Vec<String>,
}

impl PrizesEditPage {
    /// The form with `categories` and `prizes` as typed (blank rows added).
    pub fn new(
        ctx: PageContext,
        header: TournamentHeader,
        mut categories: Vec<CategoryField>,
        mut prizes: Vec<PrizeField>,
        shared: String,
        currency: String,
        errors: Vec<String>,
    ) -> PrizesEditPage {
        let mut groups = vec![("overall".to_owned(), ctx.t("prizes.overall"))];
        for (index, category) in categories.iter().enumerate() {
            if category.kind.is_empty() {
                continue;
            }
            let name = CategoryRule::parse(&category.kind, &category.value)
                .map(|rule| {
                    category_name(
                        ctx.lang_code(),
                        &crate::tournament::prizes::Category {
                            name: category.name.clone(),
                            rule,
                        },
                    )
                })
                .unwrap_or_else(|_| category.name.clone());
            groups.push((format!("c{}", index + 1), name));
        }
        categories.extend(std::iter::repeat_n(
            CategoryField::default(),
            BLANK_CATEGORIES,
        ));
        prizes.extend(std::iter::repeat_n(
            PrizeField {
                group: "overall".to_owned(),
                ..PrizeField::default()
            },
            BLANK_PRIZES,
        ));
        let kinds = CategoryRule::KINDS
            .iter()
            .map(|kind| {
                (
                    kind.to_string(),
                    ctx.t(&format!("prizes.kind_option.{kind}")),
                )
            })
            .collect();
        let rules = SharedPlaces::ALL
            .iter()
            .map(|rule| {
                (
                    rule.code().to_owned(),
                    ctx.t(&format!("prizes.shared.{}", rule.code())),
                )
            })
            .collect();
        PrizesEditPage {
            ctx,
            header,
            categories,
            prizes,
            groups,
            kinds,
            shared,
            rules,
            currency,
            errors,
        }
    }

    /// The form for stored `rules`.
    pub fn stored(
        ctx: PageContext,
        header: TournamentHeader,
        rules: &PrizeRules,
    ) -> PrizesEditPage {
        let categories = rules
            .categories
            .iter()
            .map(|category| CategoryField {
                name: category.name.clone(),
                kind: category.rule.kind().to_owned(),
                value: category.rule.value(),
            })
            .collect();
        let prizes = rules
            .prizes
            .iter()
            .map(|prize| PrizeField {
                group: match prize.group {
                    PrizeGroup::Overall => "overall".to_owned(),
                    PrizeGroup::Category(index) => format!("c{}", index + 1),
                },
                place: prize.place.to_string(),
                amount: match prize.amount {
                    Some(amount) => amount_text(amount, ""),
                    None => prize.label.clone(),
                },
            })
            .collect();
        PrizesEditPage::new(
            ctx,
            header,
            categories,
            prizes,
            rules.shared.code().to_owned(),
            rules.currency.clone(),
            Vec::new(),
        )
    }
}

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
    let (categories, positions) = read_categories(ctx, category_rows, MAX_CATEGORIES, errors);
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

/// The categories the rows say (a row without a kind is left out), at most `max`; what does
/// not read goes to `errors` with its row. Also the position each row takes in the list
/// (`None` for a row left out or refused), by which prizes name their category.
pub fn read_categories(
    ctx: &PageContext,
    category_rows: &[CategoryField],
    max: usize,
    errors: &mut Vec<String>,
) -> (Vec<Category>, Vec<Option<usize>>) {
    let row_error = |row: usize, detail: String| {
        ctx.lang.t_with(
            "prizes.error.category_row",
            &[("row", &row.to_string()), ("detail", &detail)],
        )
    };
    let mut positions: Vec<Option<usize>> = Vec::with_capacity(category_rows.len());
    let mut categories = Vec::new();
    for (index, row) in category_rows.iter().enumerate() {
        if row.kind.is_empty() {
            positions.push(None);
            continue;
        }
        if row.name.chars().count() > MAX_TEXT {
            errors.push(row_error(
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
                    index + 1,
                    ctx.t(&format!("prizes.error.{}", error.key())),
                ));
            }
        }
    }
    if categories.len() > max {
        errors.push(ctx.t_with_name("prizes.error.too_many_categories", &max.to_string()));
    }
    (categories, positions)
}
