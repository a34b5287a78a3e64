//! `arbiter live relay`: follows a source of moves during the round and posts its games to a
//! server's feed API ([`crate::formats::move_source`] reads them):
//!
//! - `--pgn DIR_OR_FILE`: a folder of `.pgn` files (read in name order) or one file, as a
//!   broadcast or a scoresheet program writes them; the games that changed since the last post
//!   are posted together to `POST /api/v1/live/{id}/rounds/{round}/pgn`, which links each to
//!   its board (the `Board` or `Round "3.7"` tag, else the players' FIDE ids or names);
//! - `--livechesscloud URL_OR_DIR`: LiveChess Cloud's files of a tournament (the URL of its
//!   folder, `https://1.pool.livechesscloud.com/get/{id}`, or a local folder of the same layout:
//!   `tournament.json`, `round-N/index.json`, `round-N/game-M.json`); each game that changed is
//!   posted to `POST /api/v1/live/{id}/rounds/{round}/boards/{M}` (the pairing's place is the
//!   board).
//!
//! The sources are read again every `--every` seconds (2 by default); `--once` reads and posts
//! once. One line is printed per game posted: the board, the plies, the server's answer (or why
//! the game was not linked). The feed key is `--key` or `ARBITER_FEED_KEY`.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};

use crate::formats::move_source::{self, SourceGame};

/// The most bytes read from one file or answer (the server takes 1 MiB).
const MAX_READ: u64 = 4 * 1024 * 1024;

/// Arguments of `arbiter live relay`.
#[derive(Debug, clap::Args)]
pub struct RelayArgs {
    /// A folder of `.pgn` files, or one file.
    #[arg(
        long,
        required_unless_present = "livechesscloud",
        conflicts_with = "livechesscloud"
    )]
    pub pgn: Option<PathBuf>,
    /// LiveChess Cloud's tournament folder: its URL or a local folder of the same layout.
    #[arg(long)]
    pub livechesscloud: Option<String>,
    /// The server, as `https://arbiter.example.org`.
    #[arg(long)]
    pub to: String,
    /// The tournament's id on the server.
    #[arg(long)]
    pub tournament: i32,
    /// The round.
    #[arg(long)]
    pub round: i32,
    /// The tournament's feed key.
    #[arg(long, env = "ARBITER_FEED_KEY", hide_env_values = true)]
    pub key: String,
    /// Seconds between two readings of the source.
    #[arg(long, default_value_t = 2)]
    pub every: u64,
    /// Read and post once, then stop.
    #[arg(long)]
    pub once: bool,
}

/// Runs the relay.
pub fn run(args: RelayArgs) -> anyhow::Result<ExitCode> {
    if args.round < 1 || args.tournament < 1 {
        bail!("--tournament and --round are numbers from 1");
    }
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(20)))
        .http_status_as_error(false)
        .build()
        .into();
    let mut relay = Relay {
        args,
        agent,
        posted: HashMap::new(),
    };
    loop {
        let failed = relay.pass()?;
        if relay.args.once {
            return Ok(if failed {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            });
        }
        std::thread::sleep(Duration::from_secs(relay.args.every.max(1)));
    }
}

struct Relay {
    args: RelayArgs,
    agent: ureq::Agent,
    /// What was last posted of each game (by its place in the source).
    posted: HashMap<String, String>,
}

impl Relay {
    fn base(&self) -> String {
        format!(
            "{}/api/v1/live/{}/rounds/{}",
            self.args.to.trim_end_matches('/'),
            self.args.tournament,
            self.args.round
        )
    }

    /// One reading of the source and the posts of what changed; `true` when a post failed.
    fn pass(&mut self) -> anyhow::Result<bool> {
        if let Some(path) = self.args.pgn.clone() {
            self.pass_pgn(&path)
        } else if let Some(source) = self.args.livechesscloud.clone() {
            self.pass_lcc(&source)
        } else {
            bail!("--pgn or --livechesscloud is needed")
        }
    }

    fn pass_pgn(&mut self, path: &Path) -> anyhow::Result<bool> {
        let files = pgn_files(path)?;
        let mut changed: Vec<(String, SourceGame, String)> = Vec::new();
        for file in files {
            let text = read_text(&file)?;
            let games = match move_source::read_pgn(&text) {
                Ok(games) => games,
                Err(problem) => {
                    println!("{}: {problem}", file.display());
                    continue;
                }
            };
            for game in games {
                let game = match game {
                    Ok(game) => game,
                    Err(problem) => {
                        // A game being written may be cut short: read again next time.
                        println!("{}: {problem}", file.display());
                        continue;
                    }
                };
                let place = format!("{}#{}", file.display(), game.number);
                let pgn = game.to_pgn();
                if self.posted.get(&place) != Some(&pgn) {
                    changed.push((place, game, pgn));
                }
            }
        }
        if changed.is_empty() {
            return Ok(false);
        }
        let body: String = changed.iter().map(|(_, _, pgn)| pgn.as_str()).collect();
        let url = format!("{}/pgn", self.base());
        let answer = self.post(&url, "application/x-chess-pgn", body);
        let (status, text) = match answer {
            Ok(answer) => answer,
            Err(problem) => {
                println!("{url}: {problem}");
                return Ok(true);
            }
        };
        if status != 200 {
            println!("{url}: {status} {text}");
            return Ok(true);
        }
        let lines: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        let lines = lines["games"].as_array().cloned().unwrap_or_default();
        for (index, (place, game, pgn)) in changed.into_iter().enumerate() {
            let line = lines.get(index).cloned().unwrap_or_default();
            let plies = game.moves.len();
            match (line["board"].as_i64(), line["error"].as_str()) {
                (Some(board), None) => {
                    println!(
                        "board {board}: {plies} plies ({} – {}): kept {}, {}",
                        game.white, game.black, line["kept"], line["state"]
                    );
                    self.posted.insert(place, pgn);
                }
                (Some(board), Some(why)) => {
                    println!("board {board}: {plies} plies: refused: {why}");
                    // The same text would be refused again: posted again once it changes.
                    self.posted.insert(place, pgn);
                }
                (None, Some(why)) => {
                    println!(
                        "{place} ({} – {}): {plies} plies: {why}",
                        game.white, game.black
                    );
                    self.posted.insert(place, pgn);
                }
                (None, None) => println!("{place}: {plies} plies: no answer for this game"),
            }
        }
        Ok(false)
    }

