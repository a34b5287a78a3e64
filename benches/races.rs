//! Benchmark: the tournament-day races of `tests/web_races.rs`, with their figures.
//!
//! `cargo bench --bench races` runs every scenario (unpair against results, swap against a
//! result, 50 writers on 50 boards, 20 writers on one board) for `ARBITER_RACE_TRIALS` trials
//! (default 20) on a temporary SQLite file, or on a fresh schema of the PostgreSQL server
//! `ARBITER_BENCH_DATABASE_URL` names (e.g. `postgres://postgres@127.0.0.1:5432/test`), and
//! prints a line per trial and a table: scenario, backend, trials, failed trials, requests,
//! requests that overlapped another, the most in flight, acknowledged answers, wrong outcomes
//! (lost or misattributed results, refusals without a conflict), 409s and 500s. No assertions.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/race_support/mod.rs"]
mod race_support;

use common::TestDb;
use race_support::{Figures, Race, trials};

fn main() {
    let base = std::env::var("ARBITER_BENCH_DATABASE_URL").ok();
    let trials = trials(20);
    let mut race = Race::start(TestDb::on(base.as_deref()));
    let figures = [
        race.unpair_against_results(trials),
        race.swap_against_result(trials),
        race.writers_on_their_own_boards(trials),
        race.writers_on_one_board(trials),
    ];
    println!();
    print!("{}", Figures::table(&figures));
}
