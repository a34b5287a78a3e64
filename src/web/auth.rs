//! Accounts: argon2 passwords, the session layout, login rate limiting, and the
//! per-tournament rights.
//!
//! **Sessions.** The cookie (signed and encrypted) holds a random secret and the CSRF token;
//! the server keeps the SHA-256 of the secret in `user_sessions` ([`open_session`]). A request
//! is logged in only while that row exists and is younger than [`SESSION_LIFETIME`]. Logging
//! out deletes the row ([`close_session`]); a password change or reset and disabling the
//! account delete every row of the user ([`User::set_password_hash`], [`User::set_active`]).
//! A copied cookie is worth nothing after any of these, on every instance.
//!
//! **Logins** ([`log_in`]) count failures, never attempts, and limit the guesser rather than
//! the account's owner: per client and user name with growing waits, per address over every
//! name, a browser the account logged in from before ([`KnownBrowser`]) counting on its own.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use futures_util::lock::Mutex as AsyncMutex;
use rand::RngCore;
use time::Duration;

use crate::db::DbConn;
use crate::db::models::{
    LoginAttempt, Role, TournamentArbiter, TournamentRow, User, UserId, UserSession,
};
use crate::tournament::self_report::token_digest;

/// Session entry: the secret of the login; its SHA-256 is the session's row in
/// `user_sessions` ([`UserSession`]), which says who is logged in.
pub const SESSION_ID: &str = "sid";
/// Session entry: the CSRF token of the session.
pub const SESSION_CSRF: &str = "csrf";
/// How long a login lasts at most; then the user logs in again.
pub const SESSION_LIFETIME: Duration = Duration::days(14);

/// The window in which failed logins are counted.
pub const LOGIN_WINDOW: Duration = Duration::hours(1);
/// Failed logins for one user name from one client (an address, or a browser the account
/// logged in from before) within [`LOGIN_WINDOW`] that are checked without waiting; each
/// further try waits [`login_delay`].
pub const MAX_FAILURES_PER_USERNAME: i64 = 5;
/// Failed logins from one client address within [`LOGIN_WINDOW`], over every user name (the
/// tries still being checked included), before it is refused.
pub const MAX_FAILURES_PER_CLIENT: i64 = 20;
/// The wait after [`MAX_FAILURES_PER_USERNAME`] failures; it doubles with each further one.
pub const FIRST_LOGIN_DELAY: Duration = Duration::seconds(30);
/// The longest wait between two tries ([`login_delay`]).
pub const MAX_LOGIN_DELAY: Duration = Duration::minutes(15);

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
    /// Too many failures from this client recently: not even checked. Try again after
    /// `retry_after_seconds`.
    RateLimited {
        /// How long the client has to wait, in seconds.
        retry_after_seconds: i64,
    },
}

/// Who is trying to log in, as the limits count it: a browser that logged in to the account
/// before ([`KnownBrowser`]) counts on its own, anyone else by address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginClient {
    /// The key failures are counted under with the user name (`login_attempts.client_ip`):
    /// the address, or `browser <id>` for a known browser.
    pub key: String,
    /// The address, when the address cap ([`MAX_FAILURES_PER_CLIENT`]) applies: not for a
    /// browser known to the account.
    pub address: Option<String>,
}

impl LoginClient {
    /// The client trying `username` from `address` in a browser that is `browser`.
    pub fn of(browser: &KnownBrowser, username: &str, address: &str) -> LoginClient {
        match &browser.device {
            Some(device) if browser.usernames.iter().any(|known| known == username) => {
                LoginClient {
                    key: format!("browser {device}"),
                    address: None,
                }
            }
            _ => LoginClient {
                key: address.to_owned(),
                address: Some(address.to_owned()),
            },
        }
    }
}

/// What the session cookie remembers of a browser across logins and logouts: a random id, and
/// the accounts that logged in from it (at most [`MAX_KNOWN_LOGINS`]). The cookie is signed and
/// encrypted, so only a browser where the account's password was given carries its name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KnownBrowser {
    /// The browser's random id, once it logged in.
    pub device: Option<String>,
    /// The user names that logged in from it, the latest last.
    pub usernames: Vec<String>,
}

/// Session entry: the browser's id ([`KnownBrowser::device`]).
pub const SESSION_DEVICE: &str = "device";
/// Session entry: the accounts that logged in from the browser ([`KnownBrowser::usernames`]).
pub const SESSION_KNOWN: &str = "known";
/// The most accounts a browser is remembered for.
pub const MAX_KNOWN_LOGINS: usize = 8;

