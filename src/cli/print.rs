//! `arbiter print KIND (--trf FILE | --tournament ID [--database URL]) --round N -o FILE.pdf`:
//! prints a tournament document as PDF (pairing lists, standings, crosstable or wallchart,
//! scoresheets, result slips) from a tournament stored in the database, or from a TRF file so
//! an arbiter can print for an event managed in another program.
//!
//! `it1` (with `--player N`) and `it3` print FIDE's norm forms, the certificate of a title
//! result and the tournament report (B.01 Art. 1.4), after the round given.
//!
//! Standings and crosstables carry the tie-break columns (FIDE C.07): for a stored tournament
//! the list its organiser chose (or the default of its system); for a TRF file `--tb`, else the
//! file's TRF-2026 `202`/`212` record, else the Swiss default `BH-C1, BH, SB, DE`.
//!
//! The board list of a round that the TRF does not contain yet (just paired, not played) comes
//! from `--pairs FILE`, in the format `arbiter pair` and bbpPairings write: the number of pairs
//! on the first line, then one `white black` pair of starting numbers per line, `N 0` for a
//! pairing-allocated bye.
//!
//! The prize list needs the organiser's categories and prizes, which only the database holds:
//! `arbiter print prizes --trf FILE` is refused with that reason rather than printing an empty
//! list.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::builder::PossibleValue;

use crate::db::domain::TournamentData;
use crate::db::models::TournamentId;
use crate::db::models::tournament_tiebreaks::TournamentTieBreaks;
use crate::formats::trf;
use crate::print::crosstable::CrosstableKind;
use crate::print::norm_forms::NormEvent;
use crate::print::scoresheet::ScoresheetOptions;
use crate::print::stored::{document_input, render_stored};
use crate::print::{Document, DocumentInput, Language, PaperSize, render};
use crate::tournament::PlayerId;
use crate::tournament::board::Board;
use crate::tournament::result::BoardResult;
use crate::tournament::team::tiebreak::TeamTieBreak;
use crate::tournament::tiebreak::{Lots, TieBreak, TieBreakSettings};

/// The documents by their names ([`Document::name`], the same as in the web's URLs).
impl clap::ValueEnum for Document {
    fn value_variants<'a>() -> &'a [Self] {
        &Document::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.name()).help(self.description()))
    }
}

/// The crosstable layouts as `--layout` names them.
impl clap::ValueEnum for CrosstableKind {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            CrosstableKind::Auto,
            CrosstableKind::RoundRobin,
            CrosstableKind::Wallchart,
        ]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            CrosstableKind::Auto => PossibleValue::new("auto")
                .help("Round-robin grid when everyone meets everyone, else the wallchart"),
            CrosstableKind::RoundRobin => {
                PossibleValue::new("round-robin").help("The round-robin grid")
            }
            CrosstableKind::Wallchart => {
                PossibleValue::new("wallchart").help("The Swiss wallchart")
            }
        })
    }
}

/// Arguments of `arbiter print`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The document.
    #[arg(value_enum)]
    pub kind: Document,
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
    pub layout: CrosstableKind,
    /// it1: the player's starting number.
    #[arg(long, value_name = "N")]
    pub player: Option<u32>,
    /// it1, it3 from a TRF file: the host federation (FIDE B.01 Art. 1.4.3d); default: the
    /// file's `032` record.
    #[arg(long, value_name = "FED")]
    pub host: Option<String>,
    /// it1, it3: a national championship final, national team championship, zonal or
    /// sub-zonal (B.01 Art. 1.4.3a–c): the federation rules do not apply.
    #[arg(long)]
    pub federation_exempt: bool,
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

