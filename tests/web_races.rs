//! Races of the tournament day through the real server (`tests/race_support`): requests held
//! at a barrier and released together on connections of their own, then the database checked
//! against what the answers acknowledged.
//!
//! - Unpairing a round while arbiters save results must never lose a result the app
//!   acknowledged (the "no results yet" check must hold when the games are deleted).
//! - Swapping two players must never let a result posted from the page read before the swap
//!   land on a game whose players changed.
//! - Concurrent result writers must never get a 500; a 409 only for a real conflict.
//!
//! Each test prints a line per trial (answers, how many requests overlapped, the most in
//! flight) and a table; run with `-- --nocapture` to see them when it passes.
//! `ARBITER_RACE_TRIALS` sets the number of trials of every scenario (CI runs the defaults,
//! a few seconds in all); `cargo bench --bench races` prints the same figures.
//!
//! The answers are read as `tests/race_support` says: 303 (or 200) acknowledges, 404, 409 and
//! 422 refuse, anything else is neither.

mod common;
mod race_support;

use std::sync::{Mutex, MutexGuard};

use common::TestDb;
use race_support::{Figures, Race, trials};

/// One race at a time: races that share the machine's cores with each other overlap less
/// inside the server (on 2 cores, the writers' transactions then rarely meet).
static ONE_RACE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Waits for the other races of this binary to end (a failed one still lets the next run).
fn alone() -> MutexGuard<'static, ()> {
    ONE_RACE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// 40 trials: 4 arbiters post results on 4 boards of a fresh 40-player round while the
/// organiser unpairs it. An acknowledged result must be on its board afterwards; the unpair and
/// a result cannot both be acknowledged.
#[test]
fn unpair_never_loses_an_acknowledged_result() {
    let _alone = alone();
    let mut race = Race::start(TestDb::new());
    assert_kept(&[race.unpair_against_results(trials(40))]);
}

/// 20 trials: board 1's result is posted from the version read before the race while the
/// organiser swaps board 1's white with board 2's. An acknowledged result must be on a game
/// with the two players it had when the version was read.
#[test]
fn swap_never_credits_a_result_to_the_swapped_in_player() {
    let _alone = alone();
    let mut race = Race::start(TestDb::new());
    assert_kept(&[race.swap_against_result(trials(20))]);
}

/// 5 trials of 50 writers on 50 boards (every one acknowledged, no 409 since nobody
/// conflicts) and 10 trials of 20 writers on one board from the same version (one
/// acknowledged, every other 409). Never a 5xx.
#[test]
fn concurrent_result_writers_never_get_500() {
    let _alone = alone();
    let mut race = Race::start(TestDb::new());
    let apart = race.writers_on_their_own_boards(trials(5));
    let together = race.writers_on_one_board(trials(10));
    assert_kept(&[apart, together]);
}

/// Prints the table of `all`, then panics (with every failed trial) unless each scenario kept
/// the contract in every trial, no answer was outside it, and (nearly) all requests overlapped.
fn assert_kept(all: &[Figures]) {
    println!("{}", Figures::table(all));
    let mut broken = Vec::new();
    for figures in all {
        assert_eq!(
            figures.unexpected, 0,
            "{}: answers outside the contract, the harness is at fault",
            figures.scenario
        );
        // Three in four requests at least: on a loaded machine a thread descheduled between the
        // barrier and its last byte misses the other request of a trial now and then (seen:
        // 34 of 40 with acceptance runs beside the tests), which says nothing of the contract.
        assert!(
            figures.overlapped * 4 >= figures.requests * 3,
            "{}: {} of {} requests overlapped, the race was not run",
            figures.scenario,
            figures.overlapped,
            figures.requests
        );
        if !figures.failures.is_empty() {
            broken.push(format!(
                "{} [{}]: {} of {} trials broke the contract ({} wrong, {} answers 5xx):\n{}",
                figures.scenario,
                figures.backend,
                figures.failed_trials,
                figures.trials,
                figures.wrong,
                figures.server_errors,
                figures.failures.join("\n")
            ));
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
