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
use crate::db::models::{TournamentId, UserId};
use crate::db::store;
use crate::db::store::LineupBy;
use crate::web::access::{Need, authorise};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::league_match::SentLineup;
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

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
    let SentLineup {
        home,
        players,
        version,
    } = SentLineup::read(ctx, form)?;
    state
        .write(ctx, move |conn| {
            store::save_lineup(
                conn,
                tournament,
                TeamMatchId(of),
                home,
                &players,
                version,
                LineupBy::Arbiter(by),
            )
        })
        .await
}
