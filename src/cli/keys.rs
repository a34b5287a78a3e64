//! `arbiter keys`: publishing keys of the public server from the command line.
//! `arbiter keys create --organiser NAME [--label L]` prints a new key once (only its SHA-256
//! is kept); `arbiter keys list --organiser NAME` lists them; `arbiter keys revoke ID
//! --organiser NAME` revokes one.

use std::process::ExitCode;

use clap::Subcommand;

use crate::db;
use crate::db::models::User;
use crate::db::models::publishing_keys::{PublishingKey, PublishingKeyId};
use crate::db::store;

/// Arguments of `arbiter keys`.
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

/// `arbiter keys` actions.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Make a publishing key for an organiser and print it (once).
    Create {
        /// The organiser's login name.
        #[arg(long)]
        organiser: String,
        /// A name for the key (the venue, the laptop).
        #[arg(long, default_value = "")]
        label: String,
    },
    /// List an organiser's keys.
    List {
        /// The organiser's login name.
        #[arg(long)]
        organiser: String,
    },
    /// Revoke one of an organiser's keys.
    Revoke {
        /// The key's number (as `list` shows it).
        id: i32,
        /// The organiser's login name.
        #[arg(long)]
        organiser: String,
    },
}

/// Runs `arbiter keys`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut conn = db::connect_pool(&args.database_url, 1)?.get()?;
    let organiser = |conn: &mut db::DbConn, name: &str| -> anyhow::Result<User> {
        let user = User::by_username(conn, name)?
            .ok_or_else(|| anyhow::anyhow!("no account is named {name:?}"))?;
        if !user.role.can_organise() {
            anyhow::bail!("{name:?} is not an organiser or an administrator");
        }
        if !user.active {
            anyhow::bail!("the account {name:?} is disabled");
        }
        Ok(user)
    };
    match args.action {
        Action::Create {
            organiser: name,
            label,
        } => {
            let user = organiser(&mut conn, &name)?;
            let (key, row) = store::create_publishing_key(&mut conn, user.id, &label)
                .map_err(|error| anyhow::anyhow!("cannot create the key: {error:?}"))?;
            eprintln!(
                "publishing key {} for {name} (shown only now; the server keeps its hash):",
                row.id
            );
            println!("{key}");
        }
        Action::List { organiser: name } => {
            let user = organiser(&mut conn, &name)?;
            for key in PublishingKey::of_owner(&mut conn, user.id)? {
                println!(
                    "{}\t{}\t{}\t{}",
                    key.id,
                    if key.is_valid() { "valid" } else { "revoked" },
                    key.created_at,
                    key.label
                );
            }
        }
        Action::Revoke {
            id,
            organiser: name,
        } => {
            let user = organiser(&mut conn, &name)?;
            store::revoke_publishing_key(&mut conn, user.id, PublishingKeyId(id))
                .map_err(|_| anyhow::anyhow!("{name} has no key {id}"))?;
            eprintln!("key {id} revoked");
        }
    }
    Ok(ExitCode::SUCCESS)
}
