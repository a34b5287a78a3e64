//! `arbiter user`: account management from the command line, e.g.
//! `arbiter user add --admin NAME` to create the first administrator without the web form.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use clap::Subcommand;
use diesel::result::{DatabaseErrorKind, Error as DieselError};

use crate::db;
use crate::db::models::{NewUser, Role, User};
use crate::web::auth::{check_password, check_username, hash_password};

/// Arguments of `arbiter user`.
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

/// `arbiter user` actions.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Create an account (the password is asked for, or read from stdin).
    Add {
        /// Login name.
        name: String,
        /// Make it an administrator.
        #[arg(long, conflicts_with_all = ["organiser", "arbiter"])]
        admin: bool,
        /// Make it an organiser (the default).
        #[arg(long, conflicts_with = "arbiter")]
        organiser: bool,
        /// Make it an arbiter.
        #[arg(long)]
        arbiter: bool,
        /// Name shown on pages (default: the login name).
        #[arg(long)]
        display_name: Option<String>,
        /// Read the password from the first line of stdin instead of prompting.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Set a new password for an account.
    Password {
        /// Login name.
        name: String,
        /// Read the password from the first line of stdin instead of prompting.
        #[arg(long)]
        password_stdin: bool,
    },
    /// List the accounts.
    List,
}

/// Reads a password: the first line of stdin, or a prompt (asked twice) on a terminal.
fn read_password(from_stdin: bool) -> anyhow::Result<String> {
    let stdin = std::io::stdin();
    if from_stdin || !stdin.is_terminal() {
        let mut line = String::new();
        stdin.lock().read_line(&mut line)?;
        return Ok(line.trim_end_matches(['\r', '\n']).to_owned());
    }
    let ask = |prompt: &str| -> anyhow::Result<String> {
        eprint!("{prompt}");
        std::io::stderr().flush()?;
        let mut line = String::new();
        stdin.lock().read_line(&mut line)?;
        Ok(line.trim_end_matches(['\r', '\n']).to_owned())
    };
    eprintln!("(the password is shown as you type it)");
    let first = ask("Password: ")?;
    let second = ask("Password again: ")?;
    if first != second {
        anyhow::bail!("the two passwords are not the same");
    }
    Ok(first)
}

/// Explains a password refused by `check_password`.
fn password_problem(key: &str) -> &'static str {
    match key {
        "auth.password_too_short" => "the password must have at least 8 characters",
        _ => "the password is too long",
    }
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pool = db::connect_pool(&args.database_url, 1)?;
    let mut conn = pool.get()?;
    match args.action {
        Action::Add {
            name,
            admin,
            organiser: _,
            arbiter,
            display_name,
            password_stdin,
        } => {
            let role = if admin {
                Role::Admin
            } else if arbiter {
                Role::Arbiter
            } else {
                Role::Organiser
            };
            if check_username(&name).is_err() {
                anyhow::bail!(
                    "user name {name:?}: use 2 to 64 characters among a-z, A-Z, 0-9 and . _ - @"
                );
            }
            let password = read_password(password_stdin)?;
            check_password(&password).map_err(|key| anyhow::anyhow!(password_problem(key)))?;
            let hash = hash_password(&password)
                .map_err(|error| anyhow::anyhow!("cannot hash the password: {error}"))?;
            let display_name = display_name.unwrap_or_else(|| name.clone());
            let new = NewUser {
                username: &name,
                display_name: &display_name,
                password_hash: &hash,
                role,
            };
            match new.insert(&mut conn) {
                Ok(user) => {
                    println!("created {} ({})", user.username, user.role.as_str());
                    Ok(ExitCode::SUCCESS)
                }
                Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                    anyhow::bail!("the user name {name:?} is already taken")
                }
                Err(error) => Err(error.into()),
            }
        }
        Action::Password {
            name,
            password_stdin,
        } => {
            let user = User::by_username(&mut conn, &name)?
                .ok_or_else(|| anyhow::anyhow!("no account named {name:?}"))?;
            let password = read_password(password_stdin)?;
            check_password(&password).map_err(|key| anyhow::anyhow!(password_problem(key)))?;
            let hash = hash_password(&password)
                .map_err(|error| anyhow::anyhow!("cannot hash the password: {error}"))?;
            User::set_password_hash(&mut conn, user.id, &hash)?;
            println!("password of {} changed", user.username);
            Ok(ExitCode::SUCCESS)
        }
        Action::List => {
            for user in User::all(&mut conn)? {
                println!(
                    "{}\t{}\t{}\t{}",
                    user.username,
                    user.role.as_str(),
                    if user.active { "active" } else { "disabled" },
                    user.display_name
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
