//! `POST /tournaments/{id}/swiss/pair`: pairs the next round by the FIDE Dutch system
//! (C.04.3, [`crate::pairing::dutch`]). The round is saved unpublished, so the organiser sees a
//! preview on the round page and publishes it there, or unpairs it
//! ([`super::unpair`]) and pairs again while no result is in.
//!
//! Before pairing: starting ranks are fixed at round 1 (C.04.2 Art. 2.2); a late entry gets
//! the next free rank (C.04.2 Art. 2.4 leaves the "appropriate" number to the arbiter; we
//! append, so nobody else's number changes) and a bye row for every round they missed, scored
//! by the tournament's late-entry rule. Players who withdrew, asked for a bye, or have not
//! arrived yet are not paired and get their `Z`/`H` row ([`crate::tournament::byes`]).
//! With Baku acceleration the engine gets group A's virtual points ([`crate::pairing::baku`]).

use actix_web::{HttpResponse, web};
use diesel::Connection;

use crate::db::domain::TournamentData;
use crate::db::models::tournament_day::SwissSettings;
use crate::db::models::{NewGame, NewRound, PairingSystem, Player, Round, TournamentId};
use crate::pairing::{baku, dutch};
use crate::tournament::byes::{apply_round_plan, plan_round};
use crate::tournament::model::GameResult;
use crate::tournament::starting_rank::{RankKey, sort_by_starting_rank};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::swiss::participation_in_rank_order;
use crate::web::handlers::tournament::load_managed;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct PairForm {}

/// Why pairing was refused (translated keys).
enum Refusal {
    AllRoundsPaired,
    ResultsMissing,
    TooFewPlayers,
    NoValidPairing,
}

/// The bye code stored on a bye row for a round result.
fn bye_code(result: GameResult) -> &'static str {
    match result {
        GameResult::HalfPointBye => "H",
        GameResult::FullPointBye => "F",
        GameResult::PairingAllocatedBye => "U",
        _ => "Z",
    }
}

/// Pairs the next round and shows its preview.
pub async fn pair_swiss_round(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    _form: CsrfForm<PairForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
    if !data.tournament.pairing_system.is_swiss() {
        return Err(AppError::Conflict(ctx.t("day.pair.not_swiss")));
    }
    let outcome = state
        .db(move |conn| conn.transaction(|conn| pair_in_transaction(conn, TournamentId(id))))
        .await?;
    match outcome {
        Ok(number) => Ok(see_other(&format!("/tournaments/{id}/rounds/{number}"))),
        Err(refusal) => Err(AppError::Conflict(ctx.t(match refusal {
            Refusal::AllRoundsPaired => "day.pair.all_paired",
            Refusal::ResultsMissing => "day.pair.results_missing",
            Refusal::TooFewPlayers => "day.pair.too_few",
            Refusal::NoValidPairing => "day.pair.no_valid",
        }))),
    }
}

fn pair_in_transaction(
    conn: &mut crate::db::DbConn,
    id: TournamentId,
) -> Result<Result<i32, Refusal>, AppError> {
    let data = TournamentData::load(conn, id)?.ok_or(AppError::NotFound)?;
    let number = data.rounds.len() as i32 + 1;
    if number > data.tournament.rounds {
        return Ok(Err(Refusal::AllRoundsPaired));
    }
    if (data.complete_rounds() as i32) < number - 1 {
        return Ok(Err(Refusal::ResultsMissing));
    }
    // Starting ranks: everyone at round 1, late entries appended after.
    let mut unranked: Vec<&Player> = data
        .players
        .iter()
        .filter(|p| p.starting_rank.is_none() && (number == 1 || !p.withdrawn))
        .collect();
    let newcomers: Vec<Player> = unranked.iter().map(|p| (*p).clone()).collect();
    if !unranked.is_empty() {
        sort_by_starting_rank(&mut unranked, |p| RankKey {
            rating: u16::try_from(p.rating).unwrap_or(0),
            title: &p.title,
            name: &p.name,
        });
        let first = data
            .players
            .iter()
            .filter_map(|p| p.starting_rank)
            .max()
            .unwrap_or(0)
            + 1;
        let ranks: Vec<_> = unranked
            .iter()
            .enumerate()
            .map(|(index, p)| (p.id, first + index as i32))
            .collect();
        Player::set_starting_ranks(conn, &ranks)?;
    }
    let settings = SwissSettings::for_tournament(conn, id)?;
    let late_rule = settings.late_entry();
    // Late entries' missed rounds: one bye row each, scored by the late-entry rule.
    if number > 1 && !newcomers.is_empty() {
        for round in data.rounds.iter() {
            let boards = data.games_of_round(round.number).len() as i32;
            for (board, player) in (boards + 1..).zip(&newcomers) {
                let result = late_rule.result_for_missed(round.number as u32);
                NewGame {
                    round_id: round.id,
                    board,
                    white_id: player.id,
                    black_id: None,
                    result: Some(bye_code(result).to_owned()),
                }
                .insert(conn)?;
            }
        }
    }
    let data = TournamentData::load(conn, id)?.ok_or(AppError::NotFound)?;
    let participation = participation_in_rank_order(conn, &data)?;
    let mut model = data.to_model(number as u32 - 1);
    model.total_rounds = data.tournament.rounds.max(0) as u32;
    let plan = plan_round(&model, &participation, number as u32, late_rule);
    if plan.to_pair.len() < 2 {
        return Ok(Err(Refusal::TooFewPlayers));
    }
    apply_round_plan(&mut model, &participation, &plan, late_rule);
    if data.tournament.pairing_system == PairingSystem::SwissDutchBaku {
        // C.04.7 Art. 1.2–1.3: group A is fixed by the field of round 1; late entries, ranked
        // after everyone, never move its last player.
        let from_start = participation.iter().filter(|p| p.first_round <= 1).count() as u32;
        model.setup.accelerations = baku::accelerations(
            baku::group_a_size(from_start),
            model.total_rounds,
            number as u32,
            data.tournament.point_system().win,
        );
    }
    let Ok(pairing) = dutch::pair(&model) else {
        return Ok(Err(Refusal::NoValidPairing));
    };
    let ranked = data.ranked_players();
    let row_of = |pid: crate::tournament::PlayerId| ranked.get(pid.0 as usize - 1).map(|p| p.id);
    let round = NewRound {
        tournament_id: id,
        number,
        published: false,
    }
    .insert(conn)?;
    let mut board = 0;
    for (white, black) in &pairing.games {
        let (Some(white), Some(black)) = (row_of(*white), row_of(*black)) else {
            return Err(AppError::NotFound);
        };
        board += 1;
        NewGame {
            round_id: round.id,
            board,
            white_id: white,
            black_id: Some(black),
            result: None,
        }
        .insert(conn)?;
    }
    let byes = pairing
        .bye
        .map(|p| (p, GameResult::PairingAllocatedBye))
        .into_iter()
        .chain(plan.not_paired.iter().map(|(p, e)| (*p, e.result)));
    for (player, result) in byes {
        let Some(player) = row_of(player) else {
            continue;
        };
        board += 1;
        NewGame {
            round_id: round.id,
            board,
            white_id: player,
            black_id: None,
            result: Some(bye_code(result).to_owned()),
        }
        .insert(conn)?;
    }
    let _ = Round::find;
    Ok(Ok(number))
}
