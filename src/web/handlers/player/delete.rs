//! `POST /tournaments/{id}/players/{player}/delete`: deletes a registration made in error
//! (whoever runs the day) through [`store::delete_player`]: only while the player has no
//! starting rank and sits on no board; anyone paired is withdrawn instead (409 says so).

use actix_web::{HttpResponse, web};

use crate::db::models::PlayerRowId;
use crate::db::store;
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::player::list::PlayersPage;
use crate::web::handlers::tournament::{Need, authorise};
use crate::web::{AppError, AppState, PageContext};

/// The form carries only the CSRF token.
#[derive(Debug, Default, serde::Deserialize)]
pub struct DeleteForm {}

/// Deletes the player and shows the list with a message.
pub async fn delete_player(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    _form: CsrfForm<DeleteForm>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let tournament = authorise(&state, &user.0, id, Need::Day).await?;
    let by = user.id;
    let name = state
        .write(&ctx, move |conn| {
            store::delete_player(conn, tournament, PlayerRowId(player), by)
        })
        .await?;
    let notice = ctx.t_with_name("player.deleted", &name);
    PlayersPage::after_write(ctx, &state, user.0, id, notice).await
}
