//! `arbiter restore FILE`: puts a backup in place of the SQLite database, after checking it
//! (an arbiter database, `PRAGMA integrity_check` ok, no migration newer than this binary),
//! refusing while `arbiter serve` runs on the database, and keeping the database it replaces
//! as `NAME.before-restore-<time>` (see [`crate::db::backup`]). On PostgreSQL it says to use
//! `pg_restore` and exits with status 2.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::db::backup::{pg_dump_advice, restore_sqlite};
use crate::db::{self, Backend};

/// Arguments of `arbiter restore`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The backup to restore (a file written by `arbiter backup` or the automatic backups).
    pub file: PathBuf,
    /// The database to replace: an SQLite file path.
    #[arg(long, env = "DATABASE_URL", default_value = "arbiter.db")]
    pub database_url: String,
}

/// Runs `arbiter restore`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if Backend::from_url(&args.database_url) == Backend::Postgres {
        eprintln!(
            "arbiter restore replaces SQLite databases only; this one is PostgreSQL.\n{}",
            pg_dump_advice(&args.database_url)
        );
        return Ok(ExitCode::from(2));
    }
    let database = Path::new(db::sqlite_path(&args.database_url));
    let restored = restore_sqlite(&args.file, database)?;
    println!(
        "{}: restored from {}",
        restored.database.display(),
        args.file.display()
    );
    match &restored.kept {
        Some(kept) => println!("the database it replaced is kept as {}", kept.display()),
        None => println!("there was no database there before"),
    }
    if restored.checked.pending > 0 {
        println!(
            "{} migrations of this version will run when the server starts",
            restored.checked.pending
        );
    }
    Ok(ExitCode::SUCCESS)
}
