//! `GET /tournaments/{id}/rounds/{number}/console/{board}`: one board's game for whoever runs
//! the day — the moves, the alerts, the claim hints, the feed's raw log (kept as evidence) and
//! the forms of the arbiter's corrections.

use actix_web::http::StatusCode;
use actix_web::http::header::{CACHE_CONTROL, HeaderValue};
use actix_web::{HttpResponse, web};

use crate::db::models::live_events::LiveEventRow;
use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::pages::console::{BoardPage, ConsoleBoard, LogLine, followed_game};
use crate::web::pages::tournament::TournamentHeader;
use crate::web::{AppError, AppState, PageContext, render_page};

/// The newest log rows shown.
const LOG_ROWS: i64 = 500;

/// Shows the board.
pub async fn show_board(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<(i32, i32, i32)>,
    tournament: ManagedTournament<RunsDay>,
) -> Result<HttpResponse, AppError> {
    let (_, round, board) = path.into_inner();
    let ManagedTournament { data, access, .. } = tournament;
    let game = followed_game(&data, round, board)?;
    let (live, row) = (state.live.clone(), data.tournament.clone());
    let (followed, log) = state
        .db(move |conn| {
            let followed = live.catch_up(conn, &row, round, board)?;
            let log = LiveEventRow::latest(conn, row.id, round, board, LOG_ROWS)?;
            Ok((followed, log))
        })
        .await?;
    let page = BoardPage {
        header: TournamentHeader::new(&data, access, &format!("round-{round}")),
        round,
        line: ConsoleBoard::new(&ctx, &data, &game, Some(&followed)),
        moves: BoardPage::move_pairs(&ctx, &followed.game),
        log: log.iter().map(LogLine::new).collect(),
        held: followed.game.is_held(),
        ctx,
    };
    let mut answer = render_page(&page, StatusCode::OK)?;
    answer
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(answer)
}
