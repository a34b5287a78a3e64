//! Backups of the SQLite database while the server writes, and their restore.
//!
//! **The copy is `VACUUM INTO`.** SQLite offers two consistent online copies: the online
//! backup API (`sqlite3_backup_*`) and `VACUUM INTO 'file'`. We use `VACUUM INTO`:
//!
//! - it is one SQL statement run in one read transaction, so the copy is one snapshot of the
//!   database — every transaction committed before it began, nothing of one committed after —
//!   and in WAL mode (ours, [`crate::db::SqlitePragmas`]) it neither waits for the writers nor
//!   makes them wait;
//! - it goes through diesel's connection as plain SQL: no raw handle, no `unsafe`. The backup
//!   API would need both, and when run step by step it starts again whenever another
//!   connection writes, which under a steady load of result writes may never finish;
//! - the copy is compact (no free pages) and checked as it is written (every page is read
//!   through the b-trees).
//!
//! It costs more CPU than a page copy (indexes are rebuilt), nothing at our sizes (a season of
//! tournaments is a few megabytes). SQLite does not `fsync` what `VACUUM INTO` writes and
//! refuses a target that exists, so [`backup_sqlite`] writes to a temporary file beside the
//! target, turns it into a file of its own (`journal_mode = DELETE`: no `-wal` beside it when
//! opened later), `fsync`s it, and renames it into place: a file under the target's name is
//! always a whole backup, even after a power cut or a USB stick pulled out mid-copy.
//!
//! PostgreSQL has its own tool for the same thing: [`pg_dump_advice`] says how.
//!
//! **Restore** ([`restore_sqlite`]) checks the file first ([`check_backup`]: an SQLite file,
//! `PRAGMA integrity_check` answers `ok`, the migrations table is there and names no migration
//! this binary does not know), copies it next to the target (`VACUUM INTO` again, reading the
//! file read-only), `fsync`s, keeps the database it replaces as `NAME.before-restore-<time>`
//! (with its `-wal` if it could not be folded in) and renames the copy into place.
//!
//! **Is a server running on the file?** `arbiter serve` on an SQLite file holds a shared lock
//! on `NAME.lock` beside it for as long as it runs ([`ServingLock`]; several instances on one
//! file share it), and the restore takes that lock exclusively, so it refuses while a server
//! runs and a server cannot start during a restore. The lock is the operating system's
//! (`flock`), released when the process ends however it ends; it does not see a server on
//! another machine sharing the file over a network folder (which SQLite does not support
//! either).

use std::collections::BTreeSet;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::migration::MigrationSource;
use diesel::sql_types::Text;
use diesel::sqlite::{Sqlite, SqliteConnection};
use diesel::{Connection, QueryableByName, RunQueryDsl, sql_query};

/// What goes wrong with a backup or a restore, saying which file and why.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The database is PostgreSQL: `pg_dump` makes its backups.
    #[error("the database is PostgreSQL; arbiter copies only SQLite files\n{advice}")]
    Postgres {
        /// What to run instead ([`pg_dump_advice`]).
        advice: String,
    },
    /// There is no file at the path.
    #[error("{}: no such file", .0.display())]
    Missing(PathBuf),
    /// The backup's target exists already.
    #[error("{}: the file exists already (choose another name, or --force to replace it)", .0.display())]
    TargetExists(PathBuf),
    /// A file operation failed.
    #[error("{}: cannot {action}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What was being done ("create", "rename into place", …).
        action: &'static str,
        /// The system's reason.
        source: io::Error,
    },
    /// SQLite refused to open or read the file.
    #[error("{}: {action}: {source}", path.display())]
    Sqlite {
        /// The file.
        path: PathBuf,
        /// What was being done.
        action: &'static str,
        /// SQLite's reason.
        source: diesel::result::Error,
    },
    /// The file cannot be opened as a database.
    #[error("{}: cannot open it as a database: {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// SQLite's reason.
        source: diesel::ConnectionError,
    },
    /// The file does not start as an SQLite database does.
    #[error("{}: not an SQLite database (it does not start with \"SQLite format 3\")", .0.display())]
    NotSqlite(PathBuf),
    /// An SQLite database without arbiter's migrations table.
    #[error("{}: an SQLite database, but not arbiter's (no __diesel_schema_migrations table)", .0.display())]
    NotArbiter(PathBuf),
    /// `PRAGMA integrity_check` found damage.
    #[error("{}: the database is damaged; PRAGMA integrity_check says: {report}", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// The first lines of SQLite's report.
        report: String,
    },
    /// The database has migrations this binary does not know: a newer arbiter made it.
    #[error(
        "{}: made by a newer arbiter (its schema has migration {version}, the newest this arbiter knows is {newest_known}); restore it with that version",
        path.display()
    )]
    Newer {
        /// The file.
        path: PathBuf,
        /// The first unknown migration.
        version: String,
        /// The newest migration of this binary.
        newest_known: String,
    },
    /// A server holds the database open.
    #[error(
        "{}: a server is running on this database (it holds {}); stop `arbiter serve` first",
        database.display(),
        lock.display()
    )]
    Serving {
        /// The database.
        database: PathBuf,
        /// The lock file the server holds.
        lock: PathBuf,
    },
    /// A restore holds the database.
    #[error("{}: a restore of this database is under way ({} is locked)", database.display(), lock.display())]
    Restoring {
        /// The database.
        database: PathBuf,
        /// The lock file the restore holds.
        lock: PathBuf,
    },
}

