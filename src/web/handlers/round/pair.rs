//! `POST /tournaments/{id}/rounds/pair`: pairs the next round of a round robin.
//!
//! Pairing round 1 fixes the starting ranks (C.04.2 Art. 2.2: rating, title, name) of every
//! player not withdrawn, and the number of rounds (C.05 Annex 1: `n - 1` per cycle for an even
//! `n`, `n` for an odd one). Each round's boards come from the Berger table; with an odd field
//! the player meeting the dummy number gets a bye board (`Z`). Round, boards and ranks are
//! written in one transaction; a second concurrent request fails on the unique round number
//! and gets the conflict page.

use actix_web::{HttpResponse, web};
use diesel::Connection;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::db::domain::BoardResult;
use crate::db::models::{NewGame, NewRound, Player, Tournament};
use crate::pairing::round_robin::{pair_round, rounds_count};
use crate::tournament::starting_rank::{RankKey, sort_by_starting_rank};
use crate::web::extractors::{CsrfForm, CurrentUser};
use crate::web::handlers::tournament::load_managed;
use crate::web::handlers::tournament::show::cycles_of;
use crate::web::{AppError, AppState, PageContext, see_other};

/// The form has nothing but the CSRF token.
#[derive(Debug, serde::Deserialize)]
pub struct PairForm {}

/// Why pairing was refused.
enum Refusal {
    TooFewPlayers,
    AllRoundsPaired,
    Conflict,
}

/// Pairs the next round and opens it.
pub async fn pair_next_round(
    ctx: PageContext,
    user: CurrentUser,
    state: web::Data<AppState>,
    path: web::Path<i32>,
    _form: CsrfForm<PairForm>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    let (data, _) = load_managed(&state, user.0, id).await?;
    let tournament = data.tournament.clone();
    if tournament.pairing_system.is_swiss() {
        // A Swiss round is paired by the Dutch engine, from the Swiss page.
        return Err(AppError::Conflict(ctx.t("day.pair.use_swiss_page")));
    }
    let cycles = cycles_of(tournament.pairing_system, tournament.swap_last_two_rounds);
    let outcome = state
        .db(move |conn| {
            let result = conn.transaction(|conn| {
                let mut players = Player::for_tournament(conn, tournament.id)?;
                let rounds = crate::db::models::Round::for_tournament(conn, tournament.id)?;
                let number = rounds.len() as i32 + 1;
                if number == 1 {
                    players.retain(|p| !p.withdrawn);
                    sort_by_starting_rank(&mut players, |p| RankKey {
                        rating: u16::try_from(p.rating).unwrap_or(0),
                        title: &p.title,
                        name: &p.name,
                    });
                    let ranks: Vec<_> = players
                        .iter()
                        .enumerate()
                        .map(|(index, p)| (p.id, index as i32 + 1))
                        .collect();
                    if ranks.len() < 2 {
                        return Ok(Err(Refusal::TooFewPlayers));
                    }
                    Player::set_starting_ranks(conn, &ranks)?;
                    let total = rounds_count(ranks.len() as u32, cycles) as i32;
                    Tournament::set_rounds(conn, tournament.id, total)?;
                    players = Player::for_tournament(conn, tournament.id)?;
                }
                let mut ranked: Vec<&Player> = players
                    .iter()
                    .filter(|p| p.starting_rank.is_some())
                    .collect();
                ranked.sort_by_key(|p| p.starting_rank);
                let count = ranked.len() as u32;
                if count < 2 {
                    return Ok(Err(Refusal::TooFewPlayers));
                }
                if number as u32 > rounds_count(count, cycles) {
                    return Ok(Err(Refusal::AllRoundsPaired));
                }
                let Ok(pairing) = pair_round(count, cycles, number as u32) else {
                    return Ok(Err(Refusal::AllRoundsPaired));
                };
                let row_of = |id: crate::tournament::PlayerId| ranked[id.0 as usize - 1].id;
                let round = NewRound {
                    tournament_id: tournament.id,
                    number,
                    published: false,
                }
                .insert(conn)?;
                let mut games: Vec<NewGame> = pairing
                    .games
                    .iter()
                    .map(|game| NewGame {
                        round_id: round.id,
                        board: game.board as i32,
                        white_id: row_of(game.white),
                        black_id: Some(row_of(game.black)),
                        result: None,
                    })
                    .collect();
                if let Some(bye) = pairing.bye {
                    games.push(NewGame {
                        round_id: round.id,
                        board: games.len() as i32 + 1,
                        white_id: row_of(bye),
                        black_id: None,
                        result: Some(BoardResult::ZeroPointBye.code().to_owned()),
                    });
                }
                for game in &games {
                    game.insert(conn)?;
                }
                Ok::<_, DieselError>(Ok(number))
            });
            match result {
                Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                    Ok(Err(Refusal::Conflict))
                }
                Err(error) => Err(error.into()),
                Ok(outcome) => Ok(outcome),
            }
        })
        .await?;
    match outcome {
        Ok(number) => Ok(see_other(&format!("/tournaments/{id}/rounds/{number}"))),
        Err(Refusal::TooFewPlayers) => Err(AppError::Unprocessable(ctx.t("round.too_few_players"))),
        Err(Refusal::AllRoundsPaired) => Err(AppError::Unprocessable(ctx.t("round.all_paired"))),
        Err(Refusal::Conflict) => Err(AppError::Conflict(ctx.t("round.pair_conflict"))),
    }
}
