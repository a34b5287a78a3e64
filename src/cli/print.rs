//! `arbiter print KIND --trf FILE --round N -o FILE.pdf`: prints a tournament document as PDF
//! (pairing lists, standings, crosstable or wallchart, scoresheets, result slips) from a TRF
//! file, so an arbiter can print for an event managed in another program.
//!
//! The board list of a round that the TRF does not contain yet (just paired, not played) comes
//! from `--pairs FILE`, in the format `arbiter pair` and bbpPairings write: the number of pairs
//! on the first line, then one `white black` pair of starting numbers per line, `N 0` for a
//! pairing-allocated bye.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};

use crate::formats::trf;
use crate::print::crosstable::CrosstableKind;
use crate::print::scoresheet::ScoresheetOptions;
use crate::print::standings::{StandingsRow, StandingsTable};
use crate::print::{
    Board, DocumentInput, Language, PaperSize, crosstable, pairings, result_slip, scoresheet,
    standings,
};
use crate::tournament::{GameResult, PlayerId, Tournament};

/// Which document to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// The pairing list of a round by board.
    Pairings,
    /// The pairing list of a round in alphabetical order.
    PairingsAlphabetical,
    /// The standings after a round.
    Standings,
    /// The crosstable (round-robin grid or Swiss wallchart) after a round.
    Crosstable,
    /// Pre-filled scoresheets for every board of a round.
    Scoresheets,
    /// Result slips for every board of a round.
    ResultSlips,
}

/// Which crosstable layout to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// Round-robin grid when everyone meets everyone, else the wallchart.
    Auto,
    /// The round-robin grid.
    RoundRobin,
    /// The Swiss wallchart.
    Wallchart,
}

/// Arguments of `arbiter print`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The document.
    #[arg(value_enum)]
    pub kind: Kind,
    /// Read the tournament from this TRF (TRF16 or TRF-2026) file.
    #[arg(long, value_name = "FILE")]
    pub trf: Option<PathBuf>,
    /// A tournament stored in the database (not available yet: use --trf).
    #[arg(long, value_name = "ID")]
    pub tournament: Option<i64>,
    /// The round: the one to pair/play for pairing lists, scoresheets and slips (default: the
    /// last round in the file, or the next one with --pairs); the one after which for standings
    /// and crosstables (default: the last round played).
    #[arg(long, short)]
    pub round: Option<u32>,
    /// The pairs of a round not in the TRF yet (`arbiter pair` / bbpPairings output).
    #[arg(long, value_name = "FILE")]
    pub pairs: Option<PathBuf>,
    /// Where to write the PDF.
    #[arg(long, short, value_name = "FILE.pdf")]
    pub output: PathBuf,
    /// Paper: a4 or letter.
    #[arg(long, default_value = "a4", value_parser = parse_paper)]
    pub paper: PaperSize,
    /// Language of the headings: en, cs, sk, hu, sr-Latn, sr-Cyrl.
    #[arg(long, default_value = "en", value_parser = parse_language)]
    pub lang: Language,
    /// The event's name (default: the TRF's tournament name).
    #[arg(long)]
    pub event: Option<String>,
    /// Where the event is played.
    #[arg(long, default_value = "")]
    pub place: String,
    /// The chief arbiter.
    #[arg(long, default_value = "")]
    pub arbiter: String,
    /// The round's date as printed.
    #[arg(long, default_value = "")]
    pub date: String,
    /// Scoresheets: two side by side on a landscape page.
    #[arg(long)]
    pub two_per_page: bool,
    /// Scoresheets: add a continuation sheet (moves 61–120) per board.
    #[arg(long)]
    pub continuation: bool,
    /// Crosstable layout.
    #[arg(long, value_enum, default_value = "auto")]
    pub layout: Layout,
}

fn parse_paper(text: &str) -> Result<PaperSize, String> {
    PaperSize::parse(text).ok_or_else(|| format!("`{text}`: paper must be a4 or letter"))
}

fn parse_language(text: &str) -> Result<Language, String> {
    Language::parse(text)
        .ok_or_else(|| format!("`{text}`: language must be en, cs, sk, hu, sr-Latn or sr-Cyrl"))
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let tournament = load(&args)?;
    let played = tournament.rounds_played();
    let boards = match &args.pairs {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            parse_pairs(&text).with_context(|| format!("{}", path.display()))?
        }
        None => Vec::new(),
    };
    let mut input = DocumentInput {
        event: args.event.clone().unwrap_or_default(),
        place: args.place.clone(),
        chief_arbiter: args.arbiter.clone(),
        language: args.lang,
        paper: args.paper,
        boards,
        ..DocumentInput::default()
    };
    let game_round = args.round.unwrap_or(if input.boards.is_empty() {
        played.max(1)
    } else {
        played + 1
    });
    let after_round = args.round.unwrap_or(played);
    let dated_round = match args.kind {
        Kind::Standings | Kind::Crosstable => after_round,
        _ => game_round,
    };
    if dated_round > 0 {
        input.round_dates = vec![String::new(); dated_round as usize];
        input.round_dates[dated_round as usize - 1] = args.date.clone();
    }
    let mut tournament = tournament;
    if !input.boards.is_empty() && game_round > tournament.total_rounds {
        tournament.total_rounds = game_round;
    }
    let pdf = match args.kind {
        Kind::Pairings => pairings::by_board(&tournament, &input, game_round)?,
        Kind::PairingsAlphabetical => pairings::alphabetical(&tournament, &input, game_round)?,
        Kind::Standings => {
            let table = ranked(&tournament, after_round);
            standings::standings(&tournament, &input, &table)?
        }
        Kind::Crosstable => {
            let table = ranked(&tournament, after_round);
            let kind = match args.layout {
                Layout::Auto => CrosstableKind::Auto,
                Layout::RoundRobin => CrosstableKind::RoundRobin,
                Layout::Wallchart => CrosstableKind::Wallchart,
            };
            crosstable::crosstable(&tournament, &input, after_round, kind, Some(&table))?
        }
        Kind::Scoresheets => scoresheet::scoresheets(
            &tournament,
            &input,
            game_round,
            ScoresheetOptions {
                two_per_page: args.two_per_page,
                continuation_sheets: args.continuation,
            },
        )?,
        Kind::ResultSlips => result_slip::result_slips(&tournament, &input, game_round)?,
    };
    std::fs::write(&args.output, &pdf)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    eprintln!("wrote {} ({} bytes)", args.output.display(), pdf.len());
    Ok(ExitCode::SUCCESS)
}

