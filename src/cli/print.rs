//! `arbiter print KIND (--trf FILE | --tournament ID [--database URL]) --round N -o FILE.pdf`:
//! prints a tournament document as PDF (pairing lists, standings, crosstable or wallchart,
//! scoresheets, result slips) from a tournament stored in the database, or from a TRF file so
//! an arbiter can print for an event managed in another program.
//!
//! Standings and crosstables carry the tie-break columns (FIDE C.07): for a stored tournament
//! the list its organiser chose (or the default of its system); for a TRF file `--tb`, else the
//! file's TRF-2026 `202`/`212` record, else the Swiss default `BH-C1, BH, SB, DE`.
//!
//! The board list of a round that the TRF does not contain yet (just paired, not played) comes
//! from `--pairs FILE`, in the format `arbiter pair` and bbpPairings write: the number of pairs
//! on the first line, then one `white black` pair of starting numbers per line, `N 0` for a
//! pairing-allocated bye.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};

use crate::db::domain::TournamentData;
use crate::db::models::TournamentId;
use crate::db::models::tournament_tiebreaks::TournamentTieBreaks;
use crate::formats::trf;
use crate::print::crosstable::CrosstableKind;
use crate::print::scoresheet::ScoresheetOptions;
use crate::print::standings::StandingsTable;
use crate::print::stored::{boards_of, document_input};
use crate::print::{
    DocumentInput, Language, PaperSize, crosstable, pairings, result_slip, scoresheet, standings,
};
use crate::tournament::board::Board;
use crate::tournament::result::BoardResult;
use crate::tournament::tiebreak::{Lots, TieBreak, TieBreakSettings};
use crate::tournament::{PlayerId, Tournament};

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
    /// A tournament stored in the database (its id, as in `/tournaments/ID`).
    #[arg(long, value_name = "ID")]
    pub tournament: Option<i32>,
    /// The database of `--tournament`: an SQLite file path or a `postgres://` URL.
    #[arg(
        long,
        alias = "database-url",
        env = "DATABASE_URL",
        default_value = "arbiter.db",
        value_name = "URL"
    )]
    pub database: String,
    /// TRF only: the tie-break list of the standings, e.g. `BH-C1,BH,SB,DE`.
    #[arg(long = "tb", value_name = "LIST")]
    pub tie_breaks: Option<String>,
    /// TRF only: pre-determined pairings (C.07 Art. 15.2 rather than 16 for unplayed rounds).
    #[arg(long)]
    pub round_robin: bool,
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
    let pdf = match (&args.trf, args.tournament) {
        (Some(path), None) => from_trf(&args, path)?,
        (None, Some(id)) => from_database(&args, id)?,
        (Some(_), Some(_)) => bail!("give either --trf or --tournament, not both"),
        (None, None) => bail!("give the tournament: --trf FILE or --tournament ID"),
    };
    std::fs::write(&args.output, &pdf)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    eprintln!("wrote {} ({} bytes)", args.output.display(), pdf.len());
    Ok(ExitCode::SUCCESS)
}

/// The event details given on the command line (empty ones leave `input` as it is).
fn apply_details(args: &Args, input: &mut DocumentInput) {
    if let Some(event) = &args.event {
        input.event = event.clone();
    }
    if !args.place.is_empty() {
        input.place = args.place.clone();
    }
    if !args.arbiter.is_empty() {
        input.chief_arbiter = args.arbiter.clone();
    }
    input.language = args.lang;
    input.paper = args.paper;
}

/// The date of `round` as given by `--date`.
fn date_round(args: &Args, input: &mut DocumentInput, round: u32) {
    if round > 0 {
        input.round_dates = vec![String::new(); round as usize];
        input.round_dates[round as usize - 1] = args.date.clone();
    }
}

