//! `POST /tournaments/{id}/league/boards/{board}/penalty`: the arbiter's penalty result on a
//! board of a team match (FIDE Laws Art. 12.9.4–12.9.6, 11.3: 0-0, ½-0, 0-½, rated or not),
//! with the article and a written reason, as on an individual board (the same form,
//! [`PenaltyForm`]). Each side keeps its own score; the match's game points add them. Refused
//! like a result when the board changed since the page was made.

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::models::team_boards::TeamBoardId;
use crate::db::store;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::result::penalty::PenaltyForm;
use crate::web::handlers::tournament::{Need, authorise};
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// Saves the penalty result and shows the match again.
pub async fn enter_board_penalty(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<PenaltyForm>,
) -> Result<HttpResponse, AppError> {
    let (id, board) = path.into_inner();
    let CsrfForm(form) = form;
    let (result, article, reason) = form.parse(&ctx)?;
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (version, by) = (form.version, user.id);
    let saved = state
        .write(&ctx, move |conn| {
            store::enter_penalty(
                conn,
                tournament,
                TeamBoardId(board),
                version,
                result,
                article,
                &reason,
                by,
            )
        })
        .await?
        .into_team()
        .ok_or(AppError::NotFound)?;
    Ok(see_other_with_notice(
        &session,
        &format!(
            "/tournaments/{id}/league/matches/{}#board-{}",
            saved.match_id, saved.board
        ),
        ctx.lang.t_with(
            "league.result_saved",
            &[("board", &saved.board.to_string())],
        ),
    ))
}
