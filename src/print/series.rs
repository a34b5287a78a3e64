//! A series' ranking as a PDF ([`crate::tournament::series`]): the ranking (place, name,
//! series points counted, the score of every event — a score beyond the best N in brackets,
//! not counted), each category's ranking, then every player's trace: each score back to the
//! event, the place and the points there, and for the game-points scale the games.

use crate::print::layout::{Align, Canvas, Column, MARGIN, Orientation, PaperSize, Table};
use crate::print::{Language, PrintError, page_heading, points_text};
use crate::tournament::model::Color;
use crate::tournament::series::{Scale, SeriesRow, SeriesRules, category_ranking, values_text};

/// What the document prints.
#[derive(Debug, Clone)]
pub struct SeriesDocument {
    /// The series' name.
    pub name: String,
    /// The events' names, in order.
    pub events: Vec<String>,
    /// The categories' names, in the rules' order.
    pub categories: Vec<String>,
    /// The rules.
    pub rules: SeriesRules,
    /// The ranking ([`crate::tournament::series::rank_series`]).
    pub ranking: Vec<SeriesRow>,
}

/// The document as PDF bytes, headings in `language`.
pub fn series_pdf(
    document: &SeriesDocument,
    language: Language,
    paper: PaperSize,
) -> Result<Vec<u8>, PrintError> {
    let locale = language.code();
    let t = |key: &str| rust_i18n::t!(key, locale = locale).into_owned();
    let title = t("series.ranking");
    let mut canvas = Canvas::new(
        &document.name,
        paper,
        Orientation::Landscape,
        format!("{} · {}", document.name, language.text("printed_by")),
        language.text("page"),
        language.text("of"),
    )?;
    let rules_line = rules_text(document, locale);
    ranking_table(
        &mut canvas,
        document,
        &document.ranking,
        &title,
        &rules_line,
        locale,
    );
    for (index, name) in document.categories.iter().enumerate() {
        let members = category_ranking(&document.ranking, index);
        if members.is_empty() {
            continue;
        }
        canvas.new_page();
        let heading = format!("{title} · {name}");
        ranking_table(
            &mut canvas,
            document,
            &members,
            &heading,
            &rules_line,
            locale,
        );
    }
    canvas.new_page();
    trace_table(
        &mut canvas,
        document,
        &t("series.trace"),
        &rules_line,
        locale,
    );
    Ok(canvas.finish())
}

/// The scale and best N in words.
fn rules_text(document: &SeriesDocument, locale: &str) -> String {
    let t = |key: &str| rust_i18n::t!(key, locale = locale).into_owned();
    let scale = match &document.rules.scale {
        Scale::ByPlace { values, beyond } => t("series.scale_by_place")
            .replace("%{values}", &values_text(values))
            .replace("%{beyond}", &beyond.to_string()),
        Scale::ByGamePoints { multiplier } => {
            t("series.scale_by_game_points").replace("%{multiplier}", &multiplier.to_string())
        }
    };
    match document.rules.best {
        Some(best) => format!(
            "{scale} · {}",
            t("series.best_of")
                .replace("%{best}", &best.to_string())
                .replace("%{events}", &document.events.len().to_string())
        ),
        None => scale,
    }
}

fn ranking_table(
    canvas: &mut Canvas,
    document: &SeriesDocument,
    rows: &[SeriesRow],
    title: &str,
    details: &str,
    locale: &str,
) {
    let t = |key: &str| rust_i18n::t!(key, locale = locale).into_owned();
    let width = canvas.width() - 2.0 * MARGIN;
    let events = document.events.len();
    let event_width = 14.0;
    let name_width = (width - 12.0 - 18.0 - event_width * events as f32).clamp(50.0, 90.0);
    let mut columns = vec![
        Column::new(t("series.place"), 12.0, Align::Right),
        Column::new(t("series.name"), name_width, Align::Left),
        Column::new(t("series.total"), 18.0, Align::Right).bold(),
    ];
    for index in 1..=events {
        columns.push(Column::new(index.to_string(), event_width, Align::Right));
    }
    let table = Table {
        columns,
        fixed: 3,
        font_size: 8.5,
        row_height: 5.5,
        zebra: true,
    };
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            let mut line = vec![
                row.rank.to_string(),
                row.person.name.clone(),
                row.total.to_string(),
            ];
            for event in 0..events {
                line.push(match row.score_in(event) {
                    Some(score) if score.counted => score.series_points.to_string(),
                    Some(score) => format!("({})", score.series_points),
                    None => "–".to_owned(),
                });
            }
            line
        })
        .collect();
    let legend: Vec<String> = document
        .events
        .iter()
        .enumerate()
        .map(|(index, name)| format!("{} {name}", index + 1))
        .collect();
    let details = format!("{details} · {}", legend.join(" · "));
    table.draw(canvas, &cells, &mut |canvas| {
        page_heading(canvas, &document.name, title, &details)
    });
}

fn trace_table(
    canvas: &mut Canvas,
    document: &SeriesDocument,
    title: &str,
    details: &str,
    locale: &str,
) {
    let t = |key: &str| rust_i18n::t!(key, locale = locale).into_owned();
    let games = matches!(document.rules.scale, Scale::ByGamePoints { .. });
    let width = canvas.width() - 2.0 * MARGIN;
    let mut columns = vec![
        Column::new(t("series.place"), 12.0, Align::Right),
        Column::new(t("series.name"), 50.0, Align::Left),
        Column::new(t("series.event"), 55.0, Align::Left),
        Column::new(t("series.event_place"), 16.0, Align::Right),
        Column::new(t("series.event_points"), 16.0, Align::Right),
        Column::new(t("series.series_points"), 18.0, Align::Right).bold(),
        Column::new(t("series.counted"), 22.0, Align::Left),
    ];
    if games {
        let used: f32 = columns.iter().map(|c| c.width).sum();
        columns.push(Column::new(
            t("series.games"),
            (width - used).max(40.0),
            Align::Left,
        ));
    }
    let table = Table {
        columns,
        fixed: 2,
        font_size: 7.5,
        row_height: 5.0,
        zebra: true,
    };
    let mut cells = Vec::new();
    for row in &document.ranking {
        for (index, score) in row.scores.iter().enumerate() {
            let mut line = vec![
                if index == 0 {
                    row.rank.to_string()
                } else {
                    String::new()
                },
                if index == 0 {
                    row.person.name.clone()
                } else {
                    String::new()
                },
                document
                    .events
                    .get(score.event)
                    .cloned()
                    .unwrap_or_default(),
                if score.sharing > 1 {
                    format!("{}.–{}.", score.place, score.place + score.sharing - 1)
                } else {
                    format!("{}.", score.place)
                },
                points_text(score.event_points),
                score.series_points.to_string(),
                if score.counted {
                    t("series.yes")
                } else {
                    t("series.not_counted")
                },
            ];
            if games {
                line.push(
                    score
                        .games
                        .iter()
                        .map(|game| {
                            let colour = match game.color {
                                Some(Color::White) => t("series.white"),
                                Some(Color::Black) => t("series.black"),
                                None => String::new(),
                            };
                            format!(
                                "{} {} {} {}",
                                game.round,
                                game.opponent.clone().unwrap_or_else(|| t("series.bye")),
                                colour,
                                points_text(game.points)
                            )
                        })
                        .collect::<Vec<_>>()
                        .join("; "),
                );
            }
            cells.push(line);
        }
    }
    table.draw(canvas, &cells, &mut |canvas| {
        page_heading(canvas, &document.name, title, details)
    });
}
