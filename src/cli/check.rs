//! `arbiter check FILE [--lang LANG] [--json]`: checks every game of a PGN file (or a plain
//! move list) against the Laws of Chess (Art. 3–4, Appendix C): for each game, whether every
//! move is legal and, if not, the first bad ply, what was written, why, and the candidates.
//!
//! With `--json`, one [`GameReport`] per line (schema in the README). Part 2 of the rules
//! core extends the report with more fields.

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use serde::Serialize;

use crate::rules::pgn::{PgnError, PgnGame, PgnReader, ReadOptions};
use crate::rules::replay::replay;
use crate::rules::{CastlingMode, Fen, Lang, Position};

/// Arguments of `arbiter check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// PGN file or plain move list (`-` for standard input).
    pub file: PathBuf,
    /// Language of the piece letters: en, cs, sk, hu, sr (sr-Latn), sr-Cyrl, de, fr, es, it,
    /// nl, pl, ru.
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// One JSON object per game instead of text.
    #[arg(long)]
    pub json: bool,
}

/// What `arbiter check` says about one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameReport {
    /// 1-based number of the game in the file.
    pub game: usize,
    /// Whether every move was legal (and the game could be read).
    pub ok: bool,
    /// The number of legal plies read.
    pub plies: usize,
    /// The 1-based ply of the first bad move, or null.
    pub first_bad_ply: Option<usize>,
    /// The kind of problem: `garbage`, `illegal`, `ambiguous`, `wrong_piece` (a move),
    /// `bad_fen` (the FEN tag), `pgn` (the file could not be read), or null.
    pub error: Option<String>,
    /// The text of the bad move, if any.
    pub move_text: Option<String>,
    /// Why, in words.
    pub reason: Option<String>,
    /// Legal moves the writer may have meant (SAN in the chosen language).
    pub candidates: Vec<String>,
    /// Line and column of the bad move or read error in the file.
    pub line: Option<usize>,
    /// Column (characters) of the bad move or read error.
    pub column: Option<usize>,
    /// FEN after the last legal move.
    pub final_fen: String,
}

/// Checks one game read from PGN.
#[must_use]
pub fn check_game(game: &PgnGame, lang: Lang) -> GameReport {
    let mut report = GameReport {
        game: game.number,
        ok: true,
        plies: 0,
        first_bad_ply: None,
        error: None,
        move_text: None,
        reason: None,
        candidates: Vec::new(),
        line: None,
        column: None,
        final_fen: String::new(),
    };
    let start = match game.tag("FEN") {
        Some(fen) => match Fen::parse(fen).and_then(|mut parsed| {
            if game
                .tag("Variant")
                .is_some_and(|v| v.to_ascii_lowercase().contains("960"))
            {
                parsed.mode = CastlingMode::Chess960;
            }
            parsed.into_position()
        }) {
            Ok(position) => position,
            Err(error) => {
                report.ok = false;
                report.error = Some("bad_fen".to_string());
                report.reason = Some(error.to_string());
                report.line = Some(game.line);
                report.final_fen = fen.to_string();
                return report;
            }
        },
        None => Position::new(),
    };
    let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    let outcome = replay(start, &texts, lang);
    report.plies = outcome.moves.len();
    report.final_fen = outcome.position.to_fen();
    if let Some((ply, error)) = outcome.failure {
        let m = &game.moves[ply - 1];
        report.ok = false;
        report.first_bad_ply = Some(ply);
        report.error = Some(error.kind.name().to_string());
        report.move_text = Some(error.text);
        report.reason = Some(error.reason);
        report.candidates = error.candidates;
        report.line = Some(m.line);
        report.column = Some(m.column);
    }
    report
}

/// The report for a game that could not be read.
#[must_use]
pub fn unreadable_game(error: &PgnError) -> GameReport {
    GameReport {
        game: error.game,
        ok: false,
        plies: 0,
        first_bad_ply: None,
        error: Some("pgn".to_string()),
        move_text: None,
        reason: Some(error.reason.clone()),
        candidates: Vec::new(),
        line: Some(error.line),
        column: Some(error.column),
        final_fen: String::new(),
    }
}

/// Checks every game of a PGN text.
#[must_use]
pub fn check_text(text: &str, lang: Lang) -> Vec<GameReport> {
    let options = ReadOptions {
        keep_variations: false,
        keep_comments: false,
    };
    PgnReader::new(text, options)
        .map(|game| match &game {
            Ok(game) => check_game(game, lang),
            Err(error) => unreadable_game(error),
        })
        .collect()
}

/// Runs the subcommand; the exit code is 0 when every game is fine, 1 otherwise.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let lang =
        Lang::from_code(&args.lang).with_context(|| format!("unknown language `{}`", args.lang))?;
    let bytes = if args.file.as_os_str() == "-" {
        let mut buffer = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut buffer)?;
        buffer
    } else {
        std::fs::read(&args.file).with_context(|| format!("reading {}", args.file.display()))?
    };
    let text = String::from_utf8_lossy(&bytes);
    let options = ReadOptions {
        keep_variations: false,
        keep_comments: false,
    };
    let mut games = PgnReader::new(&text, options);
    // A bar over the bytes read, for files large enough to take a moment.
    let progress = if std::io::stderr().is_terminal() && text.len() >= 1_000_000 {
        indicatif::ProgressBar::new(text.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut count = 0usize;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut bad = 0usize;
    while let Some(game) = games.next() {
        count += 1;
        let report = match &game {
            Ok(game) => check_game(game, lang),
            Err(error) => unreadable_game(error),
        };
        if !report.ok {
            bad += 1;
        }
        if args.json {
            serde_json::to_writer(&mut out, &report)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", describe(&report))?;
        }
        if count.is_multiple_of(1024) {
            progress.set_position(games.bytes_read() as u64);
        }
    }
    progress.finish_and_clear();
    out.flush()?;
    if !args.json {
        eprintln!("{count} games, {bad} with problems");
    }
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// One line of text for a report.
#[must_use]
pub fn describe(report: &GameReport) -> String {
    if report.ok {
        return format!("game {}: ok, {} plies", report.game, report.plies);
    }
    let mut text = format!("game {}: ", report.game);
    if let Some(ply) = report.first_bad_ply {
        let number = ply.div_ceil(2);
        let dots = if ply % 2 == 1 { "." } else { "..." };
        text.push_str(&format!(
            "ply {ply} ({number}{dots} {})",
            report.move_text.as_deref().unwrap_or("")
        ));
    }
    if let Some(line) = report.line {
        text.push_str(&format!(" at line {line}"));
        if let Some(column) = report.column {
            text.push_str(&format!(", column {column}"));
        }
    }
    text.push_str(&format!(
        ": {}: {}",
        report.error.as_deref().unwrap_or("error"),
        report.reason.as_deref().unwrap_or("")
    ));
    if !report.candidates.is_empty() {
        text.push_str(&format!("; candidates: {}", report.candidates.join(", ")));
    }
    text
}
