//! `POST /captain/{token}/matches/{match}/results`: a captain's word on the board results of
//! their team's played match (`word` = `agree` or `dispute`, `note` — a dispute's reason for the
//! arbiter, `version` — the match as the page showed it) — [`store::confirm_results`].

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::models::team_matches::TeamMatchId;
use crate::db::store;
use crate::web::extractors::CsrfForm;
use crate::web::pages::captain::load_captain;
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// The form.
#[derive(Debug, serde::Deserialize, serde::Serialize)]
pub struct WordForm {
    /// `agree` or `dispute`.
    pub word: String,
    /// The note (a dispute's reason).
    #[serde(default)]
    pub note: String,
    /// The match's version the page was made at.
    pub version: i32,
}

/// Keeps the captain's word.
pub async fn confirm_results(
    req: HttpRequest,
    ctx: PageContext,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: CsrfForm<WordForm>,
) -> Result<HttpResponse, AppError> {
    let (token, of) = path.into_inner();
    let CsrfForm(form) = form;
    let agrees = match form.word.as_str() {
        "agree" => true,
        "dispute" => false,
        _ => return Err(AppError::Unprocessable(ctx.t("desk.form.bad_request"))),
    };
    let (league, team) = load_captain(&state, token.clone()).await?;
    let tournament = league.data.tournament.id;
    let (note, version) = (
        form.note.chars().take(500).collect::<String>(),
        form.version,
    );
    let written = state
        .write(&ctx, move |conn| {
            store::confirm_results(
                conn,
                tournament,
                TeamMatchId(of),
                team,
                agrees,
                &note,
                version,
            )
        })
        .await;
    match written {
        Ok(()) => Ok(see_other_with_notice(
            &session,
            &format!("/captain/{token}#match-{of}"),
            ctx.t("captain.word_saved"),
        )),
        Err(error) => {
            let kept = [("note".to_owned(), form.note.clone())]
                .into_iter()
                .collect();
            PageContext::refused(&req, error, &kept)
        }
    }
}
