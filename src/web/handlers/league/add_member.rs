//! `POST /tournaments/{id}/teams/{team}/players`: registers a player straight into a team's
//! squad, at its bottom (the same registration as the players' form and the CSV import, with
//! the team named). Before the draw and during the season alike: a squad may grow, its order
//! stays.

use actix_session::Session;
use actix_web::{HttpResponse, web};

use crate::db::models::teams::TeamRowId;
use crate::db::store;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::league::load_league;
use crate::web::pages::player::PlayerForm;
use crate::web::pages::player::registration;
use crate::web::{AppError, AppState, PageContext, see_other_with_notice};

/// Registers the player into the squad and shows the teams again.
pub async fn add_member(
    ctx: PageContext,
    session: Session,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let (id, team) = path.into_inner();
    let CsrfForm(form) = form;
    let (league, access) = load_league(&state, Some(user.0.clone()), id).await?;
    if !access.run_day {
        return Err(AppError::Forbidden);
    }
    let team = league
        .team(TeamRowId(team))
        .ok_or(AppError::NotFound)?
        .clone();
    let record = form
        .check(&ctx)
        .map_err(|errors| AppError::Unprocessable(errors.join("; ")))?;
    let mut new = registration(league.data.tournament.id, &record);
    new.team = Some(team.name.clone());
    let (tournament, by) = (league.data.tournament.id, user.id);
    state
        .write(&ctx, move |conn| {
            store::register_players(conn, tournament, &[new], by)
        })
        .await?;
    let notice = ctx.lang.t_with(
        "league.member_added",
        &[("name", &record.name), ("team", &team.name)],
    );
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/teams#team-{}", team.number),
        notice,
    ))
}
