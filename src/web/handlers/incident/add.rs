//! `POST /tournaments/{id}/incidents`: writes an incident into the log, decided by the
//! arbiter who is logged in, through [`store::log_incident`] (which links it to the game of
//! its board). A field that does not read comes back on the form (422) naming it, with what
//! was typed kept.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::NewIncident;
use crate::db::store::{self, Refusal, StoreError};
use crate::tournament::incident::IncidentArticle;
use crate::tournament::schedule::parse_time;
use crate::web::access::load_for_day;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::incident::{IncidentForm, IncidentsPage};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// The longest decision or consequence kept.
const MAX_TEXT: usize = 1000;

/// Reads the form: the incident, or the problems naming each field.
fn read_form(
    ctx: &PageContext,
    form: &IncidentForm,
    tournament: crate::db::models::TournamentId,
    by: crate::db::models::UserId,
) -> Result<NewIncident, Vec<String>> {
    let mut errors = Vec::new();
    let round = form.round.trim().parse::<i32>().ok().filter(|r| *r >= 1);
    if round.is_none() {
        errors.push(ctx.t("incident.bad_round"));
    }
    let board = match form.board.trim() {
        "" => None,
        text => {
            let board = text.parse::<i32>().ok().filter(|b| *b >= 1);
            if board.is_none() {
                errors.push(ctx.t_with_name("incident.bad_board", text));
            }
            board
        }
    };
    let time = parse_time(&form.time);
    if time.is_none() {
        errors.push(ctx.t_with_name("incident.bad_time", &form.time));
    }
    let article = IncidentArticle::parse(&form.article);
    if article.is_none() {
        errors.push(ctx.t("incident.bad_article"));
    }
    let clip = |text: &str| text.trim().chars().take(MAX_TEXT).collect::<String>();
    let decision = clip(&form.decision);
    if decision.is_empty() {
        errors.push(ctx.t("incident.decision_missing"));
    }
    match (round, time, article) {
        (Some(round), Some(time), Some(article)) if errors.is_empty() => Ok(NewIncident {
            tournament_id: tournament,
            round,
            board,
            game_id: None,
            occurred_at: format!("{:02}:{:02}", time.hour(), time.minute()),
            arbiter_id: by,
            article: article.code(),
            decision,
            consequence: clip(&form.consequence),
        }),
        _ => Err(errors),
    }
}

/// Writes the incident and shows the log again.
pub async fn add_incident(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<IncidentForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let CsrfForm(form) = form;
    let (data, access) = load_for_day(&state, user.0.clone(), id).await?;
    let incident = match read_form(&ctx, &form, data.tournament.id, user.id) {
        Ok(incident) => incident,
        Err(errors) => {
            let page = IncidentsPage::load(ctx, &state, &data, access, form, errors).await?;
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let by = user.id;
    let saved = state
        .try_write(move |conn| store::log_incident(conn, incident, by))
        .await?;
    match saved {
        Ok(()) => Ok(see_other(&format!("/tournaments/{id}/incidents"))),
        Err(error @ StoreError::Refused(Refusal::IncidentBoard { .. })) => {
            let message = match AppError::from_store(&ctx, error) {
                AppError::Unprocessable(message) => message,
                other => return Err(other),
            };
            let page = IncidentsPage::load(ctx, &state, &data, access, form, vec![message]).await?;
            render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
        }
        Err(error) => Err(AppError::from_store(&ctx, error)),
    }
}
