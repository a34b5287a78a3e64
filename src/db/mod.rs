//! Database access with diesel over SQLite (default) or PostgreSQL, chosen by the URL scheme.
//!
//! - [`DbConn`] is a `diesel::MultiConnection` over both backends; queries are written once
//!   against [`schema`] and run on either.
//! - [`connect_pool`] builds an r2d2 pool of [`DbConn`], runs the embedded migrations
//!   (`migrations/sqlite/*` or `migrations/postgres/*`, same names) and sets the SQLite PRAGMAs
//!   (`journal_mode=WAL`, `foreign_keys=ON`, `busy_timeout`, `synchronous=NORMAL`) on every
//!   connection it opens.
//! - One model file per table in [`models`], with newtype ids and `NewX` insert structs; queries
//!   are associated functions taking `&mut DbConn` and returning `diesel::QueryResult`.
//!
//! - [`write_transaction`] is how every write of the tournament day starts ([`store`]): `BEGIN
//!   IMMEDIATE` on SQLite, so concurrent writers queue on the lock (`busy_timeout`) instead of
//!   failing when a read transaction tries to become a write one.
//!
//! Things that do not compile on the enum (see `../shared/docs/STACK.md`): `.returning(X::as_returning())`
//! (use `table::all_columns`), multi-row `.values(&vec)` (insert row by row inside a transaction),
//! `on_conflict` (match the variant). Writes that belong together go in `conn.transaction(|conn| ...)`.

pub mod backup;
pub mod domain;
pub mod league;
pub mod models;
pub mod prize_list;
pub mod rating_list;
pub mod read;
pub mod schema;
pub mod schema_day;
pub mod schema_desk;
pub mod schema_live;
pub mod schema_publish;
pub mod schema_ratings;
pub mod schema_record;
pub mod schema_series;
pub mod schema_standings;
pub mod schema_team;
pub mod store;

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::migration::MigrationSource;
#[cfg(feature = "postgres")]
use diesel::pg::PgConnection;
use diesel::r2d2::{self, CustomizeConnection, ManageConnection};
#[cfg(feature = "sqlite")]
use diesel::sqlite::SqliteConnection;
use diesel::{Connection, ConnectionError};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

/// A connection to either backend.
#[derive(diesel::MultiConnection)]
pub enum DbConn {
    /// PostgreSQL (URL `postgres://` or `postgresql://`).
    #[cfg(feature = "postgres")]
    Pg(PgConnection),
    /// SQLite (any other URL: a file path, optionally prefixed with `sqlite://` or `file:`).
    #[cfg(feature = "sqlite")]
    Sqlite(SqliteConnection),
}

/// The pool the web app shares between requests.
pub type DbPool = r2d2::Pool<DbManager>;

/// A connection checked out of the pool.
pub type PooledConn = r2d2::PooledConnection<DbManager>;

/// Which backend a database URL selects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// PostgreSQL.
    Postgres,
    /// SQLite.
    Sqlite,
}

impl Backend {
    /// `postgres://` / `postgresql://` select PostgreSQL, everything else is an SQLite path.
    pub fn from_url(url: &str) -> Backend {
        let lower = url.trim_start().to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

/// Strips an optional `sqlite://` / `sqlite:` prefix so the rest is a file path for SQLite.
pub fn sqlite_path(url: &str) -> &str {
    url.strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url)
}

/// Opens one connection of the backend the URL selects (never guesses: a `postgres://` URL that
/// cannot connect is an error, not an SQLite file named like the URL).
pub fn establish(url: &str) -> Result<DbConn, ConnectionError> {
    match Backend::from_url(url) {
        #[cfg(feature = "postgres")]
        Backend::Postgres => PgConnection::establish(url).map(DbConn::Pg),
        #[cfg(not(feature = "postgres"))]
        Backend::Postgres => Err(ConnectionError::BadConnection(
            "this build of arbiter has no PostgreSQL support (feature `postgres`)".into(),
        )),
        #[cfg(feature = "sqlite")]
        Backend::Sqlite => SqliteConnection::establish(sqlite_path(url)).map(DbConn::Sqlite),
        #[cfg(not(feature = "sqlite"))]
        Backend::Sqlite => Err(ConnectionError::BadConnection(
            "this build of arbiter has no SQLite support (feature `sqlite`)".into(),
        )),
    }
}

/// Runs `work` in a write transaction: `BEGIN IMMEDIATE` on SQLite (the write lock is taken at
/// the start and waited for under `busy_timeout`, so a transaction never fails half-way
/// because another writer got in first), an ordinary transaction on PostgreSQL (where the
/// store's first statement locks the tournament's row). Commits when `work` returns `Ok`,
/// rolls back otherwise.
pub fn write_transaction<T, E, F>(conn: &mut DbConn, work: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConn) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    match conn {
        #[cfg(feature = "sqlite")]
        DbConn::Sqlite(sqlite) => {
            AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")?;
        }
        #[cfg(feature = "postgres")]
        DbConn::Pg(_) => <DbConn as Connection>::TransactionManager::begin_transaction(conn)?,
    }
    match work(conn) {
        Ok(value) => match <DbConn as Connection>::TransactionManager::commit_transaction(conn) {
            Ok(()) => Ok(value),
            Err(error) => {
                // A failed commit leaves the transaction open on some backends.
                if <DbConn as Connection>::TransactionManager::rollback_transaction(conn).is_err() {
                    tracing::warn!(%error, "rollback after a failed commit failed too");
                }
                Err(error.into())
            }
        },
        Err(error) => {
            <DbConn as Connection>::TransactionManager::rollback_transaction(conn)?;
            Err(error)
        }
    }
}

