//! The chief arbiter's report: the event's facts (place, dates, chief arbiter and deputies)
//! and the incident log — for each decision the round, board, time, the arbiter who decided,
//! the Article of the FIDE Laws of Chess ([`crate::tournament::incident::IncidentArticle`]),
//! the decision and its consequence for the clock or the score.

use crate::print::layout::{Align, Column, MARGIN, Orientation, Table};
use crate::print::{DocumentInput, PrintError, details_line, page_heading};
use crate::tournament::Tournament;

/// One incident as printed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IncidentLine {
    /// The round.
    pub round: u32,
    /// The board, empty when the incident is of no board.
    pub board: String,
    /// When (`HH:MM`).
    pub time: String,
    /// The arbiter who decided.
    pub arbiter: String,
    /// The Article as the Laws cite it (`Art. 12.9.2`).
    pub article: String,
    /// The decision.
    pub decision: String,
    /// Its consequence for the clock or the score.
    pub consequence: String,
}

/// What the report prints beyond the tournament and the document input.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ArbiterReport {
    /// The deputy chief arbiters.
    pub deputies: Vec<String>,
    /// The incidents, by round and time.
    pub incidents: Vec<IncidentLine>,
}

/// The report as PDF bytes (landscape).
pub fn arbiter_report(
    tournament: &Tournament,
    input: &DocumentInput,
    report: &ArbiterReport,
) -> Result<Vec<u8>, PrintError> {
    let language = input.language;
    let title = language.text("arbiter_report");
    let event = input.event_name(tournament).to_string();
    let chief = if input.chief_arbiter.trim().is_empty() {
        String::new()
    } else {
        format!("{}: {}", language.text("arbiter"), input.chief_arbiter)
    };
    let deputies = if report.deputies.is_empty() {
        String::new()
    } else {
        format!(
            "{}: {}",
            language.text("deputy_arbiters"),
            report.deputies.join(", ")
        )
    };
    let count = format!("{}: {}", language.text("incidents"), report.incidents.len());
    let details = details_line(&[&input.place, &chief, &deputies, &count]);
    let mut canvas = input.canvas(tournament, &title, Orientation::Landscape)?;
    let width = canvas.width() - 2.0 * MARGIN;
    let fixed = 12.0 + 12.0 + 14.0 + 38.0 + 34.0 + 55.0;
    let columns = vec![
        Column::new(language.text("round"), 12.0, Align::Right).bold(),
        Column::new(language.text("board"), 12.0, Align::Right),
        Column::new(language.text("time"), 14.0, Align::Center),
        Column::new(language.text("deciding_arbiter"), 38.0, Align::Left),
        Column::new(language.text("article"), 34.0, Align::Left),
        Column::new(
            language.text("decision"),
            (width - fixed).max(50.0),
            Align::Left,
        ),
        Column::new(language.text("consequence"), 55.0, Align::Left),
    ];
    let layout = Table {
        columns,
        fixed: 2,
        font_size: 8.0,
        row_height: 5.5,
        zebra: true,
    };
    let rows: Vec<Vec<String>> = report
        .incidents
        .iter()
        .map(|incident| {
            vec![
                incident.round.to_string(),
                incident.board.clone(),
                incident.time.clone(),
                incident.arbiter.clone(),
                incident.article.clone(),
                incident.decision.clone(),
                incident.consequence.clone(),
            ]
        })
        .collect();
    layout.draw(&mut canvas, &rows, &mut |canvas| {
        page_heading(canvas, &event, &title, &details)
    });
    Ok(canvas.finish())
}
