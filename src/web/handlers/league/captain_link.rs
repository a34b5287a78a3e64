//! `POST /tournaments/{id}/teams/{team}/captain-link`: whoever runs the league issues a team
//! captain's personal link (`action=new`, shown this once with its QR code; an older link of the
//! team stops working) or revokes it (`action=revoke`) — [`store::issue_captain_link`].

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::league::LeagueData;
use crate::db::models::teams::TeamRowId;
use crate::db::store;
use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::extractors::CsrfForm;
use crate::web::pages::desk::ShownLink;
use crate::web::pages::league::TeamsPage;
use crate::web::{AppError, AppState, PageContext, public_base_url, render_page, see_other};

/// The form.
#[derive(Debug, serde::Deserialize)]
pub struct LinkForm {
    /// `revoke` or `new`.
    pub action: String,
}

/// Issues or revokes the link.
pub async fn captain_link(
    req: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
    form: CsrfForm<LinkForm>,
    tournament: ManagedTournament<RunsDay>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, team) = path.into_inner();
    let revoke = match form.action.as_str() {
        "revoke" => true,
        "new" => false,
        _ => return Err(AppError::Unprocessable(ctx.t("desk.form.bad_request"))),
    };
    let ManagedTournament {
        user, data, access, ..
    } = tournament;
    if !data.tournament.pairing_system.is_team() || data.tournament.pairing_system.is_team_swiss() {
        return Err(AppError::NotFound);
    }
    let (key, by, tournament) = (state.config.link_key(), user.id, data.tournament.id);
    let team = TeamRowId(team);
    let token = state
        .write(&ctx, move |conn| {
            store::issue_captain_link(conn, tournament, team, revoke, &key, by)
        })
        .await?;
    let Some(token) = token else {
        return Ok(see_other(&format!("/tournaments/{id}/teams")));
    };
    let league = state
        .db(move |conn| Ok(LeagueData::load_for(conn, data)?))
        .await?;
    let link = ShownLink::new(
        &public_base_url(&req, &state.config),
        &format!("/captain/{token}"),
    );
    let name = league.team(team).map_or(String::new(), |t| t.name.clone());
    let mut page = TeamsPage::new(ctx, &league, access);
    page.new_link = Some((name, link));
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(answer)
}
