//! `GET /tournaments/{id}/rounds/{number}/games`: the public page of a round's games followed
//! live from electronic boards — each board's moves as its log stood the broadcast's delay ago
//! (15 minutes unless set; anti-cheating), in the reader's letters, with the recorded result
//! once the arbiter has it. The arbiter's alerts, claim hints and proposed results never reach
//! it. Visible as the round is (published, or to whoever runs the day); it reloads itself.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};

use crate::db::now_millis;
use crate::web::access::load_visible_round;
use crate::web::extractors::MaybeUser;
use crate::web::pages::console::{WatchBoard, WatchPage, followed_games};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// Shows the page.
pub async fn watch_round(
    ctx: PageContext,
    user: MaybeUser,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, AppError> {
    let (id, number) = path.into_inner();
    let (data, access) = load_visible_round(&state, user.0, id, number).await?;
    let games = followed_games(&data, number)?;
    let now = now_millis();
    let live = state.live.clone();
    let (data, delayed) = state
        .db(move |conn| {
            let delayed = live.delayed(conn, &data, number, now)?;
            Ok((data, delayed))
        })
        .await?;
    let (live, delay_minutes) = (&delayed.0, delayed.1);
    let page = WatchPage {
        header: TournamentHeader::new(&data, access, &format!("round-{number}")),
        round: number,
        delay_minutes,
        boards: games
            .iter()
            .map(|game| WatchBoard::new(&ctx, &data, game, live.get(&game.board)))
            .collect(),
        ctx,
    };
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    Ok(answer)
}
