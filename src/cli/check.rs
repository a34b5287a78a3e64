//! `arbiter check FILE [--lang LANG] [--json]`: checks every game of a PGN file (or a plain
//! move list) against the Laws of Chess (Art. 3–4, Appendix C): for each game, whether every
//! move is legal and, if not, the first bad ply, what was written, why, and the candidates.
//!
//! With `--json`, one [`GameReport`] per line (schema in the guide, `docs/src/cli/rules.md`).
//! Part 2 of the rules core extends the report with more fields.

use std::io::{IsTerminal as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use serde::Serialize;

use crate::rules::pgn::{PgnError, PgnGame, PgnReader, PgnVisitor, ReadOptions};
use crate::rules::replay::replay;
use crate::rules::san::{SanError, parse_move};
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
    /// Part 1 only: whether every move is legal (Art. 3–4, Appendix C); leaves out the
    /// Laws' report on game end, draws, clocks and illegal moves (Art. 5–9).
    #[arg(long)]
    pub moves_only: bool,
}

/// How much `arbiter check` reports per game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Level {
    /// Part 1: the moves (legality, first bad ply, final position).
    Moves,
    /// Parts 1 and 2: also game end, draws, clocks and illegal moves (Art. 5–9).
    #[default]
    Full,
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
    /// Part 2: what the Laws say happened (Art. 5–9), flattened into the same object; absent
    /// with `--moves-only`.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub laws: Option<LawsReport>,
}

/// Checks one game read from PGN, with the full report (parts 1 and 2).
#[must_use]
pub fn check_game(game: &PgnGame, lang: Lang) -> GameReport {
    check_game_at(game, lang, Level::Full)
}

/// Checks one game read from PGN at the given level.
#[must_use]
pub fn check_game_at(game: &PgnGame, lang: Lang, level: Level) -> GameReport {
    let mut report = blank_report(game.number);
    let start = match start_position(game.tag("FEN"), game.tag("Variant")) {
        Ok(position) => position,
        Err(reason) => {
            return bad_fen_report(report, game.line, game.tag("FEN"), reason, level);
        }
    };
    let laws = (level == Level::Full).then(|| arbiter_report(game, lang));
    // The full report walked the same moves from the same start: when it read every one as
    // SAN without a bad ply, the moves-only replay would reach its final position.
    let replay_needed = laws.as_ref().is_none_or(|laws| {
        game.tag("FEN").is_some() || laws.first_bad_ply.is_some() || !laws.san_only
    });
    if !replay_needed && let Some(mut laws) = laws {
        report.plies = laws.plies;
        report.final_fen = std::mem::take(&mut laws.final_fen);
        report.laws = Some(laws_json(laws));
        return report;
    }
    let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    let outcome = replay(start, &texts, lang);
    report.plies = outcome.moves.len();
    report.final_fen = outcome.position.to_fen();
    report.laws = laws.map(laws_json);
    if let Some((ply, error)) = outcome.failure {
        let m = &game.moves[ply - 1];
        report_bad_move(&mut report, ply, error, m.line, m.column);
    }
    report
}

/// A report with nothing found yet.
fn blank_report(game: usize) -> GameReport {
    GameReport {
        game,
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
        laws: None,
    }
}

/// The starting position from the FEN tag (Chess960 castling when the Variant tag says
/// `960`), the initial position without one, or why the FEN cannot be used.
fn start_position(fen: Option<&str>, variant: Option<&str>) -> Result<Position, String> {
    let Some(fen) = fen else {
        return Ok(Position::new());
    };
    Fen::parse(fen)
        .and_then(|mut parsed| {
            if variant.is_some_and(|v| v.to_ascii_lowercase().contains("960")) {
                parsed.mode = CastlingMode::Chess960;
            }
            parsed.into_position()
        })
        .map_err(|error| error.to_string())
}

/// The report for a game whose FEN tag cannot be used: no move is read.
fn bad_fen_report(
    mut report: GameReport,
    line: usize,
    fen: Option<&str>,
    reason: String,
    level: Level,
) -> GameReport {
    report.ok = false;
    report.error = Some("bad_fen".to_string());
    report.reason = Some(reason);
    report.line = Some(line);
    report.final_fen = fen.unwrap_or_default().to_string();
    if level == Level::Full {
        report.laws = Some(LawsReport::default());
    }
    report
}

/// Fills in the first bad move (1-based `ply`) of a report.
fn report_bad_move(
    report: &mut GameReport,
    ply: usize,
    error: SanError,
    line: usize,
    column: usize,
) {
    report.ok = false;
    report.first_bad_ply = Some(ply);
    report.error = Some(error.kind.name().to_string());
    report.move_text = Some(error.text);
    report.reason = Some(error.reason);
    report.candidates = error.candidates;
    report.line = Some(line);
    report.column = Some(column);
}

