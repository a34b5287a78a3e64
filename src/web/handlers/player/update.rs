//! `POST /tournaments/{id}/players/{player}/edit`: saves a corrected registration (whoever
//! runs the day) through [`store::edit_player`], which writes an audit row naming every
//! changed field. Once round 1 is paired the starting ranks stay as they are (C.04.2 Art. 2.2),
//! and the message says so when the rating or title changed.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::PlayerRowId;
use crate::db::store;
use crate::web::access::load_for_day;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::player::EditPage;
use crate::web::pages::player::PlayerForm;
use crate::web::pages::player::PlayersPage;
use crate::web::pages::player::new_player;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Saves the registration and shows the player list with what changed, or the form again
/// with the problems (422).
pub async fn update_player(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<PlayerForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let (data, access) = load_for_day(&state, user.0.clone(), id).await?;
    let CsrfForm(form) = form;
    let record = match form.check(&ctx) {
        Ok(record) => record,
        Err(errors) => {
            let page = EditPage::new(ctx, &data, access, player, Some(form), errors)
                .ok_or(AppError::NotFound)?;
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let new = new_player(data.tournament.id, &record);
    let (tournament, by) = (data.tournament.id, user.id);
    let written = state
        .try_write(move |conn| store::edit_player(conn, tournament, PlayerRowId(player), &new, by))
        .await?;
    // A refusal (the FIDE ID of another entry) comes back on the form, kept, with the reason.
    if let Err(error @ store::StoreError::Refused(_)) = written {
        let refused = AppError::from_store(&ctx, error);
        let reasons = refused.message().map(str::to_owned).into_iter().collect();
        let page = EditPage::new(ctx, &data, access, player, Some(form), reasons)
            .ok_or(AppError::NotFound)?;
        return render_page(&page, StatusCode::CONFLICT);
    }
    let edit = written.map_err(|error| AppError::from_store(&ctx, error))?;
    let notice = if edit.changes.is_empty() {
        ctx.t_with_name("player.unchanged", &record.name)
    } else if edit.ranks_kept {
        ctx.t_with_name("player.saved_ranks_kept", &record.name)
    } else {
        ctx.t_with_name("player.saved", &record.name)
    };
    PlayersPage::after_write(ctx, &state, user.0, id, notice).await
}