/// Runs `work` on one consistent snapshot of the database and writes nothing: a deferred
/// transaction on SQLite (in WAL mode its first read fixes what every later read sees), `REPEATABLE
/// READ, READ ONLY` on PostgreSQL; rolled back at the end. For reads of several tables that
/// must not mix two revisions (the public state of an event).
pub fn read_snapshot<T, E, F>(conn: &mut DbConn, work: F) -> Result<T, E>
where
    F: FnOnce(&mut DbConn) -> Result<T, E>,
    E: From<diesel::result::Error>,
{
    match conn {
        #[cfg(feature = "sqlite")]
        DbConn::Sqlite(sqlite) => {
            AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN DEFERRED")?;
        }
        #[cfg(feature = "postgres")]
        DbConn::Pg(pg) => {
            AnsiTransactionManager::begin_transaction_sql(
                pg,
                "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
            )?;
        }
    }
    let value = work(conn);
    <DbConn as Connection>::TransactionManager::rollback_transaction(conn)?;
    value
}

/// r2d2 connection manager that opens the backend chosen by the URL.
#[derive(Debug, Clone)]
pub struct DbManager {
    url: String,
}

impl DbManager {
    /// A manager for `url`.
    pub fn new(url: impl Into<String>) -> DbManager {
        DbManager { url: url.into() }
    }
}

impl ManageConnection for DbManager {
    type Connection = DbConn;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<DbConn, r2d2::Error> {
        establish(&self.url).map_err(r2d2::Error::ConnectionError)
    }

    fn is_valid(&self, conn: &mut DbConn) -> Result<(), r2d2::Error> {
        conn.batch_execute("SELECT 1")
            .map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, _conn: &mut DbConn) -> bool {
        false
    }
}

/// Sets the SQLite PRAGMAs on every connection the pool opens (they are per connection).
#[derive(Debug, Clone, Copy)]
pub struct SqlitePragmas {
    /// `busy_timeout` in milliseconds: how long a writer waits for another one.
    pub busy_timeout_ms: u32,
}

impl CustomizeConnection<DbConn, r2d2::Error> for SqlitePragmas {
    fn on_acquire(&self, conn: &mut DbConn) -> Result<(), r2d2::Error> {
        match conn {
            #[cfg(feature = "sqlite")]
            DbConn::Sqlite(sqlite) => sqlite
                .batch_execute(&format!(
                    "PRAGMA busy_timeout = {}; PRAGMA journal_mode = WAL; \
                     PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
                    self.busy_timeout_ms
                ))
                .map_err(r2d2::Error::QueryError),
            #[cfg(feature = "postgres")]
            DbConn::Pg(_) => Ok(()),
        }
    }
}

/// Also in a build without SQLite: `arbiter restore` checks a file's migrations against them.
pub(crate) const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");
#[cfg(feature = "postgres")]
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");

/// The advisory lock that makes instances migrating one PostgreSQL schema take turns (one
/// key per schema, so that tests on schemas of their own do not wait for each other).
#[cfg(feature = "postgres")]
const PG_MIGRATION_LOCK: &str =
    "SELECT pg_advisory_lock(hashtext('arbiter migrations ' || current_schema()))";
/// Releases [`PG_MIGRATION_LOCK`].
#[cfg(feature = "postgres")]
const PG_MIGRATION_UNLOCK: &str =
    "SELECT pg_advisory_unlock(hashtext('arbiter migrations ' || current_schema()))";

