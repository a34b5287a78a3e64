//! `POST /tournaments/{id}/rounds/{number}/boards/{game}/score`: saves a game score, pasted
//! (`movetext`) or uploaded as a file (`file`, multipart), with the language of its piece
//! letters (`lang`, Laws Appendix C.3). The score never changes the recorded result (Art. 8.7):
//! the score page shows the rules core's report beside it. A text that is not a game score
//! (unreadable as PGN, or not one legal move) is not saved: the form comes back with the reason
//! and the text kept.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::GameId;
use crate::db::store;
use crate::rules::Lang;
use crate::rules::arbiter::SignedBoard;
use crate::web::access::{Need, authorise};
use crate::web::extractors::CurrentUser;
use crate::web::pages::game_score::check_score;
use crate::web::pages::game_score::{ScorePage, Typed};
use crate::web::upload::CsrfFields;
use crate::web::{AppError, AppState, PageContext, render_page, see_other_with_notice};

/// The longest score accepted (a very long game is far below this).
pub const MAX_SCORE_BYTES: usize = 60_000;

/// Saves and shows the score page again, saying so.
pub async fn save_score(
    ctx: PageContext,
    user: CurrentUser,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    form: CsrfFields,
) -> Result<HttpResponse, AppError> {
    let (id, number, game) = path.into_inner();
    // An uploaded file wins over the text box.
    let text = if form.get("file").trim().is_empty() {
        form.get("movetext")
    } else {
        form.get("file")
    }
    .replace("\r\n", "\n");
    if text.len() > MAX_SCORE_BYTES {
        return Err(AppError::Unprocessable(ctx.t("day.score.too_long")));
    }
    let code = match form.get("lang").trim() {
        "" => Lang::default().code(),
        code => Lang::from_code(code)
            .ok_or_else(|| AppError::Unprocessable(ctx.t_with_name("day.score.bad_lang", code)))?
            .code(),
    };
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let lang = Lang::from_code(code).unwrap_or_default();
    if !text.trim().is_empty()
        && let Some(reason) =
            check_score(&text, lang, SignedBoard::default(), ctx.lang).not_a_game()
    {
        let typed = Typed {
            movetext: text,
            lang: code.to_owned(),
            errors: vec![ctx.t_with_name("day.score.not_a_game", &reason)],
        };
        let page = ScorePage::load(ctx, &state, user.0, (id, number, game), Some(typed)).await?;
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let by = user.id;
    let notice = if text.trim().is_empty() {
        ctx.t("day.score.cleared")
    } else {
        ctx.t("day.score.saved")
    };
    state
        .write(&ctx, move |conn| {
            store::save_game_score(
                conn,
                tournament,
                number,
                GameId(game),
                text.trim(),
                code,
                by,
            )
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/rounds/{number}/boards/{game}/score"),
        notice,
    ))
}
