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

/// Sends the armed logins together and returns the answers' statuses, printing the overlap.
fn fire_and_print(what: &str, backend: &str, armed: Vec<race_support::Armed>) -> Vec<u16> {
    let shots = fire_together(armed);
    let overlap = Overlap::of(&shots);
    let statuses: Vec<u16> = shots.iter().map(|s| s.page.status.as_u16()).collect();
    println!(
        "{what} on {backend}: answers {statuses:?}; {} overlapped, at most {} in flight",
        overlap.overlapped, overlap.max_in_flight
    );
    assert!(overlap.overlapped > 1, "the logins overlapped");
    statuses
}

/// A venue's arbiters behind one address (the venue's NAT) log in together: eight with
/// accounts of their own and twelve tablets sharing the desk's account. Every right password
/// is let in: only failures count, never attempts.
#[test]
fn simultaneous_right_passwords_behind_one_address_all_log_in() {
    let ctx = TestContext::on(TestDb::new(), POOL_SIZE);
    for number in 1..=8 {
        ctx.create_user(&format!("arbiter{number}"), Role::Arbiter);
    }
    ctx.create_user("desk", Role::Arbiter);
    let server = Server::start(&ctx, WORKERS);
    let armed = (0..20)
        .map(|index| {
            let username = if index < 8 {
                format!("arbiter{}", index + 1)
            } else {
                "desk".to_owned()
            };
            let mut client = Client::new(server.port);
            client.refresh_csrf_token();
            client.arm(
                "/login",
                &[
                    ("username", &username),
                    ("password", common::PASSWORD),
                    ("next", "/"),
                ],
            )
        })
        .collect();
    let backend = if ctx.db.is_postgres() {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    let statuses = fire_and_print("20 right passwords from one address", backend, armed);
    assert!(
        statuses.iter().all(|status| *status == 303),
        "every right password logs in: {statuses:?}"
    );
}

/// Posts a login from the client's address; returns the status.
async fn try_login<S, B>(client: &mut common::Client<S>, username: &str, password: &str) -> u16
where
    S: actix_web::dev::Service<
            actix_http::Request,
            Response = actix_web::dev::ServiceResponse<B>,
            Error = actix_web::Error,
        >,
    B: actix_web::body::MessageBody,
{
    client
        .post(
            "/login",
            &[
                ("username", username),
                ("password", password),
                ("next", "/"),
            ],
        )
        .await
        .status
        .as_u16()
}

/// A stranger's wrong passwords for the chief arbiter's account slow the stranger down (from
/// the fifth on, each further try waits longer: 429), and leave the chief arbiter, logging in
/// from another address, alone.
#[actix_web::test]
async fn a_strangers_wrong_passwords_do_not_lock_the_owner_out() {
    let ctx = TestContext::new();
    ctx.create_user("chief", Role::Arbiter);
    let mut stranger = ctx.client().await;
    stranger.peer = "198.51.100.7:50000".to_owned();
    let mut statuses = Vec::new();
    for attempt in 0..10 {
        statuses.push(try_login(&mut stranger, "chief", &format!("guess {attempt}")).await);
    }
    assert_eq!(
        statuses,
        [422, 422, 422, 422, 422, 429, 429, 429, 429, 429],
        "five guesses are checked, then the stranger waits"
    );
    // Not even the right password is checked from the stranger's address while it waits.
    assert_eq!(
        try_login(&mut stranger, "chief", common::PASSWORD).await,
        429
    );
    let mut chief = ctx.client().await;
    chief.peer = "192.0.2.44:40000".to_owned();
    assert_eq!(
        try_login(&mut chief, "chief", common::PASSWORD).await,
        303,
        "the owner from another address logs in"
    );
}

/// Behind one venue address, a stranger's wrong passwords for the chief arbiter do not lock
/// out the browser the chief arbiter logged in with before (a known session), even after
/// logging out.
#[actix_web::test]
async fn a_strangers_wrong_passwords_at_the_same_address_spare_the_owners_browser() {
    let ctx = TestContext::new();
    ctx.create_user("chief", Role::Arbiter);
    let mut chief = ctx.client().await;
    chief.peer = "203.0.113.80:40000".to_owned();
    assert_eq!(try_login(&mut chief, "chief", common::PASSWORD).await, 303);
    let logout = chief.post("/logout", &[]).await;
    assert_eq!(logout.status.as_u16(), 303);
    let mut stranger = ctx.client().await;
    stranger.peer = "203.0.113.80:50000".to_owned();
    for attempt in 0..8 {
        try_login(&mut stranger, "chief", &format!("guess {attempt}")).await;
    }
    assert_eq!(
        try_login(&mut stranger, "chief", common::PASSWORD).await,
        429
    );
    assert_eq!(
        try_login(&mut chief, "chief", common::PASSWORD).await,
        303,
        "the owner's browser logs in at the same address"
    );
}
