//! Automatic backups beside `arbiter serve --backup-dir DIR`: a thread of its own takes a
//! backup of the SQLite database into DIR every `--backup-every` (10 minutes unless said) when
//! the database changed since the last one, and keeps the newest `--backup-keep` (12).
//!
//! - **The copy** is [`crate::db::backup::backup_from`] (`VACUUM INTO`, one consistent
//!   snapshot, the writers never wait), named `STEM-YYYYMMDD-HHMMSS.db` in local time; the
//!   oldest beyond K are removed before a new one is written (never more than K in the folder,
//!   and a full stick gets room back); the folder's other files are never touched.
//! - **Changed?** SQLite's `PRAGMA data_version` on the thread's own connection moves exactly
//!   when another connection committed something: one cheap read per period, and a quiet
//!   evening leaves the last backups in place instead of rotating them out with copies of
//!   the same thing. The first backup is taken at start, so a folder that cannot be written
//!   (a USB stick missing) is known at once.
//! - **Never fatal.** A failure (the folder gone, the stick full) is logged and shown on the
//!   administrator's page ([`BackupStatus`]); the next period tries again. The server runs on.
//!
//! [`BackupStatus`] is what the thread tells the web pages: off, never taken yet, the last
//! backup (time, file, size) and the last failure.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use diesel::sqlite::SqliteConnection;

use crate::db::backup::{BackupFolder, backup_from, data_version, open_sqlite};

/// How often the thread looks whether it is asked to stop.
const TICK: Duration = Duration::from_millis(200);

/// The period when only the folder is given.
pub const DEFAULT_EVERY: Duration = Duration::from_secs(10 * 60);

/// How many backups are kept when only the folder is given.
pub const DEFAULT_KEEP: usize = 12;

/// Reads a period as typed after `--backup-every`: minutes (`10`, `10m`) or seconds (`30s`).
pub fn parse_period(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.strip_suffix('s') {
        Some(number) => (number, 1),
        None => (text.strip_suffix('m').unwrap_or(text), 60),
    };
    match number.trim().parse::<u64>() {
        Ok(n) if n > 0 => Ok(Duration::from_secs(n * unit)),
        _ => Err(format!(
            "{text:?}: a number of minutes (10) or of seconds (30s), more than zero"
        )),
    }
}

/// Reads `--backup-keep`: a whole number, at least 1.
pub fn parse_keep(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("{text:?}: how many backups to keep, at least 1")),
    }
}

/// What the automatic backups are asked to do.
#[derive(Debug, Clone)]
pub struct BackupSettings {
    /// The folder.
    pub folder: PathBuf,
    /// The period.
    pub every: Duration,
    /// How many backups to keep.
    pub keep: usize,
}

/// A backup taken.
#[derive(Debug, Clone)]
pub struct Taken {
    /// When (local time).
    pub at: jiff::ZonedDateTime,
    /// The file.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
}

/// A backup that failed.
#[derive(Debug, Clone)]
pub struct Failed {
    /// When (local time).
    pub at: jiff::ZonedDateTime,
    /// Why, in English (the log's words; the page says "failing" in the reader's language
    /// and shows this as the detail).
    pub reason: String,
}

/// What the administrator's page shows of the automatic backups.
#[derive(Debug, Clone, Default)]
pub struct BackupReport {
    /// `None`: automatic backups are off.
    pub settings: Option<BackupSettings>,
    /// The last backup taken.
    pub last: Option<Taken>,
    /// The last failure, if it came after the last backup.
    pub failure: Option<Failed>,
}

/// The automatic backups' state, shared by the thread and the pages (off by default).
#[derive(Debug, Clone, Default)]
pub struct BackupStatus(Arc<Mutex<BackupReport>>);

impl BackupStatus {
    /// What the page shows now.
    pub fn report(&self) -> BackupReport {
        self.0
            .lock()
            .map(|report| report.clone())
            .unwrap_or_default()
    }

    /// Changes the report.
    fn update(&self, change: impl FnOnce(&mut BackupReport)) {
        if let Ok(mut report) = self.0.lock() {
            change(&mut report);
        }
    }
}

