//! `GET /tournaments/{id}/players/{player}/edit`: a registration's fields to correct (whoever
//! runs the day), and deletion while the player was never paired.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::domain::TournamentData;
use crate::web::access::{Access, load_for_day};
use crate::web::extractors::CurrentUser;
use crate::web::handlers::player::lookup::LookupCandidate;
use crate::web::handlers::player::register::PlayerForm;
use crate::web::pages::player::record_of;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// The edit page.
#[derive(Template)]
#[template(path = "player/edit.html")]
pub struct EditPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The player's row id.
    pub player: i32,
    /// The name as stored (the heading).
    pub name: String,
    /// The form's values.
    pub form: PlayerForm,
    /// Problems of the form.
    pub errors: Vec<String>,
    /// Starting ranks are fixed (round 1 paired): a new rating or title does not move anyone.
    pub ranks_fixed: bool,
    /// The player may be deleted (no starting rank, on no board).
    pub deletable: bool,
    /// A message (the FIDE ID look-up's).
    pub notice: Option<String>,
    /// The registration the FIDE ID look-up fills (this one).
    pub lookup_player: Option<i32>,
    /// The players of the list a name look-up found, to choose from.
    pub lookup_candidates: Vec<LookupCandidate>,
}

impl EditPage {
    /// The page for player `player` of `data` with these values and problems; `None` when
    /// the tournament has no such player.
    pub fn new(
        ctx: PageContext,
        data: &TournamentData,
        access: Access,
        player: i32,
        form: Option<PlayerForm>,
        errors: Vec<String>,
    ) -> Option<EditPage> {
        let row = data.players.iter().find(|p| p.id.0 == player)?;
        let on_a_board = data
            .games
            .iter()
            .any(|game| game.white_id == row.id || game.black_id == Some(row.id));
        Some(EditPage {
            header: TournamentHeader::new(data, access, "players"),
            player,
            name: row.name.clone(),
            form: form.unwrap_or_else(|| PlayerForm::of(&record_of(row))),
            errors,
            ranks_fixed: !data.rounds.is_empty(),
            deletable: row.starting_rank.is_none() && !on_a_board,
            notice: None,
            lookup_player: Some(player),
            lookup_candidates: Vec::new(),
            ctx,
        })
    }
}

/// Shows the form filled with the registration.
pub async fn edit_form(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, player) = path.into_inner();
    let (data, access) = load_for_day(&state, user.0, id).await?;
    let page =
        EditPage::new(ctx, &data, access, player, None, Vec::new()).ok_or(AppError::NotFound)?;
    render_page(&page, StatusCode::OK)
}
