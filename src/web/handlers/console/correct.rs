//! `POST /tournaments/{id}/rounds/{number}/console/{board}/correct`: the arbiter corrects a
//! board's game — the mainline replaced from a ply by the moves typed (in the arbiter's
//! letters), with no leftover variation — with the reason; kept in the board's log and
//! audited ([`store::record_operator_entry`]). The moves are read against the game as it is;
//! the store checks them again against the log inside its transaction.

use actix_web::{HttpResponse, web};

use crate::formats::live_feed::{LogEntry, moves_from_text};
use crate::rules::san::Lang as SanLang;
use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::extractors::CsrfForm;
use crate::web::pages::console::{
    entry_error_text, followed_game, operator_entry, operator_reason,
};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct CorrectionForm {
    /// The first ply replaced (1 = White's first move).
    pub from_ply: String,
    /// The moves from there, in the arbiter's letters (empty: the game cut back to the ply).
    #[serde(default)]
    pub moves: String,
    /// Why.
    pub reason: String,
}

/// Saves the correction.
pub async fn correct_board(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    tournament: ManagedTournament<RunsDay>,
    form: CsrfForm<CorrectionForm>,
) -> Result<HttpResponse, AppError> {
    let (id, round, board) = path.into_inner();
    let ManagedTournament { user, data, .. } = tournament;
    followed_game(&data, round, board)?;
    let reason = operator_reason(&ctx, &form.reason)?;
    let from_ply: u32 = form
        .from_ply
        .trim()
        .parse()
        .ok()
        .filter(|ply| *ply >= 1)
        .ok_or_else(|| AppError::Unprocessable(ctx.t("console.error.from_ply")))?;
    let (live, row) = (state.live.clone(), data.tournament.clone());
    let followed = state
        .db(move |conn| Ok(live.catch_up(conn, &row, round, board)?))
        .await?;
    let lang = SanLang::from_code(ctx.lang_code()).unwrap_or_default();
    let text: String = form.moves.chars().take(4_000).collect();
    let moves = moves_from_text(&followed.game, from_ply, &text, lang).map_err(|error| {
        AppError::Unprocessable(ctx.lang.t_with(
            "console.error.entry",
            &[("reason", &entry_error_text(&ctx, &error))],
        ))
    })?;
    let entry = LogEntry::Correction {
        from_ply,
        moves,
        reason,
    };
    operator_entry(&ctx, &state, &data.tournament, round, board, entry, user.id).await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{round}/console/{board}"
    )))
}
