//! `POST /tournaments/{id}/players`: registers one player from the form (whoever runs the
//! day). After round 1 is paired the player is a late entry first paired in the next round
//! (C.04.2 Art. 2.4); in a round robin a late entry is listed but not paired, since the Berger
//! schedule is fixed.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::store;
use crate::web::access::load_for_day;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::player::PlayerForm;
use crate::web::pages::player::PlayersPage;
use crate::web::pages::player::registration;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Registers the player, or shows the list again with the problems (422).
pub async fn register_player(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, access) = load_for_day(&state, user.0.clone(), id).await?;
    let CsrfForm(form) = form;
    let record = match form.check(&ctx) {
        Ok(record) => record,
        Err(errors) => {
            let page = PlayersPage::new(ctx, &data, access, form, errors, None);
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let late_entry = !data.rounds.is_empty();
    let new = [registration(data.tournament.id, &record)];
    let (tournament, by) = (data.tournament.id, user.id);
    let written = state
        .try_write(move |conn| store::register_players(conn, tournament, &new, by))
        .await?;
    // A refusal (a second entry of the same person) comes back on the form, kept, with the
    // reason.
    if let Err(error @ store::StoreError::Refused(_)) = written {
        let refused = AppError::from_store(&ctx, error);
        let reasons = refused.message().map(str::to_owned).into_iter().collect();
        let page = PlayersPage::new(ctx, &data, access, form, reasons, None);
        return render_page(&page, StatusCode::CONFLICT);
    }
    written.map_err(|error| AppError::from_store(&ctx, error))?;
    let notice = if late_entry {
        ctx.t_with_name("player.registered_late", &record.name)
    } else {
        ctx.t_with_name("player.registered", &record.name)
    };
    PlayersPage::after_write(ctx, &state, user.0, id, notice).await
}
