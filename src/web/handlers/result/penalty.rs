//! `POST /tournaments/{id}/games/{game}/penalty` and
//! `POST /tournaments/{id}/league/boards/{board}/penalty`: the arbiter's penalty result of a
//! played game, of an individual event or on a board of a team match (FIDE Laws Art. 12.9.4–12.9.6: the offender's points reduced, the game declared lost,
//! the opponent's points increased; Art. 11.3: an electronic device, either or both players),
//! entered by whoever runs the day with the article and a written reason.
//!
//! The score is one of [`BoardResult::PENALTY`] (0-0, ½-0, 0-½, rated or not); anything else —
//! an ordinary result, or a score above a win such as 1-1 — is refused (422) naming the field.
//! Like a result, the form carries the board's `version` ([`store::enter_penalty`] saves only
//! if the board is unchanged; otherwise the board page comes back with 409, or for a team
//! board the error page). On a team board each side keeps its own score; the match's game
//! points add them.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::store::{self, BoardRow, Refusal, StoreError};
use crate::tournament::result::{BoardResult, PenaltyArticle};
use crate::web::access::{Need, authorise, load_visible};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::result::BoardPage;
use crate::web::pages::result::{BoardPath, back_to_match};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The penalty form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PenaltyForm {
    /// The penalty result's code (`0-0`, `1/2-0`, `0-1/2`, or with ` NR` when not rated).
    pub result: String,
    /// The article (`12.9.4`, `12.9.5`, `12.9.6`, `11.3`).
    pub article: String,
    /// The arbiter's written reason.
    pub reason: String,
    /// The board's version when the form was shown.
    pub version: i32,
}

impl PenaltyForm {
    /// The score (one of [`BoardResult::PENALTY`]), the article and the reason (at most 500
    /// characters), or a 422 naming the field that is wrong.
    pub fn parse(
        &self,
        ctx: &PageContext,
    ) -> Result<(BoardResult, PenaltyArticle, String), AppError> {
        let result = BoardResult::from_code(self.result.trim())
            .filter(|result| result.is_penalty())
            .ok_or_else(|| {
                AppError::Unprocessable(ctx.t_with_name("penalty.invalid", &self.result))
            })?;
        let article = PenaltyArticle::parse(&self.article)
            .ok_or_else(|| AppError::Unprocessable(ctx.t("penalty.article_missing")))?;
        let reason = self.reason.trim().chars().take(500).collect::<String>();
        if reason.is_empty() {
            return Err(AppError::Unprocessable(ctx.t("penalty.reason_missing")));
        }
        Ok((result, article, reason))
    }
}

/// Saves the penalty result on a game or a team board, or shows the conflict (409) / the
/// problem (422).
pub async fn enter_penalty(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<BoardPath>,
    form: CsrfForm<PenaltyForm>,
) -> Result<HttpResponse, AppError> {
    let path = path.into_inner();
    let (id, board) = (path.id, path.board_ref().ok_or(AppError::NotFound)?);
    let CsrfForm(form) = form;
    let (result, article, reason) = form.parse(&ctx)?;
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let (version, by) = (form.version, user.id);
    let saved = state
        .try_write(move |conn| {
            store::enter_penalty(
                conn, tournament, board, version, result, article, &reason, by,
            )
        })
        .await?;
    match saved {
        Ok(BoardRow::Game(game)) => Ok(see_other(&format!("/tournaments/{id}/games/{}", game.id))),
        Ok(BoardRow::Team(saved)) => Ok(back_to_match(&ctx, &session, id, &saved)),
        Err(StoreError::Refused(Refusal::ResultConflict(current)))
            if matches!(*current, BoardRow::Game(_)) =>
        {
            let theirs = current.result().map_or("—", BoardResult::label);
            let message = ctx.lang.t_with(
                "result.conflict",
                &[("theirs", theirs), ("mine", result.label())],
            );
            let current = current.into_game().ok_or(AppError::NotFound)?;
            let (data, access) = load_visible(&state, Some(user.0), id).await?;
            let page = BoardPage::load(ctx, &state, &data, access, &current, Some(message)).await?;
            render_page(&page, StatusCode::CONFLICT)
        }
        Err(error) => Err(AppError::from_store(&ctx, error)),
    }
}
