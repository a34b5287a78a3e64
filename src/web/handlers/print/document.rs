//! `GET /tournaments/{id}/print/{document}?round=N&paper=a4|letter`: one document as
//! `application/pdf`, in the visitor's language. Documents: `pairings.pdf` (by board; for
//! result enterers with each board's self-report QR codes), `pairings-alphabetical.pdf`,
//! `standings.pdf` (the tournament's tie-break columns), `crosstable.pdf` (round-robin grid or
//! Swiss wallchart), `scoresheets.pdf` (`&two_per_page=1`, `&continuation=1`) and
//! `result-slips.pdf`; the last two for result enterers only (they carry every board).
//!
//! Pairing lists, scoresheets and slips are for round N (default: the last round the visitor
//! may see); standings and crosstables are after round N (default: the last complete round the
//! visitor may count).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::print::crosstable::CrosstableKind;
use crate::print::scoresheet::ScoresheetOptions;
use crate::print::standings::StandingsTable;
use crate::print::stored::{boards_of, document_input};
use crate::print::{
    Language, PaperSize, PrintError, crosstable, pairings, result_slip, scoresheet, standings,
};
use crate::web::extractors::MaybeUser;
use crate::web::handlers::print::input::report_links;
use crate::web::handlers::standings::load_ranked;
use crate::web::{AppError, AppState, PageContext};

/// The documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    /// Pairing list by board.
    Pairings,
    /// Pairing list in alphabetical order.
    PairingsAlphabetical,
    /// Standings with tie-breaks.
    Standings,
    /// Crosstable or wallchart.
    Crosstable,
    /// Scoresheets for every board.
    Scoresheets,
    /// Result slips for every board.
    ResultSlips,
}

impl Document {
    /// Every document.
    pub const ALL: [Document; 6] = [
        Document::Pairings,
        Document::PairingsAlphabetical,
        Document::Standings,
        Document::Crosstable,
        Document::Scoresheets,
        Document::ResultSlips,
    ];

    /// The file name in the URL.
    pub fn file_name(self) -> &'static str {
        match self {
            Document::Pairings => "pairings.pdf",
            Document::PairingsAlphabetical => "pairings-alphabetical.pdf",
            Document::Standings => "standings.pdf",
            Document::Crosstable => "crosstable.pdf",
            Document::Scoresheets => "scoresheets.pdf",
            Document::ResultSlips => "result-slips.pdf",
        }
    }

    /// The document of a file name.
    pub fn parse(name: &str) -> Option<Document> {
        Document::ALL.into_iter().find(|d| d.file_name() == name)
    }

    /// A document of one round's boards (rather than standings after a round).
    fn of_round(self) -> bool {
        !matches!(self, Document::Standings | Document::Crosstable)
    }
}

/// Query parameters.
#[derive(Debug, Default, serde::Deserialize)]
pub struct PrintQuery {
    /// The round.
    pub round: Option<u32>,
    /// `a4` (default) or `letter`.
    pub paper: Option<String>,
    /// Scoresheets two per landscape page.
    pub two_per_page: Option<String>,
    /// Scoresheets with a continuation sheet.
    pub continuation: Option<String>,
}

/// Sends the PDF.
pub async fn print_document(
    ctx: PageContext,
    user: MaybeUser,
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i32, String)>,
    query: web::Query<PrintQuery>,
) -> Result<HttpResponse, AppError> {
    let (id, name) = path.into_inner();
    let document = Document::parse(&name).ok_or(AppError::NotFound)?;
    let query = query.into_inner();
    let ranked = load_ranked(&state, user.0, id).await?;
    let paper = match query.paper.as_deref() {
        None | Some("") => PaperSize::default(),
        Some(text) => PaperSize::parse(text).ok_or_else(|| {
            AppError::Unprocessable(ctx.t_with_name("printing.error.paper", text))
        })?,
    };
    let language = Language::parse(ctx.lang_code()).unwrap_or_default();
    let mut input = document_input(&ranked.data, language, paper);
    let data = &ranked.data;
    let pdf = if document.of_round() {
        if matches!(document, Document::Scoresheets | Document::ResultSlips)
            && !ranked.access.run_day
        {
            return Err(AppError::Forbidden);
        }
        let visible: Vec<u32> = data
            .rounds
            .iter()
            .filter(|round| round.published || ranked.access.run_day)
            .map(|round| round.number.max(0) as u32)
            .collect();
        let round = match query.round {
            Some(round) => round,
            None => visible.iter().copied().max().ok_or(AppError::NotFound)?,
        };
        if !visible.contains(&round) {
            return Err(AppError::NotFound);
        }
        let mut model = data.to_model(round - 1);
        model.total_rounds = model.total_rounds.max(round);
        input.boards = boards_of(data, round as i32);
        if document == Document::Pairings && ranked.access.run_day {
            let base = {
                let info = req.connection_info();
                format!("{}://{}", info.scheme(), info.host())
            };
            let data = data.clone();
            input.report_links = state
                .db(move |conn| Ok(report_links(conn, &data, round as i32, &base)?))
                .await?;
        }
        match document {
            Document::Pairings => pairings::by_board(&model, &input, round),
            Document::PairingsAlphabetical => pairings::alphabetical(&model, &input, round),
            Document::Scoresheets => scoresheet::scoresheets(
                &model,
                &input,
                round,
                ScoresheetOptions {
                    two_per_page: query.two_per_page.is_some_and(|v| v == "1"),
                    continuation_sheets: query.continuation.is_some_and(|v| v == "1"),
                },
            ),
            _ => result_slip::result_slips(&model, &input, round),
        }
    } else {
        let after = query.round.unwrap_or(ranked.after_round);
        if after > ranked.after_round {
            return Err(AppError::Unprocessable(
                ctx.t_with_name("printing.error.not_complete", &after.to_string()),
            ));
        }
        let model = data.to_model(after);
        let table = StandingsTable::ranked(&model, after, &ranked.settings);
        if document == Document::Standings {
            standings::standings(&model, &input, &table)
        } else {
            let kind = if ranked.settings.swiss {
                CrosstableKind::Wallchart
            } else {
                CrosstableKind::RoundRobin
            };
            crosstable::crosstable(&model, &input, after, kind, Some(&table))
        }
    }
    .map_err(|error| match error {
        PrintError::Font(message) => AppError::Internal(message),
        other => AppError::Unprocessable(other.to_string()),
    })?;
    Ok(HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("inline; filename=\"{}-{}\"", id, document.file_name()),
        ))
        .body(pdf))
}
