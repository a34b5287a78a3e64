//! The rating report page (B.02) and the norm forms (B.01): the report's problems in words and the
//! PDF of a norm form.

use crate::formats::rating_report::{MissingDetails, ReportField, ReportIssue, player_column};
use crate::formats::{rating_report, trf};
use crate::print::norm_forms::NormEvent;
use crate::print::stored::document_input;
use crate::print::{Document, Language, PaperSize, render};
use crate::tournament::tiebreak::Calculator;
use crate::tournament::tiebreak::rank::rank_with;
use crate::tournament::{PlayerId, Points};
use crate::web::i18n::Lang;
use crate::web::i18n::records::cross_problem_text;
use crate::web::i18n::trf::trf_problem_text;
use crate::web::pages::standings::Ranked;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, PageContext, pdf_response};
use actix_web::HttpResponse;
use actix_web::http::header;
use askama::Template;

/// One problem of the check, as listed.
#[derive(Debug, Clone)]
pub struct ProblemRow {
    /// The line of the file, or "—" for a record missing altogether.
    pub line: String,
    /// The record and field.
    pub field: String,
    /// Why a rating officer would send it back.
    pub reason: String,
}

/// The report page.
#[derive(Template)]
#[template(path = "report/show.html")]
pub struct ReportPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// What the report lacks.
    pub missing: MissingDetails,
    /// The chief arbiter as typed (kept when the form comes back).
    pub chief_arbiter: String,
    /// The problems of the check, in line order.
    pub problems: Vec<ProblemRow>,
    /// Problems of the form.
    pub errors: Vec<String>,
}

/// What the report of `ranked` lacks.
pub fn missing_details(ranked: &Ranked) -> MissingDetails {
    MissingDetails::of(&ranked.model, &ranked.data.report_header(&ranked.model))
}

impl ReportPage {
    /// The page of `ranked`, with what was typed and the form's problems.
    pub fn new(
        ctx: PageContext,
        ranked: &Ranked,
        chief_arbiter: String,
        errors: Vec<String>,
    ) -> ReportPage {
        let problems = rating_report::check_text(&report_text(ranked))
            .into_iter()
            .map(|problem| ProblemRow {
                line: problem
                    .line
                    .map_or_else(|| "—".to_owned(), |line| line.to_string()),
                field: field_text(ctx.lang, &problem.at),
                reason: issue_text(ctx.lang, &problem.issue),
            })
            .collect();
        ReportPage {
            header: TournamentHeader::new(&ranked.data, ranked.access, "report"),
            missing: missing_details(ranked),
            chief_arbiter,
            problems,
            errors,
            ctx,
        }
    }
}

/// A norm form of `ranked` (whoever runs the day) as a PDF response in the visitor's language:
/// the IT1 certificate of the player with starting number `player`, or the IT3 report; the
/// norms after the rounds `ranked` counts. A player without a norm is a 422 that says so.
pub fn norm_form(
    ctx: &PageContext,
    ranked: &Ranked,
    document: Document,
    player: Option<PlayerId>,
) -> Result<HttpResponse, AppError> {
    if !ranked.access.run_day {
        return Err(AppError::Forbidden);
    }
    let mut input = document_input(
        &ranked.data,
        Language::parse(ctx.lang_code()).unwrap_or_default(),
        PaperSize::default(),
    );
    input.norm_event = NormEvent {
        header: ranked.data.report_header(&ranked.model),
        settings: ranked.data.norm_settings(),
    };
    input.player = player;
    let pdf = render(document, &ranked.model, &input, ranked.after_round)
        .map_err(|error| AppError::from_print(ctx, error))?;
    let id = ranked.data.tournament.id.0;
    let name = match player {
        Some(start) => format!("{id}-{}-{}.pdf", document.name(), start.0),
        None => format!("{id}-{}.pdf", document.name()),
    };
    Ok(pdf_response(pdf, &name))
}

/// Where a problem of the report is, in the visitor's language.
fn field_text(lang: Lang, at: &ReportField) -> String {
    let n = |value: usize| value.to_string();
    match at {
        ReportField::Record { column } => {
            lang.t_with("report.at.record", &[("column", &n(*column))])
        }
        ReportField::ReportRecord { column } => {
            lang.t_with("report.at.report_record", &[("column", &n(*column))])
        }
        ReportField::PlayerColumn { column } => {
            let key = match (column, player_column(*column)) {
                (81..=84, _) => "report.at.points_column",
                (_, Some((_, 0..=3))) => "report.at.round_opponent",
                (_, Some((_, 5))) => "report.at.round_colour_column",
                (_, Some((_, 7))) => "report.at.round_result_column",
                (_, Some(_)) => "report.at.round_column",
                _ => "report.at.player_column",
            };
            let round = player_column(*column).map_or(0, |(round, _)| round);
            lang.t_with(key, &[("round", &n(round)), ("column", &n(*column))])
        }
        ReportField::EventRecord { tag } => lang.t_with(
            "report.at.event_record",
            &[
                ("tag", tag),
                ("record", &lang.t(&format!("report.record.r{tag}"))),
            ],
        ),
        ReportField::RoundDate { round } => {
            let first = 92 + 10 * (*round as usize - 1);
            lang.t_with(
                "report.at.round_date",
                &[
                    ("round", &round.to_string()),
                    ("first", &n(first)),
                    ("last", &n(first + 7)),
                ],
            )
        }
        ReportField::FideId => lang.t("report.at.fide_id"),
        ReportField::Points => lang.t("report.at.points"),
        ReportField::RoundColour { round } => lang.t_with(
            "report.at.round_colour_column",
            &[
                ("round", &round.to_string()),
                ("column", &n(92 + 10 * (*round as usize - 1) + 5)),
            ],
        ),
        ReportField::RoundResult { round } => lang.t_with(
            "report.at.round_result_column",
            &[
                ("round", &round.to_string()),
                ("column", &n(92 + 10 * (*round as usize - 1) + 7)),
            ],
        ),
    }
}

