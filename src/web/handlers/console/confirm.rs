//! `POST /tournaments/{id}/rounds/{number}/console/{board}/confirm`: the arbiter confirms an
//! alert of a board (seen and dealt with: an illegal move's position reinstated and its
//! penalty given, Art. 7.5.1 / 7.5.5, A.5.2; a flag's or a stopped clock's call answered) —
//! it leaves the console's queue. What the arbiter did may be said in a few words; kept in
//! the board's log and audited ([`store::record_operator_entry`]).

use actix_web::{HttpResponse, web};

use crate::formats::live_feed::LogEntry;
use crate::rules::live::AlertKind;
use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::extractors::CsrfForm;
use crate::web::pages::console::{followed_game, operator_entry};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ConfirmForm {
    /// The alert's ply.
    pub ply: String,
    /// The alert's name (`illegal_move`, `flag_fall`, ...).
    pub alert: String,
    /// What the arbiter did (may be empty).
    #[serde(default)]
    pub reason: String,
    /// `board` to come back to the board's page, else the console.
    #[serde(default)]
    pub back: String,
}

/// Saves the confirmation.
pub async fn confirm_alert(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    tournament: ManagedTournament<RunsDay>,
    form: CsrfForm<ConfirmForm>,
) -> Result<HttpResponse, AppError> {
    let (id, round, board) = path.into_inner();
    let ManagedTournament { user, data, .. } = tournament;
    followed_game(&data, round, board)?;
    let bad = || AppError::Unprocessable(ctx.t("desk.form.bad_request"));
    let ply: u32 = form.ply.trim().parse().map_err(|_| bad())?;
    let kind = AlertKind::from_name(form.alert.trim()).ok_or_else(bad)?;
    let entry = LogEntry::Confirmation {
        ply,
        alert: kind.name().to_owned(),
        reason: form.reason.trim().chars().take(500).collect(),
    };
    operator_entry(&ctx, &state, &data.tournament, round, board, entry, user.id).await?;
    Ok(see_other(&if form.back == "board" {
        format!("/tournaments/{id}/rounds/{round}/console/{board}")
    } else {
        format!("/tournaments/{id}/rounds/{round}/console#board-{board}")
    }))
}