/// A backup written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupFile {
    /// Where.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
}

/// A file checked by [`check_backup`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedBackup {
    /// The migrations it has, oldest first.
    pub migrations: Vec<String>,
    /// Migrations of this binary it has not yet (run when a server next starts on it).
    pub pending: usize,
}

/// A restore done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    /// The database now in place.
    pub database: PathBuf,
    /// Where the database it replaced was kept (`None`: there was none).
    pub kept: Option<PathBuf>,
    /// What the restored file holds.
    pub checked: CheckedBackup,
}

/// The advice given instead of a backup of a PostgreSQL database: the `pg_dump` command for
/// `url` (and `pg_restore`'s).
pub fn pg_dump_advice(url: &str) -> String {
    format!(
        "Back it up with PostgreSQL's own tool, which takes a consistent copy while the server \
         writes:\n\n    pg_dump --format=custom --file=arbiter.dump '{url}'\n\nand restore it, \
         with the servers stopped, with:\n\n    pg_restore --clean --if-exists --dbname='{url}' arbiter.dump\n"
    )
}

/// The time in a file name, local and sortable: `20261128-143005`.
pub fn file_stamp() -> String {
    jiff::ZonedDateTime::now()
        .strftime("%Y%m%d-%H%M%S")
        .to_string()
}

/// Opens the SQLite file at `path` (which must exist: SQLite would create an empty one), with
/// a `busy_timeout` so that a lock held by a writer is waited for.
fn open(path: &Path, read_only: bool) -> Result<SqliteConnection, BackupError> {
    if !path.is_file() {
        return Err(BackupError::Missing(path.to_owned()));
    }
    let url = if read_only {
        format!("file:{}?mode=ro", uri_path(path))
    } else {
        path.to_string_lossy().into_owned()
    };
    let mut conn = SqliteConnection::establish(&url).map_err(|source| BackupError::Open {
        path: path.to_owned(),
        source,
    })?;
    conn.batch_execute("PRAGMA busy_timeout = 10000;")
        .map_err(|source| BackupError::Sqlite {
            path: path.to_owned(),
            action: "cannot set the busy timeout",
            source,
        })?;
    Ok(conn)
}

/// `path` escaped for an SQLite `file:` URI (`%`, `?` and `#` are special there).
fn uri_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '?' => out.push_str("%3f"),
            '#' => out.push_str("%23"),
            c => out.push(c),
        }
    }
    out
}

/// A string literal of SQL.
fn sql_literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// An I/O error on `path` while doing `action`.
fn io_error(path: &Path, action: &'static str) -> impl FnOnce(io::Error) -> BackupError {
    let path = path.to_owned();
    move |source| BackupError::Io {
        path,
        action,
        source,
    }
}

