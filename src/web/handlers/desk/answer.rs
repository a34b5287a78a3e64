//! `POST /tournaments/{id}/requests/{request}`: the arbiter approves (`answer=approve`) or
//! refuses (`answer=refuse`) a player's request, with a note ([`store::answer_request`]: an
//! approved bye goes through the bye rules, C.04.2 Art. 3.3).

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::models::player_requests::PlayerRequestId;
use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The most characters of the arbiter's note.
const MAX_NOTE: usize = 500;

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct AnswerForm {
    /// `approve` or `refuse`.
    pub answer: String,
    /// The arbiter's note.
    #[serde(default)]
    pub note: String,
}

/// Answers the request.
pub async fn answer_request(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<AnswerForm>,
) -> Result<HttpResponse, AppError> {
    let (id, request) = path.into_inner();
    let approve = match form.answer.as_str() {
        "approve" => true,
        "refuse" => false,
        _ => return Err(AppError::Unprocessable(ctx.t("desk.form.bad_request"))),
    };
    if form.note.chars().count() > MAX_NOTE {
        return Err(AppError::Unprocessable(ctx.t("desk.form.too_long")));
    }
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (by, note) = (user.id, form.0.note);
    state
        .write(&ctx, move |conn| {
            store::answer_request(
                conn,
                tournament,
                PlayerRequestId(request),
                approve,
                &note,
                by,
            )
        })
        .await?;
    let key = if approve {
        "desk.request.approved_notice"
    } else {
        "desk.request.refused_notice"
    };
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/desk#requests-title"),
        ctx.t(key),
    ))
}
