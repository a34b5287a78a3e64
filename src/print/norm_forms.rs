//! FIDE's paperwork of title norms (Title Regulations B.01, edition of 1 January 2024, Art. 1.4;
//! the forms IT1 and IT3 of its annex), from the verdicts of [`crate::tournament::norms`]:
//!
//! - [`certificate`], the certificate of a title result (IT1): one page per norm a player made,
//!   with the player, the event, every game counted (round, colour, opponent with title,
//!   federation, FIDE ID, rating, result) and the norm's figures — games counted and what they
//!   count as (1.4.1), points and percentage, `Ra` with the opponent raised to the rating floor
//!   (1.4.6–1.4.7), `dp` and `Rp` (1.4.8–1.4.9), federations (1.4.3–1.4.4), titled opponents
//!   (1.4.5), rounds not counted (1.4.2) or left out (1.4.1e–f); boxes for the chief arbiter's
//!   and the federation's signatures.
//! - [`tournament_report`], the tournament report (IT3): the event and its arbiters, the players
//!   (rated, federations, titles, the counts of Art. 1.4.3d) and the norms made, with signature
//!   boxes.

use crate::formats::trf::ReportHeader;
use crate::print::layout::{Align, Canvas, Column, MARGIN, Orientation, Table};
use crate::print::{DocumentInput, Language, PrintError, details_line, page_heading, points_text};
use crate::tournament::norms::{self, NormFigures, NormSettings, PlayerNorms};
use crate::tournament::{Color, PlayerId, Points, Tournament};

/// What the norm forms print beyond the tournament: the event's report records (TRF `022`–`132`)
/// and the facts of B.01 that depend on the event (host federation, round robin, Art. 1.4.3a–c).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NormEvent {
    /// City, federation, dates, type, chief arbiter, deputies, time control.
    pub header: ReportHeader,
    /// The settings the verdicts are computed with.
    pub settings: NormSettings,
}

/// One label and its value on a form; a wide one takes the whole line.
struct Field {
    label: String,
    value: String,
    wide: bool,
}

impl Field {
    fn new(label: String, value: impl Into<String>) -> Field {
        Field {
            label,
            value: value.into(),
            wide: false,
        }
    }

    fn wide(label: String, value: impl Into<String>) -> Field {
        Field {
            label,
            value: value.into(),
            wide: true,
        }
    }
}

const FIELD_ROW: f32 = 6.0;
const LABEL_WIDTH: f32 = 40.0;

/// A section heading at `top`; returns the y below it.
fn section(canvas: &mut Canvas, top: f32, title: &str) -> f32 {
    let width = canvas.width() - 2.0 * MARGIN;
    canvas.text_in(MARGIN, top + 4.5, width, Align::Left, 10.0, true, title);
    canvas.line(MARGIN, top + 6.0, MARGIN + width, top + 6.0, 0.8);
    top + 6.5
}

/// Labels and values, two to a line (a wide field alone); returns the y below them.
fn fields(canvas: &mut Canvas, top: f32, list: &[Field]) -> f32 {
    let width = canvas.width() - 2.0 * MARGIN;
    let half = width / 2.0;
    let mut y = top;
    let mut column = 0;
    for field in list {
        if field.wide && column == 1 {
            canvas.line(MARGIN, y + FIELD_ROW, MARGIN + width, y + FIELD_ROW, 0.25);
            y += FIELD_ROW;
            column = 0;
        }
        let x = MARGIN + half * column as f32;
        let room = if field.wide { width } else { half };
        canvas.text_in(
            x,
            y + 4.2,
            LABEL_WIDTH,
            Align::Left,
            7.5,
            true,
            &field.label,
        );
        canvas.text_in(
            x + LABEL_WIDTH,
            y + 4.2,
            room - LABEL_WIDTH,
            Align::Left,
            9.0,
            false,
            &field.value,
        );
        if field.wide || column == 1 {
            canvas.line(MARGIN, y + FIELD_ROW, MARGIN + width, y + FIELD_ROW, 0.25);
            y += FIELD_ROW;
            column = 0;
        } else {
            column = 1;
        }
    }
    if column == 1 {
        canvas.line(MARGIN, y + FIELD_ROW, MARGIN + width, y + FIELD_ROW, 0.25);
        y += FIELD_ROW;
    }
    y + 2.0
}