/// A temporary name beside `target`, hidden, unique to this process and moment.
fn temporary_beside(target: &Path, purpose: &str) -> PathBuf {
    let name = target
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "arbiter.db".to_owned());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.subsec_nanos())
        .unwrap_or(0);
    target.with_file_name(format!(
        ".{name}.{purpose}-{}-{nanos}.tmp",
        std::process::id()
    ))
}

/// The folder of `path` (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// `fsync` of a file, so that what was written survives a power cut.
fn sync_file(path: &Path) -> Result<(), BackupError> {
    File::open(path)
        .and_then(|file| file.sync_all())
        .map_err(io_error(path, "write it to the disk (fsync)"))
}

/// `fsync` of a folder, so that a rename in it survives a power cut. Not every system can
/// (Windows cannot open a folder): failures are ignored.
fn sync_folder(folder: &Path) {
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
}

/// Copies `conn`'s database (the file `source`) into `temporary` with `VACUUM INTO`, makes
/// the copy a file of its own (`journal_mode = DELETE`) and `fsync`s it.
fn vacuum_into(
    conn: &mut SqliteConnection,
    source: &Path,
    temporary: &Path,
) -> Result<(), BackupError> {
    let _ = fs::remove_file(temporary);
    let copied = conn
        .batch_execute(&format!(
            "VACUUM INTO {}",
            sql_literal(&temporary.to_string_lossy())
        ))
        .map_err(|source_error| BackupError::Sqlite {
            path: source.to_owned(),
            action: "cannot copy it (VACUUM INTO)",
            source: source_error,
        });
    let finished = copied.and_then(|()| {
        let mut copy = open(temporary, false)?;
        copy.batch_execute("PRAGMA journal_mode = DELETE;")
            .map_err(|source| BackupError::Sqlite {
                path: temporary.to_owned(),
                action: "cannot make the copy a file of its own",
                source,
            })?;
        drop(copy);
        sync_file(temporary)
    });
    if finished.is_err() {
        let _ = fs::remove_file(temporary);
    }
    finished
}

/// Takes a consistent copy of the SQLite database `database` into `target` while servers may
/// be writing to it (see the module's doc). `replace`: an existing `target` is replaced (else
/// refused). The copy appears under `target`'s name whole or not at all.
pub fn backup_sqlite(
    database: &Path,
    target: &Path,
    replace: bool,
) -> Result<BackupFile, BackupError> {
    let mut conn = open(database, false)?;
    backup_from(&mut conn, database, target, replace)
}

/// [`backup_sqlite`] through an open connection to `database` (the automatic backups keep one).
pub fn backup_from(
    conn: &mut SqliteConnection,
    database: &Path,
    target: &Path,
    replace: bool,
) -> Result<BackupFile, BackupError> {
    if !replace && target.exists() {
        return Err(BackupError::TargetExists(target.to_owned()));
    }
    let temporary = temporary_beside(target, "backup");
    vacuum_into(conn, database, &temporary)?;
    if let Err(error) = fs::rename(&temporary, target) {
        let _ = fs::remove_file(&temporary);
        return Err(BackupError::Io {
            path: target.to_owned(),
            action: "put the copy in place (rename)",
            source: error,
        });
    }
    sync_folder(&folder_of(target));
    let bytes = fs::metadata(target)
        .map_err(io_error(target, "read its size"))?
        .len();
    Ok(BackupFile {
        path: target.to_owned(),
        bytes,
    })
}

/// Opens the SQLite database at `path` (which must exist) for reading and backups, with a
/// `busy_timeout`.
pub fn open_sqlite(path: &Path) -> Result<SqliteConnection, BackupError> {
    open(path, false)
}

/// SQLite's counter of changes committed by other connections (`PRAGMA data_version`): it
/// differs between two reads on one connection exactly when someone else wrote in between.
pub fn data_version(conn: &mut SqliteConnection) -> diesel::QueryResult<i64> {
    #[derive(QueryableByName)]
    struct Version {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        data_version: i64,
    }
    let row: Version = sql_query("PRAGMA data_version").get_result(conn)?;
    Ok(row.data_version)
}

/// One line of a PRAGMA's answer, or of a one-column query.
#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

