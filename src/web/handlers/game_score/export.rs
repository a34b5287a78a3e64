//! `GET /tournaments/{id}/rounds/{number}/games.pgn`: the round's games as PGN
//! ([`crate::formats::round_pgn`]), with the recorded results (Art. 8.7); scores typed in
//! another language are rewritten with English letters ([`crate::rules::pgn::english_movetext`]).

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::db::models::GameId;
use crate::db::models::tournament_day::GameScore;
use crate::rules::Lang;
use crate::rules::pgn::english_movetext;
use crate::web::access::load_visible_round;
use crate::web::extractors::MaybeUser;
use crate::web::pages::game_score::round_pgn;
use crate::web::{AppError, AppState};

/// Sends the PGN file.
pub async fn export_round_pgn(
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (data, _) = load_visible_round(&state, user.0, id, number).await?;
    let text = state
        .db(move |conn| {
            let ids: Vec<GameId> = data.games_of_round(number).iter().map(|g| g.id).collect();
            let scores = GameScore::for_games(conn, &ids)?;
            Ok(round_pgn(&data, number, |g| {
                Some(
                    scores
                        .iter()
                        .find(|score| score.game_id == g.id)
                        .map(|score| {
                            let lang = Lang::from_code(&score.lang).unwrap_or_default();
                            english_movetext(&score.movetext, lang)
                        })
                        .unwrap_or_default(),
                )
            }))
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
