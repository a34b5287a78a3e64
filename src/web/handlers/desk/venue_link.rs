//! `POST /tournaments/{id}/check-in/link`: whoever manages the event issues the venue's
//! check-in page link (`action=new`, shown this once with its QR code to print; the old one
//! stops working) or revokes it (`action=revoke`) — [`store::issue_check_in_link`]. The page
//! works only while check-in is open.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::read::desk::desk_view;
use crate::db::store;
use crate::web::access::{ManagedTournament, Manages};
use crate::web::extractors::CsrfForm;
use crate::web::pages::desk::{CheckInPage, ShownLink};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, public_base_url, render_page, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct VenueLinkForm {
    /// `new` or `revoke`.
    pub action: String,
}

/// Issues or revokes the link.
pub async fn venue_link(
    req: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
    form: CsrfForm<VenueLinkForm>,
    tournament: ManagedTournament<Manages>,
) -> Result<HttpResponse, AppError> {
    let revoke = match form.action.as_str() {
        "revoke" => true,
        "new" => false,
        _ => return Err(AppError::Unprocessable(ctx.t("desk.form.bad_request"))),
    };
    let ManagedTournament {
        user, data, access, ..
    } = tournament;
    let id = data.tournament.id.0;
    let (key, by, tournament) = (state.config.link_key(), user.id, data.tournament.id);
    let token = state
        .write(&ctx, move |conn| {
            store::issue_check_in_link(conn, tournament, revoke, &key, by)
        })
        .await?;
    let Some(token) = token else {
        return Ok(see_other(&format!("/tournaments/{id}/check-in")));
    };
    let link = ShownLink::new(
        &public_base_url(&req, &state.config),
        &format!("/tournaments/{id}/venue/{token}"),
    );
    let (data, view) = state
        .db(move |conn| {
            let view = desk_view(conn, &data)?;
            Ok((data, view))
        })
        .await?;
    let header = TournamentHeader::new(&data, access, "check-in");
    let action = format!("/tournaments/{id}/check-in");
    let page = CheckInPage::new(
        ctx,
        &data,
        Some(header),
        &view,
        action,
        String::new(),
        access.manage,
        Some(link),
    );
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(answer)
}
