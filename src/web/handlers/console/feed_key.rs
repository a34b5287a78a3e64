//! `POST /tournaments/{id}/live/key`: whoever manages the event issues the feed key its board
//! relay sends with every event (`action=new`: shown this once on the round's console; the old
//! key stops working) or revokes it (`action=revoke`) — [`store::issue_feed_key`].

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::access::{ManagedTournament, Manages};
use crate::web::extractors::CsrfForm;
use crate::web::pages::console::console_page;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct FeedKeyForm {
    /// `new` or `revoke`.
    pub action: String,
    /// The round whose console to show again.
    pub round: i32,
}

/// Issues or revokes the key.
pub async fn feed_key(
    ctx: PageContext,
    state: web::Data<AppState>,
    tournament: ManagedTournament<Manages>,
    form: CsrfForm<FeedKeyForm>,
) -> Result<HttpResponse, AppError> {
    let revoke = match form.action.as_str() {
        "revoke" => true,
        "new" => false,
        _ => return Err(AppError::Unprocessable(ctx.t("desk.form.bad_request"))),
    };
    let ManagedTournament {
        user, data, access, ..
    } = tournament;
    let (id, round) = (data.tournament.id, form.round);
    let (key, by) = (state.config.link_key(), user.id);
    let token = state
        .write(&ctx, move |conn| {
            store::issue_feed_key(conn, id, revoke, &key, by)
        })
        .await?;
    let Some(token) = token else {
        return Ok(see_other(&format!(
            "/tournaments/{}/rounds/{round}/console",
            id.0
        )));
    };
    let page = console_page(&state, ctx, data, access, round, Some(token)).await?;
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(answer)
}