/// The head of a form's pages: the title block on every page; on the first page only, the
/// sections of fields and then the title of the table that follows them.
struct FormHead<'a> {
    event: &'a str,
    title: &'a str,
    details: &'a str,
    sections: Vec<(String, &'a [Field])>,
    table: String,
    drawn: bool,
    /// Where the table of the last page drawn begins.
    table_top: f32,
}

impl FormHead<'_> {
    /// Draws the head of a new page; returns the y where the page's table begins.
    fn draw(&mut self, canvas: &mut Canvas) -> f32 {
        let mut y = page_heading(canvas, self.event, self.title, self.details);
        if !self.drawn {
            self.drawn = true;
            for (name, list) in &self.sections {
                y = section(canvas, y, name);
                y = fields(canvas, y, list);
            }
            y = section(canvas, y, &self.table);
        }
        self.table_top = y;
        y
    }

    /// Draws `rows` in `table` under this head, over as many pages as they need; returns the
    /// y below the last row (0 when there is none).
    fn table(&mut self, canvas: &mut Canvas, table: &Table, rows: &[Vec<String>]) -> f32 {
        let mut end = 0.0_f32;
        let row_height = table.row_height;
        table.draw_with(canvas, rows, &mut |c| self.draw(c), &mut |_, _, top| {
            end = top + row_height;
        });
        end
    }
}

/// Boxes for signatures side by side, each with its label and a name in it, a line to sign
/// on and "Date · Signature" under it; at the foot of the page, or on a new page when the
/// content reaches there.
fn signatures(
    canvas: &mut Canvas,
    y: f32,
    language: Language,
    boxes: &[(String, String)],
    heading: &mut dyn FnMut(&mut Canvas) -> f32,
) {
    let height = 26.0;
    let top = if y + height + 4.0 > canvas.bottom() {
        canvas.new_page();
        heading(canvas) + 4.0
    } else {
        (canvas.bottom() - height).max(y + 4.0)
    };
    let width = canvas.width() - 2.0 * MARGIN;
    let gap = 6.0;
    let count = boxes.len().max(1) as f32;
    let box_width = (width - gap * (count - 1.0)) / count;
    let under = format!("{} · {}", language.text("date"), language.text("signature"));
    for (index, (label, name)) in boxes.iter().enumerate() {
        let x = MARGIN + (box_width + gap) * index as f32;
        canvas.frame(x, top, box_width, height, 0.5);
        canvas.text_in(x, top + 4.5, box_width, Align::Left, 8.0, true, label);
        canvas.text_in(x, top + 9.5, box_width, Align::Left, 9.0, false, name);
        let line_y = top + height - 6.0;
        canvas.dashed_line(x + 2.0, line_y, x + box_width - 2.0, line_y);
        canvas.text_in(
            x,
            top + height - 1.5,
            box_width,
            Align::Left,
            7.0,
            false,
            &under,
        );
    }
}

/// `tournament` with the results of its first `round` rounds only: the norms after that round.
pub fn after_round(tournament: &Tournament, round: u32) -> Tournament {
    let mut cut = tournament.clone();
    for player in &mut cut.players {
        player.rounds.truncate(round as usize);
    }
    cut
}

/// A score in half points as printed (`6½`).
fn half_points_text(half_points: u32) -> String {
    points_text(Points(
        i32::try_from(half_points).unwrap_or(i32::MAX / 5) * 5,
    ))
}

/// The event's dates: `2026-11-21 – 2026-11-29`, one date, or empty.
fn dates_text(header: &ReportHeader) -> String {
    match (header.start_date, header.end_date) {
        (Some(start), Some(end)) if start != end => format!("{start} – {end}"),
        (Some(date), _) | (None, Some(date)) => date.to_string(),
        (None, None) => String::new(),
    }
}