/// The versions of this binary's SQLite migrations, oldest first.
fn known_migrations() -> Result<Vec<String>, BackupError> {
    let migrations =
        MigrationSource::<Sqlite>::migrations(&crate::db::SQLITE_MIGRATIONS).map_err(|error| {
            BackupError::Io {
                path: PathBuf::from("migrations/sqlite"),
                action: "read the embedded migrations",
                source: io::Error::other(error.to_string()),
            }
        })?;
    let mut versions: Vec<String> = migrations
        .iter()
        .map(|migration| migration.name().version().to_string())
        .collect();
    versions.sort();
    Ok(versions)
}

/// Checks that `path` is an arbiter database this binary can run on: an SQLite file, `PRAGMA
/// integrity_check` answers `ok`, the migrations table is there and has no migration this
/// binary does not know. Reads the file read-only.
pub fn check_backup(path: &Path) -> Result<CheckedBackup, BackupError> {
    let mut conn = open_checked(path)?;
    check_open(&mut conn, path)
}

/// Opens `path` read-only after checking its first bytes.
fn open_checked(path: &Path) -> Result<SqliteConnection, BackupError> {
    let mut head = [0u8; 16];
    let mut file = File::open(path).map_err(|error| match error.kind() {
        io::ErrorKind::NotFound => BackupError::Missing(path.to_owned()),
        _ => BackupError::Io {
            path: path.to_owned(),
            action: "open it",
            source: error,
        },
    })?;
    if file.read_exact(&mut head).is_err() || &head != b"SQLite format 3\0" {
        return Err(BackupError::NotSqlite(path.to_owned()));
    }
    drop(file);
    open(path, true)
}

/// [`check_backup`] on an open connection.
fn check_open(conn: &mut SqliteConnection, path: &Path) -> Result<CheckedBackup, BackupError> {
    let sqlite_error = |action| {
        let path = path.to_owned();
        move |source| BackupError::Sqlite {
            path,
            action,
            source,
        }
    };
    let report: Vec<Line> = sql_query("SELECT integrity_check AS line FROM pragma_integrity_check")
        .load(conn)
        .map_err(|source| match source {
            // "file is not a database", "database disk image is malformed": damage.
            diesel::result::Error::DatabaseError(_, info) => BackupError::Damaged {
                path: path.to_owned(),
                report: info.message().to_owned(),
            },
            other => BackupError::Sqlite {
                path: path.to_owned(),
                action: "cannot check it",
                source: other,
            },
        })?;
    if report.len() != 1 || report[0].line != "ok" {
        let lines: Vec<String> = report.into_iter().take(5).map(|line| line.line).collect();
        return Err(BackupError::Damaged {
            path: path.to_owned(),
            report: lines.join("; "),
        });
    }
    let tables: Vec<Line> = sql_query(
        "SELECT name AS line FROM sqlite_master \
         WHERE type = 'table' AND name = '__diesel_schema_migrations'",
    )
    .load(conn)
    .map_err(sqlite_error("cannot read its tables"))?;
    if tables.is_empty() {
        return Err(BackupError::NotArbiter(path.to_owned()));
    }
    let applied: Vec<Line> =
        sql_query("SELECT version AS line FROM __diesel_schema_migrations ORDER BY version")
            .load(conn)
            .map_err(sqlite_error("cannot read its migrations"))?;
    let applied: Vec<String> = applied.into_iter().map(|line| line.line).collect();
    let known = known_migrations()?;
    let known_set: BTreeSet<&str> = known.iter().map(String::as_str).collect();
    if let Some(unknown) = applied.iter().find(|v| !known_set.contains(v.as_str())) {
        return Err(BackupError::Newer {
            path: path.to_owned(),
            version: unknown.clone(),
            newest_known: known.last().cloned().unwrap_or_default(),
        });
    }
    let pending = known.len().saturating_sub(applied.len());
    Ok(CheckedBackup {
        migrations: applied,
        pending,
    })
}

/// The lock file of the database `database`: `NAME.lock` beside it.
pub fn lock_path(database: &Path) -> PathBuf {
    let mut name = database
        .file_name()
        .map(|name| name.to_os_string())
        .unwrap_or_default();
    name.push(".lock");
    database.with_file_name(name)
}

/// The shared lock `arbiter serve` holds on its SQLite database's [`lock_path`] while it runs;
/// released when dropped or when the process ends.
#[derive(Debug)]
pub struct ServingLock {
    _file: File,
}

