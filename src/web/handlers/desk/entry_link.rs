//! `POST /tournaments/{id}/entries/{entry}/link`: the organiser revokes an entrant's personal
//! link (`action=revoke`) or issues a new one (`action=new`, shown this once with its QR code;
//! the old one stops working) — [`store::reissue_entry_link`].

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::models::entries::EntryId;
use crate::db::read::desk::desk_view;
use crate::db::store;
use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::extractors::CsrfForm;
use crate::web::pages::desk::{DeskPage, ShownLink};
use crate::web::{AppError, AppState, PageContext, public_base_url, render_page, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct LinkForm {
    /// `revoke` or `new`.
    pub action: String,
}

/// Revokes or replaces the link.
pub async fn entry_link(
    req: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
    form: CsrfForm<LinkForm>,
    tournament: ManagedTournament<RunsDay>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, entry) = path.into_inner();
    let revoke = match form.action.as_str() {
        "revoke" => true,
        "new" => false,
        _ => return Err(AppError::Unprocessable(ctx.t("desk.form.bad_request"))),
    };
    let ManagedTournament {
        user, data, access, ..
    } = tournament;
    let (key, by, tournament) = (state.config.link_key(), user.id, data.tournament.id);
    let token = state
        .write(&ctx, move |conn| {
            store::reissue_entry_link(conn, tournament, EntryId(entry), revoke, &key, by)
        })
        .await?;
    let Some(token) = token else {
        return Ok(see_other(&format!("/tournaments/{id}/desk#entries")));
    };
    let link = ShownLink::new(
        &public_base_url(&req, &state.config),
        &format!("/tournaments/{id}/entry/{token}"),
    );
    let (data, view) = state
        .db(move |conn| {
            let view = desk_view(conn, &data)?;
            Ok((data, view))
        })
        .await?;
    let page = DeskPage::new(ctx, &data, access, &view, Some(link));
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(answer)
}
