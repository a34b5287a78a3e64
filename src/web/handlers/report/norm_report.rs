//! `GET /tournaments/{id}/report/it3.pdf`: FIDE's tournament report (IT3) — the event, its
//! arbiters, its players and the title norms made (FIDE B.01) — in the visitor's language
//! (whoever runs the day).

use actix_web::{HttpResponse, web};

use crate::print::Document;
use crate::web::extractors::CurrentUser;
use crate::web::pages::report::norm_form;
use crate::web::pages::standings::load_ranked;
use crate::web::{AppError, AppState, PageContext};

/// Sends the report.
pub async fn print_norm_report(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let ranked = load_ranked(&state, Some(user.0), path.into_inner()).await?;
    norm_form(&ctx, &ranked, Document::NormReport, None)
}