/// The automatic backups' thread; stopped when dropped.
pub struct AutoBackup {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl AutoBackup {
    /// Starts backing up the SQLite file `database` as `settings` say, telling `status`.
    pub fn start(database: &Path, settings: BackupSettings, status: BackupStatus) -> AutoBackup {
        status.update(|report| report.settings = Some(settings.clone()));
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let database = database.to_owned();
        let thread = std::thread::Builder::new()
            .name("arbiter-backups".to_owned())
            .spawn(move || run(&database, &settings, &status, &stopped))
            .ok();
        if thread.is_none() {
            tracing::error!("cannot start the automatic backups' thread: no backups will be taken");
        }
        AutoBackup { stop, thread }
    }
}

impl Drop for AutoBackup {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The thread: one pass per period until stopped.
fn run(database: &Path, settings: &BackupSettings, status: &BackupStatus, stop: &AtomicBool) {
    let folder = BackupFolder::new(&settings.folder, database);
    let mut conn: Option<SqliteConnection> = None;
    let mut backed_up: Option<i64> = None;
    let mut next = Instant::now();
    while !stop.load(Ordering::Relaxed) {
        if Instant::now() >= next {
            next = Instant::now() + settings.every;
            match pass(database, &folder, settings.keep, &mut conn, backed_up) {
                Ok(Some((version, taken))) => {
                    tracing::info!(file = %taken.path.display(), bytes = taken.bytes, "backup taken");
                    backed_up = Some(version);
                    status.update(|report| {
                        report.last = Some(taken);
                        report.failure = None;
                    });
                }
                Ok(None) => {}
                Err(reason) => {
                    tracing::warn!(folder = %settings.folder.display(), %reason, "automatic backup failed");
                    // A connection that failed may be the cause: open a new one next time.
                    conn = None;
                    status.update(|report| {
                        report.failure = Some(Failed {
                            at: jiff::ZonedDateTime::now(),
                            reason,
                        });
                    });
                }
            }
        }
        std::thread::sleep(TICK);
    }
}

/// One period: a backup if the database changed since `backed_up` (its data version then);
/// the data version copied and the backup, or `None` when nothing changed.
fn pass(
    database: &Path,
    folder: &BackupFolder,
    keep: usize,
    conn: &mut Option<SqliteConnection>,
    backed_up: Option<i64>,
) -> Result<Option<(i64, Taken)>, String> {
    if conn.is_none() {
        *conn = Some(open_sqlite(database).map_err(|error| error.to_string())?);
    }
    let Some(conn) = conn.as_mut() else {
        return Err("no connection".to_owned());
    };
    let version = data_version(conn).map_err(|error| format!("{}: {error}", database.display()))?;
    if backed_up == Some(version) {
        return Ok(None);
    }
    if !folder.folder.is_dir() {
        // A folder in an existing one is made (`--backup-dir backups`); a missing mount point
        // is not (that would fill the laptop's disk instead of the stick).
        let parent_exists = folder
            .folder
            .parent()
            .is_some_and(|parent| parent.as_os_str().is_empty() || parent.is_dir());
        if !parent_exists {
            return Err(format!("{}: no such folder", folder.folder.display()));
        }
        std::fs::create_dir(&folder.folder).map_err(|error| {
            format!(
                "{}: cannot create the folder: {error}",
                folder.folder.display()
            )
        })?;
    }
    // Room for the new one first (a full stick gets space back): never more than `keep`
    // backups in the folder, even for a moment.
    match folder.prune(keep.saturating_sub(1)) {
        Ok(removed) => {
            for path in removed {
                tracing::info!(file = %path.display(), "old backup removed");
            }
        }
        Err(error) => {
            tracing::warn!(folder = %folder.folder.display(), %error, "cannot remove old backups")
        }
    }
    let at = jiff::ZonedDateTime::now();
    let written = backup_from(conn, database, &folder.next_path(), false)
        .map_err(|error| error.to_string())?;
    Ok(Some((
        version,
        Taken {
            at,
            path: written.path,
            bytes: written.bytes,
        },
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_are_minutes_unless_marked_seconds() {
        assert_eq!(parse_period("10"), Ok(Duration::from_secs(600)));
        assert_eq!(parse_period("5m"), Ok(Duration::from_secs(300)));
        assert_eq!(parse_period("30s"), Ok(Duration::from_secs(30)));
        assert!(parse_period("0").is_err());
        assert!(parse_period("ten").is_err());
        assert!(parse_period("-1").is_err());
    }
}
