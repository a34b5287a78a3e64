//! Queries over many rows by id never bind one parameter per id: SQLite refuses more than
//! 32,766 parameters in a statement and PostgreSQL more than 65,535, and a round of a
//! 100,000-player event has 50,000 boards. Loading by a list of ids longer than both works and
//! finds the rows.

mod common;
#[path = "day_support/setup.rs"]
mod setup;

use arbiter::db::models::GameId;
use arbiter::db::models::tournament_day::{BoardReport, CheckIn, GameScore};
use arbiter::db::write_transaction;
use common::TestContext;

/// More ids than either backend binds in one statement.
const IDS: i32 = 70_000;

#[test]
fn rows_are_loaded_for_more_ids_than_a_statement_may_bind() {
    let ctx = TestContext::new();
    let event = setup::event(&ctx, &["Novák, Jan", "Kovács, Anna"], 1, 0);
    let (_, games) = ctx.with_conn(|conn| setup::pair_round(conn, &event, 1, &[(0, 1)]));
    let game = games[0].id;
    ctx.with_conn(|conn| {
        CheckIn::check_in(conn, game, "white", 1_800_000_000).expect("check-in");
        GameScore::save(conn, game, "1. e4 e5 *", "en").expect("game score");
        let key = ctx.state.config.link_key();
        write_transaction(conn, |conn| BoardReport::issue_tokens(conn, &key, &[game]))
            .expect("tokens");
    });
    // The real game last, behind tens of thousands of ids that have no rows.
    let mut ids: Vec<GameId> = (1..=IDS).map(|n| GameId(n + game.0)).collect();
    ids.push(game);

    let (check_ins, scores, reports) = ctx.with_conn(|conn| {
        (
            CheckIn::for_games(conn, &ids).expect("check-ins by id"),
            GameScore::for_games(conn, &ids).expect("game scores by id"),
            BoardReport::for_games(conn, &ids).expect("reports by id"),
        )
    });
    assert_eq!(check_ins.len(), 1);
    assert_eq!(scores.len(), 1);
    assert_eq!(reports.len(), 1);
    assert!(reports.iter().all(|report| report.game_id == game));
}
