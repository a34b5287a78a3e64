//! `POST /tournaments/{id}/register`: a self-registration (no account). Refused in words when
//! the form is closed, the data do not read, or the person is entered already; otherwise the
//! entry is written ([`store::self_register`]: a player, or on the waiting list beyond the
//! capacity) and its personal link shown this once, with its QR code.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::models::player_requests::PlayerRequest;
use crate::db::read::desk::listed_player;
use crate::db::store;
use crate::web::extractors::CsrfForm;
use crate::web::pages::desk::{EntryForm, EntryPage, RegisterPage, ShownLink, load_desk};
use crate::web::{AppError, AppState, PageContext, public_base_url, render_page};

/// Takes the entry, or shows the form again with the reasons.
pub async fn register(
    req: HttpRequest,
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<EntryForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let CsrfForm(form) = form;
    let (data, view) = load_desk(&state, id).await?;
    if !data.tournament.published && !view.settings.registration_open {
        return Err(AppError::NotFound);
    }
    let today = time::OffsetDateTime::now_utc().date();
    let listed = match form.fide_id() {
        Some(fide_id) => {
            state
                .db(move |conn| Ok(listed_player(conn, fide_id)?))
                .await?
        }
        None => None,
    };
    let (kind, year) = (data.tournament.rating_type, today.year());
    let entry = match form.check(&ctx, listed.as_ref(), kind, year) {
        Ok(entry) => entry,
        Err(errors) => {
            let page = RegisterPage::new(ctx, &data, &view, today, form, errors);
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let (tournament, key, lang) = (data.tournament.id, state.config.link_key(), ctx.lang_code());
    let written = state
        .try_write(move |conn| store::self_register(conn, tournament, &entry, lang, today, &key))
        .await?;
    let registered = match written {
        Ok(registered) => registered,
        Err(error @ store::StoreError::Refused(_)) => {
            let refused = AppError::from_store(&ctx, error);
            let status = actix_web::ResponseError::status_code(&refused);
            let reasons = refused.message().map(str::to_owned).into_iter().collect();
            let page = RegisterPage::new(ctx, &data, &view, today, form, reasons);
            return render_page(&page, status);
        }
        Err(error) => return Err(AppError::from_store(&ctx, error)),
    };
    let (data, view) = load_desk(&state, id).await?;
    let path = format!("/tournaments/{id}/entry/{}", registered.token);
    let link = ShownLink::new(&public_base_url(&req, &state.config), &path);
    let no_requests: [PlayerRequest; 0] = [];
    let page = EntryPage::new(
        ctx,
        &data,
        &view,
        &registered.entry,
        registered.token,
        &no_requests,
        Some(link),
    );
    let mut answer = render_page(&page, StatusCode::CREATED)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(answer)
}