fn from_trf(args: &Args, path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut tournament = trf::parse(&text).with_context(|| format!("{}", path.display()))?;
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
        boards,
        ..DocumentInput::default()
    };
    apply_details(args, &mut input);
    let game_round = args.round.unwrap_or(if input.boards.is_empty() {
        played.max(1)
    } else {
        played + 1
    });
    let after_round = args.round.unwrap_or(played);
    let list = match &args.tie_breaks {
        Some(given) => TieBreak::parse_list(given).context("--tb")?,
        None => crate::cli::standings::list_from_file(&text)?
            .unwrap_or_else(|| TieBreakSettings::swiss_default().list),
    };
    let settings = TieBreakSettings {
        list,
        swiss: !args.round_robin,
        lots: Lots::Draw {
            seed: crate::cli::standings::seed_of(&text),
        },
    };
    if !input.boards.is_empty() && game_round > tournament.total_rounds {
        tournament.total_rounds = game_round;
    }
    render(
        args,
        &tournament,
        &mut input,
        game_round,
        after_round,
        &settings,
    )
}

fn from_database(args: &Args, id: i32) -> anyhow::Result<Vec<u8>> {
    let url = &args.database;
    if crate::db::Backend::from_url(url) == crate::db::Backend::Sqlite {
        let file = url
            .trim_start_matches("sqlite://")
            .trim_start_matches("file:");
        if !std::path::Path::new(file).exists() {
            bail!(
                "--database {url}: no such file (give the app's database with --database URL, \
                 or print from a TRF file with --trf FILE)"
            );
        }
    }
    let pool = crate::db::connect_pool(url, 1)?;
    let mut conn = pool.get().context("database connection")?;
    let data = TournamentData::load(&mut conn, TournamentId(id))?
        .with_context(|| format!("--tournament {id}: no such tournament in {url}"))?;
    let (settings, _) = TournamentTieBreaks::settings_for(&mut conn, &data)?;
    let mut input = document_input(&data, args.lang, args.paper);
    apply_details(args, &mut input);
    let complete = data.complete_rounds();
    let paired = data.rounds.len() as u32;
    match args.kind {
        Kind::Standings | Kind::Crosstable => {
            let after_round = args.round.unwrap_or(complete);
            if after_round > complete {
                bail!("--round {after_round}: only {complete} rounds have every result entered");
            }
            let tournament = data.to_model(after_round);
            render(
                args,
                &tournament,
                &mut input,
                after_round,
                after_round,
                &settings,
            )
        }
        _ => {
            let round = args.round.unwrap_or(paired);
            if round == 0 || round > paired {
                bail!("--round {round}: the tournament has {paired} paired rounds");
            }
            let mut tournament = data.to_model(round - 1);
            tournament.total_rounds = tournament.total_rounds.max(round);
            input.boards = boards_of(&data, round as i32);
            render(args, &tournament, &mut input, round, round, &settings)
        }
    }
}

/// Draws the document of `args.kind`.
fn render(
    args: &Args,
    tournament: &Tournament,
    input: &mut DocumentInput,
    game_round: u32,
    after_round: u32,
    settings: &TieBreakSettings,
) -> anyhow::Result<Vec<u8>> {
    let dated_round = match args.kind {
        Kind::Standings | Kind::Crosstable => after_round,
        _ => game_round,
    };
    date_round(args, input, dated_round);
    let pdf = match args.kind {
        Kind::Pairings => pairings::by_board(tournament, input, game_round)?,
        Kind::PairingsAlphabetical => pairings::alphabetical(tournament, input, game_round)?,
        Kind::Standings => {
            let table = StandingsTable::ranked(tournament, after_round, settings);
            standings::standings(tournament, input, &table)?
        }
        Kind::Crosstable => {
            let table = StandingsTable::ranked(tournament, after_round, settings);
            let kind = match args.layout {
                Layout::Auto => CrosstableKind::Auto,
                Layout::RoundRobin => CrosstableKind::RoundRobin,
                Layout::Wallchart => CrosstableKind::Wallchart,
            };
            crosstable::crosstable(tournament, input, after_round, kind, Some(&table))?
        }
        Kind::Scoresheets => scoresheet::scoresheets(
            tournament,
            input,
            game_round,
            ScoresheetOptions {
                two_per_page: args.two_per_page,
                continuation_sheets: args.continuation,
            },
        )?,
        Kind::ResultSlips => result_slip::result_slips(tournament, input, game_round)?,
    };
    Ok(pdf)
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
            byes.push(Board::bye(
                0,
                PlayerId(white),
                BoardResult::PairingAllocatedBye,
            ));
        } else {
            games.push(Board::game(0, PlayerId(white), PlayerId(black)));
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
