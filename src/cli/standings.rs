//! `arbiter standings IN.trf [--tb BH-C1,BH,SB,DE] [--json]`: the ranked table with every
//! tie-break value (FIDE C.07, 2026).
//!
//! The tie-break list comes from `--tb`, else from the file's TRF-2026 `202` (or `212`)
//! record, else the usual Swiss list `BH-C1,BH,SB,DE`. Codes are accepted as FIDE writes them
//! (`BH-C1`) and as TRF-2026 writes them (`BH/C1`); JSON keys are written as given. Standings
//! are after the rounds played, whatever the announced number of rounds. Ties left after the
//! list are broken by drawing of lots (Art. 4.2) from a seed that is printed (default: derived
//! from the file's content, so the same file always gives the same draw).

use std::process::ExitCode;

use std::io::Write as _;

use anyhow::Context as _;

use crate::tournament::Tournament;
use crate::tournament::team::TeamEvent;
use crate::tournament::team::tiebreak::{TeamOrder, TeamRanking, TeamTieBreak, rank as team_rank};
use crate::tournament::tiebreak::{
    Calculator, Lots, TieBreak, TieBreakSettings, calculator::Working, cut::Source, rank::rank_with,
};

/// Arguments of `arbiter standings`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tournament (TRF16 or TRF-2026).
    pub input: std::path::PathBuf,
    /// Tie-break list, e.g. `BH-C1,BH,SB,DE` or `BH/C1,BH,SB,DE`.
    #[arg(long = "tb", value_name = "LIST")]
    pub tie_breaks: Option<String>,
    /// Print JSON: an array in rank order of `{rank, start, name, points, tiebreaks}`.
    #[arg(long)]
    pub json: bool,
    /// Pre-determined pairings (round robin): unplayed rounds per C.07 Art. 15.2, not Art. 16.
    #[arg(long)]
    pub round_robin: bool,
    /// Seed for the drawing of lots (default 0, the web app's default: the same data draws
    /// the same lots in both).
    #[arg(long, conflicts_with = "shared")]
    pub seed: Option<u64>,
    /// Do not draw lots: participants still tied share the rank.
    #[arg(long)]
    pub shared: bool,
    /// Show the working of every tie-break of this starting number.
    #[arg(long, value_name = "START")]
    pub explain: Option<u32>,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match output(args) {
        Err(error)
            if error
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(ExitCode::SUCCESS)
        }
        other => other,
    }
}

