//! `POST /tournaments/{id}/league/matches/{match}/lineup`: one team's line-up (`side` =
//! `home` or `away`; `board_1`, `board_2`, … a squad player's row id or empty). Empty boards
//! may only be at the bottom (a short team forfeits its bottom boards); the store checks the
//! squad order and that nobody is named twice, and refuses once a board has a result or the
//! match changed since the page was made (`version`). A refusal comes back on the match page
//! with the boards as chosen.

use std::collections::HashMap;

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::models::team_matches::TeamMatchId;
use crate::db::models::{PlayerRowId, TournamentId, UserId};
use crate::db::store;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The most boards a form may name.
const MAX_BOARDS: u32 = 20;

/// The players of a line-up form, board 1 first, or the board whose empty seat is above a
/// taken one.
pub fn players_of(form: &HashMap<String, String>) -> Result<Vec<PlayerRowId>, u32> {
    let mut players = Vec::new();
    let mut first_empty = None;
    for board in 1..=MAX_BOARDS {
        let value = form
            .get(&format!("board_{board}"))
            .map(|v| v.trim())
            .unwrap_or("");
        match value.parse::<i32>() {
            Ok(id) if id > 0 => {
                if let Some(empty) = first_empty {
                    return Err(empty);
                }
                players.push(PlayerRowId(id));
            }
            _ => {
                first_empty.get_or_insert(board);
            }
        }
    }
    Ok(players)
}

/// Saves the line-up and shows the match again; a refused line-up comes back on the match
/// page with its boards as they were chosen and the reason ([`PageContext::refused`]).
pub async fn save_lineup(
    req: HttpRequest,
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (id, of) = path.into_inner();
    let CsrfForm(form) = form;
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    match lineup_write(&ctx, &state, &form, tournament, of, user.id).await {
        Ok(()) => Ok(see_other_with_notice(
            &session,
            &format!("/tournaments/{id}/league/matches/{of}"),
            ctx.t("league.lineup_saved"),
        )),
        Err(error) => PageContext::refused(&req, error, &form),
    }
}

/// Reads the form and saves the line-up.
async fn lineup_write(
    ctx: &PageContext,
    state: &AppState,
    form: &HashMap<String, String>,
    tournament: TournamentId,
    of: i32,
    by: UserId,
) -> Result<(), AppError> {
    let home = match form.get("side").map(String::as_str) {
        Some("home") => true,
        Some("away") => false,
        _ => return Err(AppError::Unprocessable(ctx.t("league.error.side"))),
    };
    let version = form
        .get("version")
        .and_then(|v| v.trim().parse::<i32>().ok())
        .ok_or_else(|| AppError::Unprocessable(ctx.t("league.error.changed")))?;
    let players = players_of(form).map_err(|board| {
        AppError::Unprocessable(
            ctx.lang
                .t_with("league.error.lineup_gap", &[("board", &board.to_string())]),
        )
    })?;
    state
        .write(ctx, move |conn| {
            store::save_lineup(
                conn,
                tournament,
                TeamMatchId(of),
                home,
                &players,
                version,
                by,
            )
        })
        .await
}
