//! `GET /tournaments/{id}/register` (`?fide_id=N`): the public registration form. With a FIDE
//! ID the player found in the loaded rating list fills the form (name, title, rating,
//! federation, year of birth, sex), shown, not saved; an ID the list does not have is said.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::read::desk::listed_player;
use crate::web::pages::desk::{EntryForm, RegisterPage, load_desk};
use crate::web::{AppError, AppState, PageContext, render_page};

/// The look-up of the form.
#[derive(Debug, serde::Deserialize)]
pub struct LookupQuery {
    /// A FIDE ID to look up.
    #[serde(default)]
    pub fide_id: String,
}

/// Shows the form (closed, with the reason, when it takes no entry).
pub async fn register_form(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    query: web::Query<LookupQuery>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, view) = load_desk(&state, id).await?;
    if !data.tournament.published && !view.settings.registration_open {
        return Err(AppError::NotFound);
    }
    let today = time::OffsetDateTime::now_utc().date();
    let mut form = EntryForm {
        fide_id: query.fide_id.trim().to_owned(),
        ..EntryForm::default()
    };
    let mut errors = Vec::new();
    let mut notice = None;
    if !form.fide_id.is_empty() {
        match form.fide_id() {
            None => errors.push(ctx.t("desk.form.bad_fide_id")),
            Some(fide_id) => {
                let found = state
                    .db(move |conn| Ok(listed_player(conn, fide_id)?))
                    .await?;
                match found {
                    Some(listed) => {
                        let kind = data.tournament.rating_type;
                        form.name = listed.name.clone();
                        form.federation = listed.federation.clone();
                        form.sex = listed.sex.clone();
                        form.birth_year =
                            listed.birth_year.map(|y| y.to_string()).unwrap_or_default();
                        let rating = listed.rating(kind).unwrap_or(0);
                        notice = Some(ctx.lang.t_with(
                            "desk.register.found",
                            &[("name", &listed.name), ("rating", &rating.to_string())],
                        ));
                    }
                    None => errors.push(
                        ctx.lang
                            .t_with("desk.form.not_in_list", &[("id", &fide_id.to_string())]),
                    ),
                }
            }
        }
    }
    let status = if errors.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    let mut page = RegisterPage::new(ctx, &data, &view, today, form, errors);
    page.notice = notice;
    render_page(&page, status)
}
