//! `GET /tournaments/{id}/standings/working/{player}?round=N`: the working of a player's
//! tie-break values as the standings show them (C.07 Art. 8–10, 14, 16): per round the
//! opponent, the value it contributes, whether the opponent's score was adjusted for their
//! unplayed rounds (Art. 16.3), whether a dummy stood in for the player's own unplayed round
//! (Art. 16.4) and whether a modifier cut it (Art. 14, 16.5).
//!
//! The standings page carries only the values; a value's `<details>` links here. Without
//! `code` the answer is the player's page with every tie-break of the list; with `&code=BH-C1`
//! it is the bare fragment of that one tie-break, which `static/js/working.js` puts into the
//! `<details>` when a visitor opens it. `{player}` is the player's id (as on the card), `round`
//! the round the standings were counted after (default: the last the visitor may count), so a
//! page opened before the next round was completed still gets the working of its own values.
//! Anonymous answers go through the page cache ([`crate::web::cache`]): once per revision,
//! language and address.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::tournament::tiebreak::{Calculator, TieBreak, Value, rank::rank_with};
use crate::web::extractors::MaybeUser;
use crate::web::pages::standings::{
    WorkingFragment, WorkingPage, WorkingQuery, value_text, working_view,
};
use crate::web::pages::standings::{load_ranked, player_start};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the working of player `{player}`'s values, all of them or one (`code`).
pub async fn show_working(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
    query: web::Query<WorkingQuery>,
) -> Result<HttpResponse, AppError> {
    let (id, player_id) = path.into_inner();
    let query = query.into_inner();
    let ranked = load_ranked(&state, user.0, id).await?;
    let start = player_start(&ranked.data, player_id).ok_or(AppError::NotFound)?;
    let after_round = match query.round {
        None => ranked.after_round,
        Some(round) if round <= ranked.after_round => round,
        Some(_) => return Err(AppError::NotFound),
    };
    let model = if after_round == ranked.after_round {
        ranked.model
    } else {
        ranked.data.to_model(after_round)
    };
    let calculator = Calculator::after_round(&model, ranked.settings.swiss, after_round);
    let standings = rank_with(&calculator, &ranked.settings);
    let row = standings
        .rows
        .iter()
        .find(|row| row.player.0 == start)
        .ok_or(AppError::NotFound)?;
    let index = start as usize - 1;
    let view = |tie_break: &TieBreak, value: &Option<Value>| {
        working_view(
            &ctx,
            &model,
            &calculator.working(index, tie_break),
            value_text(*value),
        )
    };
    let mut list = standings.tie_breaks.iter().zip(&row.values);
    if let Some(code) = query.code {
        let (tie_break, value) = list
            .find(|(tie_break, _)| tie_break.fide_code() == code)
            .ok_or(AppError::NotFound)?;
        let tb = view(tie_break, value);
        return render_page(&WorkingFragment { ctx, tb }, StatusCode::OK);
    }
    let tie_breaks = list
        .map(|(tie_break, value)| view(tie_break, value))
        .collect();
    let page = WorkingPage {
        header: TournamentHeader::new(&ranked.data, ranked.access, "standings"),
        after_round,
        start,
        name: model
            .player(row.player)
            .map(|player| player.name.clone())
            .unwrap_or_default(),
        points: row.points.to_string(),
        tie_breaks,
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
