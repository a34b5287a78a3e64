//! `GET /tournaments/{id}/players`: the player list (public when published), with the
//! registration form and withdraw buttons for whoever runs its day.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::db::domain::TournamentData;
use crate::db::models::RatingBasis;
use crate::web::access::{Access, load_for_day, load_visible};
use crate::web::extractors::MaybeUser;
use crate::web::handlers::player::lookup::LookupCandidate;
use crate::web::handlers::player::register::PlayerForm;
use crate::web::pages::player::in_list_order;
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// One player in the list.
#[derive(Debug, Clone)]
pub struct PlayerRow {
    /// Row id (for the forms).
    pub id: i32,
    /// Starting rank, or empty before it is assigned.
    pub starting_rank: String,
    /// Name.
    pub name: String,
    /// Title.
    pub title: String,
    /// FIDE rating, empty when unrated.
    pub rating: String,
    /// National rating, empty when none.
    pub national_rating: String,
    /// Federation.
    pub federation: String,
    /// FIDE ID.
    pub fide_id: String,
    /// Birth year.
    pub birth_year: String,
    /// Club.
    pub club: String,
    /// Registered late.
    pub late_entry: bool,
    /// Withdrew.
    pub withdrawn: bool,
    /// Expelled from the competition (Laws Art. 12.9.9).
    pub expelled: bool,
}

/// The players page.
#[derive(Template)]
#[template(path = "player/list.html")]
pub struct PlayersPage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The players.
    pub players: Vec<PlayerRow>,
    /// True once starting ranks are fixed (round 1 paired).
    pub ranks_fixed: bool,
    /// The national rating column is shown: a player has one, or the tournament pairs or
    /// reports on it.
    pub national: bool,
    /// Which rating ranks the players, as the page says it (translated).
    pub pairing_rating: String,
    /// The registration form's values.
    pub form: PlayerForm,
    /// Problems of the registration form.
    pub errors: Vec<String>,
    /// A confirmation.
    pub notice: Option<String>,
    /// The registration the FIDE ID look-up fills: none, the form registers a new player.
    pub lookup_player: Option<i32>,
    /// The players of the list a name look-up found, to choose from.
    pub lookup_candidates: Vec<LookupCandidate>,
}

impl PlayersPage {
    /// Builds the page.
    pub fn new(
        ctx: PageContext,
        data: &TournamentData,
        access: Access,
        form: PlayerForm,
        errors: Vec<String>,
        notice: Option<String>,
    ) -> PlayersPage {
        let players = in_list_order(&data.players, data.tournament.pairing_rating)
            .into_iter()
            .map(|p| PlayerRow {
                id: p.id.0,
                starting_rank: p.starting_rank.map(|r| r.to_string()).unwrap_or_default(),
                name: p.name.clone(),
                title: p.title.clone(),
                rating: if p.rating > 0 {
                    p.rating.to_string()
                } else {
                    String::new()
                },
                national_rating: if p.national_rating > 0 {
                    p.national_rating.to_string()
                } else {
                    String::new()
                },
                federation: p.federation.clone(),
                fide_id: p.fide_id.map(|id| id.to_string()).unwrap_or_default(),
                birth_year: p.birth_year.map(|y| y.to_string()).unwrap_or_default(),
                club: p.club.clone(),
                late_entry: data.participation_of(p.id).first_round > 1,
                withdrawn: data.withdrawn_from(p.id).is_some(),
                expelled: data.expelled_from(p.id).is_some(),
            })
            .collect();
        let basis = data.tournament.rating_basis();
        let national =
            basis != RatingBasis::default() || data.players.iter().any(|p| p.national_rating > 0);
        PlayersPage {
            header: TournamentHeader::new(data, access, "players"),
            pairing_rating: ctx.t(&format!(
                "tournament.pairing_rating.{}",
                basis.pairing.as_str()
            )),
            national,
            ctx,
            players,
            ranks_fixed: !data.rounds.is_empty(),
            form,
            errors,
            notice,
            lookup_player: None,
            lookup_candidates: Vec::new(),
        }
    }
}

impl PlayersPage {
    /// The players page again after a write (register, edit, delete), with its message.
    pub async fn after_write(
        ctx: PageContext,
        state: &AppState,
        user: crate::db::models::User,
        id: i32,
        notice: String,
    ) -> Result<HttpResponse, AppError> {
        let (data, access) = load_for_day(state, user, id).await?;
        let page = PlayersPage::new(
            ctx,
            &data,
            access,
            PlayerForm::default(),
            Vec::new(),
            Some(notice),
        );
        render_page(&page, StatusCode::OK)
    }
}

/// Shows the players.
pub async fn list_players(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
) -> Result<HttpResponse, AppError> {
    let (data, access) = load_visible(&state, user.0, path.into_inner()).await?;
    let page = PlayersPage::new(ctx, &data, access, PlayerForm::default(), Vec::new(), None);
    render_page(&page, StatusCode::OK)
}
