//! `GET /tournaments/{id}/print/{document}?round=N&paper=a4|letter`: one document as
//! `application/pdf`, in the visitor's language. Documents: `pairings.pdf` (by board; for
//! result enterers with each board's self-report QR codes), `pairings-alphabetical.pdf`,
//! `standings.pdf` (the tournament's tie-break columns), `crosstable.pdf` (round-robin grid or
//! Swiss wallchart), `scoresheets.pdf` (`&two_per_page=1`, `&continuation=1`) and
//! `result-slips.pdf`; the last two for result enterers only (they carry every board);
//! `prizes.pdf`, the prize list after round N. FIDE's norm forms (`it1`, `it3`) have routes of
//! their own for the arbiters ([`crate::web::pages::report::norm_form`]).
//!
//! Pairing lists, scoresheets and slips are for round N (default: the last round the visitor
//! may see); standings and crosstables are after round N (default: the last complete round the
//! visitor may count).
//!
//! Parse the document and query → authorise the round → one call to
//! [`render_stored`] (the dispatcher `arbiter print
//! --tournament` calls too) → send the PDF.

use actix_web::{HttpRequest, HttpResponse, web};

use crate::print::crosstable::CrosstableKind;
use crate::print::scoresheet::ScoresheetOptions;
use crate::print::stored::{document_input, render_stored};
use crate::print::{Document, Language, PaperSize};
use crate::web::extractors::MaybeUser;
use crate::web::pages::print::report_links;
use crate::web::pages::standings::load_ranked;
use crate::web::pdf_response;
use crate::web::{AppError, AppState, PageContext};

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
    // Parse.
    let (id, name) = path.into_inner();
    let document = Document::parse_file_name(&name)
        .filter(|document| !document.norm_form())
        .ok_or(AppError::NotFound)?;
    let query = query.into_inner();
    let paper = match query.paper.as_deref() {
        None | Some("") => PaperSize::default(),
        Some(text) => PaperSize::parse(text).ok_or_else(|| {
            AppError::Unprocessable(ctx.t_with_name("printing.error.paper", text))
        })?,
    };
    // Authorise: the visitor's rounds, and the arbiters' documents for the arbiters only.
    let ranked = load_ranked(&state, user.0, id).await?;
    let data = &ranked.data;
    let round = if document.after_round() {
        let round = query.round.unwrap_or(ranked.after_round);
        if round > ranked.after_round {
            return Err(AppError::Unprocessable(
                ctx.t_with_name("printing.error.not_complete", &round.to_string()),
            ));
        }
        round
    } else {
        if document.for_arbiters() && !ranked.access.run_day {
            return Err(AppError::Forbidden);
        }
        let visible: Vec<u32> = data
            .rounds
            .iter()
            .filter(|round| round.published || ranked.access.run_day)
            .map(|round| round.number.max(0) as u32)
            .collect();
        // Name cards print before the first round too (round 0: without boards).
        let unpaired = document.before_pairing().then_some(0);
        let round = match query.round {
            Some(round) => round,
            None => visible
                .iter()
                .copied()
                .max()
                .or(unpaired)
                .ok_or(AppError::NotFound)?,
        };
        if !visible.contains(&round) && Some(round) != unpaired {
            return Err(AppError::NotFound);
        }
        round
    };
    let mut input = document_input(
        data,
        Language::parse(ctx.lang_code()).unwrap_or_default(),
        paper,
    );
    input.tie_breaks = Some(ranked.settings.clone());
    input.crosstable = if ranked.settings.swiss {
        CrosstableKind::Wallchart
    } else {
        CrosstableKind::RoundRobin
    };
    input.scoresheets = ScoresheetOptions {
        two_per_page: query.two_per_page.is_some_and(|v| v == "1"),
        continuation_sheets: query.continuation.is_some_and(|v| v == "1"),
    };
    if document == Document::Prizes {
        let data = data.clone();
        input.prizes = Some(
            state
                .db(move |conn| Ok(crate::db::prize_list::load_setup(conn, &data)?))
                .await?,
        );
    }
    if document == Document::Pairings && ranked.access.run_day {
        let base = crate::web::public_base_url(&req, &state.config);
        let data = data.clone();
        let key = state.config.link_key();
        input.report_links = state
            .db(move |conn| Ok(report_links(conn, &data, round as i32, &base, &key)?))
            .await?;
    }
    // One call.
    let pdf = render_stored(document, data, input, round)
        .map_err(|error| AppError::from_print(&ctx, error))?;
    // Render.
    Ok(pdf_response(
        pdf,
        &file_name(id, &name, document.after_round(), round),
    ))
}

/// The PDF's file name: the event, the document and its round (`12-pairings-round-3.pdf`,
/// `12-standings-after-round-3.pdf`), so that a folder of printed rounds sorts and reads.
fn file_name(id: i32, name: &str, after_round: bool, round: u32) -> String {
    let stem = name.strip_suffix(".pdf").unwrap_or(name);
    let which = if after_round { "after-round" } else { "round" };
    format!("{id}-{stem}-{which}-{round}.pdf")
}
