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
//! - **Live games.** Every [`LIVE_POLL`] the pusher also sends, for each event the public
//!   server knows, every round with games followed live from electronic boards
//!   (`POST {url}/api/v1/push/live`, [`PublicLive`]): each board's moves **as the venue's
//!   broadcast delay shows them** — the delay is applied here, so undelayed moves never leave
//!   the hall. A round is sent again only when what the public would see changed; a failed
//!   send is tried again at the next poll (the document is a snapshot, nothing is queued).
//!
//! The pusher runs on a thread of its own beside the web server (`arbiter serve`); [`Pusher`]
//! starts and stops it.

use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

use std::collections::HashMap;

use crate::db::domain::TournamentData;
use crate::db::models::TournamentId;
use crate::db::models::live_events::LiveEventRow;
use crate::db::models::publish_targets::PublishTarget;
use crate::db::models::tournament_public_ids::public_id_of;
use crate::db::read::live::delayed_round;
use crate::db::read::public_state::local_state;
use crate::db::{DbConn, DbPool, store};
use crate::formats::public_live::{self, LiveBoard, PublicLive};
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

/// The path a public server takes a round's live games on.
pub const LIVE_PATH: &str = "/api/v1/push/live";

/// How often the rounds followed live are looked at.
pub const LIVE_POLL: Duration = Duration::from_secs(5);

/// What the pusher last sent of each round followed live: (tournament, round) → the
/// document's hash and the moment up to which it holds the board logs' entries (its time less
/// its delay, Unix milliseconds): once that is past the round's newest entry, the round is
/// complete on the public server and is not read again until a board sends more.
pub type LiveSent = HashMap<(TournamentId, i32), (u64, i64)>;

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
                let mut live_sent = LiveSent::new();
                let mut live_at = std::time::Instant::now();
                while !stopped.load(Ordering::Relaxed) {
                    match pool.get() {
                        Ok(mut conn) => {
                            push_due(&mut conn, &agent);
                            if live_at.elapsed() >= LIVE_POLL {
                                live_at = std::time::Instant::now();
                                push_live_due(
                                    &mut conn,
                                    &agent,
                                    &mut live_sent,
                                    crate::db::now_millis(),
                                );
                            }
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
pub fn agent() -> ureq::Agent {
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

/// One pass over the rounds followed live (at `now`, Unix milliseconds): for every event its
/// public server knows, each published round with a board log is made into its public live
/// document (the moves as delayed) and sent when it differs from what was last sent; a round
/// sent whole already (no entry since) is passed over. How many documents were acknowledged.
pub fn push_live_due(
    conn: &mut DbConn,
    agent: &ureq::Agent,
    sent: &mut LiveSent,
    now: i64,
) -> usize {
    let targets = match PublishTarget::known_to_server(conn) {
        Ok(targets) => targets,
        Err(error) => {
            tracing::warn!(%error, "pusher: cannot read the targets");
            return 0;
        }
    };
    let mut acknowledged = 0;
    for target in targets {
        match push_live_rounds(conn, agent, &target, sent, now) {
            Ok(count) => acknowledged += count,
            Err(error) => tracing::info!(
                tournament = target.tournament_id.0,
                %error,
                "live games not pushed"
            ),
        }
    }
    acknowledged
}

/// The rounds of `target`'s tournament followed live, each sent when it changed.
fn push_live_rounds(
    conn: &mut DbConn,
    agent: &ureq::Agent,
    target: &PublishTarget,
    sent: &mut LiveSent,
    now: i64,
) -> Result<usize, String> {
    let tournament = target.tournament_id;
    let failed = |error: diesel::result::Error| format!("cannot read the event: {error}");
    let rounds = LiveEventRow::rounds(conn, tournament).map_err(failed)?;
    if rounds.is_empty() {
        return Ok(0);
    }
    let pending: Vec<i32> = rounds
        .into_iter()
        .filter(|(round, last)| {
            sent.get(&(tournament, *round))
                .is_none_or(|(_, covered)| covered < last)
        })
        .map(|(round, _)| round)
        .collect();
    if pending.is_empty() {
        return Ok(0);
    }
    let Some(public_id) = public_id_of(conn, tournament).map_err(failed)? else {
        return Ok(0);
    };
    let Some(data) = TournamentData::load(conn, tournament).map_err(failed)? else {
        return Ok(0);
    };
    let mut acknowledged = 0;
    for round in pending {
        if !data.rounds.iter().any(|r| r.number == round && r.published) {
            continue;
        }
        let (games, delay) = delayed_round(conn, &data, round, now).map_err(failed)?;
        let covered = now - i64::from(delay) * 60_000;
        let mut boards: Vec<LiveBoard> = games
            .into_iter()
            .map(|(board, game)| LiveBoard {
                board: u32::try_from(board).unwrap_or(0),
                moves: game.moves().to_vec(),
            })
            .collect();
        boards.sort_by_key(|board| board.board);
        let document = PublicLive {
            format: public_live::FORMAT.to_owned(),
            version: public_live::VERSION,
            id: public_id.clone(),
            round: u32::try_from(round).unwrap_or(0),
            delay_minutes: u32::try_from(delay).unwrap_or(0),
            boards,
        }
        .to_json();
        let hash = {
            use std::hash::{Hash, Hasher};
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            document.hash(&mut hasher);
            hasher.finish()
        };
        if sent
            .get(&(tournament, round))
            .is_some_and(|(last, _)| *last == hash)
        {
            sent.insert((tournament, round), (hash, covered));
            continue;
        }
        let url = format!("{}{LIVE_PATH}", target.url);
        let response = agent
            .post(&url)
            .header("Authorization", &format!("Bearer {}", target.key))
            .header("Content-Type", "application/json")
            .send(document.as_bytes())
            .map_err(|error| format!("{url}: {error}"))?;
        let status = response.status();
        if status.as_u16() != 200 {
            let mut answer = String::new();
            let _ = response
                .into_body()
                .into_reader()
                .take(2000)
                .read_to_string(&mut answer);
            return Err(format!("{url}: {status} {}", answer.trim()));
        }
        sent.insert((tournament, round), (hash, covered));
        acknowledged += 1;
    }
    Ok(acknowledged)
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
