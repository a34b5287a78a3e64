//! `POST /tournaments/{id}/swiss/players/{player}/bye`: requests (or cancels) a half- or
//! zero-point bye for a round not yet paired, within the organiser's limits
//! (C.04.2 Art. 3.3; [`store::request_bye`]).

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::models::PlayerRowId;
use crate::db::store;
use crate::tournament::byes::ByeKind;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ByeForm {
    /// The round.
    pub round: u32,
    /// `H` or `Z`.
    pub kind: String,
    /// Present to cancel the request instead.
    #[serde(default)]
    pub cancel: Option<String>,
}

/// Records or cancels the request.
pub async fn request_bye(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<ByeForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let Some(kind) = ByeKind::parse(&form.kind) else {
        return Err(AppError::Unprocessable(ctx.t("day.bye.kind")));
    };
    let kind = form.cancel.is_none().then_some(kind);
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (round, by) = (form.round, user.id);
    state
        .write(&ctx, move |conn| {
            store::request_bye(conn, tournament, PlayerRowId(player), round, kind, by)
        })
        .await?;
    let key = if kind.is_some() {
        "day.notice.bye_saved"
    } else {
        "day.notice.bye_cancelled"
    };
    let notice = ctx.t_with_name(key, &round.to_string());
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/swiss"),
        notice,
    ))
}
