//! Login limits hold under parallel attempts: a hundred wrong passwords sent together, through
//! the real server, get at most [`MAX_FAILURES_PER_USERNAME`] password checks for one user name
//! and at most [`MAX_FAILURES_PER_CLIENT`] for one client address; the others are refused
//! unchecked (429). The requests are held at a barrier and released together (as
//! `tests/race_support` does); each test prints how many overlapped.

mod common;
#[expect(
    dead_code,
    reason = "the login races use the server and client, not the day's races"
)]
mod race_support;

use actix_web::http::StatusCode;
use arbiter::db::models::Role;
use arbiter::web::auth::{MAX_FAILURES_PER_CLIENT, MAX_FAILURES_PER_USERNAME};
use common::{TestContext, TestDb};
use race_support::{Client, Overlap, POOL_SIZE, Server, WORKERS, fire_together};

/// Attempts sent together.
const ATTEMPTS: usize = 100;

/// Sends the logins together; returns (checked = 422, refused unchecked = 429).
fn race(logins: &[(String, String)]) -> (usize, usize) {
    let ctx = TestContext::on(TestDb::new(), POOL_SIZE);
    ctx.create_user("olga", Role::Organiser);
    let server = Server::start(&ctx, WORKERS);
    let mut client = Client::new(server.port);
    client.refresh_csrf_token();
    let armed = logins
        .iter()
        .map(|(username, password)| {
            client.arm(
                "/login",
                &[
                    ("username", username),
                    ("password", password),
                    ("next", "/"),
                ],
            )
        })
        .collect();
    let shots = fire_together(armed);
    let overlap = Overlap::of(&shots);
    let count = |status: StatusCode| shots.iter().filter(|s| s.page.status == status).count();
    let checked = count(StatusCode::UNPROCESSABLE_ENTITY);
    let limited = count(StatusCode::TOO_MANY_REQUESTS);
    println!(
        "{} logins on {}: {checked} checked, {limited} refused unchecked, {} other; \
         {} overlapped, at most {} in flight",
        shots.len(),
        if ctx.db.is_postgres() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
        shots.len() - checked - limited,
        overlap.overlapped,
        overlap.max_in_flight
    );
    assert_eq!(
        checked + limited,
        shots.len(),
        "every answer is 422 or 429: {:?}",
        shots
            .iter()
            .map(|s| s.page.status.as_u16())
            .collect::<Vec<_>>()
    );
    assert!(overlap.overlapped > 1, "the attempts overlapped");
    (checked, limited)
}

#[test]
fn parallel_wrong_passwords_are_checked_at_most_five_times_per_user_name() {
    let logins: Vec<(String, String)> = (0..ATTEMPTS)
        .map(|i| ("olga".to_owned(), format!("wrong password {i}")))
        .collect();
    let (checked, _) = race(&logins);
    assert_eq!(checked, MAX_FAILURES_PER_USERNAME as usize);
}

#[test]
fn parallel_wrong_passwords_are_checked_at_most_twenty_times_per_address() {
    let logins: Vec<(String, String)> = (0..ATTEMPTS)
        .map(|i| (format!("guess{i}"), format!("wrong password {i}")))
        .collect();
    let (checked, _) = race(&logins);
    assert_eq!(checked, MAX_FAILURES_PER_CLIENT as usize);
}