/// The moves-only check (Level::Moves) as the PGN is read: each move is played when the
/// reader reaches it, and no move text is kept.
struct MovesChecker {
    lang: Lang,
    number: usize,
    line: usize,
    fen: Option<String>,
    variant: Option<String>,
    /// The position reached; `None` until the first move (or the end) sets it up from the
    /// tags.
    position: Option<Position>,
    bad_fen: Option<String>,
    plies: usize,
    failure: Option<(usize, SanError, usize, usize)>,
}

impl MovesChecker {
    fn new(lang: Lang) -> MovesChecker {
        MovesChecker {
            lang,
            number: 0,
            line: 0,
            fen: None,
            variant: None,
            position: None,
            bad_fen: None,
            plies: 0,
            failure: None,
        }
    }

    /// Sets up the starting position from the tags, once.
    fn position(&mut self) -> Option<&mut Position> {
        if self.position.is_none() && self.bad_fen.is_none() {
            match start_position(self.fen.as_deref(), self.variant.as_deref()) {
                Ok(position) => self.position = Some(position),
                Err(reason) => self.bad_fen = Some(reason),
            }
        }
        self.position.as_mut()
    }

    fn report(&mut self) -> GameReport {
        let report = blank_report(self.number);
        self.position();
        if let Some(reason) = self.bad_fen.take() {
            return bad_fen_report(report, self.line, self.fen.as_deref(), reason, Level::Moves);
        }
        let mut report = report;
        report.plies = self.plies;
        report.final_fen = self
            .position
            .as_ref()
            .map(Position::to_fen)
            .unwrap_or_default();
        if let Some((ply, error, line, column)) = self.failure.take() {
            report_bad_move(&mut report, ply, error, line, column);
        }
        report
    }
}

impl PgnVisitor for MovesChecker {
    fn begin(&mut self, number: usize, line: usize) {
        *self = MovesChecker {
            number,
            line,
            ..MovesChecker::new(self.lang)
        };
    }

    fn tag(&mut self, name: &str, value: String) {
        match name {
            "FEN" if self.fen.is_none() => self.fen = Some(value),
            "Variant" if self.variant.is_none() => self.variant = Some(value),
            _ => {}
        }
    }

    fn san(&mut self, text: &str, line: usize, column: usize, _nag: Option<u8>) {
        if self.failure.is_some() {
            return;
        }
        let lang = self.lang;
        let ply = self.plies + 1;
        let Some(position) = self.position() else {
            return;
        };
        match parse_move(position, text, lang) {
            Ok(m) => {
                position.play_unchecked(m);
                self.plies = ply;
            }
            Err(error) => self.failure = Some((ply, error, line, column)),
        }
    }
}

/// The next game's moves-only report, read and checked in one pass.
fn next_moves_report(games: &mut PgnReader<'_>, checker: &mut MovesChecker) -> Option<GameReport> {
    Some(match games.visit_next(checker)? {
        Ok(()) => checker.report(),
        Err(error) => unreadable_game_at(&error, Level::Moves),
    })
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
        laws: Some(LawsReport::default()),
    }
}

fn unreadable_game_at(error: &PgnError, level: Level) -> GameReport {
    let mut report = unreadable_game(error);
    if level == Level::Moves {
        report.laws = None;
    }
    report
}

/// Checks every game of a PGN text with the full report.
#[must_use]
pub fn check_text(text: &str, lang: Lang) -> Vec<GameReport> {
    check_text_at(text, lang, Level::Full)
}

