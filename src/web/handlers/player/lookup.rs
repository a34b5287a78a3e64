//! `GET /tournaments/{id}/players/lookup?fide_id=Q` (and `&player=P` from the edit page): the
//! rating list look-up of the player form. `Q` is a FIDE ID or the start of a name as FIDE
//! writes it (`Novak, J`). The player found in the list last imported fills the form — name,
//! title, federation, the rating of the tournament's rating type (standard, rapid or blitz),
//! birth year, sex — which is shown again, not saved: the organiser checks it and registers (or
//! saves) as usual. A name several players start with lists them to choose from (each a link to
//! the look-up by FIDE ID); an unknown ID or name, or no list loaded, is said on the form. While
//! typing, `static/js/fide-lookup.js` offers the names of the list (`lookup_names`).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::rating_list::{Found, look_up};
use crate::tournament::entry_fields::parse_number;
use crate::tournament::rating_refresh::title_from_list;
use crate::web::access::load_for_day;
use crate::web::extractors::CurrentUser;
use crate::web::pages::player::EditPage;
use crate::web::pages::player::PlayerForm;
use crate::web::pages::player::PlayersPage;
use crate::web::pages::player::{LookupCandidate, LookupQuery, MAX_CANDIDATES};
use crate::web::pages::player::{problem_message, record_of};
use crate::web::{AppError, AppState, PageContext, render_page};

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
    let kind = data.tournament.rating_type;
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
    let mut candidates = Vec::new();
    let typed = form.fide_id.clone();
    let search = if typed.is_empty() {
        errors.push(ctx.t("player.lookup.no_id"));
        None
    } else if typed.chars().all(|c| c.is_ascii_digit()) {
        match parse_number(&typed, 1, 9_999_999_999) {
            Ok(Some(fide_id)) => Some(fide_id.to_string()),
            Ok(None) => None,
            Err(problem) => {
                errors.push(format!(
                    "{}: {}",
                    ctx.t("player.fide_id"),
                    problem_message(&ctx, &problem.into())
                ));
                None
            }
        }
    } else if typed.chars().count() < 2 {
        errors.push(ctx.t("player.lookup.name_too_short"));
        None
    } else {
        Some(typed.clone())
    };
    if let Some(search) = search {
        let found = state
            .db(move |conn| Ok(look_up(conn, &search, MAX_CANDIDATES + 1)?))
            .await?;
        match found {
            Found::NoList => errors.push(ctx.t("player.lookup.no_list")),
            Found::Nobody(source) => errors.push(ctx.lang.t_with(
                "player.lookup.unknown",
                &[("name", &source), ("query", &typed)],
            )),
            Found::One(listed, source) => {
                // The form keeps the FIDE ID, whatever was typed.
                form.fide_id = listed.fide_id.to_string();
                form.name = listed.name.clone();
                form.title = title_from_list(&listed.title, &listed.women_title);
                form.federation = listed.federation.clone();
                form.rating = listed
                    .rating(kind)
                    .map(|r| r.to_string())
                    .unwrap_or_default();
                form.birth_year = listed.birth_year.map(|y| y.to_string()).unwrap_or_default();
                form.sex = listed.sex.clone();
                notice = Some(ctx.lang.t_with(
                    "player.lookup.filled",
                    &[
                        ("name", &source),
                        (
                            "rating",
                            &ctx.t(&format!("tournament.rating_type.{}", kind.as_str())),
                        ),
                    ],
                ));
            }
            Found::Several(players) => {
                let more = players.len() as i64 > MAX_CANDIDATES;
                candidates = players
                    .iter()
                    .take(MAX_CANDIDATES as usize)
                    .map(|listed| LookupCandidate::new(listed, kind, id, query.player))
                    .collect();
                notice = Some(if more {
                    ctx.lang.t_with(
                        "player.lookup.too_many",
                        &[("count", &MAX_CANDIDATES.to_string())],
                    )
                } else {
                    ctx.t("player.lookup.choose")
                });
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
            page.lookup_candidates = candidates;
            render_page(&page, status)
        }
        None => {
            let mut page = PlayersPage::new(ctx, &data, access, form, errors, notice);
            page.lookup_candidates = candidates;
            render_page(&page, status)
        }
    }
}
