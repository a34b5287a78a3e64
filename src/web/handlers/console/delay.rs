//! `POST /tournaments/{id}/live/delay`: whoever manages the event sets the public broadcast's
//! delay in minutes (15 by default, anti-cheating; 0 to 1440) — [`store::set_broadcast_delay`].

use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::access::{ManagedTournament, Manages};
use crate::web::extractors::CsrfForm;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct DelayForm {
    /// Minutes.
    pub minutes: String,
    /// The round whose console to go back to.
    pub round: i32,
}

/// Saves the delay.
pub async fn set_delay(
    ctx: PageContext,
    state: web::Data<AppState>,
    tournament: ManagedTournament<Manages>,
    form: CsrfForm<DelayForm>,
) -> Result<HttpResponse, AppError> {
    let minutes: i32 = form
        .minutes
        .trim()
        .parse()
        .ok()
        .filter(|m| (0..=store::MAX_DELAY_MINUTES).contains(m))
        .ok_or_else(|| AppError::Unprocessable(ctx.t("console.error.delay")))?;
    let (id, by) = (tournament.data.tournament.id, tournament.user.id);
    state
        .write(&ctx, move |conn| {
            store::set_broadcast_delay(conn, id, minutes, by)
        })
        .await?;
    state.live.forget_delayed(id.0);
    Ok(see_other(&format!(
        "/tournaments/{}/rounds/{}/console",
        id.0, form.round
    )))
}
