//! What the prize pages share: the ranked standings with the prize list, and a prize list's
//! refusals in words.

use crate::db::prize_list::load_setup;
use crate::tournament::prizes::{PrizeError, PrizeSetup};
use crate::web::pages::standings::{Ranked, load_ranked};
use crate::web::{AppError, AppState, PageContext};

/// The message of a prize list that does not hold together, in the page's language.
pub fn prize_error(ctx: &PageContext, error: &PrizeError) -> String {
    let (key, prize, expected) = match error {
        PrizeError::UnknownCategory { prize } => ("prizes.error.unknown_category", prize, 0),
        PrizeError::ZeroPlace { prize } => ("prizes.error.zero_place", prize, 0),
        PrizeError::PlaceOutOfOrder { prize, expected } => {
            ("prizes.error.place_out_of_order", prize, *expected)
        }
        PrizeError::Empty { prize } => ("prizes.error.empty", prize, 0),
    };
    ctx.lang.t_with(
        key,
        &[
            ("prize", &prize.to_string()),
            ("place", &expected.to_string()),
        ],
    )
}

/// A tournament loaded for the standings with its prize setup.
pub async fn load_with_prizes(
    state: &AppState,
    user: Option<crate::db::models::User>,
    id: i32,
) -> Result<(Ranked, PrizeSetup), AppError> {
    let ranked = load_ranked(state, user, id).await?;
    let data = ranked.data.clone();
    let setup = state.db(move |conn| Ok(load_setup(conn, &data)?)).await?;
    Ok((ranked, setup))
}