impl ServingLock {
    /// Takes the lock; refused while a restore holds it.
    pub fn take(database: &Path) -> Result<ServingLock, BackupError> {
        let lock = lock_path(database);
        let file = open_lock(&lock)?;
        match file.try_lock_shared() {
            Ok(()) => Ok(ServingLock { _file: file }),
            Err(fs::TryLockError::WouldBlock) => Err(BackupError::Restoring {
                database: database.to_owned(),
                lock,
            }),
            Err(fs::TryLockError::Error(error)) => Err(BackupError::Io {
                path: lock,
                action: "lock it",
                source: error,
            }),
        }
    }
}

/// Opens (or creates) a lock file.
fn open_lock(lock: &Path) -> Result<File, BackupError> {
    fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(lock)
        .map_err(io_error(lock, "open the lock file"))
}

/// The name the database replaced by a restore is kept under: `NAME.before-restore-<time>`.
pub fn kept_path(database: &Path, stamp: &str) -> PathBuf {
    let mut name = database
        .file_name()
        .map(|name| name.to_os_string())
        .unwrap_or_default();
    name.push(format!(".before-restore-{stamp}"));
    database.with_file_name(name)
}

/// `path` with `suffix` after its name (`arbiter.db` + `-wal`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_default();
    name.push(suffix);
    path.with_file_name(name)
}

/// Restores the backup `source` as the SQLite database `database` (see the module's doc):
/// checks it, refuses while a server runs on `database`, copies it beside `database`,
/// keeps the database it replaces as `NAME.before-restore-<time>` and renames the copy into
/// place. `source` is only read.
pub fn restore_sqlite(source: &Path, database: &Path) -> Result<Restored, BackupError> {
    let mut reader = open_checked(source)?;
    let checked = check_open(&mut reader, source)?;
    let lock = lock_path(database);
    let lock_file = open_lock(&lock)?;
    match lock_file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            return Err(BackupError::Serving {
                database: database.to_owned(),
                lock,
            });
        }
        Err(fs::TryLockError::Error(error)) => {
            return Err(BackupError::Io {
                path: lock,
                action: "lock it",
                source: error,
            });
        }
    }
    let temporary = temporary_beside(database, "restore");
    vacuum_into(&mut reader, source, &temporary)?;
    drop(reader);
    let placed = replace_database(&temporary, database);
    if placed.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    drop(lock_file);
    let kept = placed?;
    Ok(Restored {
        database: database.to_owned(),
        kept,
        checked,
    })
}

/// Puts `temporary` in place of `database`, keeping the old one (if any); where it was kept.
fn replace_database(temporary: &Path, database: &Path) -> Result<Option<PathBuf>, BackupError> {
    let wal = with_suffix(database, "-wal");
    let shm = with_suffix(database, "-shm");
    let kept = if database.exists() {
        // Fold the old database's write-ahead log into it, so that the kept copy is whole
        // and no log is left to be read with the new file. A damaged database (the reason
        // for many a restore) may refuse: its log is then kept beside it below.
        if let Ok(mut old) = open(database, false) {
            let _ =
                old.batch_execute("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE;");
        }
        let kept = kept_path(database, &file_stamp());
        if fs::hard_link(database, &kept).is_err() {
            fs::copy(database, &kept).map_err(io_error(&kept, "keep the replaced database"))?;
            sync_file(&kept)?;
        }
        Some(kept)
    } else {
        None
    };
    if wal.exists() {
        let target = match &kept {
            Some(kept) => with_suffix(kept, "-wal"),
            None => with_suffix(&temporary_beside(database, "orphan"), "-wal"),
        };
        fs::rename(&wal, &target).map_err(io_error(&wal, "move the old write-ahead log aside"))?;
    }
    if shm.exists() {
        fs::remove_file(&shm).map_err(io_error(&shm, "remove the old shared-memory file"))?;
    }
    fs::rename(temporary, database).map_err(io_error(
        database,
        "put the restored file in place (rename)",
    ))?;
    sync_folder(&folder_of(database));
    Ok(kept)
}

