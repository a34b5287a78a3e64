//! A series as pages show it: the organiser's list and edit form, the public ranking (overall
//! and by category) and a player's trace — every score back to its event, and for the
//! game-points scale the games. The ranking is the pure core's
//! ([`crate::tournament::series`]) over the events' public state documents
//! ([`crate::db::read::series`]).

use askama::Template;

use crate::db::models::TournamentRow;
use crate::db::models::series::SeriesSettings;
use crate::db::read::series::SeriesData;
use crate::print::prize_list::category_name;
use crate::tournament::model::Color;
use crate::tournament::prizes::CategoryRule;
use crate::tournament::series::{MAX_EVENTS, parse_values};
use crate::tournament::series::{Scale, SeriesPoints, SeriesRow, category_ranking, values_text};
use crate::web::pages::prizes::{CategoryField, category_rows, field_value, read_categories};
use crate::web::{AppError, AppState, PageContext};

/// One series on the organiser's list.
#[derive(Debug, Clone)]
pub struct SeriesListRow {
    /// Row id (the edit page).
    pub id: i32,
    /// Name.
    pub name: String,
    /// The public page's id.
    pub public_id: String,
}

/// `/series`: the organiser's series and the form for a new one.
#[derive(Template)]
#[template(path = "series/list.html")]
pub struct SeriesListPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The series, newest first.
    pub series: Vec<SeriesListRow>,
    /// What to fix in the form for a new series.
    pub errors: Vec<String>,
}

/// An event on the edit page.
#[derive(Debug, Clone)]
pub struct EventLine {
    /// The row id (remove, move).
    pub id: i32,
    /// Its name.
    pub title: String,
    /// An imported file (not one of this server's tournaments).
    pub imported: bool,
    /// Its document is read (an own tournament not published is not).
    pub counted: bool,
}

/// `/series/{id}/edit`: the rules, the events, adding a tournament or a file.
#[derive(Template)]
#[template(path = "series/edit.html")]
pub struct SeriesEditPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The series' id.
    pub id: i32,
    /// Its public id.
    pub public_id: String,
    /// Name as typed.
    pub name: String,
    /// `place` or `game_points`.
    pub scale_kind: String,
    /// The place values as typed.
    pub values: String,
    /// A place beyond the list, as typed.
    pub beyond: String,
    /// The game points multiplier, as typed.
    pub multiplier: String,
    /// Best N as typed (empty: all).
    pub best: String,
    /// The category rows (with blank rows to add more).
    pub categories: Vec<CategoryField>,
    /// The category kinds with their words.
    pub kinds: Vec<(String, String)>,
    /// The events in order.
    pub events: Vec<EventLine>,
    /// The organiser's tournaments not in the series yet (id, name).
    pub tournaments: Vec<(i32, String)>,
    /// What to fix.
    pub errors: Vec<String>,
}

/// Blank category rows the form offers beyond the saved ones.
const BLANK_CATEGORIES: usize = 2;

impl SeriesEditPage {
    /// The form as stored, with `tournaments` to add.
    pub fn stored(ctx: PageContext, data: &SeriesData, tournaments: Vec<(i32, String)>) -> Self {
        let series = &data.series;
        let (values, beyond, multiplier) = match series.scale() {
            Scale::ByPlace { values, beyond } => {
                (values_text(&values), beyond.to_string(), "1".to_owned())
            }
            Scale::ByGamePoints { multiplier } => (
                values_text(&crate::db::models::series::default_values()),
                "0".to_owned(),
                multiplier.to_string(),
            ),
        };
        let categories = series
            .category_list()
            .iter()
            .map(|c| CategoryField {
                name: c.name.clone(),
                kind: c.rule.kind().to_owned(),
                value: c.rule.value(),
            })
            .collect();
        let mut page = SeriesEditPage {
            id: series.id.0,
            public_id: series.public_id.clone(),
            name: series.name.clone(),
            scale_kind: series.scale().kind().to_owned(),
            values,
            beyond,
            multiplier,
            best: series.best().map(|n| n.to_string()).unwrap_or_default(),
            categories,
            kinds: Vec::new(),
            events: event_lines(data),
            tournaments,
            errors: Vec::new(),
            ctx,
        };
        page.finish();
        page
    }

    /// Adds the blank rows and the words of the kinds.
    pub fn finish(&mut self) {
        self.categories.extend(std::iter::repeat_n(
            CategoryField::default(),
            BLANK_CATEGORIES,
        ));
        self.kinds = CategoryRule::KINDS
            .iter()
            .map(|kind| {
                (
                    (*kind).to_owned(),
                    self.ctx.t(&format!("prizes.kind_option.{kind}")),
                )
            })
            .collect();
    }
}