impl KnownBrowser {
    /// The same browser after `username` logged in from it.
    pub fn with_login(mut self, username: &str) -> KnownBrowser {
        if self.device.is_none() {
            self.device = Some(new_csrf_token());
        }
        self.usernames.retain(|known| known != username);
        self.usernames.push(username.to_owned());
        let excess = self.usernames.len().saturating_sub(MAX_KNOWN_LOGINS);
        self.usernames.drain(..excess);
        self
    }
}

/// Turns taken in this process: one login at a time per (client, user name), so that each
/// attempt sees the failures of the ones before it; one decision at a time per address, with
/// the attempts of the address still being checked counted as failures until they are known
/// ([`MAX_FAILURES_PER_CLIENT`]). Waiting for a turn holds no database connection. Several
/// instances on one database each keep their own turns (the failures they count are shared).
#[derive(Clone, Default)]
pub struct LoginGate {
    turns: Turns<()>,
    addresses: Turns<i64>,
}

impl std::fmt::Debug for LoginGate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LoginGate")
    }
}

/// The turns of one kind, by key.
type Turns<T> = Arc<StdMutex<HashMap<String, Arc<AsyncMutex<T>>>>>;

/// What a [`LoginGate`] keeps per key: nothing but the turn, or the tries of an address
/// being checked.
trait TurnState: Default {
    /// True when the key's entry holds nothing worth keeping.
    fn is_idle(&self) -> bool;
}

impl TurnState for () {
    fn is_idle(&self) -> bool {
        true
    }
}

impl TurnState for i64 {
    fn is_idle(&self) -> bool {
        *self == 0
    }
}

/// A lock of a [`LoginGate`] map, taken by `key`; forgets the key's entry when no one else
/// holds or waits for it and it holds nothing.
struct Turn<T: TurnState> {
    map: Turns<T>,
    key: String,
    guard: Option<futures_util::lock::OwnedMutexGuard<T>>,
}

impl<T: TurnState> Turn<T> {
    async fn take(map: &Turns<T>, key: String) -> Turn<T> {
        let lock = {
            let mut entries = map.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            Arc::clone(entries.entry(key.clone()).or_default())
        };
        let guard = lock.lock_owned().await;
        Turn {
            map: Arc::clone(map),
            key,
            guard: Some(guard),
        }
    }
}

impl<T: TurnState> std::ops::Deref for Turn<T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.guard.as_deref().expect("held until dropped")
    }
}

impl<T: TurnState> std::ops::DerefMut for Turn<T> {
    fn deref_mut(&mut self) -> &mut T {
        self.guard.as_deref_mut().expect("held until dropped")
    }
}

impl<T: TurnState> Drop for Turn<T> {
    fn drop(&mut self) {
        // The map's lock first: nobody can take a new handle on the key meanwhile.
        let mut entries = self
            .map
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        self.guard = None;
        let forget = entries.get(&self.key).is_some_and(|lock| {
            Arc::strong_count(lock) == 1 && lock.try_lock().is_some_and(|state| state.is_idle())
        });
        if forget {
            entries.remove(&self.key);
        }
    }
}

/// How long a client waits before its next try after `failures` failed logins for one user
/// name: nothing for the first [`MAX_FAILURES_PER_USERNAME`], then [`FIRST_LOGIN_DELAY`],
/// doubling with each further failure up to [`MAX_LOGIN_DELAY`].
pub fn login_delay(failures: i64) -> Duration {
    if failures < MAX_FAILURES_PER_USERNAME {
        return Duration::ZERO;
    }
    let doublings = (failures - MAX_FAILURES_PER_USERNAME).min(16) as u32;
    (FIRST_LOGIN_DELAY * 2i32.pow(doublings)).min(MAX_LOGIN_DELAY)
}

