//! `POST /tournaments/{id}/entries/{entry}/fee`: the organiser marks an entry's fee paid,
//! unpaid or waived ([`store::set_fee_mark`]).

use actix_web::{HttpResponse, web};

use crate::db::models::entries::EntryId;
use crate::db::store;
use crate::tournament::desk::FeeMark;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct FeeForm {
    /// [`FeeMark::code`].
    pub mark: String,
}

/// Saves the mark.
pub async fn mark_fee(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<FeeForm>,
) -> Result<HttpResponse, AppError> {
    let (id, entry) = path.into_inner();
    let mark = FeeMark::parse(&form.mark)
        .ok_or_else(|| AppError::Unprocessable(ctx.t("desk.form.bad_mark")))?;
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    state
        .write(&ctx, move |conn| {
            store::set_fee_mark(conn, tournament, EntryId(entry), mark, by)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/desk#entries")))
}
