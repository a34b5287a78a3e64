//! The self-report links printed as QR codes on the pairing list. Only the tokens' SHA-256 is
//! stored, so every print makes fresh tokens for the round's boards; the codes printed or
//! shown before stop working.

use crate::db::domain::TournamentData;
use crate::db::models::GameId;
use crate::db::models::tournament_day::BoardReport;
use crate::db::{DbConn, write_transaction};
use crate::print::ReportLinks;

/// The self-report links of every board with two players in round `number`, with fresh
/// secret tokens (replacing earlier ones, as the QR sheet's "new codes" does).
pub fn report_links(
    conn: &mut DbConn,
    data: &TournamentData,
    number: i32,
    base: &str,
) -> diesel::QueryResult<Vec<ReportLinks>> {
    let games: Vec<_> = data
        .games_of_round(number)
        .into_iter()
        .filter(|game| game.black_id.is_some())
        .collect();
    let ids: Vec<GameId> = games.iter().map(|game| game.id).collect();
    let issued = write_transaction(conn, |conn| BoardReport::issue_tokens(conn, &ids))?;
    let mut links = Vec::with_capacity(games.len());
    for (game, (_, tokens)) in games.into_iter().zip(issued) {
        links.push(ReportLinks {
            board: game.board.max(0) as u32,
            white: format!("{base}/report/{}", tokens.white),
            black: format!("{base}/report/{}", tokens.black),
        });
    }
    Ok(links)
}
