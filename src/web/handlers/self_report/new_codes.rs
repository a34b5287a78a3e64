//! `POST /tournaments/{id}/rounds/{number}/self-report/codes`: new QR codes for every board of
//! the round (a sheet lost, or printed before the pairing changed). The fresh tokens replace
//! the old ones, whose links stop working; the reports already made stay. Answers with the
//! sheet showing every code, ready to print.

use actix_web::{HttpRequest, web};
use serde::Deserialize;

use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::self_report::sheet::SheetPage;
use crate::web::{AppError, AppState, PageContext};

/// The form has no fields but the CSRF token.
#[derive(Debug, Deserialize)]
pub struct NewCodesForm {}

/// Makes new codes for every board and shows them.
pub async fn issue_new_codes(
    ctx: PageContext,
    user: CurrentUser,
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    _form: CsrfForm<NewCodesForm>,
) -> Result<SheetPage, AppError> {
    let (id, number) = path.into_inner();
    SheetPage::load(ctx, &req, &state, user.0, id, number, true).await
}