/// `text`, or a dash when it is empty.
fn or_dash(text: impl Into<String>) -> String {
    let text = text.into();
    if text.trim().is_empty() {
        "—".to_owned()
    } else {
        text
    }
}

/// The verdicts of `player` under the event's settings.
fn verdicts_of(tournament: &Tournament, settings: &NormSettings, player: PlayerId) -> PlayerNorms {
    norms::evaluate(tournament, settings)
        .into_iter()
        .find(|p| p.player == player)
        .unwrap_or(PlayerNorms {
            player,
            excluded: Vec::new(),
            verdicts: Vec::new(),
        })
}

/// The event's facts, shared by both forms.
fn event_fields(tournament: &Tournament, input: &DocumentInput) -> Vec<Field> {
    let language = input.language;
    let header = &input.norm_event.header;
    let city = if header.city.trim().is_empty() {
        input.place.clone()
    } else {
        header.city.clone()
    };
    let rounds = tournament.total_rounds.max(tournament.rounds_paired());
    vec![
        Field::wide(
            language.text("event"),
            input.event_name(tournament).to_owned(),
        ),
        Field::new(language.text("place"), or_dash(city)),
        Field::new(
            language.text("host_federation"),
            or_dash(header.federation.clone()),
        ),
        Field::new(language.text("dates"), or_dash(dates_text(header))),
        Field::new(language.text("rounds_count"), rounds.to_string()),
        Field::new(
            language.text("tournament_type"),
            or_dash(header.kind.clone()),
        ),
        Field::new(
            language.text("time_control"),
            or_dash(header.time_control.clone()),
        ),
        Field::wide(language.text("arbiter"), or_dash(chief_arbiter(input))),
    ]
}

/// The boxes for the signatures: the chief arbiter's and the host federation's.
fn signature_boxes(input: &DocumentInput) -> Vec<(String, String)> {
    let language = input.language;
    vec![
        (language.text("arbiter"), chief_arbiter(input)),
        (
            language.text("federation_official"),
            input.norm_event.header.federation.clone(),
        ),
    ]
}

/// The chief arbiter: the report's `102`, else the document input's.
fn chief_arbiter(input: &DocumentInput) -> String {
    let chief = &input.norm_event.header.chief_arbiter;
    if chief.trim().is_empty() {
        input.chief_arbiter.clone()
    } else {
        chief.clone()
    }
}