fn output(args: Args) -> anyhow::Result<ExitCode> {
    let text = super::read_text(&args.input)?;
    let read =
        crate::formats::trf::read(&text).with_context(|| format!("{}", args.input.display()))?;
    for warning in &read.warnings {
        eprintln!("note: {}: {warning}", args.input.display());
    }
    let tournament = read.tournament;
    if !tournament.teams.teams.is_empty() {
        return team_standings(&args, &tournament);
    }
    let (codes, list) = match &args.tie_breaks {
        Some(given) => {
            let codes: Vec<String> = given
                .split(',')
                .map(|c| c.trim().to_string())
                .filter(|c| !c.is_empty())
                .collect();
            let list = codes
                .iter()
                .map(|c| TieBreak::parse(c))
                .collect::<Result<Vec<_>, _>>()
                .context("--tb")?;
            (codes, list)
        }
        None => {
            let list =
                list_from_file(&text)?.unwrap_or_else(|| TieBreakSettings::swiss_default().list);
            (list.iter().map(TieBreak::fide_code).collect(), list)
        }
    };
    let lots = if args.shared {
        Lots::Shared
    } else {
        Lots::Draw {
            seed: args.seed.unwrap_or(DEFAULT_SEED),
        }
    };
    let settings = TieBreakSettings {
        list,
        swiss: !args.round_robin,
        lots,
    };
    let calculator = Calculator::new(&tournament, settings.swiss);
    let standings = rank_with(&calculator, &settings);
    if args.json {
        let rows: Vec<serde_json::Value> = standings
            .rows
            .iter()
            .map(|row| {
                let name = tournament
                    .player(row.player)
                    .map(|p| p.name.clone())
                    .unwrap_or_default();
                let mut tiebreaks = serde_json::Map::new();
                for (code, value) in codes.iter().zip(&row.values) {
                    tiebreaks.insert(
                        code.clone(),
                        value.map_or(serde_json::Value::Null, |v| serde_json::json!(v.as_f64())),
                    );
                }
                serde_json::json!({
                    "rank": row.rank,
                    "start": row.player.0,
                    "name": name,
                    "points": row.points.as_f64(),
                    "tiebreaks": tiebreaks,
                })
            })
            .collect();
        let mut out = std::io::stdout().lock();
        writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
    } else {
        print_table(&tournament, &codes, &standings)?;
    }
    if let Some(start) = args.explain {
        let index = usize::try_from(start)
            .ok()
            .and_then(|s| s.checked_sub(1))
            .filter(|&i| i < tournament.players.len())
            .with_context(|| format!("--explain {start}: no such starting number"))?;
        for tie_break in &settings.list {
            let working = calculator.working(index, tie_break);
            eprintln!("{}", describe(&working));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The standings of a team file (TRF-2026 310 records): teams ranked by the list of `--tb`,
/// else the file's 202/212 record, else MPTS, GPTS, EDE, EMGSB/C1 (C.07 Art. 11–13).
fn team_standings(args: &Args, tournament: &Tournament) -> anyhow::Result<ExitCode> {
    let event = TeamEvent::from_tournament(tournament)
        .with_context(|| format!("{}", args.input.display()))?;
    let list = match &args.tie_breaks {
        Some(given) => TeamTieBreak::parse_list(given)
            .map_err(anyhow::Error::msg)
            .context("--tb")?,
        None => team_list_from_file(tournament)?.unwrap_or_else(|| TeamOrder::Fide.list()),
    };
    let lots = if args.shared {
        Lots::Shared
    } else {
        Lots::Draw {
            seed: args.seed.unwrap_or(DEFAULT_SEED),
        }
    };
    let ranking = TeamRanking {
        list,
        swiss: !args.round_robin,
        lots,
    };
    let standings = team_rank(&event, &ranking, event.rounds_played());
    let codes: Vec<String> = standings
        .tie_breaks
        .iter()
        .map(TeamTieBreak::code)
        .collect();
    let mut out = std::io::stdout().lock();
    if args.json {
        let rows: Vec<serde_json::Value> = standings
            .rows
            .iter()
            .map(|row| {
                let name = event
                    .team(row.team)
                    .map(|t| t.name.clone())
                    .unwrap_or_default();
                let tiebreaks: serde_json::Map<String, serde_json::Value> = codes
                    .iter()
                    .zip(&row.values)
                    .map(|(code, value)| (code.clone(), serde_json::json!(value.as_f64())))
                    .collect();
                serde_json::json!({
                    "rank": row.rank,
                    "team": row.team.0,
                    "name": name,
                    "match_points": row.match_points.as_f64(),
                    "game_points": row.game_points.as_f64(),
                    "to_play": row.to_play,
                    "tiebreaks": tiebreaks,
                })
            })
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let name_width = event
        .teams
        .iter()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    writeln!(out, "{}", event.name)?;
    writeln!(out, "Standings after round {}", standings.rounds)?;
    let mut header = format!(
        "{:>4} {:>4}  {:<name_width$} {:>6} {:>6}",
        "Rank", "No", "Team", "MP", "GP"
    );
    for code in &codes {
        header.push_str(&format!(" {code:>8}"));
    }
    writeln!(out, "{header}")?;
    for row in &standings.rows {
        let name = event.team(row.team).map(|t| t.name.as_str()).unwrap_or("");
        let mut line = format!(
            "{:>4} {:>4}  {:<name_width$} {:>6} {:>6}",
            row.rank,
            row.team.0,
            name,
            row.match_points.to_string(),
            row.game_points.to_string()
        );
        for value in &row.values {
            line.push_str(&format!(" {:>8}", value.display()));
        }
        if row.to_play > 0 {
            line.push_str(&format!("  ({} to play)", row.to_play));
        }
        if let Some(lot) = row.lot {
            line.push_str(&format!("  (lot {lot})"));
        }
        writeln!(out, "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The team tie-break list of a TRF-2026 file (`202`, else `212`), if it has one.
pub(crate) fn team_list_from_file(
    tournament: &Tournament,
) -> anyhow::Result<Option<Vec<TeamTieBreak>>> {
    TeamTieBreak::list_in_records(&tournament.other_records).map_err(anyhow::Error::msg)
}

/// The tie-break list of a TRF-2026 file (`202`, else `212`), if it has one.
pub(crate) fn list_from_file(text: &str) -> anyhow::Result<Option<Vec<TieBreak>>> {
    for tag in ["202", "212"] {
        for (index, line) in text.lines().enumerate() {
            let Some(rest) = line.strip_prefix(tag) else {
                continue;
            };
            if !rest.starts_with(' ') {
                continue;
            }
            let rest = rest.trim();
            let list = TieBreak::parse_list(rest).or_else(|error| {
                // Some writers separate the codes by spaces only.
                if rest.contains(',') {
                    Err(error)
                } else {
                    TieBreak::parse_list(&rest.split_whitespace().collect::<Vec<_>>().join(","))
                }
            });
            let list = list.with_context(|| format!("line {}: record {tag}", index + 1))?;
            if !list.is_empty() {
                return Ok(Some(list));
            }
        }
    }
    Ok(None)
}

/// The seed of the drawing of lots when none is given: the web app's default
/// ([`TieBreakSettings::swiss_default`]), so that a tournament exported from the app and ranked
/// here draws the same lots.
pub(crate) const DEFAULT_SEED: u64 = 0;

fn print_table(
    tournament: &Tournament,
    codes: &[String],
    standings: &crate::tournament::tiebreak::Standings,
) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    let name_width = tournament
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let widths: Vec<usize> = codes.iter().map(|c| c.len().max(6)).collect();
    let mut header = format!(
        "{:>4} {:>4}  {:<name_width$} {:>4} {:>5}",
        "Rank", "No", "Name", "Rtg", "Pts"
    );
    for (code, width) in codes.iter().zip(&widths) {
        header.push_str(&format!(" {code:>width$}"));
    }
    writeln!(out, "{}", tournament.name)?;
    writeln!(out, "Standings after round {}", standings.rounds)?;
    writeln!(out, "{header}")?;
    for row in &standings.rows {
        let player = tournament.player(row.player);
        let name = player.map(|p| p.name.as_str()).unwrap_or("");
        let rating = player.map_or(0, |p| p.rating);
        let mut line = format!(
            "{:>4} {:>4}  {:<name_width$} {:>4} {:>5}",
            row.rank,
            row.player.0,
            name,
            rating,
            row.points.to_string()
        );
        for (value, width) in row.values.iter().zip(&widths) {
            let text = value.map_or("-".to_string(), |v| v.display());
            line.push_str(&format!(" {text:>width$}"));
        }
        if let Some(lot) = row.lot {
            line.push_str(&format!("  (lot {lot})"));
        }
        writeln!(out, "{line}")?;
    }
    if let Some(seed) = standings.seed {
        writeln!(
            out,
            "Ties left after the list are broken by lot (C.07 Art. 4.2), seed {seed}."
        )?;
    }
    Ok(())
}

/// The working of one value, in words (one line per element).
pub fn describe(working: &Working) -> String {
    let mut out = format!(
        "{} (C.07 Art. {}) = {}",
        working.tie_break.fide_code(),
        working.tie_break.kind.article(),
        working.value.map_or("-".to_string(), |v| v.display())
    );
    for element in &working.elements {
        let opponent = element.opponent.map_or("-".to_string(), |o| o.to_string());
        let how = match element.source {
            Source::Played { real_score: None } => "played".to_string(),
            Source::Played {
                real_score: Some(real),
            } => format!("opponent's score adjusted (Art. 16.3; real {real})"),
            Source::Dummy { category, own, cap } => format!(
                "unplayed (Art. {}): dummy = own score {own}, at most {cap} (Art. 16.4)",
                category.article()
            ),
            Source::Own => "own round".to_string(),
            Source::Whole => "value".to_string(),
        };
        let cut = if element.cut { "  CUT" } else { "" };
        out.push_str(&format!(
            "\n  round {:>2}  opponent {:>4}  value {:>8}  {how}{cut}",
            element.round,
            opponent,
            working.element_value(element).display()
        ));
    }
    out
}