/// What is wrong with the report, in the visitor's language.
fn issue_text(lang: Lang, issue: &ReportIssue) -> String {
    let n = |value: u32| value.to_string();
    match issue {
        ReportIssue::Unreadable { problem } => trf_problem_text(lang, problem),
        ReportIssue::Records(problem) => cross_problem_text(lang, problem),
        ReportIssue::Missing => lang.t("report.issue.missing"),
        ReportIssue::EndBeforeStart { start, end } => lang.t_with(
            "report.issue.end_before_start",
            &[("start", &start.to_string()), ("end", &end.to_string())],
        ),
        ReportIssue::UndatedRound { round } => {
            lang.t_with("report.issue.undated_round", &[("round", &n(*round))])
        }
        ReportIssue::DateOutsideEvent { date, start, end } => lang.t_with(
            "report.issue.date_outside",
            &[
                ("date", &date.to_string()),
                ("start", &start.to_string()),
                ("end", &end.to_string()),
            ],
        ),
        ReportIssue::NoFideId {
            player,
            name,
            rating,
        } => lang.t_with(
            "report.issue.no_fide_id",
            &[
                ("player", &n(*player)),
                ("name", name),
                ("rating", &rating.to_string()),
            ],
        ),
        ReportIssue::BlankPoints { player } => {
            lang.t_with("report.issue.blank_points", &[("player", &n(*player))])
        }
        ReportIssue::SameColour {
            round,
            player,
            opponent,
            colour,
            other_line,
        } => lang.t_with(
            if *colour == crate::tournament::Color::White {
                "report.issue.both_white"
            } else {
                "report.issue.both_black"
            },
            &[
                ("round", &n(*round)),
                ("player", &n(*player)),
                ("opponent", &n(*opponent)),
                ("line", &other_line.to_string()),
            ],
        ),
        ReportIssue::NoColours {
            round,
            player,
            opponent,
            other_line,
        } => lang.t_with(
            "report.issue.no_colours",
            &[
                ("round", &n(*round)),
                ("player", &n(*player)),
                ("opponent", &n(*opponent)),
                ("line", &other_line.to_string()),
            ],
        ),
        ReportIssue::ResultsDisagree {
            round,
            player,
            code,
            opponent,
            their_code,
            other_line,
        } => lang.t_with(
            "report.issue.results_disagree",
            &[
                ("round", &n(*round)),
                ("player", &n(*player)),
                ("code", &code.to_string()),
                ("opponent", &n(*opponent)),
                ("their", &their_code.to_string()),
                ("line", &other_line.to_string()),
            ],
        ),
    }
}

/// The TRF file download of tournament `id`.
pub fn trf_file(id: i32, text: String) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"tournament-{id}.trf\""),
        ))
        .body(text)
}

/// The tournament as a TRF-2026 rating report, with the rounds the visitor may count: the
/// points column from the results under the tournament's point system, the rank column from
/// the standings with its tie-breaks, the report records from its settings, report columns
/// and round schedule.
pub fn report_text(ranked: &Ranked) -> String {
    let mut model = ranked.model.clone();
    let calculator = Calculator::after_round(&model, ranked.settings.swiss, ranked.after_round);
    let standings = rank_with(&calculator, &ranked.settings);
    let points = model.points;
    // Points outside the games counted in these rounds' standings (TRF `299`).
    let after_round = ranked.after_round;
    model
        .adjustments
        .retain(|a| a.round.is_none_or(|round| round <= after_round));
    let outside: Vec<Points> = model
        .players
        .iter()
        .map(|p| model.adjustment(p.id, after_round))
        .collect();
    for (player, outside) in model.players.iter_mut().zip(outside) {
        player.declared_points = Some(
            player
                .rounds
                .iter()
                .map(|e| points.score(e.result))
                .sum::<Points>()
                + outside,
        );
        player.declared_rank = standings
            .rows
            .iter()
            .find(|row| row.player == player.id)
            .map(|row| row.rank);
    }
    let header = ranked.data.report_header(&model);
    model.other_records = header.records();
    model.other_records.extend(ranked.data.report.records());
    trf::write(&model)
}
