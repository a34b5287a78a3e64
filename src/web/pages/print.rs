//! The self-report links printed as QR codes on the pairing list: read, never made here. The
//! codes are issued when the round is paired (or by the sheet's explicit "codes" action) and
//! derived again for every print ([`crate::db::models::tournament_day::BoardReport::tokens`]), so every print and language of a
//! round shows the same links; a board without codes is printed without them.

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::GameId;
use crate::db::models::tournament_day::BoardReport;
use crate::print::ReportLinks;
use crate::tournament::self_report::LinkKey;

/// The self-report links of the boards with two players and codes in round `number`.
pub fn report_links(
    conn: &mut DbConn,
    data: &TournamentData,
    number: i32,
    base: &str,
    key: &LinkKey,
) -> diesel::QueryResult<Vec<ReportLinks>> {
    let games: Vec<_> = data
        .games_of_round(number)
        .into_iter()
        .filter(|game| game.black_id.is_some())
        .collect();
    let ids: Vec<GameId> = games.iter().map(|game| game.id).collect();
    let reports = BoardReport::for_games(conn, &ids)?;
    let mut links = Vec::with_capacity(games.len());
    for game in games {
        let tokens = reports
            .iter()
            .find(|report| report.game_id == game.id)
            .and_then(|report| report.tokens(key));
        if let Some(tokens) = tokens {
            links.push(ReportLinks {
                board: game.board.max(0) as u32,
                white: format!("{base}/report/{}", tokens.white),
                black: format!("{base}/report/{}", tokens.black),
            });
        }
    }
    Ok(links)
}
