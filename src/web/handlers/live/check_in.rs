//! `POST /tournaments/{id}/rounds/{number}/boards/{game}/check-in`: a player arrived at the
//! board (Art. 6.7.1). `undo=true` removes a check-in made by mistake.
//!
//! The live view saves a check-in in place: its script sends `Accept: application/json` and
//! gets the round's live state ([`crate::web::pages::live::LiveRound`], as the view polls it) to show, so the
//! page neither reloads nor scrolls. Without scripts the answer returns to the board's row of
//! the live view (`#live-board-N`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use time::OffsetDateTime;

use crate::db::models::GameId;
use crate::db::store;
use crate::tournament::model::Color;
use crate::web::access::load_for_day;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::live::live_round;
use crate::web::{AppError, AppState, PageContext, see_other, wants_json};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct CheckInForm {
    /// `white` or `black`.
    pub colour: String,
    /// Remove the check-in instead.
    #[serde(default)]
    pub undo: bool,
}

/// Records the arrival (or removes it).
pub async fn check_in(
    ctx: PageContext,
    req: HttpRequest,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    form: CsrfForm<CheckInForm>,
) -> Result<HttpResponse, AppError> {
    let (id, number, game) = path.into_inner();
    let colour = match form.colour.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return Err(AppError::NotFound),
    };
    let (data, _) = load_for_day(&state, user.0.clone(), id).await?;
    let tournament = data.tournament.id;
    let (undo, by) = (form.undo, user.id);
    let now = OffsetDateTime::now_utc();
    let live = state
        .write(&ctx, move |conn| {
            store::check_in(
                conn,
                tournament,
                number,
                GameId(game),
                colour,
                undo,
                now.unix_timestamp(),
                by,
            )?;
            Ok(live_round(conn, &data, number, now))
        })
        .await??;
    if wants_json(&req) {
        return Ok(HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .json(live));
    }
    let anchor = live
        .boards
        .iter()
        .find(|board| board.game_id == game)
        .map(|board| format!("#live-board-{}", board.board))
        .unwrap_or_default();
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{number}/live{anchor}"
    )))
}