/// The events of `data` as the edit page lists them.
pub fn event_lines(data: &SeriesData) -> Vec<EventLine> {
    data.events
        .iter()
        .map(|event| EventLine {
            id: event.row.id.0,
            title: event.title.clone(),
            imported: event.row.tournament_id.is_none(),
            counted: event.state.is_some(),
        })
        .collect()
}

/// One event's cell of a ranking line.
#[derive(Debug, Clone)]
pub struct ScoreCell {
    /// The series points, localised; empty when the player did not play the event.
    pub points: String,
    /// The place in the event (`3.`), empty when not played.
    pub place: String,
    /// Counted in the total.
    pub counted: bool,
}

/// One line of the public ranking.
#[derive(Debug, Clone)]
pub struct RankLine {
    /// The place (shared places repeat).
    pub rank: u32,
    /// The player's position in the overall ranking (the trace's address).
    pub position: usize,
    /// Name.
    pub name: String,
    /// Federation.
    pub federation: String,
    /// Series points counted, localised.
    pub total: String,
    /// One cell per event.
    pub cells: Vec<ScoreCell>,
}

/// `/series/{public_id}`: the ranking, overall or of a category.
#[derive(Template)]
#[template(path = "series/show.html")]
pub struct SeriesPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The series' name.
    pub name: String,
    /// Its public id.
    pub public_id: String,
    /// The scale in words.
    pub scale: String,
    /// "Best 3 of 4 count", empty when every score counts.
    pub best: String,
    /// The events' names, in order.
    pub events: Vec<String>,
    /// The categories (number from 1, name), for the filter.
    pub categories: Vec<(usize, String)>,
    /// The category shown (number from 1), 0: overall.
    pub category: usize,
    /// The ranking lines.
    pub rows: Vec<RankLine>,
}

impl SeriesPage {
    /// The page of `data`, overall (`category` 0) or of category `category` (from 1).
    pub fn new(ctx: PageContext, data: &SeriesData, category: usize) -> SeriesPage {
        let ranking = data.ranking();
        let rules = data.rules();
        let shown: Vec<SeriesRow> = match category.checked_sub(1) {
            Some(index) if index < rules.categories.len() => category_ranking(&ranking, index),
            _ => ranking.clone(),
        };
        let events = data.events.len();
        let rows = shown
            .iter()
            .map(|row| RankLine {
                rank: row.rank,
                position: ranking
                    .iter()
                    .position(|r| r.person == row.person && r.scores == row.scores)
                    .map_or(0, |p| p + 1),
                name: row.person.name.clone(),
                federation: row.person.federation.clone(),
                total: points(&ctx, row.total),
                cells: (0..events)
                    .map(|event| match row.score_in(event) {
                        Some(score) => ScoreCell {
                            points: points(&ctx, score.series_points),
                            place: format!("{}.", score.place),
                            counted: score.counted,
                        },
                        None => ScoreCell {
                            points: String::new(),
                            place: String::new(),
                            counted: false,
                        },
                    })
                    .collect(),
            })
            .collect();
        SeriesPage {
            name: data.series.name.clone(),
            public_id: data.series.public_id.clone(),
            scale: scale_text(&ctx, &rules.scale),
            best: best_text(&ctx, rules.best, events),
            events: data.events.iter().map(|e| e.title.clone()).collect(),
            categories: rules
                .categories
                .iter()
                .enumerate()
                .map(|(index, c)| (index + 1, category_name(ctx.lang_code(), c)))
                .collect(),
            category: if category <= rules.categories.len() {
                category
            } else {
                0
            },
            rows,
            ctx,
        }
    }
}

/// Series points in the reader's way (`22,5` in Czech).
pub fn points(ctx: &PageContext, value: SeriesPoints) -> String {
    ctx.num(&value.to_string())
}

/// The scale in words.
pub fn scale_text(ctx: &PageContext, scale: &Scale) -> String {
    match scale {
        Scale::ByPlace { values, beyond } => ctx.lang.t_with(
            "series.scale_by_place",
            &[
                // `; ` between values: a decimal comma (`12,5` in Czech) stays readable.
                (
                    "values",
                    &values
                        .iter()
                        .map(|v| ctx.num(&v.to_string()))
                        .collect::<Vec<_>>()
                        .join("; "),
                ),
                ("beyond", &ctx.num(&beyond.to_string())),
            ],
        ),
        Scale::ByGamePoints { multiplier } => ctx.lang.t_with(
            "series.scale_by_game_points",
            &[("multiplier", &multiplier.to_string())],
        ),
    }
}

