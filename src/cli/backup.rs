//! `arbiter backup FILE`: a consistent copy of the SQLite database while the server writes
//! (`VACUUM INTO`, see [`crate::db::backup`]). On PostgreSQL it prints the `pg_dump` command
//! for the URL and exits with status 2: PostgreSQL's own tool makes that copy.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::db::backup::{backup_sqlite, pg_dump_advice};
use crate::db::{self, Backend};

/// Arguments of `arbiter backup`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The file to write the copy to (refused if it exists, unless `--force`).
    pub file: PathBuf,
    /// Database: an SQLite file path, or a `postgres://user@host:port/db` URL.
    #[arg(long, env = "DATABASE_URL", default_value = "arbiter.db")]
    pub database_url: String,
    /// Replace FILE if it exists.
    #[arg(long)]
    pub force: bool,
}

/// Runs `arbiter backup`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if Backend::from_url(&args.database_url) == Backend::Postgres {
        eprintln!(
            "arbiter backup copies SQLite databases only; this one is PostgreSQL.\n{}",
            pg_dump_advice(&args.database_url)
        );
        return Ok(ExitCode::from(2));
    }
    let database = Path::new(db::sqlite_path(&args.database_url));
    let written = backup_sqlite(database, &args.file, args.force)?;
    println!(
        "{}: backup of {} written ({} bytes)",
        written.path.display(),
        database.display(),
        written.bytes
    );
    Ok(ExitCode::SUCCESS)
}
