//! `POST /series/{id}/edit`: saves the series' name, scale (place values and what a place
//! beyond them takes, or game points times a multiplier), best N and categories through
//! [`store::save_series_rules`]. What does not read comes back with the form as typed (422).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::series::SeriesSettings;
use crate::db::store;
use crate::tournament::prizes::{Category, CategoryRule};
use crate::tournament::series::{MAX_EVENTS, Scale, SeriesPoints, parse_values};
use crate::web::access::load_editable_series;
use crate::web::extractors::{CsrfForm, Organiser};
use crate::web::pages::prizes::{category_rows, field_value};
use crate::web::pages::series::{SeriesEditPage, event_lines, offered_tournaments};
use crate::web::{AppError, AppState, PageContext, render_page, see_other_with_notice};

/// The longest name, in characters.
pub const MAX_NAME: usize = 200;
/// The most place values.
pub const MAX_VALUES: usize = 500;
/// The most categories.
pub const MAX_CATEGORIES: usize = 30;
/// The highest multiplier.
pub const MAX_MULTIPLIER: u32 = 1000;

/// Saves the rules, or shows the form again with what to fix.
pub async fn save_series(
    ctx: PageContext,
    session: Session,
    user: Organiser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<Vec<(String, String)>>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, editor) = load_editable_series(&state, &user, id).await?;
    let CsrfForm(fields) = form;
    let one = |key: &str| field_value(&fields, key);
    let rows = category_rows(&fields);
    let mut errors = Vec::new();
    let name = one("name");
    if name.is_empty() || name.chars().count() > MAX_NAME {
        errors.push(ctx.t_with_name("series.error.name", &MAX_NAME.to_string()));
    }
    let (kind, place_values, beyond, multiplier, best) = (
        one("scale_kind"),
        one("values"),
        one("beyond"),
        one("multiplier"),
        one("best"),
    );
    let scale = match kind.as_str() {
        "game_points" => match multiplier.parse::<u32>() {
            Ok(m) if (1..=MAX_MULTIPLIER).contains(&m) => {
                Some(Scale::ByGamePoints { multiplier: m })
            }
            _ => {
                errors
                    .push(ctx.t_with_name("series.error.multiplier", &MAX_MULTIPLIER.to_string()));
                None
            }
        },
        "place" => {
            let list = parse_values(&place_values).filter(|v| v.len() <= MAX_VALUES);
            let beyond_value = if beyond.is_empty() {
                Some(SeriesPoints::default())
            } else {
                SeriesPoints::parse(&beyond)
            };
            if list.is_none() {
                errors.push(ctx.t_with_name("series.error.values", &MAX_VALUES.to_string()));
            }
            if beyond_value.is_none() {
                errors.push(ctx.t("series.error.beyond"));
            }
            list.zip(beyond_value)
                .map(|(values, beyond)| Scale::ByPlace { values, beyond })
        }
        _ => {
            errors.push(ctx.t("series.error.scale"));
            None
        }
    };
    let best_n = if best.is_empty() {
        None
    } else {
        match best.parse::<u32>() {
            Ok(n) if (1..=MAX_EVENTS as u32).contains(&n) => Some(n),
            _ => {
                errors.push(ctx.t_with_name("series.error.best", &MAX_EVENTS.to_string()));
                None
            }
        }
    };
    let mut categories = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        if row.kind.is_empty() {
            continue;
        }
        match CategoryRule::parse(&row.kind, &row.value) {
            Ok(rule) if row.name.chars().count() <= 60 => categories.push(Category {
                name: row.name.clone(),
                rule,
            }),
            Ok(_) => errors.push(ctx.lang.t_with(
                "prizes.error.category_row",
                &[
                    ("row", &(index + 1).to_string()),
                    ("detail", &ctx.t_with_name("prizes.error.too_long", "60")),
                ],
            )),
            Err(error) => errors.push(ctx.lang.t_with(
                "prizes.error.category_row",
                &[
                    ("row", &(index + 1).to_string()),
                    ("detail", &ctx.t(&format!("prizes.error.{}", error.key()))),
                ],
            )),
        }
    }
    if categories.len() > MAX_CATEGORIES {
        errors.push(ctx.t_with_name(
            "prizes.error.too_many_categories",
            &MAX_CATEGORIES.to_string(),
        ));
    }
    let Some(scale) = scale.filter(|_| errors.is_empty()) else {
        let tournaments = offered_tournaments(&state, &data).await?;
        let mut page = SeriesEditPage {
            id,
            public_id: data.series.public_id.clone(),
            name,
            scale_kind: kind,
            values: place_values,
            beyond,
            multiplier,
            best,
            categories: rows,
            kinds: Vec::new(),
            events: event_lines(&data),
            tournaments,
            errors,
            ctx,
        };
        page.finish();
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    };
    let settings = SeriesSettings {
        name,
        scale,
        best: best_n,
        categories,
    };
    let series = data.series.id;
    state
        .write(&ctx, move |conn| {
            store::save_series_rules(conn, series, settings, editor)
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/series/{id}/edit"),
        ctx.t("series.saved"),
    ))
}