/// "The best N of M results count", empty when every one does.
pub fn best_text(ctx: &PageContext, best: Option<u32>, events: usize) -> String {
    match best {
        Some(n) => ctx.lang.t_with(
            "series.best_of",
            &[("best", &n.to_string()), ("events", &events.to_string())],
        ),
        None => String::new(),
    }
}

/// A game of the trace.
#[derive(Debug, Clone)]
pub struct GameView {
    /// The round.
    pub round: u32,
    /// The opponent, or the word for a bye.
    pub opponent: String,
    /// `W`, `B` in the reader's language, or empty.
    pub colour: String,
    /// The result from the player's side (`1`, `½`, `0`, `+`, `−`, or a bye's TRF letter:
    /// `H`, `F`, `U`, `Z`).
    pub result: String,
    /// The points it gave, localised.
    pub points: String,
}

/// One score of the trace.
#[derive(Debug, Clone)]
pub struct ScoreView {
    /// The event.
    pub event: String,
    /// The place there (`2.`, `2.–3.` when shared).
    pub place: String,
    /// The points scored there, localised.
    pub event_points: String,
    /// The series points, localised.
    pub series_points: String,
    /// Counted in the total.
    pub counted: bool,
    /// The games (shown for the game-points scale).
    pub games: Vec<GameView>,
}

/// `/series/{public_id}/players/{position}`: one player's scores, each traced.
#[derive(Template)]
#[template(path = "series/player.html")]
pub struct SeriesPlayerPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The series' name.
    pub series: String,
    /// Its public id.
    pub public_id: String,
    /// The player's name.
    pub name: String,
    /// Their place.
    pub rank: u32,
    /// Series points counted.
    pub total: String,
    /// The scale in words.
    pub scale: String,
    /// Best N of M in words.
    pub best: String,
    /// Show the games (the game-points scale).
    pub games: bool,
    /// The scores, in the order of the events.
    pub scores: Vec<ScoreView>,
}

impl SeriesPlayerPage {
    /// The trace of the player at `position` (from 1) of the overall ranking; `None` when
    /// there is none.
    pub fn new(ctx: PageContext, data: &SeriesData, position: usize) -> Option<SeriesPlayerPage> {
        let ranking = data.ranking();
        let row = ranking.get(position.checked_sub(1)?)?;
        let rules = data.rules();
        let scores = row
            .scores
            .iter()
            .map(|score| ScoreView {
                event: data
                    .events
                    .get(score.event)
                    .map(|e| e.title.clone())
                    .unwrap_or_default(),
                place: place_text(score.place, score.sharing),
                event_points: ctx.num(&score.event_points.to_string()),
                series_points: points(&ctx, score.series_points),
                counted: score.counted,
                games: score
                    .games
                    .iter()
                    .map(|game| GameView {
                        round: game.round,
                        opponent: game.opponent.clone().unwrap_or_else(|| ctx.t("series.bye")),
                        colour: match game.color {
                            Some(Color::White) => ctx.t("series.white"),
                            Some(Color::Black) => ctx.t("series.black"),
                            None => String::new(),
                        },
                        result: result_text(game.result),
                        points: ctx.num(&game.points.to_string()),
                    })
                    .collect(),
            })
            .collect();
        Some(SeriesPlayerPage {
            series: data.series.name.clone(),
            public_id: data.series.public_id.clone(),
            name: row.person.name.clone(),
            rank: row.rank,
            total: points(&ctx, row.total),
            scale: scale_text(&ctx, &rules.scale),
            best: best_text(&ctx, rules.best, data.events.len()),
            games: matches!(rules.scale, Scale::ByGamePoints { .. }),
            scores,
            ctx,
        })
    }
}

/// `2.`, or `2.–3.` for a place shared by two.
pub fn place_text(place: u32, sharing: u32) -> String {
    if sharing > 1 {
        format!("{place}.–{}.", place + sharing - 1)
    } else {
        format!("{place}.")
    }
}

/// A TRF result letter as the trace shows it.
pub fn result_text(code: char) -> String {
    match code {
        '1' | 'W' => "1",
        '=' | 'D' => "½",
        '0' | 'L' => "0",
        '+' => "+",
        '-' => "−",
        'H' => "H",
        'F' => "F",
        'U' => "U",
        'Z' => "Z",
        _ => "",
    }
    .to_owned()
}