/// The certificate of a title result (FIDE IT1) of `player`: one page for each norm the games
/// make ([`NormFigures::achieved`]) under `input.norm_event`'s settings.
pub fn certificate(
    tournament: &Tournament,
    input: &DocumentInput,
    player: PlayerId,
) -> Result<Vec<u8>, PrintError> {
    let who = tournament
        .player(player)
        .ok_or(PrintError::NoSuchPlayer(player.0))?;
    let verdicts = verdicts_of(tournament, &input.norm_event.settings, player);
    let made: Vec<&NormFigures> = verdicts.verdicts.iter().filter(|v| v.achieved()).collect();
    if made.is_empty() {
        return Err(PrintError::NoNorm(player.0));
    }
    let language = input.language;
    let title = language.text("it1_title");
    let event = input.event_name(tournament).to_owned();
    let mut canvas = input.canvas(tournament, &title, Orientation::Portrait)?;
    let player_fields = vec![
        Field::wide(language.text("name"), who.name.clone()),
        Field::new(
            language.text("fide_id"),
            or_dash(who.fide_id.map(|id| id.to_string()).unwrap_or_default()),
        ),
        Field::new(language.text("federation"), or_dash(who.federation.clone())),
        Field::new(language.text("title"), or_dash(who.title.clone())),
        Field::new(language.text("birth_date"), or_dash(who.birth.clone())),
        Field::new(
            language.text("rating"),
            if who.rating > 0 {
                who.rating.to_string()
            } else {
                "—".to_owned()
            },
        ),
    ];
    let event_facts = event_fields(tournament, input);
    let width = canvas.width() - 2.0 * MARGIN;
    let fixed = 10.0 + 10.0 + 12.0 + 12.0 + 22.0 + 26.0 + 12.0;
    let table = Table {
        columns: vec![
            Column::new(language.text("round"), 10.0, Align::Right),
            Column::new(language.text("colour"), 10.0, Align::Center),
            Column::new(language.text("opponent"), width - fixed, Align::Left),
            Column::new(language.text("title"), 12.0, Align::Center),
            Column::new(language.text("federation"), 12.0, Align::Center),
            Column::new(language.text("fide_id"), 22.0, Align::Right),
            Column::new(language.text("rating"), 26.0, Align::Right),
            Column::new(language.text("result"), 12.0, Align::Center).bold(),
        ],
        fixed: 8,
        font_size: 8.5,
        row_height: 6.0,
        zebra: true,
    };
    for figures in made {
        let details = details_line(&[
            &format!("{} {}", language.text("norm"), figures.title.code()),
            &who.name,
            "FIDE B.01 Art. 1.4",
        ]);
        let rows: Vec<Vec<String>> = figures
            .games
            .iter()
            .map(|game| {
                let opponent = tournament.player(game.opponent);
                let colour = who
                    .rounds
                    .get(game.round as usize - 1)
                    .and_then(|entry| entry.color);
                let rating = match figures.raised_to_floor {
                    Some((raised, from, to)) if raised == game.opponent => {
                        format!("{from} → {to}")
                    }
                    _ if game.rating == 0 => format!("({})", norms::UNRATED_OPPONENT_RATING),
                    _ => game.rating.to_string(),
                };
                vec![
                    game.round.to_string(),
                    match colour {
                        Some(Color::White) => language.text("white_short"),
                        Some(Color::Black) => language.text("black_short"),
                        None => String::new(),
                    },
                    opponent.map(|o| o.name.clone()).unwrap_or_default(),
                    game.title.clone(),
                    game.federation.clone(),
                    opponent
                        .and_then(|o| o.fide_id)
                        .map(|id| id.to_string())
                        .unwrap_or_default(),
                    rating,
                    match game.half_points {
                        2 => "1".to_owned(),
                        1 => "½".to_owned(),
                        _ => "0".to_owned(),
                    },
                ]
            })
            .collect();
        let figure_fields = norm_fields(tournament, who, figures, &verdicts, language);
        let mut head = FormHead {
            event: &event,
            title: &title,
            details: &details,
            sections: vec![
                (language.text("player"), player_fields.as_slice()),
                (language.text("event"), event_facts.as_slice()),
            ],
            table: language.text("games_counted"),
            drawn: false,
            table_top: 0.0,
        };
        let end = head.table(&mut canvas, &table, &rows);
        let mut y = end + 3.0;
        let needed = 8.5 + FIELD_ROW * (figure_fields.len() as f32 / 2.0).ceil() + 2.0;
        if y + needed > canvas.bottom() {
            canvas.new_page();
            y = head.draw(&mut canvas);
        }
        y = section(
            &mut canvas,
            y,
            &format!("{} {}", language.text("norm"), figures.title.code()),
        );
        y = fields(&mut canvas, y, &figure_fields);
        signatures(
            &mut canvas,
            y,
            language,
            &signature_boxes(input),
            &mut |c| head.draw(c),
        );
    }
    Ok(canvas.finish())
}

