//! `POST /tournaments/{id}/rounds/{number}/self-report/codes`: the round's self-report codes,
//! an explicit write. `boards=missing` issues codes for the boards that have none (a round
//! imported, or paired before codes came with the pairing); otherwise every board gets new
//! codes (a sheet lost, or printed before the pairing changed): the old links stop working,
//! the reports already made stay. Then back to the sheet, which shows them.

use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// Which boards get codes: `missing`, or every board (new codes).
#[derive(Debug, Deserialize)]
pub struct NewCodesForm {
    /// `missing`: only boards without codes; anything else or nothing: every board.
    #[serde(default)]
    pub boards: Option<String>,
}

/// Issues the codes and shows the sheet.
pub async fn issue_new_codes(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<NewCodesForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let renew = form.0.boards.as_deref() != Some("missing");
    let (by, key) = (user.id, state.config.link_key());
    state
        .write(&ctx, move |conn| {
            store::issue_report_codes(conn, tournament, number, renew, &key, by)
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/self-report"
    )))
}