/// The most tournaments the "add" list offers.
const OFFERED: i64 = 500;

/// The series organiser's individual tournaments not in the series yet (id, name).
pub async fn offered_tournaments(
    state: &AppState,
    data: &SeriesData,
) -> Result<Vec<(i32, String)>, AppError> {
    let owner = data.series.owner_id;
    let taken: Vec<_> = data
        .events
        .iter()
        .filter_map(|e| e.row.tournament_id)
        .collect();
    let rows = state
        .db(move |conn| Ok(TournamentRow::for_user(conn, owner, OFFERED)?))
        .await?;
    Ok(rows
        .into_iter()
        .filter(|t| t.owner_id == owner && !t.pairing_system.is_team() && !taken.contains(&t.id))
        .map(|t| (t.id.0, t.name))
        .collect())
}

/// The longest name, in characters.
pub const MAX_NAME: usize = 200;
/// The most place values.
pub const MAX_VALUES: usize = 500;
/// The most categories.
pub const MAX_CATEGORIES: usize = 30;
/// The highest multiplier.
pub const MAX_MULTIPLIER: u32 = 1000;

/// A series' rules as typed on its form.
#[derive(Debug, Clone, Default)]
pub struct SeriesForm {
    /// The name.
    pub name: String,
    /// `place` or `game_points`.
    pub scale_kind: String,
    /// The place values.
    pub values: String,
    /// What a place beyond them takes.
    pub beyond: String,
    /// The game points multiplier.
    pub multiplier: String,
    /// Best N (empty: all).
    pub best: String,
    /// The category rows.
    pub categories: Vec<CategoryField>,
}

impl SeriesForm {
    /// The form of `fields`.
    pub fn of(fields: &[(String, String)]) -> SeriesForm {
        let one = |key: &str| field_value(fields, key);
        SeriesForm {
            name: one("name"),
            scale_kind: one("scale_kind"),
            values: one("values"),
            beyond: one("beyond"),
            multiplier: one("multiplier"),
            best: one("best"),
            categories: category_rows(fields),
        }
    }

    /// The rules the form says: the name, the scale (place values and what a place beyond
    /// them takes, or game points times a multiplier), best N and the categories; or every
    /// field that does not read, in the page's language.
    pub fn settings(&self, ctx: &PageContext) -> Result<SeriesSettings, Vec<String>> {
        let mut errors = Vec::new();
        if self.name.is_empty() || self.name.chars().count() > MAX_NAME {
            errors.push(ctx.t_with_name("series.error.name", &MAX_NAME.to_string()));
        }
        let scale = match self.scale_kind.as_str() {
            "game_points" => match self.multiplier.parse::<u32>() {
                Ok(m) if (1..=MAX_MULTIPLIER).contains(&m) => {
                    Some(Scale::ByGamePoints { multiplier: m })
                }
                _ => {
                    errors.push(
                        ctx.t_with_name("series.error.multiplier", &MAX_MULTIPLIER.to_string()),
                    );
                    None
                }
            },
            "place" => {
                let list = parse_values(&self.values).filter(|v| v.len() <= MAX_VALUES);
                let beyond = if self.beyond.is_empty() {
                    Some(SeriesPoints::default())
                } else {
                    SeriesPoints::parse(&self.beyond)
                };
                if list.is_none() {
                    errors.push(ctx.t_with_name("series.error.values", &MAX_VALUES.to_string()));
                }
                if beyond.is_none() {
                    errors.push(ctx.t("series.error.beyond"));
                }
                list.zip(beyond)
                    .map(|(values, beyond)| Scale::ByPlace { values, beyond })
            }
            _ => {
                errors.push(ctx.t("series.error.scale"));
                None
            }
        };
        let best = if self.best.is_empty() {
            None
        } else {
            match self.best.parse::<u32>() {
                Ok(n) if (1..=MAX_EVENTS as u32).contains(&n) => Some(n),
                _ => {
                    errors.push(ctx.t_with_name("series.error.best", &MAX_EVENTS.to_string()));
                    None
                }
            }
        };
        let (categories, _) = read_categories(ctx, &self.categories, MAX_CATEGORIES, &mut errors);
        match scale {
            Some(scale) if errors.is_empty() => Ok(SeriesSettings {
                name: self.name.clone(),
                scale,
                best,
                categories,
            }),
            _ => Err(errors),
        }
    }
}