/// Checks a login of `username` by `client`. Failures are counted, not attempts: a right
/// password never counts against anyone, however many arrive together. Limits the guesser,
/// not the account's owner:
///
/// - per client and user name ([`LoginClient::key`]: the address, or a browser the account
///   logged in from before), [`MAX_FAILURES_PER_USERNAME`] failures within [`LOGIN_WINDOW`]
///   are checked freely, then each next try waits [`login_delay`] after the last failure;
///   a stranger's wrong passwords thus delay the stranger, not the owner at another address
///   or in their own browser;
/// - per address over every user name, at most [`MAX_FAILURES_PER_CLIENT`] failures (those
///   still being checked included) within [`LOGIN_WINDOW`], except for a known browser.
///
/// A refused try is not checked at all. The database is only read before the password is
/// checked, and no connection is held while it is (argon2 takes its time): a right password
/// writes the session, a wrong one its failure, each one short statement, never a tournament
/// write.
pub async fn log_in(
    state: &crate::web::AppState,
    client: &LoginClient,
    username: &str,
    password: &str,
) -> Result<LoginOutcome, crate::web::AppError> {
    let gate = &state.logins;
    let _turn = Turn::take(&gate.turns, format!("{}\n{username}", client.key)).await;
    let now = crate::db::now();
    let since = now - LOGIN_WINDOW;
    let (key, name) = (client.key.clone(), username.to_owned());
    let (failures, last_failure, user) = state
        .db(move |conn| {
            let (failures, last) = LoginAttempt::failures_for(conn, &key, &name, since)?;
            Ok((failures, last, User::by_username(conn, &name)?))
        })
        .await?;
    if let Some(last) = last_failure {
        let wait = last + login_delay(failures) - crate::db::now();
        if wait.is_positive() {
            return Ok(LoginOutcome::RateLimited {
                retry_after_seconds: wait.whole_seconds().max(1),
            });
        }
    }
    // The address's reservation: its failures and the tries still being checked.
    let reserved = match &client.address {
        Some(address) => {
            let mut checking = Turn::take(&gate.addresses, address.clone()).await;
            let address = address.clone();
            let from_address = state
                .db(move |conn| Ok(LoginAttempt::failures_from(conn, &address, since)?))
                .await?;
            if from_address + *checking >= MAX_FAILURES_PER_CLIENT {
                return Ok(LoginOutcome::RateLimited {
                    retry_after_seconds: MAX_LOGIN_DELAY.whole_seconds(),
                });
            }
            *checking += 1;
            true
        }
        None => false,
    };
    let hash = user
        .as_ref()
        .filter(|user| user.active)
        .map(|user| user.password_hash.clone());
    let password = password.to_owned();
    let right = actix_web::web::block(move || match hash {
        Some(hash) => verify_password(&password, &hash),
        None => {
            // Spend the same time as a real check so user names cannot be probed by timing.
            let _ = verify_password(&password, &DUMMY_HASH);
            false
        }
    })
    .await;
    // The outcome is recorded and the reservation given back in one turn of the address, so
    // that the next decision counts this try once: as checking, or as its failure.
    let mut checking = match (&client.address, reserved) {
        (Some(address), true) => Some(Turn::take(&gate.addresses, address.clone()).await),
        _ => None,
    };
    let recorded = match right {
        Ok(right) => {
            let (key, name) = (client.key.clone(), username.to_owned());
            state
                .db(move |conn| {
                    if right {
                        LoginAttempt::clear_failures(conn, &key, &name)?;
                    } else {
                        LoginAttempt::prune(conn, now - Duration::days(1))?;
                        LoginAttempt::record(conn, &name, &key, crate::db::now())?;
                    }
                    Ok(right)
                })
                .await
        }
        Err(error) => Err(error.into()),
    };
    if let Some(checking) = checking.as_mut() {
        **checking -= 1;
    }
    drop(checking);
    let right = recorded?;
    Ok(match user {
        Some(user) if right => LoginOutcome::Success(user),
        _ => LoginOutcome::Invalid,
    })
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
    fn the_wait_after_failures_doubles_up_to_a_quarter_of_an_hour() {
        let waits: Vec<i64> = (0..14).map(|n| login_delay(n).whole_seconds()).collect();
        assert_eq!(
            waits,
            [0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900, 900]
        );
        assert_eq!(login_delay(i64::MAX), MAX_LOGIN_DELAY);
    }

    #[test]
    fn a_browser_counts_on_its_own_only_for_the_accounts_that_logged_in_from_it() {
        let stranger = LoginClient::of(&KnownBrowser::default(), "chief", "203.0.113.8");
        assert_eq!(stranger.key, "203.0.113.8");
        assert_eq!(stranger.address.as_deref(), Some("203.0.113.8"));
        let browser = KnownBrowser::default().with_login("chief");
        let owner = LoginClient::of(&browser, "chief", "203.0.113.8");
        assert!(owner.key.starts_with("browser ") && owner.address.is_none());
        let other = LoginClient::of(&browser, "olga", "203.0.113.8");
        assert_eq!(other.key, "203.0.113.8");
        let many = (0..20).fold(browser, |b, n| b.with_login(&format!("user{n}")));
        assert_eq!(many.usernames.len(), MAX_KNOWN_LOGINS);
        assert_eq!(many.usernames.last().map(String::as_str), Some("user19"));
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
