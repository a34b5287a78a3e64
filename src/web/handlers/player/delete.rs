//! `POST /tournaments/{id}/players/{player}/delete`: deletes a registration made in error
//! (whoever runs the day) through [`store::delete_player`]: only while the player has no
//! starting rank and sits on no board; anyone paired is withdrawn instead (409 says so).
//! The form asks for a confirmation (`confirm`, a box to tick: deleting cannot be undone);
//! without it nothing is deleted and the edit page says why. Done, it returns to the list.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::PlayerRowId;
use crate::db::store;
use crate::web::access::load_for_day;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::pages::player::EditPage;
use crate::web::{AppError, AppState, PageContext, render_page, see_other_with_notice};

/// The form: the confirmation box.
#[derive(Debug, Default, serde::Deserialize)]
pub struct DeleteForm {
    /// Ticked: the organiser confirms the deletion.
    #[serde(default)]
    pub confirm: Option<String>,
}

/// Deletes the player and returns to the list with a message.
pub async fn delete_player(
    ctx: PageContext,
    user: CurrentUser,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    form: CsrfForm<DeleteForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let (data, access) = load_for_day(&state, user.0.clone(), id).await?;
    if form.confirm.is_none() {
        let reasons = vec![ctx.t("player.delete_unconfirmed")];
        let page =
            EditPage::new(ctx, &data, access, player, None, reasons).ok_or(AppError::NotFound)?;
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    let (tournament, by) = (data.tournament.id, user.id);
    let name = state
        .write(&ctx, move |conn| {
            store::delete_player(conn, tournament, PlayerRowId(player), by)
        })
        .await?;
    Ok(see_other_with_notice(
        &session,
        &format!("/tournaments/{id}/players"),
        ctx.t_with_name("player.deleted", &name),
    ))
}
