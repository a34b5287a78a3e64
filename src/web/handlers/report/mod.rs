//! The FIDE rating report of a tournament for the people who run it: the report checked as a
//! rating officer checks it ([`crate::formats::rating_report::check`], the check of
//! `arbiter report check`) on the very file the app writes
//! ([`crate::web::handlers::swiss::trf_export::report_text`]); what only they can give (the
//! chief arbiter, the dates of the rounds played) asked for on a form and kept; the download,
//! once nothing is missing.

pub mod complete;
pub mod download;
pub mod show;

use askama::Template;

use crate::formats::rating_report::{self, MissingDetails};
use crate::web::PageContext;
use crate::web::handlers::standings::Ranked;
use crate::web::handlers::swiss::trf_export::{report_header, report_text};
use crate::web::handlers::tournament::TournamentHeader;

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
    MissingDetails::of(&ranked.model, &report_header(&ranked.data, &ranked.model))
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
                field: problem.field,
                reason: problem.reason,
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
