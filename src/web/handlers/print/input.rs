//! The self-report links printed as QR codes on the pairing list (issue 7's secret per-player
//! board links; tokens are made here for boards that have none yet).

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::GameId;
use crate::db::models::tournament_day::BoardReport;
use crate::print::ReportLinks;

/// The self-report links of every board with two players in round `number`, making the
/// secret tokens of boards that have none yet (as the round's QR sheet does).
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
    let reports = BoardReport::for_games_creating(conn, &ids)?;
    let mut links = Vec::with_capacity(games.len());
    for game in games {
        let Some(row) = reports.iter().find(|r| r.game_id == game.id) else {
            continue;
        };
        links.push(ReportLinks {
            board: game.board.max(0) as u32,
            white: format!("{base}/report/{}", row.white_token),
            black: format!("{base}/report/{}", row.black_token),
        });
    }
    Ok(links)
}
