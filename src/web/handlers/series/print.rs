//! `GET /series/{public_id}/series.pdf`: the series' ranking and every player's trace as a
//! PDF ([`crate::print::series`]), in the visitor's language.

use actix_web::{HttpResponse, web};

use crate::db::read::series::SeriesData;
use crate::print::Language;
use crate::print::layout::PaperSize;
use crate::print::prize_list::category_name;
use crate::print::series::{SeriesDocument, series_pdf};
use crate::web::{AppError, AppState, PageContext, pdf_response};

/// The PDF.
pub async fn print_series(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let public_id = path.into_inner();
    let data = state
        .db(move |conn| SeriesData::load_public(conn, &public_id)?.ok_or(AppError::NotFound))
        .await?;
    let rules = data.rules();
    let document = SeriesDocument {
        name: data.series.name.clone(),
        events: data.events.iter().map(|e| e.title.clone()).collect(),
        categories: rules
            .categories
            .iter()
            .map(|c| category_name(ctx.lang_code(), c))
            .collect(),
        ranking: data.ranking(),
        rules,
    };
    let language = Language::parse(ctx.lang_code()).unwrap_or_default();
    let pdf = series_pdf(&document, language, PaperSize::default())
        .map_err(|error| AppError::from_print(&ctx, error))?;
    Ok(pdf_response(pdf, "series.pdf"))
}