/// The figures of one norm as the certificate lists them.
fn norm_fields(
    tournament: &Tournament,
    who: &crate::tournament::model::Player,
    figures: &NormFigures,
    verdicts: &PlayerNorms,
    language: Language,
) -> Vec<Field> {
    let n = figures.games.len();
    let games = if figures.counts_as > n {
        format!("{n} (= {})", figures.counts_as)
    } else {
        n.to_string()
    };
    let floor = figures
        .raised_to_floor
        .map(|(id, from, to)| {
            let name = tournament
                .player(id)
                .map(|p| p.name.clone())
                .unwrap_or_default();
            format!("{name}: {from} → {to}")
        })
        .unwrap_or_else(|| "—".to_owned());
    let own = or_dash(who.federation.clone());
    let mut federations = language
        .text("federations_value")
        .replace("%{other}", &figures.foreign_federations.to_string())
        .replace("%{own}", &own)
        .replace("%{count}", &figures.own_federation.to_string());
    if let Some(article) = figures.federation_exemption {
        federations = format!(
            "{federations} · {} (Art. {article})",
            language.text("federation_rules_waived")
        );
    }
    let titled = language
        .text("titled_value")
        .replace("%{holders}", &figures.title_holders.to_string())
        .replace("%{titled}", &figures.norm_titled.to_string())
        .replace("%{title}", figures.title.code());
    let rounds =
        |list: &mut dyn Iterator<Item = String>| or_dash(list.collect::<Vec<_>>().join(", "));
    let not_counted = rounds(
        &mut verdicts
            .excluded
            .iter()
            .map(|e| format!("{} (Art. {})", e.round, e.why.article())),
    );
    let left_out = rounds(&mut figures.left_out.iter().map(u32::to_string));
    vec![
        Field::new(language.text("games_counted_as"), games),
        Field::new(
            language.text("score"),
            format!(
                "{} / {n} ({} %)",
                half_points_text(figures.half_points),
                figures.percent
            ),
        ),
        Field::new(
            language.text("average_rating"),
            format!(
                "{} (≥ {})",
                figures.average,
                figures.title.minimum_average()
            ),
        ),
        Field::new(language.text("rating_floor"), floor),
        Field::new(
            language.text("performance"),
            format!(
                "{} = {} + {} (≥ {})",
                figures.performance,
                figures.average,
                figures.dp,
                figures.title.performance()
            ),
        ),
        Field::new(language.text("titled_opponents"), titled),
        Field::wide(language.text("federations_rule"), federations),
        Field::new(language.text("rounds_not_counted"), not_counted),
        Field::new(language.text("rounds_left_out"), left_out),
    ]
}

