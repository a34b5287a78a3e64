//! `POST /captain/{token}/matches/{match}/lineup`: a captain gives or changes their team's
//! line-up (the form of the arbiter's match page, [`SentLineup`]) through the one line-up write
//! ([`store::save_lineup`] as [`LineupBy::Captain`]): their own team's side only, checked
//! against the squad order, and only until both line-ups are in. A refusal comes back on the
//! captain's page with the boards as chosen.

use std::collections::HashMap;

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::models::team_matches::TeamMatchId;
use crate::db::store::{self, LineupBy};
use crate::web::extractors::CsrfForm;
use crate::web::pages::captain::load_captain;
use crate::web::pages::league_match::SentLineup;
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// Saves the line-up.
pub async fn save_captain_lineup(
    req: HttpRequest,
    ctx: PageContext,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<(String, i32)>,
    form: CsrfForm<HashMap<String, String>>,
) -> Result<HttpResponse, AppError> {
    let (token, of) = path.into_inner();
    let CsrfForm(form) = form;
    let (league, team) = load_captain(&state, token.clone()).await?;
    let tournament = league.data.tournament.id;
    let written = match SentLineup::read(&ctx, &form) {
        Ok(sent) => {
            state
                .write(&ctx, move |conn| {
                    store::save_lineup(
                        conn,
                        tournament,
                        TeamMatchId(of),
                        sent.home,
                        &sent.players,
                        sent.version,
                        LineupBy::Captain(team),
                    )
                })
                .await
        }
        Err(error) => Err(error),
    };
    match written {
        Ok(()) => Ok(see_other_with_notice(
            &session,
            &format!("/captain/{token}#match-{of}"),
            ctx.t("league.lineup_saved"),
        )),
        Err(error) => PageContext::refused(&req, error, &form),
    }
}
