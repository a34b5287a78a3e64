//! `arbiter serve`: runs the web application.
//!
//! Opens the database chosen by `--database-url` / `DATABASE_URL` (default: the SQLite file
//! `arbiter.db` in the working directory; a `postgres://` URL selects PostgreSQL), runs the
//! embedded migrations, and serves on `--bind` (default `127.0.0.1:8080`). A client has
//! [`slow_clients::HEAD_TIMEOUT`] to send a request's head and a deadline for its body
//! ([`crate::web::slow_clients`]).
//!
//! - `--hall` listens on every interface (`0.0.0.0`, the port of `--bind`) and prints the
//!   address the hall's phones open, with a QR code ([`crate::hall`]).
//! - `--backup-dir DIR` (with `--backup-every`, `--backup-keep`) takes automatic backups of
//!   an SQLite database ([`crate::backup`]).
//! - On an SQLite file the server holds a shared lock on `NAME.lock` beside it while it runs,
//!   so that `arbiter restore` refuses to replace the database under it
//!   ([`crate::db::backup::ServingLock`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use actix_web::HttpServer;

use crate::backup::{self, AutoBackup, BackupSettings};
use crate::db;
use crate::db::backup::ServingLock;
use crate::web::{self, AppConfig, AppState, slow_clients};

/// Arguments of `arbiter serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Address and port to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub bind: String,
    /// Database: an SQLite file path, or a `postgres://user@host:port/db` URL.
    #[arg(long, env = "DATABASE_URL", default_value = "arbiter.db")]
    pub database_url: String,
    /// Most database connections kept open.
    #[arg(long, default_value_t = 8)]
    pub pool_size: u32,
    /// Worker threads (default: one per CPU core).
    #[arg(long)]
    pub workers: Option<usize>,
    /// Session key file (hex, created if missing). Without it the key is kept in the
    /// database, which every instance on the same database shares.
    #[arg(long, env = "ARBITER_SESSION_KEY_FILE")]
    pub session_key_file: Option<PathBuf>,
    /// Mark the session cookie `Secure` (use behind HTTPS).
    #[arg(long)]
    pub secure_cookies: bool,
    /// Believe the `Forwarded` / `X-Forwarded-For` / `-Proto` / `-Host` headers: the client
    /// address for login rate limiting, the scheme and host of links (only behind a reverse
    /// proxy that sets them and drops what clients send).
    #[arg(long)]
    pub trust_forwarded_for: bool,
    /// The address the site is reached at from outside, e.g. `https://chess.example.org`, for
    /// the self-report QR codes behind a proxy (default: the address each request came to).
    #[arg(long, env = "ARBITER_PUBLIC_URL", value_parser = web::parse_public_url)]
    pub public_url: Option<String>,
    /// The hall network: listen on every interface (0.0.0.0, the port of `--bind`), print
    /// the LAN address and its QR code, and show them on the administrator's page.
    #[arg(long)]
    pub hall: bool,
    /// Take automatic backups of the SQLite database into this folder (a USB stick).
    #[arg(long, env = "ARBITER_BACKUP_DIR")]
    pub backup_dir: Option<PathBuf>,
    /// How often to take a backup when the database changed: minutes (`10`) or seconds (`30s`).
    #[arg(long, default_value = "10", value_parser = backup::parse_period)]
    pub backup_every: Duration,
    /// How many automatic backups to keep in the folder (the oldest are removed).
    #[arg(long, default_value_t = backup::DEFAULT_KEEP, value_parser = backup::parse_keep)]
    pub backup_keep: usize,
}

/// Runs the subcommand until the server stops (Ctrl-C).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let backend = db::Backend::from_url(&args.database_url);
    let sqlite_file = Path::new(db::sqlite_path(&args.database_url)).to_owned();
    if backend == db::Backend::Postgres && args.backup_dir.is_some() {
        anyhow::bail!(
            "--backup-dir takes backups of SQLite databases only; this one is PostgreSQL.\n{}",
            crate::db::backup::pg_dump_advice(&args.database_url)
        );
    }
    // Held until the server has stopped (declared first, dropped last): `arbiter restore`
    // refuses while it is held.
    let _serving = match backend {
        db::Backend::Sqlite => Some(ServingLock::take(&sqlite_file)?),
        db::Backend::Postgres => None,
    };
    let pool = db::connect_pool(&args.database_url, args.pool_size.max(1))?;
    let (bind, hall_url) = if args.hall {
        hall(&args.bind)
    } else {
        (args.bind.clone(), None)
    };
    let venue = web::Venue {
        hall_url: hall_url.clone(),
        ..web::Venue::default()
    };
    let session_key = match &args.session_key_file {
        Some(path) => web::session_key_from_file(path)?,
        None => web::session_key_from_database(&mut *pool.get()?)?,
    };
    let state = AppState {
        pool,
        config: AppConfig {
            secure_cookies: args.secure_cookies,
            trust_forwarded_for: args.trust_forwarded_for,
            session_key,
            public_url: args.public_url.clone(),
        },
        pages: Default::default(),
        rating_import: Default::default(),
        logins: Default::default(),
        venue,
        live: Default::default(),
    };
    // Uploads of rating lists left by a process killed during their import.
    match state.rating_import.clean_leftovers() {
        Ok(0) => {}
        Ok(removed) => tracing::info!(removed, "removed uploads left by an earlier run"),
        Err(error) => tracing::warn!(%error, "cannot clean the upload folder"),
    }
    tracing::info!(%bind, ?backend, "arbiter serving on http://{bind}");
    if let Some(url) = &hall_url {
        crate::hall::announce(url);
    }
    // Automatic backups into a folder, on a thread of their own; stopped with the server.
    let backups = args.backup_dir.as_ref().map(|folder| {
        tracing::info!(folder = %folder.display(), every = ?args.backup_every, keep = args.backup_keep, "automatic backups");
        AutoBackup::start(
            &sqlite_file,
            BackupSettings {
                folder: folder.clone(),
                every: args.backup_every,
                keep: args.backup_keep,
            },
            state.venue.backups.clone(),
        )
    });
    // The venue's pushes to public servers (a tournament with a target); stopped with the
    // server.
    let pusher = crate::publish::Pusher::start(state.pool.clone());
    let served = actix_web::rt::System::new().block_on(async move {
        let mut server = HttpServer::new(move || web::app(state.clone()))
            .client_request_timeout(slow_clients::HEAD_TIMEOUT)
            .client_disconnect_timeout(slow_clients::DISCONNECT_TIMEOUT);
        if let Some(workers) = args.workers {
            server = server.workers(workers.max(1));
        }
        server
            .bind(&bind)
            .map_err(|error| anyhow::anyhow!("cannot listen on {bind}: {error}"))?
            .run()
            .await?;
        anyhow::Ok(())
    });
    drop(pusher);
    drop(backups);
    served?;
    Ok(ExitCode::SUCCESS)
}

/// Hall mode: every interface on the port of `bind` (8080 if it names none), and the address
/// the hall opens, if the machine's LAN address is found.
fn hall(bind: &str) -> (String, Option<String>) {
    let port = bind
        .rsplit(':')
        .next()
        .and_then(|port| port.parse::<u16>().ok())
        .unwrap_or(8080);
    let url = crate::hall::lan_address().map(|address| crate::hall::hall_url(address, port));
    if url.is_none() {
        tracing::warn!(
            "no LAN address found: is the machine on the hall's network? The server listens \
             on every interface, port {port}"
        );
    }
    (format!("0.0.0.0:{port}"), url)
}
