//! `POST /tournaments/{id}/entry/{token}`: the entrant changes their entry through their link
//! ([`store::change_entry`]; before round 1 is paired, then only by a request).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::read::desk::listed_player;
use crate::db::store;
use crate::web::extractors::CsrfForm;
use crate::web::pages::desk::{EntryForm, EntryPage, load_linked_entry};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Saves the change, or shows the page again with the reasons.
pub async fn change_entry(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, String)>,
    form: CsrfForm<EntryForm>,
) -> Result<HttpResponse, AppError> {
    let (id, token) = path.into_inner();
    let CsrfForm(form) = form;
    let linked = load_linked_entry(&state, id, token.clone()).await?;
    let listed = match form.fide_id() {
        Some(fide_id) => {
            state
                .db(move |conn| Ok(listed_player(conn, fide_id)?))
                .await?
        }
        None => None,
    };
    let year = time::OffsetDateTime::now_utc().year();
    let checked = form.check(
        &ctx,
        listed.as_ref(),
        linked.data.tournament.rating_type,
        year,
    );
    let data = match checked {
        Ok(data) => data,
        Err(errors) => {
            let mut ctx = ctx;
            ctx.refusal = Some(errors.join(" "));
            let mut page = EntryPage::new(
                ctx,
                &linked.data,
                &linked.view,
                &linked.entry,
                token,
                &linked.requests,
                None,
            );
            page.form = Some(form);
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let (tournament, entry) = (linked.data.tournament.id, linked.entry.id);
    state
        .write(&ctx, move |conn| {
            store::change_entry(conn, tournament, entry, &data)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/entry/{token}")))
}