    fn pass_lcc(&mut self, source: &str) -> anyhow::Result<bool> {
        let round = self.args.round;
        let tournament =
            move_source::read_lcc_tournament(&fetch(&self.agent, source, "tournament.json")?)?;
        if tournament.rounds.len() < round as usize {
            bail!(
                "{}: the tournament has {} rounds, not round {round}",
                tournament.name,
                tournament.rounds.len()
            );
        }
        let index = fetch(&self.agent, source, &format!("round-{round}/index.json"))?;
        let pairings = move_source::read_lcc_round(&index)?;
        let mut failed = false;
        for pairing in pairings {
            let name = format!("round-{round}/game-{}.json", pairing.board);
            // A game not started has no file yet.
            let Ok(text) = fetch(&self.agent, source, &name) else {
                continue;
            };
            let game = match move_source::read_lcc_game(&text, &name) {
                Ok(game) => game,
                Err(problem) => {
                    println!("{problem}");
                    continue;
                }
            };
            if self.posted.get(&name) == Some(&text) {
                continue;
            }
            let url = format!("{}/boards/{}", self.base(), pairing.board);
            match self.post(&url, "application/json", text.clone()) {
                Ok((200, answer)) => {
                    let answer: serde_json::Value =
                        serde_json::from_str(&answer).unwrap_or_default();
                    println!(
                        "board {}: {} plies ({} – {}): kept {}, {}",
                        pairing.board,
                        game.moves.len(),
                        pairing.white.name,
                        pairing.black.name,
                        answer["kept"],
                        answer["state"]
                    );
                    self.posted.insert(name, text);
                }
                Ok((status, answer)) => {
                    println!("board {}: {status} {answer}", pairing.board);
                    if status < 500 {
                        // Refused: the same file would be refused again.
                        self.posted.insert(name, text);
                    } else {
                        failed = true;
                    }
                }
                Err(problem) => {
                    println!("{url}: {problem}");
                    failed = true;
                }
            }
        }
        Ok(failed)
    }

    fn post(&self, url: &str, content_type: &str, body: String) -> Result<(u16, String), String> {
        let response = self
            .agent
            .post(url)
            .header("Authorization", &format!("Bearer {}", self.args.key))
            .header("Content-Type", content_type)
            .send(body.as_bytes())
            .map_err(|error| error.to_string())?;
        let status = response.status().as_u16();
        let mut text = String::new();
        let _ = response
            .into_body()
            .into_reader()
            .take(MAX_READ)
            .read_to_string(&mut text);
        Ok((status, text.trim().to_owned()))
    }
}

/// The `.pgn` files of a folder in name order, or the one file.
fn pgn_files(path: &Path) -> anyhow::Result<Vec<PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_owned()]);
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)
        .with_context(|| format!("reading {}", path.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .is_some_and(|ext| ext.eq_ignore_ascii_case("pgn"))
        })
        .collect();
    files.sort();
    Ok(files)
}

/// A file's text, at most [`MAX_READ`] bytes, in the encoding it was written in
/// ([`crate::formats::text`]).
fn read_text(path: &Path) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_READ + 1).read_to_end(&mut bytes))
        .with_context(|| format!("reading {}", path.display()))?;
    if bytes.len() as u64 > MAX_READ {
        bail!("{}: larger than {MAX_READ} bytes", path.display());
    }
    Ok(crate::formats::text::decode(&bytes)
        .with_context(|| path.display().to_string())?
        .text)
}

/// A file of a LiveChess Cloud folder: from its URL (`http://`, `https://`) or a local folder.
fn fetch(agent: &ureq::Agent, source: &str, name: &str) -> anyhow::Result<String> {
    if source.starts_with("http://") || source.starts_with("https://") {
        let url = format!("{}/{name}", source.trim_end_matches('/'));
        let response = agent.get(&url).call().with_context(|| url.clone())?;
        if response.status().as_u16() != 200 {
            bail!("{url}: {}", response.status());
        }
        let mut text = String::new();
        response
            .into_body()
            .into_reader()
            .take(MAX_READ)
            .read_to_string(&mut text)
            .with_context(|| url.clone())?;
        Ok(text)
    } else {
        read_text(&Path::new(source).join(name))
    }
}