/// The tournament report (FIDE IT3): the event, its arbiters, the players by rating, title and
/// federation (with the counts of Art. 1.4.3d) and every norm made under `input.norm_event`'s
/// settings.
pub fn tournament_report(
    tournament: &Tournament,
    input: &DocumentInput,
) -> Result<Vec<u8>, PrintError> {
    if tournament.players.is_empty() {
        return Err(PrintError::NoPlayers);
    }
    let language = input.language;
    let settings = &input.norm_event.settings;
    let header = &input.norm_event.header;
    let title = language.text("it3_title");
    let event = input.event_name(tournament).to_owned();
    let details = details_line(&[&header.city, &dates_text(header), "FIDE B.01"]);
    let mut event_facts = event_fields(tournament, input);
    event_facts.push(Field::wide(
        language.text("deputy_arbiters"),
        or_dash(header.deputies.join(", ")),
    ));

    let players = &tournament.players;
    let rated = players.iter().filter(|p| p.rating > 0).count();
    let mut by_federation: std::collections::BTreeMap<String, usize> = Default::default();
    for player in players {
        let federation = player.federation.trim().to_ascii_uppercase();
        if !federation.is_empty() {
            *by_federation.entry(federation).or_default() += 1;
        }
    }
    let mut federations: Vec<(String, usize)> = by_federation.into_iter().collect();
    federations.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let federation_list = federations
        .iter()
        .map(|(federation, count)| format!("{federation} {count}"))
        .collect::<Vec<_>>()
        .join(" · ");
    let titles = ["GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM"]
        .into_iter()
        .filter_map(|code| {
            let count = players
                .iter()
                .filter(|p| p.title.trim().eq_ignore_ascii_case(code))
                .count();
            (count > 0).then(|| format!("{code} {count}"))
        })
        .collect::<Vec<_>>()
        .join(" · ");
    let exemption = norms::swiss_exemption(tournament, &settings.host_federation);
    let mut exemption_text = language
        .text("exemption_value")
        .replace("%{players}", &exemption.foreigners.to_string())
        .replace("%{host}", &or_dash(settings.host_federation.clone()))
        .replace("%{federations}", &exemption.federations.to_string())
        .replace("%{titled}", &exemption.titled.to_string());
    if !settings.round_robin && exemption.applies() {
        exemption_text = format!(
            "{exemption_text} · {}",
            language.text("federation_rules_waived")
        );
    }
    let player_facts = vec![
        Field::new(language.text("players_count"), players.len().to_string()),
        Field::new(language.text("rated_players"), rated.to_string()),
        Field::wide(
            language.text("federations_count"),
            or_dash(format!("{}: {federation_list}", federations.len())),
        ),
        Field::wide(language.text("titled_players"), or_dash(titles)),
        Field::wide("Art. 1.4.3d".to_owned(), exemption_text),
    ];

    let results = norms::evaluate(tournament, settings);
    let rows: Vec<Vec<String>> = results
        .iter()
        .flat_map(|p| p.verdicts.iter().map(move |v| (p.player, v)))
        .filter(|(_, verdict)| verdict.achieved())
        .filter_map(|(id, verdict)| {
            let player = tournament.player(id)?;
            Some(vec![
                id.0.to_string(),
                crate::print::display_name(tournament, id),
                player.fide_id.map(|f| f.to_string()).unwrap_or_default(),
                player.federation.clone(),
                verdict.title.code().to_owned(),
                if verdict.counts_as > verdict.games.len() {
                    format!("{} (= {})", verdict.games.len(), verdict.counts_as)
                } else {
                    verdict.games.len().to_string()
                },
                half_points_text(verdict.half_points),
                verdict.average.to_string(),
                verdict.performance.to_string(),
            ])
        })
        .collect();
    let mut canvas = input.canvas(tournament, &title, Orientation::Portrait)?;
    let width = canvas.width() - 2.0 * MARGIN;
    let fixed = 10.0 + 22.0 + 12.0 + 14.0 + 18.0 + 12.0 + 14.0 + 14.0;
    let table = Table {
        columns: vec![
            Column::new(language.text("number"), 10.0, Align::Right),
            Column::new(language.text("name"), width - fixed, Align::Left).bold(),
            Column::new(language.text("fide_id"), 22.0, Align::Right),
            Column::new(language.text("federation"), 12.0, Align::Center),
            Column::new(language.text("norm"), 14.0, Align::Center).bold(),
            Column::new(language.text("games"), 18.0, Align::Right),
            Column::new(language.text("points"), 12.0, Align::Right),
            Column::new("Ra", 14.0, Align::Right),
            Column::new("Rp", 14.0, Align::Right),
        ],
        fixed: 9,
        font_size: 8.5,
        row_height: 6.0,
        zebra: true,
    };
    let mut head = FormHead {
        event: &event,
        title: &title,
        details: &details,
        sections: vec![
            (language.text("event"), event_facts.as_slice()),
            (language.text("players"), player_facts.as_slice()),
        ],
        table: language.text("norms_achieved"),
        drawn: false,
        table_top: 0.0,
    };
    let end = head.table(&mut canvas, &table, &rows);
    let mut y = end;
    if rows.is_empty() {
        // The table drew its header only: say so under it.
        y = head.table_top + (table.row_height * 1.2).min(9.0);
        canvas.text_in(
            MARGIN,
            y + 4.5,
            width,
            Align::Left,
            9.0,
            false,
            &language.text("no_norms"),
        );
        y += 7.0;
    }
    signatures(
        &mut canvas,
        y + 2.0,
        language,
        &signature_boxes(input),
        &mut |c| head.draw(c),
    );
    Ok(canvas.finish())
}
