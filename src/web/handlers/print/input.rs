//! The self-report links printed as QR codes on the pairing list (issue 7's secret per-player
//! board links; tokens are made here for boards that have none yet).

use rand::rng;

use crate::db::DbConn;
use crate::db::domain::TournamentData;
use crate::db::models::GameId;
use crate::db::models::tournament_day::BoardReport;
use crate::print::ReportLinks;
use crate::tournament::self_report::BoardTokens;

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
    let mut reports = BoardReport::for_games(conn, &ids)?;
    let mut links = Vec::with_capacity(games.len());
    for game in games {
        let existing = reports.iter().position(|r| r.game_id == game.id);
        let index = match existing {
            Some(index) => index,
            None => {
                let tokens = BoardTokens::generate(&mut rng());
                let fresh = BoardReport {
                    game_id: game.id,
                    white_token: tokens.white,
                    black_token: tokens.black,
                    white_report: None,
                    black_report: None,
                    approved: None,
                };
                fresh.insert(conn)?;
                reports.push(fresh);
                reports.len() - 1
            }
        };
        let row = &reports[index];
        links.push(ReportLinks {
            board: game.board.max(0) as u32,
            white: format!("{base}/report/{}", row.white_token),
            black: format!("{base}/report/{}", row.black_token),
        });
    }
    Ok(links)
}
