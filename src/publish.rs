//! The venue's pusher: sends the public state of every tournament that has a publishing target
//! ([`crate::db::models::publish_targets`]) to its public server, `POST {url}/api/v1/push`
//! with the organiser's key as a bearer token and the document ([`PublicState`]) gzip-encoded.
//!
//! - **Durable.** What is to be sent is the outbox ([`crate::db::models::publish_outbox`]),
//!   written in the transaction of each change; a process killed at any moment loses nothing:
//!   at the next start the rows are still there and the newest state is sent.
//! - **Coalescing.** Every [`POLL`] the pusher looks for targets with rows waiting and sends
//!   the state *as it is now*, once, whatever the number of changes waiting: after an outage
//!   only the newest revision goes out. The rows up to the revision sent are deleted once the
//!   public server acknowledged it.
//! - **Back-off.** A failed attempt (no answer, or an answer other than 200) waits
//!   [`backoff`]`(attempts)`: 1, 2, 4 seconds, then [`MAX_BACKOFF`]; the Publish-now
//!   button lifts it. The public server answers an older or equal revision with 200 and
//!   ignores it, so a push repeated after a crash between its send and its record is harmless.
//!
//! The pusher runs on a thread of its own beside the web server (`arbiter serve`); [`Pusher`]
//! starts and stops it.

use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::db::models::publish_targets::PublishTarget;
use crate::db::read::public_state::local_state;
use crate::db::{DbConn, DbPool, store};
use crate::formats::public_state::PublicState;

/// How often the pusher looks for changes waiting.
pub const POLL: Duration = Duration::from_millis(500);

/// The longest wait between two failed attempts: short, so that a public server back after an
/// outage has the newest state within a few seconds (an attempt on a server that is down costs
/// one refused connection).
pub const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// How long one push may take, connection included.
pub const PUSH_TIMEOUT: Duration = Duration::from_secs(30);

/// The path a public server takes pushes on, after its address.
pub const PUSH_PATH: &str = "/api/v1/push";

/// The wait after the `attempts`-th failure in a row: 1 s, 2 s, 4 s, then [`MAX_BACKOFF`].
pub fn backoff(attempts: i32) -> Duration {
    let exponent = u32::try_from(attempts.saturating_sub(1))
        .unwrap_or(0)
        .min(16);
    Duration::from_secs(1u64 << exponent).min(MAX_BACKOFF)
}

/// Checks a public server's address as typed: `http://` or `https://`, a host, perhaps a port
/// and a path; returned without a trailing slash.
pub fn target_url(text: &str) -> Result<String, String> {
    let url = text.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| format!("{text:?}: the address starts with https:// or http://"))?;
    let host = rest.split('/').next().unwrap_or_default();
    let fine = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']');
    if host.is_empty() || !host.chars().all(fine) || url.chars().any(char::is_whitespace) {
        return Err(format!("{text:?}: not a server's address"));
    }
    Ok(url.to_owned())
}

/// The body of a push: the document, gzip-compressed.
pub fn gzip(document: &str) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(document.as_bytes());
    encoder.finish().unwrap_or_default()
}

/// The pusher's thread; stopped when dropped.
pub struct Pusher {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Pusher {
    /// Starts pushing the targets of the database behind `pool`.
    pub fn start(pool: DbPool) -> Pusher {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::Builder::new()
            .name("arbiter-pusher".to_owned())
            .spawn(move || {
                let agent = agent();
                while !stopped.load(Ordering::Relaxed) {
                    match pool.get() {
                        Ok(mut conn) => {
                            push_due(&mut conn, &agent);
                        }
                        Err(error) => tracing::warn!(%error, "pusher: no database connection"),
                    }
                    std::thread::sleep(POLL);
                }
            })
            .ok();
        if thread.is_none() {
            tracing::error!("cannot start the pusher's thread: nothing will be published");
        }
        Pusher { stop, thread }
    }
}

impl Drop for Pusher {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The HTTP client of the pushes: answers of every status are read (not errors), a bound on
/// the time.
fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .timeout_global(Some(PUSH_TIMEOUT))
        .http_status_as_error(false)
        .build()
        .into()
}

/// One pass: pushes every target due now; how many pushes were acknowledged.
pub fn push_due(conn: &mut DbConn, agent: &ureq::Agent) -> usize {
    let due = match PublishTarget::due(conn, crate::db::now()) {
        Ok(due) => due,
        Err(error) => {
            tracing::warn!(%error, "pusher: cannot read the targets");
            return 0;
        }
    };
    let mut acknowledged = 0;
    for target in due {
        let tournament = target.tournament_id;
        let recorded = match push_one(conn, agent, &target) {
            Ok(revision) => {
                acknowledged += 1;
                tracing::info!(tournament = tournament.0, revision, "published");
                store::record_pushed(conn, tournament, revision)
            }
            Err(error) => {
                let delay = backoff(target.attempts.saturating_add(1));
                tracing::info!(tournament = tournament.0, %error, ?delay, "push failed");
                let delay = time::Duration::try_from(delay).unwrap_or(time::Duration::MINUTE);
                store::record_failed(conn, tournament, delay, &error)
            }
        };
        if let Err(error) = recorded {
            tracing::warn!(
                tournament = tournament.0,
                ?error,
                "pusher: cannot record the push"
            );
        }
    }
    acknowledged
}

/// Sends the state of `target`'s tournament as it is now; the revision acknowledged, or why
/// not.
fn push_one(conn: &mut DbConn, agent: &ureq::Agent, target: &PublishTarget) -> Result<i64, String> {
    let state: PublicState = local_state(conn, target.tournament_id)
        .map_err(|error| format!("cannot read the event: {error}"))?
        .ok_or_else(|| "the event is not published on this server".to_owned())?;
    let body = gzip(&state.to_json());
    let url = format!("{}{PUSH_PATH}", target.url);
    let response = agent
        .post(&url)
        .header("Authorization", &format!("Bearer {}", target.key))
        .header("Content-Type", "application/json")
        .header("Content-Encoding", "gzip")
        .send(&body[..])
        .map_err(|error| format!("{url}: {error}"))?;
    let status = response.status();
    let mut answer = String::new();
    let _ = response
        .into_body()
        .into_reader()
        .take(2000)
        .read_to_string(&mut answer);
    if status.as_u16() == 200 {
        Ok(state.revision)
    } else {
        Err(format!("{url}: {status} {}", answer.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_its_bound() {
        let waits: Vec<u64> = (0..7).map(|n| backoff(n).as_secs()).collect();
        assert_eq!(waits, [1, 1, 2, 4, 5, 5, 5]);
        assert_eq!(backoff(i32::MAX), MAX_BACKOFF);
    }

    #[test]
    fn target_urls() {
        assert_eq!(
            target_url(" https://chess.example.org/ "),
            Ok("https://chess.example.org".to_owned())
        );
        assert_eq!(
            target_url("http://127.0.0.1:8080/arbiter"),
            Ok("http://127.0.0.1:8080/arbiter".to_owned())
        );
        assert!(target_url("ftp://x").is_err());
        assert!(target_url("https://").is_err());
        assert!(target_url("https://a b").is_err());
    }

    #[test]
    fn gzip_round_trips() {
        let mut text = String::new();
        flate2::read::GzDecoder::new(&gzip("{\"a\":1}")[..])
            .read_to_string(&mut text)
            .expect("gunzip");
        assert_eq!(text, "{\"a\":1}");
    }
}