/// Runs the pending embedded migrations of the connection's backend, one instance at a time:
/// instances started together on an empty database would otherwise each create the tables
/// and all but one fail. PostgreSQL: a session advisory lock per schema around the run;
/// SQLite: the run inside `BEGIN IMMEDIATE`, which waits for the write lock (`busy_timeout`).
/// Whoever comes second finds nothing pending.
pub fn run_migrations(conn: &mut DbConn) -> anyhow::Result<()> {
    let failed =
        |error: &dyn std::fmt::Display| anyhow::anyhow!("database migration failed: {error}");
    let applied: Vec<String> = match conn {
        #[cfg(feature = "postgres")]
        DbConn::Pg(pg) => {
            pg.batch_execute(PG_MIGRATION_LOCK)
                .map_err(|e| failed(&e))?;
            let applied = pg
                .run_pending_migrations(POSTGRES_MIGRATIONS)
                .map(|versions| versions.iter().map(ToString::to_string).collect());
            // The lock is the session's: release it even when a migration failed.
            let unlocked = pg.batch_execute(PG_MIGRATION_UNLOCK);
            let applied = applied.map_err(|e| failed(&e))?;
            unlocked.map_err(|e| failed(&e))?;
            applied
        }
        #[cfg(feature = "sqlite")]
        DbConn::Sqlite(sqlite) => {
            AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")
                .map_err(|e| failed(&e))?;
            let applied = sqlite
                .run_pending_migrations(SQLITE_MIGRATIONS)
                .map(|versions| versions.iter().map(ToString::to_string).collect());
            match applied {
                Ok(applied) => {
                    AnsiTransactionManager::commit_transaction(sqlite).map_err(|e| failed(&e))?;
                    applied
                }
                Err(error) => {
                    if let Err(rollback) = AnsiTransactionManager::rollback_transaction(sqlite) {
                        tracing::warn!(%rollback, "rollback after a failed migration failed too");
                    }
                    return Err(failed(&error));
                }
            }
        }
    };
    for version in applied {
        tracing::info!(%version, "applied migration");
    }
    Ok(())
}

/// Runs the embedded migrations whose folder name sorts at or before `last` (e.g.
/// `2026-11-22-000200_game_score_lang`), skipping those already applied: lets a test build a
/// database as an earlier release left it and check that a later migration carries its data.
pub fn run_migrations_through(conn: &mut DbConn, last: &str) -> anyhow::Result<()> {
    fn through<DB, C>(conn: &mut C, source: EmbeddedMigrations, last: &str) -> anyhow::Result<()>
    where
        DB: diesel::backend::Backend,
        C: MigrationHarness<DB>,
        EmbeddedMigrations: MigrationSource<DB>,
    {
        let fail = |error| anyhow::anyhow!("database migration failed: {error}");
        let applied = conn.applied_migrations().map_err(fail)?;
        for migration in source.migrations().map_err(fail)? {
            let name = migration.name().to_string();
            if name.as_str() <= last && !applied.contains(&migration.name().version()) {
                conn.run_migration(&*migration).map_err(fail)?;
            }
        }
        Ok(())
    }
    match conn {
        #[cfg(feature = "postgres")]
        DbConn::Pg(pg) => through(pg, POSTGRES_MIGRATIONS, last),
        #[cfg(feature = "sqlite")]
        DbConn::Sqlite(sqlite) => through(sqlite, SQLITE_MIGRATIONS, last),
    }
}

/// Opens a pool on `url`, runs the migrations (and hashes self-report tokens an earlier version
/// stored in clear) and returns it.
///
/// SQLite connections wait up to 5 s for a lock (`busy_timeout`); the pool holds up to
/// `max_size` connections. It opens one connection up front and the others on demand: on a new
/// SQLite file, connections opened all at once would race to switch it to WAL (a switch that
/// does not wait for `busy_timeout`) and log "database is locked".
pub fn connect_pool(url: &str, max_size: u32) -> anyhow::Result<DbPool> {
    let pool = r2d2::Pool::builder()
        .max_size(max_size)
        .min_idle(Some(1))
        .connection_timeout(Duration::from_secs(10))
        .connection_customizer(Box::new(SqlitePragmas {
            busy_timeout_ms: 5000,
        }))
        .build(DbManager::new(url))
        .map_err(|error| anyhow::anyhow!("cannot open the database {url:?}: {error}"))?;
    let mut conn = pool.get()?;
    run_migrations(&mut conn)?;
    // Self-report tokens stored in clear before they were hashed (see `BoardReport`).
    models::tournament_day::BoardReport::hash_clear_tokens(&mut conn)?;
    Ok(pool)
}

/// Now in Unix milliseconds, as the board logs of live games keep time
/// ([`crate::db::models::live_events`]).
pub fn now_millis() -> i64 {
    let now = time::OffsetDateTime::now_utc().unix_timestamp_nanos() / 1_000_000;
    i64::try_from(now).unwrap_or(i64::MAX)
}

/// The current time as stored in `TIMESTAMP` columns (UTC, whole seconds so both backends agree).
pub fn now() -> time::PrimitiveDateTime {
    let now = time::OffsetDateTime::now_utc();
    let now = now.replace_nanosecond(0).unwrap_or(now);
    time::PrimitiveDateTime::new(now.date(), now.time())
}
