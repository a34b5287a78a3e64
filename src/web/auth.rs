//! Accounts: argon2 passwords, the session layout, login rate limiting, and the
//! per-tournament rights.
//!
//! **Sessions.** The cookie (signed and encrypted) holds a random secret and the CSRF token;
//! the server keeps the SHA-256 of the secret in `user_sessions` ([`open_session`]). A request
//! is logged in only while that row exists and is younger than [`SESSION_LIFETIME`]. Logging
//! out deletes the row ([`close_session`]); a password change or reset and disabling the
//! account delete every row of the user ([`User::set_password_hash`], [`User::set_active`]).
//! A copied cookie is worth nothing after any of these, on every instance.

use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use rand::RngCore;
use time::Duration;

use crate::db::models::{
    LoginAttempt, Role, TournamentArbiter, TournamentRow, User, UserId, UserSession,
};
use crate::db::{DbConn, write_transaction};
use crate::tournament::self_report::token_digest;

/// Session entry: the secret of the login; its SHA-256 is the session's row in
/// `user_sessions` ([`UserSession`]), which says who is logged in.
pub const SESSION_ID: &str = "sid";
/// Session entry: the CSRF token of the session.
pub const SESSION_CSRF: &str = "csrf";
/// How long a login lasts at most; then the user logs in again.
pub const SESSION_LIFETIME: Duration = Duration::days(14);

/// The window in which failed logins are counted.
pub const LOGIN_WINDOW: Duration = Duration::minutes(15);
/// Failed logins for one user name within [`LOGIN_WINDOW`] before further tries are refused.
pub const MAX_FAILURES_PER_USERNAME: i64 = 5;
/// Failed logins from one client address within [`LOGIN_WINDOW`] before it is refused.
pub const MAX_FAILURES_PER_CLIENT: i64 = 20;

/// Shortest accepted password.
pub const MIN_PASSWORD_LEN: usize = 8;

/// A fresh random CSRF token (32 bytes, hex).
pub fn new_csrf_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// Records a new login of `user` on the server; returns the secret for the session cookie.
/// Sessions past [`SESSION_LIFETIME`] are forgotten on the way.
pub fn open_session(conn: &mut DbConn, user: UserId) -> diesel::QueryResult<String> {
    let secret = new_csrf_token();
    let now = crate::db::now();
    UserSession::prune(conn, now - SESSION_LIFETIME)?;
    UserSession::create(conn, &token_digest(&secret), user, now)?;
    Ok(secret)
}

/// The active account the session of `secret` logs in, while that session lasts.
pub fn session_user(conn: &mut DbConn, secret: &str) -> diesel::QueryResult<Option<User>> {
    UserSession::user_of(
        conn,
        &token_digest(secret),
        crate::db::now() - SESSION_LIFETIME,
    )
}

/// Ends the session of `secret` on the server (logging out).
pub fn close_session(conn: &mut DbConn, secret: &str) -> diesel::QueryResult<usize> {
    UserSession::end(conn, &token_digest(secret))
}

/// Hashes a password with argon2id and a random salt (PHC string).
pub fn hash_password(password: &str) -> Result<String, argon2::password_hash::Error> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
}

/// True when `password` matches the PHC string `hash` (false for a malformed hash).
pub fn verify_password(password: &str, hash: &str) -> bool {
    Argon2::default()
        .verify_password(password.as_bytes(), hash)
        .is_ok()
}

/// Why a user name or password is refused (a translation key).
pub fn check_username(username: &str) -> Result<(), &'static str> {
    let length = username.chars().count();
    if !(2..=64).contains(&length) {
        return Err("auth.username_length");
    }
    if !username
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '@'))
    {
        return Err("auth.username_chars");
    }
    Ok(())
}

/// Why a password is refused (a translation key).
pub fn check_password(password: &str) -> Result<(), &'static str> {
    if password.chars().count() < MIN_PASSWORD_LEN {
        return Err("auth.password_too_short");
    }
    if password.len() > 1024 {
        return Err("auth.password_too_long");
    }
    Ok(())
}

/// Why a new account's user name and password are refused (translation keys; empty when fine).
pub fn new_account_problems(username: &str, password: &str) -> Vec<&'static str> {
    [check_username(username), check_password(password)]
        .into_iter()
        .filter_map(Result::err)
        .collect()
}