/// Checks every game of a PGN text at the given level.
#[must_use]
pub fn check_text_at(text: &str, lang: Lang, level: Level) -> Vec<GameReport> {
    let options = ReadOptions {
        keep_variations: false,
        keep_comments: true,
    };
    let mut games = PgnReader::new(text, options);
    match level {
        Level::Moves => {
            let mut checker = MovesChecker::new(lang);
            std::iter::from_fn(|| next_moves_report(&mut games, &mut checker)).collect()
        }
        Level::Full => games
            .map(|game| match &game {
                Ok(game) => check_game_at(game, lang, level),
                Err(error) => unreadable_game_at(error, level),
            })
            .collect(),
    }
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
    // In whatever encoding the file was saved in (a PGN of an older program may be Latin-1).
    let source = args.file.display().to_string();
    let text = super::text_of(&bytes, &source)?;
    let options = ReadOptions {
        keep_variations: false,
        keep_comments: true,
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
    let level = if args.moves_only {
        Level::Moves
    } else {
        Level::Full
    };
    let mut checker = MovesChecker::new(lang);
    loop {
        let report = match level {
            Level::Moves => next_moves_report(&mut games, &mut checker),
            Level::Full => games.next().map(|game| match &game {
                Ok(game) => check_game_at(game, lang, level),
                Err(error) => unreadable_game_at(error, level),
            }),
        };
        let Some(report) = report else {
            break;
        };
        count += 1;
        if !report.ok {
            bad += 1;
        }
        if args.json {
            serde_json::to_writer(&mut out, &report)?;
            writeln!(out)?;
        } else {
            writeln!(out, "{}", describe(&report))?;
            if let Some(laws) = report.laws.as_ref().and_then(describe_laws) {
                writeln!(out, "{laws}")?;
            }
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

// ---- The arbiter's report, Laws Art. 5–9 and Appendices A–B. ----

/// A draw claim in the JSON report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClaimJson {
    /// The claimant's ply (the written move's entry; one past the last for a final claim).
    pub ply: usize,
    /// `threefold` or `fifty`.
    pub kind: &'static str,
    /// Whether the claim was correct.
    pub valid: bool,
}

/// An illegal move in the JSON report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IllegalMoveJson {
    /// 1-based record entry.
    pub ply: usize,
    /// `white` or `black`.
    pub side: &'static str,
    /// The move as written.
    pub text: String,
    /// `time_to_opponent`, `loss_unless_opponent_cannot_mate` or `stands`.
    pub penalty: &'static str,
    /// Seconds added to the opponent's clock, for `time_to_opponent`.
    pub seconds: Option<u32>,
}

/// Plies after which the player then to move could validly claim a draw.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ClaimableJson {
    /// Art. 9.2, including a claim on a written move.
    pub threefold: Vec<usize>,
    /// Art. 9.3, including a claim on a written move.
    pub fifty: Vec<usize>,
}

/// The part-2 fields of a game's report (schema in the guide, `docs/src/cli/rules.md`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct LawsReport {
    /// How the game ended under the Laws: `checkmate`, `stalemate`, `dead_position`,
    /// `fivefold`, `seventyfive`, `threefold_claim`, `fifty_claim`, `flag_fall`, `both_flags`,
    /// `illegal_move`, `resignation`, `agreement`, or null.
    pub termination: Option<&'static str>,
    /// Plies on the board when the game ended.
    pub termination_ply: Option<usize>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` when the game did not end or could not be decided.
    pub result_by_laws: &'static str,
    /// The result as recorded (`*` when none).
    pub recorded_result: &'static str,
    /// Whether they agree (null when either is `*`); a signed result stands (Art. 8.7).
    pub result_agrees: Option<bool>,
    /// Draw claims found in the record.
    pub claims: Vec<ClaimJson>,
    /// Illegal moves and what followed.
    pub illegal_moves: Vec<IllegalMoveJson>,
    /// Plies with a draw offer `(=)`.
    pub draw_offers: Vec<usize>,
    /// Everything an arbiter should look at.
    pub warnings: Vec<String>,
    /// Plies after which a draw claim would have been valid.
    pub claimable: ClaimableJson,
}

/// The arbiter's report (Art. 5–9) on a PGN game, as the rules core gives it.
fn arbiter_report(game: &PgnGame, lang: Lang) -> crate::rules::arbiter::GameReport {
    use crate::rules::arbiter::{ReportOptions, report};
    use crate::rules::game::GameRecord;

    report(&GameRecord::from_pgn(game), ReportOptions { lang })
}

/// The JSON fields of the arbiter's report.
fn laws_json(got: crate::rules::arbiter::GameReport) -> LawsReport {
    use crate::rules::Color;
    use crate::rules::illegal::IllegalMovePenalty;

    LawsReport {
        termination: got.termination.map(|t| t.name()),
        termination_ply: got.termination_ply,
        result_by_laws: got.result_by_laws.as_pgn(),
        recorded_result: got.recorded_result.as_pgn(),
        result_agrees: got.result_agrees,
        claims: got
            .claims
            .iter()
            .map(|claim| ClaimJson {
                ply: claim.ply,
                kind: claim.kind.name(),
                valid: claim.valid,
            })
            .collect(),
        illegal_moves: got
            .illegal_moves
            .iter()
            .map(|illegal| {
                let (penalty, seconds) = match illegal.penalty {
                    IllegalMovePenalty::TimeToOpponent(seconds) => {
                        ("time_to_opponent", Some(seconds))
                    }
                    IllegalMovePenalty::LossUnlessOpponentCannotMate => {
                        ("loss_unless_opponent_cannot_mate", None)
                    }
                    IllegalMovePenalty::Stands => ("stands", None),
                };
                IllegalMoveJson {
                    ply: illegal.ply,
                    side: if illegal.side == Color::White {
                        "white"
                    } else {
                        "black"
                    },
                    text: illegal.text.clone(),
                    penalty,
                    seconds,
                }
            })
            .collect(),
        draw_offers: got.draw_offers,
        warnings: got.warnings.iter().map(ToString::to_string).collect(),
        claimable: ClaimableJson {
            threefold: got.claimable.threefold,
            fifty: got.claimable.fifty,
        },
    }
}

/// A second text line with the Laws' verdict, when there is something to say.
#[must_use]
pub fn describe_laws(laws: &LawsReport) -> Option<String> {
    if laws.termination.is_none() && laws.warnings.is_empty() {
        return None;
    }
    let mut text = format!(
        "  by the Laws: {} ({}), recorded {}",
        laws.result_by_laws,
        laws.termination.unwrap_or("not finished"),
        laws.recorded_result
    );
    for warning in &laws.warnings {
        text.push_str(&format!("\n  warning: {warning}"));
    }
    Some(text)
}
