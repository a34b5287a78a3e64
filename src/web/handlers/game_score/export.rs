//! `GET /tournaments/{id}/rounds/{number}/games.pgn`: the round's games as PGN
//! ([`crate::formats::round_pgn`]), with the recorded results (Art. 8.7); scores typed in
//! another language are rewritten with English letters ([`crate::rules::pgn::english_movetext`]).

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::db::models::GameId;
use crate::db::models::tournament_day::GameScore;
use crate::formats::round_pgn::{RoundGame, RoundTags, write_round};
use crate::rules::Lang;
use crate::rules::pgn::english_movetext;
use crate::web::access::load_visible;
use crate::web::extractors::MaybeUser;
use crate::web::pages::live::round_of;
use crate::web::{AppError, AppState};

/// Sends the PGN file.
pub async fn export_round_pgn(
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
    let text = state
        .db(move |conn| {
            let games: Vec<_> = data
                .games_of_round(number)
                .into_iter()
                .filter(|g| g.black_id.is_some())
                .collect();
            let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
            let scores = GameScore::for_games(conn, &ids)?;
            let player = |pid| data.player(pid);
            let list: Vec<RoundGame> = games
                .iter()
                .map(|g| {
                    let white = player(g.white_id);
                    let black = g.black_id.and_then(player);
                    RoundGame {
                        board: g.board.max(0) as u32,
                        white: white.map(|p| p.name.clone()).unwrap_or_default(),
                        black: black.map(|p| p.name.clone()).unwrap_or_default(),
                        white_elo: white.map_or(0, |p| u16::try_from(p.rating).unwrap_or(0)),
                        black_elo: black.map_or(0, |p| u16::try_from(p.rating).unwrap_or(0)),
                        result: g.result.map_or("*", |r| r.as_str()).to_owned(),
                        movetext: scores
                            .iter()
                            .find(|score| score.game_id == g.id)
                            .map(|score| {
                                let lang = Lang::from_code(&score.lang).unwrap_or_default();
                                english_movetext(&score.movetext, lang)
                            })
                            .unwrap_or_default(),
                    }
                })
                .collect();
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
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"round-{number}.pgn\""),
        ))
        .body(text))
}