/// The display name to store: the one given, or the user name when it is blank.
pub fn display_name_or(display_name: &str, username: &str) -> String {
    match display_name.trim() {
        "" => username.to_owned(),
        name => name.to_owned(),
    }
}

/// The outcome of a login attempt.
#[derive(Debug, Clone, PartialEq)]
pub enum LoginOutcome {
    /// Right user name and password.
    Success(User),
    /// Wrong user name or password (or a disabled account).
    Invalid,
    /// Too many failures recently: not even checked.
    RateLimited,
}

/// Checks a login, counting failures per user name and per client address in the database
/// (shared by every app instance). A refused attempt because of the limit is not checked at all,
/// so guessing cannot continue while limited.
///
/// The count and the record of the attempt are one write transaction (locked per user name
/// and address, [`LoginAttempt::lock_counters`]): the attempt is recorded as a failure before
/// its password is checked, outside the transaction, and marked as succeeded when right. So
/// parallel attempts each see the ones before them, and at most
/// [`MAX_FAILURES_PER_USERNAME`] / [`MAX_FAILURES_PER_CLIENT`] passwords are ever checked in a
/// window.
pub fn attempt_login(
    conn: &mut DbConn,
    username: &str,
    password: &str,
    client_ip: &str,
) -> diesel::QueryResult<LoginOutcome> {
    let now = crate::db::now();
    let since = now - LOGIN_WINDOW;
    let attempt = write_transaction(conn, |conn| {
        LoginAttempt::lock_counters(conn, username, client_ip)?;
        LoginAttempt::prune(conn, now - Duration::days(1))?;
        if LoginAttempt::failures_for_username(conn, username, since)? >= MAX_FAILURES_PER_USERNAME
            || LoginAttempt::failures_for_client(conn, client_ip, since)? >= MAX_FAILURES_PER_CLIENT
        {
            return Ok(None);
        }
        LoginAttempt::record(conn, username, client_ip, false, now).map(Some)
    })?;
    let Some(attempt) = attempt else {
        return Ok(LoginOutcome::RateLimited);
    };
    let user = User::by_username(conn, username)?;
    let outcome = match user {
        Some(user) if user.active && verify_password(password, &user.password_hash) => {
            LoginOutcome::Success(user)
        }
        Some(_) => LoginOutcome::Invalid,
        None => {
            // Spend the same time as a real check so user names cannot be probed by timing.
            let _ = verify_password(password, &DUMMY_HASH);
            LoginOutcome::Invalid
        }
    };
    if matches!(outcome, LoginOutcome::Success(_)) {
        write_transaction(conn, |conn| {
            LoginAttempt::mark_succeeded(conn, attempt)?;
            LoginAttempt::clear_failures_for_username(conn, username)
        })?;
    }
    Ok(outcome)
}

/// A hash of a random string, for refusing unknown users in the same time as known ones.
static DUMMY_HASH: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| hash_password(&new_csrf_token()).unwrap_or_default());

/// May `user` change `tournament` (settings, players, pairings, arbiters)? Its owner or an
/// administrator.
pub fn may_manage(user: &User, tournament: &TournamentRow) -> bool {
    user.role == Role::Admin || (user.role.can_organise() && tournament.owner_id == user.id)
}

/// May `user` run the day of `tournament` (pair, results, byes, withdrawals, ...)? Whoever
/// may manage it, and the arbiters assigned to it.
pub fn may_run_day(
    conn: &mut DbConn,
    user: &User,
    tournament: &TournamentRow,
) -> diesel::QueryResult<bool> {
    if may_manage(user, tournament) {
        return Ok(true);
    }
    TournamentArbiter::is_assigned(conn, tournament.id, user.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_hash_round_trip() {
        let hash = hash_password("correct horse").expect("hash");
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn dummy_hash_is_well_formed() {
        assert!(argon2::PasswordHash::new(&DUMMY_HASH).is_ok());
    }

    #[test]
    fn usernames_and_passwords_are_checked() {
        assert!(check_username("anna.novak").is_ok());
        assert_eq!(check_username("a"), Err("auth.username_length"));
        assert_eq!(check_username("anna novak"), Err("auth.username_chars"));
        assert_eq!(check_password("short"), Err("auth.password_too_short"));
        assert!(check_password("long enough").is_ok());
    }
}