/// The event details and layout choices given on the command line (empty details leave
/// `input` as it is); `round`'s date is `--date`.
fn apply_details(args: &Args, input: &mut DocumentInput, round: u32) {
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
    input.player = args.player.map(PlayerId);
    input.norm_event.settings.federation_exempt |= args.federation_exempt;
    if let Some(host) = &args.host {
        input.norm_event.settings.host_federation = host.clone();
    }
    input.crosstable = args.layout;
    input.scoresheets = ScoresheetOptions {
        two_per_page: args.two_per_page,
        continuation_sheets: args.continuation,
    };
    if round > 0 {
        input.round_dates = vec![String::new(); round as usize];
        input.round_dates[round as usize - 1] = args.date.clone();
    }
}

fn from_trf(args: &Args, path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    if args.kind == Document::Prizes {
        // Categories and prizes are the organiser's rules, kept in the app; a TRF has no record
        // of them, and an empty list would look like "nobody wins".
        bail!(
            "{}: a TRF file carries no categories or prizes, so there is no prize list to print \
             from it; print it from the app's database with --tournament ID [--database URL] \
             (the organiser sets the prizes on /tournaments/ID/prizes/edit)",
            path.display()
        );
    }
    let text = super::read_text(path)?;
    let read = trf::read(&text).with_context(|| format!("{}", path.display()))?;
    let (header, _) = trf::ReportHeader::read(&read);
    let mut tournament = read.tournament;
    // Byes requested for rounds not paired yet are not a round (see `rounds_paired`).
    let played = tournament.rounds_paired();
    let boards = match &args.pairs {
        Some(path) => {
            let text = super::read_text(path)?;
            parse_pairs(&text).with_context(|| format!("{}", path.display()))?
        }
        None => Vec::new(),
    };
    let round = args.round.unwrap_or(if args.kind.after_round() {
        played
    } else if boards.is_empty() {
        played.max(1)
    } else {
        played + 1
    });
    let team = args.kind == Document::TeamStandings;
    let list = match &args.tie_breaks {
        Some(given) if !team => TieBreak::parse_list(given).context("--tb")?,
        _ if team => TieBreakSettings::swiss_default().list,
        _ => crate::cli::standings::list_from_file(&text)?
            .unwrap_or_else(|| TieBreakSettings::swiss_default().list),
    };
    if !boards.is_empty() && round > tournament.total_rounds {
        tournament.total_rounds = round;
    }
    let mut input = DocumentInput {
        boards,
        tie_breaks: Some(TieBreakSettings {
            list,
            swiss: !args.round_robin,
            lots: Lots::Draw {
                seed: crate::cli::standings::DEFAULT_SEED,
            },
        }),
        norm_event: NormEvent {
            settings: crate::cli::norms::settings_of(&header, None, args.round_robin, false),
            header,
        },
        ..DocumentInput::default()
    };
    if team {
        input.team_tie_breaks = match &args.tie_breaks {
            Some(given) => TeamTieBreak::parse_list(given)
                .map_err(anyhow::Error::msg)
                .context("--tb")?,
            None => crate::cli::standings::team_list_from_file(&tournament)?.unwrap_or_default(),
        };
    }
    apply_details(args, &mut input, round);
    Ok(render(args.kind, &tournament, &input, round)?)
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
    let round = if args.kind.after_round() {
        let complete = data.complete_rounds();
        let round = args.round.unwrap_or(complete);
        if round > complete {
            bail!("--round {round}: only {complete} rounds have every result entered");
        }
        round
    } else {
        let paired = data.rounds.len() as u32;
        let round = args.round.unwrap_or(paired);
        if (round == 0 && !args.kind.before_pairing()) || round > paired {
            bail!("--round {round}: the tournament has {paired} paired rounds");
        }
        round
    };
    let mut input = document_input(&data, args.lang, args.paper);
    input.norm_event = NormEvent {
        header: data.report_header(&data.to_model(round)),
        settings: data.norm_settings(),
    };
    input.tie_breaks = Some(settings);
    input.prizes = Some(crate::db::prize_list::load_setup(&mut conn, &data)?);
    apply_details(args, &mut input, round);
    Ok(render_stored(args.kind, &data, input, round)?)
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
