//! `GET /tournaments/{id}/arbiter-report.pdf`: the chief arbiter's report with the incident
//! log, in the visitor's language (the tournament's arbiters only).

use actix_web::{HttpResponse, web};

use crate::print::arbiter_report::{ArbiterReport, arbiter_report};
use crate::print::stored::document_input;
use crate::print::{Language, PaperSize};
use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::pages::incident::load_incidents;
use crate::web::pdf_response;
use crate::web::{AppError, AppState, PageContext};

/// Sends the PDF.
pub async fn print_arbiter_report(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _) = load_for_day(&state, user.0, id).await?;
    let incidents = load_incidents(&ctx, &state, &data).await?;
    let input = document_input(
        &data,
        Language::parse(ctx.lang_code()).unwrap_or_default(),
        PaperSize::default(),
    );
    let report = ArbiterReport {
        deputies: data.report.deputies(),
        incidents: incidents.into_iter().map(|item| item.line).collect(),
    };
    let model = data.to_model(data.complete_rounds());
    let pdf = arbiter_report(&model, &input, &report)
        .map_err(|error| AppError::from_print(&ctx, error))?;
    Ok(pdf_response(pdf, &format!("{id}-arbiter-report.pdf")))
}
