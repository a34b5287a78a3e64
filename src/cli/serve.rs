//! `arbiter serve`: runs the web application.
//!
//! Opens the database chosen by `--database-url` / `DATABASE_URL` (default: the SQLite file
//! `arbiter.db` in the working directory; a `postgres://` URL selects PostgreSQL), runs the
//! embedded migrations, and serves on `--bind` (default `127.0.0.1:8080`). A client has
//! [`slow_clients::HEAD_TIMEOUT`] to send a request's head and a deadline for its body
//! ([`crate::web::slow_clients`]).

use std::path::PathBuf;
use std::process::ExitCode;

use actix_web::HttpServer;

use crate::db;
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
}

/// Runs the subcommand until the server stops (Ctrl-C).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pool = db::connect_pool(&args.database_url, args.pool_size.max(1))?;
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
    };
    // Uploads of rating lists left by a process killed during their import.
    match state.rating_import.clean_leftovers() {
        Ok(0) => {}
        Ok(removed) => tracing::info!(removed, "removed uploads left by an earlier run"),
        Err(error) => tracing::warn!(%error, "cannot clean the upload folder"),
    }
    let backend = db::Backend::from_url(&args.database_url);
    tracing::info!(bind = %args.bind, ?backend, "arbiter serving on http://{}", args.bind);
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
            .bind(&args.bind)
            .map_err(|error| anyhow::anyhow!("cannot listen on {}: {error}", args.bind))?
            .run()
            .await?;
        anyhow::Ok(())
    });
    drop(pusher);
    served?;
    Ok(ExitCode::SUCCESS)
}
