//! `arbiter publish`: a venue's tournament published to a public server.
//! `arbiter publish set --tournament ID --url URL --key KEY` sets where (the tournament's
//! settings page does the same); `arbiter publish status --tournament ID` says how the pushes
//! stand; `arbiter publish remove --tournament ID` stops them. The pushes are made by
//! `arbiter serve` ([`crate::publish`]).

use std::process::ExitCode;

use clap::Subcommand;

use crate::db;
use crate::db::models::tournament_public_ids::public_id_of;
use crate::db::models::{TournamentId, TournamentRow};
use crate::db::read::publishing::publishing_status;
use crate::db::store;
use crate::publish::target_url;

/// Arguments of `arbiter publish`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Database: an SQLite file path, or a `postgres://user@host:port/db` URL.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "arbiter.db",
        global = true
    )]
    pub database_url: String,
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// `arbiter publish` actions.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Publish a tournament to a public server with a publishing key made there.
    Set {
        /// The tournament's number (as in its address, `/tournaments/ID`).
        #[arg(long)]
        tournament: i32,
        /// The public server's address, e.g. `https://chess.example.org`.
        #[arg(long)]
        url: String,
        /// The publishing key the public server gave.
        #[arg(long, env = "ARBITER_PUBLISHING_KEY")]
        key: String,
    },
    /// How the pushes of a tournament stand.
    Status {
        /// The tournament's number.
        #[arg(long)]
        tournament: i32,
    },
    /// Stop publishing a tournament.
    Remove {
        /// The tournament's number.
        #[arg(long)]
        tournament: i32,
    },
}

/// Runs `arbiter publish`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut conn = db::connect_pool(&args.database_url, 1)?.get()?;
    let mut find = |id: i32| -> anyhow::Result<TournamentRow> {
        TournamentRow::find(&mut conn, TournamentId(id))?
            .ok_or_else(|| anyhow::anyhow!("there is no tournament {id}"))
    };
    match args.action {
        Action::Set {
            tournament,
            url,
            key,
        } => {
            let row = find(tournament)?;
            let url = target_url(&url).map_err(|reason| anyhow::anyhow!(reason))?;
            let key = key.trim();
            if key.is_empty() || key.chars().any(char::is_whitespace) {
                anyhow::bail!("the key is the text the public server showed, without spaces");
            }
            store::set_publish_target(&mut conn, row.id, &url, key, None)
                .map_err(|error| anyhow::anyhow!("cannot save: {error:?}"))?;
            let public_id = public_id_of(&mut conn, row.id)?.unwrap_or_default();
            eprintln!(
                "{} ({public_id}) is published to {url} by `arbiter serve` from now on",
                row.name
            );
        }
        Action::Status { tournament } => {
            let row = find(tournament)?;
            match publishing_status(&mut conn, row.id)? {
                None => println!("{}: not published to a public server", row.name),
                Some(status) => {
                    let target = status.target;
                    println!("url\t{}", target.url);
                    let public_id = public_id_of(&mut conn, row.id)?.unwrap_or_default();
                    println!("event\t{public_id}");
                    println!("revision\t{}", row.revision);
                    match (target.pushed_revision, target.pushed_at) {
                        (Some(revision), Some(at)) => println!("pushed\t{revision} at {at} UTC"),
                        _ => println!("pushed\tnothing yet"),
                    }
                    println!("waiting\t{}", status.waiting.changes);
                    if let Some(since) = target.failing_since {
                        println!("failing since\t{since} UTC ({} attempts)", target.attempts);
                        println!("last error\t{}", target.last_error);
                    }
                }
            }
        }
        Action::Remove { tournament } => {
            let row = find(tournament)?;
            let owner = row.owner_id;
            store::remove_publish_target(&mut conn, row.id, owner)
                .map_err(|_| anyhow::anyhow!("{} is not published anywhere", row.name))?;
            eprintln!("{} is no longer published", row.name);
        }
    }
    Ok(ExitCode::SUCCESS)
}
