//! What the prize pages share: the ranked standings with the prize list, and a prize list's
//! refusals in words.

use crate::db::prize_list::load_setup;
use crate::print::prize_list::category_name;
use crate::tournament::prizes::{
    CategoryRule, PrizeError, PrizeGroup, PrizeRules, PrizeSetup, SharedPlaces, amount_text,
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
