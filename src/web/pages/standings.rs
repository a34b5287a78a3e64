//! The standings as a visitor may see them: the tournament ranked after its counted rounds with
//! its C.07 tie-breaks, and the players' rows and norms the standings pages share.

use crate::db::domain::TournamentData;
use crate::db::models::User;
use crate::db::models::tournament_tiebreaks::TournamentTieBreaks;
use crate::tournament::model;
use crate::tournament::tiebreak::TieBreakSettings;
use crate::web::access::{Access, counted_rounds, load_visible};
use crate::web::{AppError, AppState};

/// A tournament loaded for the standings pages: the rows, the visitor's rights, the rounds
/// counted, the pure model after those rounds and the tie-break settings.
pub struct Ranked {
    /// The stored tournament.
    pub data: TournamentData,
    /// What the visitor may do.
    pub access: Access,
    /// The leading complete rounds the visitor may count.
    pub after_round: u32,
    /// The tournament as the pure core sees it after `after_round` rounds.
    pub model: model::Tournament,
    /// The tie-break list (chosen or default) and the Art. 4.2 rule.
    pub settings: TieBreakSettings,
    /// The organiser chose the list (false: the default for the system).
    pub chosen: bool,
}

/// Loads tournament `id` for `user` with its ranking inputs (404 when not visible).
pub async fn load_ranked(
    state: &AppState,
    user: Option<User>,
    id: i32,
) -> Result<Ranked, AppError> {
    let (data, access) = load_visible(state, user, id).await?;
    let after_round = counted_rounds(&data, access);
    let loaded = data.clone();
    let (settings, chosen) = state
        .db(move |conn| Ok(TournamentTieBreaks::settings_for(conn, &loaded)?))
        .await?;
    let model = data.to_model(after_round);
    Ok(Ranked {
        data,
        access,
        after_round,
        model,
        settings,
        chosen,
    })
}

/// The database row id of the player with starting number `start` (for links), if any.
pub fn player_row_id(data: &TournamentData, start: u32) -> Option<i32> {
    let index = usize::try_from(start).ok()?.checked_sub(1)?;
    data.ranked_players().get(index).map(|player| player.id.0)
}

/// The starting number of the player whose database row id is `row_id`, if any (the inverse of
/// [`player_row_id`]).
pub fn player_start(data: &TournamentData, row_id: i32) -> Option<u32> {
    let index = data
        .ranked_players()
        .iter()
        .position(|player| player.id.0 == row_id)?;
    u32::try_from(index + 1).ok()
}

/// Every player's title norms (FIDE B.01, [`crate::tournament::norms`], the code behind
/// `arbiter norms`) after the rounds `ranked` counts: the host federation is the tournament's,
/// a round robin has its pairings fixed in advance.
pub fn norms_of(ranked: &Ranked) -> Vec<crate::tournament::norms::PlayerNorms> {
    crate::tournament::norms::evaluate(&ranked.model, &ranked.data.norm_settings())
}
