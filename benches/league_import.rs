//! Benchmark: a league's player list with a team column imported while other people work.
//!
//! `cargo bench --bench league_import` imports a list of `ARBITER_BENCH_TEAMS` teams (default
//! 10,000, one player each) into a new team league through the real server, while arbiters log
//! in again and again (a fresh browser each time) and post results in another event, until the
//! import is answered. Prints the import's answer and time, and for the logins and the results
//! how many were answered, their statuses, latencies (min, median, 95th percentile, max) and
//! the 5xx among them. On a temporary SQLite file, or on a fresh schema of the PostgreSQL
//! server `ARBITER_BENCH_DATABASE_URL` names (e.g. `postgres://postgres@127.0.0.1:5432/test`).
//! Figures only, no assertions.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/load_support/mod.rs"]
mod load_support;
#[expect(
    dead_code,
    reason = "the benchmark uses the server and clients, not the races"
)]
#[path = "../tests/race_support/mod.rs"]
mod race_support;

use common::TestDb;
use load_support::league_import_under_load;
use race_support::Race;

/// Teams in the list unless `ARBITER_BENCH_TEAMS` says otherwise.
const DEFAULT_TEAMS: usize = 10_000;

fn main() {
    let base = std::env::var("ARBITER_BENCH_DATABASE_URL").ok();
    let teams = std::env::var("ARBITER_BENCH_TEAMS")
        .ok()
        .and_then(|value| value.trim().parse().ok())
        .filter(|teams| *teams > 0)
        .unwrap_or(DEFAULT_TEAMS);
    let mut race = Race::start(TestDb::on(base.as_deref()));
    let figures = league_import_under_load(&mut race, teams);
    print!("{}", figures.report());
}
