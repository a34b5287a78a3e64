//! `POST /tournaments/{id}/rounds/{number}/console/{board}/resolve`: the arbiter resolves a
//! held press of a board — the move it was (typed in the arbiter's letters), an illegal move
//! (Art. 7.5.1: the position before it to be reinstated) or no move — with the reason; kept in
//! the board's log and audited.

use actix_web::{HttpResponse, web};

use crate::formats::live_feed::LogEntry;
use crate::rules::san::{Lang as SanLang, parse_move, to_san};
use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::extractors::CsrfForm;
use crate::web::pages::console::{followed_game, operator_entry, operator_reason};
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct ResolveForm {
    /// `move`, `illegal` or `none`.
    pub resolution: String,
    /// The move, for `move`.
    #[serde(default)]
    pub san: String,
    /// Why.
    pub reason: String,
}

/// Saves the resolution.
pub async fn resolve_board(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    tournament: ManagedTournament<RunsDay>,
    form: CsrfForm<ResolveForm>,
) -> Result<HttpResponse, AppError> {
    let (id, round, board) = path.into_inner();
    let ManagedTournament { user, data, .. } = tournament;
    followed_game(&data, round, board)?;
    let reason = operator_reason(&ctx, &form.reason)?;
    let san = match form.resolution.as_str() {
        "illegal" | "none" => String::new(),
        "move" => {
            let (live, row) = (state.live.clone(), data.tournament.clone());
            let followed = state
                .db(move |conn| Ok(live.catch_up(conn, &row, round, board)?))
                .await?;
            let lang = SanLang::from_code(ctx.lang_code()).unwrap_or_default();
            let position = followed.game.position().clone();
            let text = form.san.trim();
            let m = parse_move(&position, text, lang).map_err(|_| {
                AppError::Unprocessable(ctx.lang.t_with(
                    "console.error.entry",
                    &[(
                        "reason",
                        &ctx.lang.t_with("console.entry.move", &[("move", text)]),
                    )],
                ))
            })?;
            to_san(&position, m, SanLang::En)
        }
        _ => return Err(AppError::Unprocessable(ctx.t("desk.form.bad_request"))),
    };
    let entry = LogEntry::Resolution {
        resolution: form.resolution.clone(),
        san,
        reason,
    };
    operator_entry(&ctx, &state, &data.tournament, round, board, entry, user.id).await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{round}/console/{board}"
    )))
}
