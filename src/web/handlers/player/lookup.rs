//! `GET /tournaments/{id}/players/lookup?fide_id=N` (and `&player=P` from the edit page): the
//! FIDE ID look-up of the player form. The player of the rating list last imported
//! (`arbiter ratings import`) fills the form — name, title, federation, standard rating, birth
//! year, sex — which is shown again, not saved: the organiser checks it and registers (or
//! saves) as usual. An unknown ID, or no list loaded, is said on the form.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::db::models::{FidePlayer, FideRatingList};
use crate::formats::csv::parse_number;
use crate::tournament::rating_refresh::title_from_list;
use crate::web::extractors::CurrentUser;
use crate::web::handlers::player::edit_form::EditPage;
use crate::web::handlers::player::list::PlayersPage;
use crate::web::handlers::player::register::PlayerForm;
use crate::web::handlers::player::{problem_message, record_of};
use crate::web::handlers::tournament::load_for_day;
use crate::web::{AppError, AppState, PageContext, render_page};

/// The look-up's query.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct LookupQuery {
    /// The FIDE ID typed.
    pub fide_id: String,
    /// The registration being edited (absent on the registration form).
    pub player: Option<i32>,
}

/// Fills the form from the rating list.
pub async fn lookup_player(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    query: web::Query<LookupQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let query = query.into_inner();
    let (data, access) = load_for_day(&state, user.0, id).await?;
    let mut form = match query.player {
        Some(player) => {
            let row = data
                .players
                .iter()
                .find(|row| row.id.0 == player)
                .ok_or(AppError::NotFound)?;
            PlayerForm::of(&record_of(row))
        }
        None => PlayerForm::default(),
    };
    form.fide_id = query.fide_id.trim().to_owned();
    let mut errors = Vec::new();
    let mut notice = None;
    match parse_number(&form.fide_id, 1, 9_999_999_999) {
        Err(problem) => errors.push(format!(
            "{}: {}",
            ctx.t("player.fide_id"),
            problem_message(&ctx, &problem)
        )),
        Ok(None) => errors.push(ctx.t("player.lookup.no_id")),
        Ok(Some(fide_id)) => {
            let fide_id = i64::try_from(fide_id).unwrap_or(i64::MAX);
            let (found, list) = state
                .db(move |conn| {
                    Ok((
                        FidePlayer::find(conn, fide_id)?,
                        FideRatingList::latest(conn)?,
                    ))
                })
                .await?;
            match (found, list) {
                (_, None) => errors.push(ctx.t("player.lookup.no_list")),
                (None, Some(list)) => {
                    errors.push(ctx.t_with_name("player.lookup.unknown", &list.source))
                }
                (Some(listed), Some(list)) => {
                    form.name = listed.name.clone();
                    form.title = title_from_list(&listed.title, &listed.women_title);
                    form.federation = listed.federation.clone();
                    form.rating = listed.standard.map(|r| r.to_string()).unwrap_or_default();
                    form.birth_year = listed.birth_year.map(|y| y.to_string()).unwrap_or_default();
                    form.sex = listed.sex.clone();
                    notice = Some(ctx.t_with_name("player.lookup.filled", &list.source));
                }
            }
        }
    }
    let status = if errors.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    match query.player {
        Some(player) => {
            let mut page = EditPage::new(ctx, &data, access, player, Some(form), errors)
                .ok_or(AppError::NotFound)?;
            page.notice = notice;
            render_page(&page, status)
        }
        None => {
            let page = PlayersPage::new(ctx, &data, access, form, errors, notice);
            render_page(&page, status)
        }
    }
}
