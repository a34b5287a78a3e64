//! `POST /tournaments/{id}/swiss/swap`: a manual change of the last, unplayed round: two
//! players exchange their seats (on one board: the colours change; across boards: the
//! opponents; with the pairing-allocated bye: who gets it). Before saving, the change is
//! checked against the rules ([`crate::pairing::pairing_check`]); if it breaks an absolute
//! one (rematch, colour rules, a second bye, ...) nothing is saved unless the organiser
//! confirms, and the page says which article is broken.

use actix_web::{HttpResponse, web};
use diesel::prelude::*;

use crate::db::models::PlayerId;
use crate::db::schema::games;
use crate::pairing::pairing_check::{ProposedPairing, Severity, check_pairing};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::swiss::participation_in_rank_order;
use crate::web::handlers::swiss::show::swiss_page;
use crate::web::handlers::tournament::load_managed;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};
use actix_web::http::StatusCode;

/// The form: two players (row ids) and whether a rule break is accepted.
#[derive(Debug, serde::Deserialize)]
pub struct SwapForm {
    /// One player.
    pub first: i32,
    /// The other.
    pub second: i32,
    /// Save even if an absolute rule is broken.
    #[serde(default)]
    pub confirm: Option<String>,
}

/// Checks and saves the swap.
pub async fn swap_players(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    form: CsrfForm<SwapForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _) = load_managed(&state, user.0.clone(), id).await?;
    let Some(last) = data.rounds.iter().max_by_key(|r| r.number).copied() else {
        return Err(AppError::Conflict(ctx.t("day.pair.nothing_to_unpair")));
    };
    let games: Vec<_> = data
        .games_of_round(last.number)
        .into_iter()
        .cloned()
        .collect();
    if games
        .iter()
        .any(|g| g.black_id.is_some() && g.result.is_some())
    {
        return Err(AppError::Conflict(ctx.t("day.pair.has_results")));
    }
    let (a, b) = (PlayerId(form.first), PlayerId(form.second));
    // Seats: (game index, is white).
    let seat = |p: PlayerId| {
        games.iter().enumerate().find_map(|(i, g)| {
            if g.white_id == p && (g.black_id.is_some() || g.result.as_deref() == Some("U")) {
                Some((i, true))
            } else if g.black_id == Some(p) {
                Some((i, false))
            } else {
                None
            }
        })
    };
    let (Some(seat_a), Some(seat_b)) = (seat(a), seat(b)) else {
        return Err(AppError::Unprocessable(ctx.t("day.swap.not_paired")));
    };
    if a == b {
        return Err(AppError::Unprocessable(ctx.t("day.swap.not_paired")));
    }
    let mut changed = games.clone();
    let put = |games: &mut Vec<crate::db::models::Game>, (i, white): (usize, bool), p: PlayerId| {
        if white {
            games[i].white_id = p;
        } else {
            games[i].black_id = Some(p);
        }
    };
    put(&mut changed, seat_a, b);
    put(&mut changed, seat_b, a);
    // The check runs on the pure model, in starting-rank numbers.
    let ranked: Vec<_> = data.ranked_players().iter().map(|p| p.id).collect();
    let number_of = |p: PlayerId| {
        ranked
            .iter()
            .position(|r| *r == p)
            .map(|i| crate::tournament::PlayerId(i as u32 + 1))
    };
    let mut proposal = ProposedPairing::default();
    for g in &changed {
        match (number_of(g.white_id), g.black_id.and_then(number_of)) {
            (Some(w), Some(bl)) => proposal.boards.push((w, bl)),
            (Some(w), None) if g.result.as_deref() == Some("U") => proposal.bye = Some(w),
            _ => {}
        }
    }
    let mut to_pair: Vec<crate::tournament::PlayerId> =
        proposal.boards.iter().flat_map(|(w, b)| [*w, *b]).collect();
    to_pair.extend(proposal.bye);
    let number = last.number as u32;
    let model = data.to_model(number - 1);
    let _ = participation_in_rank_order;
    let violations = check_pairing(&model, number, &to_pair, &proposal);
    let absolute: Vec<String> = violations
        .iter()
        .filter(|v| v.severity == Severity::Absolute)
        .map(|v| v.to_string())
        .collect();
    if !absolute.is_empty() && form.confirm.is_none() {
        // The Swiss page again, the form still there, with the broken criteria on top.
        let message = format!("{} {}", ctx.t("day.swap.breaks"), absolute.join("; "));
        let page = swiss_page(ctx, user.0, &state, id, vec![message]).await?;
        return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
    }
    state
        .db(move |conn| {
            conn.transaction(|conn| {
                for g in &changed {
                    diesel::update(games::table.filter(games::id.eq(g.id)))
                        .set((
                            games::white_id.eq(g.white_id),
                            games::black_id.eq(g.black_id),
                        ))
                        .execute(conn)?;
                }
                Ok::<_, AppError>(())
            })
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{id}/rounds/{}",
        last.number
    )))
}