fn load(args: &Args) -> anyhow::Result<Tournament> {
    match (&args.trf, args.tournament) {
        (Some(path), None) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            trf::parse(&text).with_context(|| format!("{}", path.display()))
        }
        (None, Some(_)) => bail!(
            "--tournament: printing from the database is not available yet; export the \
             tournament as TRF and use --trf"
        ),
        (Some(_), Some(_)) => bail!("give either --trf or --tournament, not both"),
        (None, None) => bail!("give the tournament: --trf FILE"),
    }
}

/// The standings with the tournament core's order (points, then starting rank) and shared
/// ranks for equal points, as no tie-breaks are chosen on the command line.
fn ranked(tournament: &Tournament, after_round: u32) -> StandingsTable {
    let rows = crate::tournament::standings::standings(tournament, after_round, &[]);
    let mut table = StandingsTable {
        after_round,
        tie_break_names: Vec::new(),
        rows: Vec::with_capacity(rows.len()),
    };
    for row in rows {
        let rank = match table.rows.last() {
            Some(previous) if previous.points == row.points => previous.rank,
            _ => row.rank,
        };
        table.rows.push(StandingsRow {
            rank,
            player: row.player,
            points: row.points,
            tie_breaks: Vec::new(),
        });
    }
    table
}

/// Reads pairs: the count on the first line, then `white black` per line (`N 0` = bye).
pub fn parse_pairs(text: &str) -> anyhow::Result<Vec<Board>> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let Some((first_index, first)) = lines.next() else {
        bail!("line 1: empty file, expected the number of pairs");
    };
    let count: usize = first.trim().parse().map_err(|_| {
        anyhow::anyhow!(
            "line {}: `{}` is not the number of pairs",
            first_index + 1,
            first.trim()
        )
    })?;
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for (index, line) in lines {
        let number = index + 1;
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [white, black] = fields[..] else {
            bail!(
                "line {number}: expected two starting numbers, found `{}`",
                line.trim()
            );
        };
        let parse = |text: &str, column: usize| -> anyhow::Result<u32> {
            text.parse().map_err(|_| {
                anyhow::anyhow!("line {number}, field {column}: `{text}` is not a starting number")
            })
        };
        let (white, black) = (parse(white, 1)?, parse(black, 2)?);
        if white == 0 {
            bail!("line {number}, field 1: starting number 0");
        }
        if black == 0 {
            byes.push(Board {
                number: 0,
                white: PlayerId(white),
                black: None,
                result: Some(GameResult::PairingAllocatedBye),
            });
        } else {
            games.push(Board {
                number: 0,
                white: PlayerId(white),
                black: Some(PlayerId(black)),
                result: None,
            });
        }
    }
    if games.len() + byes.len() != count {
        bail!(
            "line {}: announces {count} pairs but {} follow",
            first_index + 1,
            games.len() + byes.len()
        );
    }
    games.extend(byes);
    for (index, board) in games.iter_mut().enumerate() {
        board.number = index as u32 + 1;
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_read_with_byes_last() {
        let boards = parse_pairs("3\n5 0\n1 2\n4 3\n").expect("valid");
        assert_eq!(boards.len(), 3);
        assert_eq!(boards[0].white, PlayerId(1));
        assert_eq!(boards[1].black, Some(PlayerId(3)));
        assert_eq!(boards[2].black, None);
        assert_eq!(boards[2].number, 3);
    }

    #[test]
    fn bad_pairs_say_where() {
        let error = parse_pairs("2\n1 2\n3 x\n").expect_err("bad");
        assert_eq!(
            error.to_string(),
            "line 3, field 2: `x` is not a starting number"
        );
        let error = parse_pairs("3\n1 2\n").expect_err("count");
        assert_eq!(error.to_string(), "line 1: announces 3 pairs but 1 follow");
        let error = parse_pairs("1\n1 2 3\n").expect_err("fields");
        assert!(error.to_string().starts_with("line 2: expected two"));
    }
}
