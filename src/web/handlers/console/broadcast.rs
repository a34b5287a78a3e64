//! `GET /tournaments/{id}/rounds/{number}/broadcast.pgn`: the games of a round followed live,
//! for the public and other broadcasters to poll, **delayed** by the tournament's broadcast
//! delay (15 minutes unless set; anti-cheating): each board's game as its log stood that long
//! ago, with the recorded result once the arbiter has it (the engine's proposed result, its
//! alerts and claim hints stay the arbiter's). Boards without a log are left out.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::db::models::live_settings::LiveSettingsRow;
use crate::db::read::live::delayed_game;
use crate::formats::round_pgn::{RoundGame, RoundTags, write_round};
use crate::web::access::load_visible;
use crate::web::extractors::MaybeUser;
use crate::web::pages::live::round_of;
use crate::web::{AppError, AppState};

/// Sends the PGN.
pub async fn broadcast_pgn(
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (data, access) = load_visible(&state, user.0, id).await?;
    let round = round_of(&data, number)?;
    if !round.published && !access.run_day {
        return Err(AppError::NotFound);
    }
    let now = time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000;
    let now = i64::try_from(now).unwrap_or(i64::MAX);
    let text = state
        .db(move |conn| {
            let delay = LiveSettingsRow::of(conn, data.tournament.id)?.delay_minutes;
            let until = now - i64::from(delay) * 60_000;
            let mut list = Vec::new();
            for g in data
                .games_of_round(number)
                .into_iter()
                .filter(|g| g.black_id.is_some())
            {
                let Some(game) = delayed_game(conn, &data.tournament, number, g.board, until)?
                else {
                    continue;
                };
                let white = data.player(g.white_id);
                let black = g.black_id.and_then(|b| data.player(b));
                let movetext = game
                    .moves()
                    .chunks(2)
                    .enumerate()
                    .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
                    .collect::<Vec<_>>()
                    .join(" ");
                list.push(RoundGame {
                    board: g.board.max(0) as u32,
                    white: white.map(|p| p.name.clone()).unwrap_or_default(),
                    black: black.map(|p| p.name.clone()).unwrap_or_default(),
                    white_elo: white.map_or(0, |p| u16::try_from(p.rating).unwrap_or(0)),
                    black_elo: black.map_or(0, |p| u16::try_from(p.rating).unwrap_or(0)),
                    result: g.result.map_or("*", |r| r.as_str()).to_owned(),
                    movetext,
                });
            }
            let t = &data.tournament;
            let tags = RoundTags {
                event: t.name.clone(),
                site: t.place.clone(),
                date: t.start_date.to_string().replace('-', "."),
                round: number.max(0) as u32,
            };
            Ok(write_round(&tags, &list))
        })
        .await?;
    Ok(HttpResponse::Ok()
        .insert_header((
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        ))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(text))
}