/// The automatic backups of one database in one folder: `STEM-YYYYMMDD-HHMMSS.db`.
#[derive(Debug, Clone)]
pub struct BackupFolder {
    /// The folder.
    pub folder: PathBuf,
    /// The name's start: the database file's stem (`arbiter` for `arbiter.db`).
    pub stem: String,
}

impl BackupFolder {
    /// The backups of `database` in `folder`.
    pub fn new(folder: &Path, database: &Path) -> BackupFolder {
        let stem = database
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .filter(|stem| !stem.is_empty())
            .unwrap_or_else(|| "arbiter".to_owned());
        BackupFolder {
            folder: folder.to_owned(),
            stem,
        }
    }

    /// The name of a backup taken at `stamp` ([`file_stamp`]).
    pub fn path_at(&self, stamp: &str) -> PathBuf {
        self.folder.join(format!("{}-{stamp}.db", self.stem))
    }

    /// True when `name` is one of ours: `STEM-` + 8 digits + `-` + 6 digits (+ `-N`) + `.db`.
    fn is_ours(&self, name: &str) -> bool {
        let Some(rest) = name
            .strip_prefix(self.stem.as_str())
            .and_then(|rest| rest.strip_prefix('-'))
            .and_then(|rest| rest.strip_suffix(".db"))
        else {
            return false;
        };
        let bytes = rest.as_bytes();
        bytes.len() >= 15
            && bytes[..8].iter().all(u8::is_ascii_digit)
            && bytes[8] == b'-'
            && bytes[9..15].iter().all(u8::is_ascii_digit)
            && rest[15..].chars().all(|c| c == '-' || c.is_ascii_digit())
    }

    /// Our backups in the folder, oldest first (the names sort by time).
    pub fn list(&self) -> io::Result<Vec<PathBuf>> {
        let mut found: Vec<PathBuf> = fs::read_dir(&self.folder)?
            .filter_map(Result::ok)
            .filter(|entry| self.is_ours(&entry.file_name().to_string_lossy()))
            .map(|entry| entry.path())
            .collect();
        found.sort();
        Ok(found)
    }

    /// Removes the oldest of our backups beyond the newest `keep`; the files removed.
    pub fn prune(&self, keep: usize) -> io::Result<Vec<PathBuf>> {
        let found = self.list()?;
        let excess = found.len().saturating_sub(keep);
        let mut removed = Vec::new();
        for path in found.into_iter().take(excess) {
            fs::remove_file(&path)?;
            removed.push(path);
        }
        Ok(removed)
    }

    /// A name for a backup taken now that no file has yet.
    pub fn next_path(&self) -> PathBuf {
        let stamp = file_stamp();
        let first = self.path_at(&stamp);
        if !first.exists() {
            return first;
        }
        (2..)
            .map(|n| self.path_at(&format!("{stamp}-{n}")))
            .find(|path| !path.exists())
            .unwrap_or(first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn automatic_backups_are_recognised_by_their_name_only() {
        let folder = BackupFolder::new(Path::new("/stick"), Path::new("/data/club.db"));
        assert_eq!(
            folder.path_at("20261128-143005"),
            PathBuf::from("/stick/club-20261128-143005.db")
        );
        assert!(folder.is_ours("club-20261128-143005.db"));
        assert!(folder.is_ours("club-20261128-143005-2.db"));
        assert!(!folder.is_ours("club-2026112-143005.db"));
        assert!(!folder.is_ours("club.db"));
        assert!(!folder.is_ours("other-20261128-143005.db"));
        assert!(!folder.is_ours("club-20261128-143005.db.tmp"));
    }

    #[test]
    fn uri_paths_escape_what_sqlite_reads_as_parameters() {
        assert_eq!(uri_path(Path::new("/a/b%?#.db")), "/a/b%25%3f%23.db");
    }

    #[test]
    fn the_kept_database_is_named_after_the_replaced_one() {
        assert_eq!(
            kept_path(Path::new("/d/arbiter.db"), "20261128-143005"),
            PathBuf::from("/d/arbiter.db.before-restore-20261128-143005")
        );
        assert_eq!(
            lock_path(Path::new("arbiter.db")),
            PathBuf::from("arbiter.db.lock")
        );
    }
}
