//! `arbiter bench c046`: the endorsement run (C.02) of our team Swiss engine (C.04.6) —
//! generated team events, every round re-paired by an independent checker.
//!
//! Event `i` of seed `S` is made by [`sample_profile`] and [`generate`] (every round paired by
//! our engine) and written as TRF-2026; the oracle, FIDE's `gacrux` checker, re-pairs every
//! round (`PYTHON -m gacrux.pairingchecker -i FILE -m fideteam[-typeb][-gp+mp] -c -d T`, whose
//! last line is `Check: True` or `Check: False`). An event whose generation stopped at a round
//! with no pairing (possible with teams absent, or late in a small field) is checked up to the
//! round before, and that round is paired by both with every team present (the file cannot say
//! who was absent; the oracle with `-p`): the pairings, or the lack of one, must agree. Differing
//! events are kept in `--out` with the
//! oracle's answer; progress goes to stderr every 5 s; the last line on stdout is
//! `N tournaments, M rounds, K discrepancies`. With the oracle, each finished event's team
//! standings are also compared with TieBreakServer's (`gacrux.tiebreakchecker -s`, C.07 Art. 11–13 and 16:
//! the primary and secondary score, BH:MP, BH:GP, EMGSB, EGMSB/C1, EGGSB and EDE, rank and
//! value of every team); a difference counts as a discrepancy of the event. Without `--oracle`
//! our own checker ([`checker::check_rounds`]) re-reads each file.
//!
//! [`sample_profile`]: crate::pairing::team_swiss::generator::sample_profile
//! [`generate`]: crate::pairing::team_swiss::generator::generate

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::day::engines;
use crate::formats::trf;
use crate::pairing::team_swiss::generator::{self, GenerateError, Profile};
use crate::pairing::team_swiss::{
    self, ColourPreferences, PrimaryScore, TeamPairingError, checker,
};

use super::c02::PlayerRange;

/// Arguments of `arbiter bench c046`.
#[derive(Debug, clap::Args)]
pub struct C046Args {
    /// How many events to make and check.
    #[arg(long, default_value_t = 100)]
    pub count: u64,
    /// A Python with `gacrux` installed (the oracle). Without it, our own checker re-reads
    /// every file.
    #[arg(long, value_name = "PYTHON")]
    pub oracle: Option<PathBuf>,
    /// The run's seed: event i of seed S is always the same event.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The index of the first event (to run a seed in parts).
    #[arg(long, default_value_t = 0)]
    pub first: u64,
    /// Field sizes in teams, both ends included.
    #[arg(long, default_value = "5..80")]
    pub teams: PlayerRange,
    /// Where to keep each event that differs (with the oracle's answer).
    #[arg(long, default_value = "c046-discrepancies")]
    pub out: PathBuf,
    /// Events checked at the same time.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

/// What the check of one event found.
#[derive(Debug)]
struct Outcome {
    rounds: u64,
    stopped: bool,
    discrepancy: Option<String>,
}

/// Runs `arbiter bench c046`.
pub fn run(args: &C046Args) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(args.count > 0, "--count: at least one event");
    anyhow::ensure!(args.jobs > 0, "--jobs: at least one");
    std::fs::create_dir_all(&args.out)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.out.display()))?;
    let scratch = std::env::temp_dir().join(format!("arbiter-c046-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let end = args.first + args.count;
    let next = AtomicU64::new(args.first);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let (sender, receiver) = mpsc::channel();
    let (mut events, mut rounds, mut stopped, mut discrepancies) = (0u64, 0u64, 0u64, 0u64);
    let failure = std::thread::scope(|scope| {
        for _ in 0..args.jobs {
            let sender = sender.clone();
            let (next, stop, scratch) = (&next, &stop, &scratch);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= end {
                        break;
                    }
                    if sender
                        .send((index, check_event(args, index, scratch)))
                        .is_err()
                    {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut last_report = Instant::now();
        for (index, outcome) in receiver {
            match outcome {
                Ok(outcome) => {
                    events += 1;
                    rounds += outcome.rounds;
                    stopped += u64::from(outcome.stopped);
                    if let Some(what) = outcome.discrepancy {
                        discrepancies += 1;
                        eprintln!(
                            "DISCREPANCY: event {index} of seed {}: {what} (kept in {})",
                            args.seed,
                            args.out.display()
                        );
                    }
                }
                Err(error) => {
                    stop.store(true, Ordering::Relaxed);
                    return Some(error.context(format!("event {index} of seed {}", args.seed)));
                }
            }
            if last_report.elapsed() >= Duration::from_secs(5) {
                last_report = Instant::now();
                let rate = events as f64 / start.elapsed().as_secs_f64().max(1e-9);
                eprintln!(
                    "c046: {events}/{} events, {rate:.2}/s; {rounds} rounds, {discrepancies} \
                     discrepancies",
                    args.count
                );
            }
        }
        None
    });
    std::fs::remove_dir_all(&scratch).ok();
    if let Some(error) = failure {
        return Err(error);
    }
    let seconds = start.elapsed().as_secs_f64();
    let checker = args.oracle.as_ref().map_or_else(
        || "arbiter's own checker (no oracle)".to_owned(),
        |path| format!("{} -m gacrux.pairingchecker", path.display()),
    );
    println!(
        "seed {}, events {}..{}, teams {}..{}, checked by {checker}",
        args.seed,
        args.first,
        end - 1,
        args.teams.0.start(),
        args.teams.0.end()
    );
    println!(
        "{stopped} stopped early: no pairing for a round with its absences; that round with every \
         team present paired alike by both"
    );
    println!(
        "{seconds:.0} s, {:.2} events/s",
        events as f64 / seconds.max(1e-9)
    );
    if discrepancies > 0 {
        println!("differing events kept in {}", args.out.display());
    }
    println!("{events} tournaments, {rounds} rounds, {discrepancies} discrepancies");
    Ok(if discrepancies == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The oracle's `-m` for the event's rules.
fn method(profile: &Profile) -> String {
    let mut method = "fideteam".to_owned();
    if profile.options.colours == ColourPreferences::TypeB {
        method.push_str("-typeb");
    }
    if profile.options.primary == PrimaryScore::GamePoints {
        method.push_str("-gp+mp");
    }
    method
}

/// Makes event `index` and checks it.
fn check_event(args: &C046Args, index: u64, scratch: &Path) -> anyhow::Result<Outcome> {
    let (profile, seed) = generator::sample_profile(args.seed, index, args.teams.0.clone());
    let name = format!("c046_s{}_e{index}", args.seed);
    let (tournament, stopped_at) = match generator::generate(&profile, seed) {
        Ok(tournament) => (tournament, None),
        Err(GenerateError::NoPairing {
            round,
            error: TeamPairingError::NoPairing(_),
            so_far,
        }) => (*so_far, Some(round)),
        Err(error) => return Err(error.into()),
    };
    let text = trf::write(&tournament);
    let file = scratch.join(format!("{name}.trf"));
    std::fs::write(&file, &text)?;
    let result = check_file(args, &profile, &file, &text, stopped_at);
    std::fs::remove_file(&file).ok();
    let (rounds, discrepancy) = result?;
    if let Some(what) = &discrepancy {
        std::fs::write(args.out.join(format!("{name}.trf")), &text)?;
        std::fs::write(args.out.join(format!("{name}.txt")), format!("{what}\n"))?;
    }
    Ok(Outcome {
        rounds,
        stopped: stopped_at.is_some() && discrepancy.is_none(),
        discrepancy,
    })
}

/// Checks the rounds of `file`, and the round it stopped at if any: the rounds re-paired and
/// what differs.
fn check_file(
    args: &C046Args,
    profile: &Profile,
    file: &Path,
    text: &str,
    stopped_at: Option<u32>,
) -> anyhow::Result<(u64, Option<String>)> {
    let tournament = trf::parse(text).map_err(|e| anyhow::anyhow!("our own file: {e}"))?;
    let swiss = team_swiss::team_event_of(&tournament)?;
    let paired = u64::from(swiss.rounds_paired());
    // A stopped event: the round that found no pairing had teams absent; the file cannot say
    // which, so both sides pair that round with every team present, and must agree.
    let everyone: Vec<_> = swiss.event.teams.iter().map(|t| t.id).collect();
    let ours_next = stopped_at.map(|round| {
        let input = team_swiss::round_input(&swiss, round, &everyone, profile.options);
        engines::pair_team_swiss(&input)
            .map(|boards| checker::pairing_set(&boards))
            .unwrap_or_default()
    });
    let Some(python) = &args.oracle else {
        let problems: Vec<String> = checker::check_rounds(&swiss, profile.options)
            .iter()
            .map(crate::cli::pair::describe_team)
            .collect();
        let rounds = paired + u64::from(stopped_at.is_some());
        return Ok((rounds, (!problems.is_empty()).then(|| problems.join("; "))));
    };
    let mut problems = Vec::new();
    let mut answers = String::new();
    if paired > 0 {
        let answer = Command::new(python)
            .args(["-m", "gacrux.pairingchecker", "-i"])
            .arg(file)
            .args(["-m", &method(profile), "-c", "-d", "T"])
            .output()
            .map_err(|e| anyhow::anyhow!("{}: {e}", python.display()))?;
        let stdout = String::from_utf8_lossy(&answer.stdout);
        let stderr = String::from_utf8_lossy(&answer.stderr);
        let verdict = stdout.lines().rev().find(|l| !l.trim().is_empty());
        if verdict.map(str::trim) != Some("Check: True") {
            problems.push(format!(
                "the oracle says {}",
                verdict.unwrap_or("nothing").trim()
            ));
        }
        answers.push_str(&format!("--- check\n{stdout}--- stderr\n{stderr}"));
    }
    // The standings of a finished event (one that stopped early announces rounds it lacks,
    // which the oracle counts as unplayed).
    if paired > 0 && stopped_at.is_none() {
        let (problem, answer) = check_tie_breaks(python, file, &swiss.event, profile)?;
        problems.extend(problem);
        answers.push_str(&answer);
    }
    let mut rounds = paired;
    if let Some(round) = stopped_at {
        rounds += 1;
        let answer = Command::new(python)
            .args(["-m", "gacrux.pairingchecker", "-i"])
            .arg(file)
            .args(["-m", &method(profile), "-p", "-d", "T"])
            .output()
            .map_err(|e| anyhow::anyhow!("{}: {e}", python.display()))?;
        let stdout = String::from_utf8_lossy(&answer.stdout);
        // The oracle's pairing: the count, then `white black` lines (the bye as `N 0`).
        let theirs: std::collections::BTreeSet<(u32, u32)> = stdout
            .lines()
            .skip(1)
            .filter_map(|l| {
                let mut numbers = l.split_whitespace().map(|n| n.parse::<u32>().ok());
                Some((numbers.next()??, numbers.next()??))
            })
            .collect();
        let ours = ours_next.clone().unwrap_or_default();
        if ours != theirs {
            problems.push(format!(
                "round {round} with every team present: we pair {ours:?}, the oracle {theirs:?}"
            ));
        }
        answers.push_str(&format!("--- round {round}\n{stdout}"));
    }
    if problems.is_empty() {
        return Ok((rounds, None));
    }
    let what = problems.join(", ");
    let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned());
    std::fs::write(
        args.out
            .join(format!("{}.oracle.txt", stem.unwrap_or_default())),
        format!("{what}\n{answers}"),
    )?;
    Ok((rounds, Some(what)))
}

/// The team tie-breaks the run compares with TieBreakServer's, after the primary score.
const TIE_BREAKS: [&str; 6] = ["BH:MP", "BH:GP", "EMGSB", "EGMSB/C1", "EGGSB", "EDE"];

/// C.07 (Art. 11–13, 16): the standings of the event by our ranking and by the oracle's
/// `gacrux.tiebreakchecker -s` must agree, rank and value, team by team (EDE by rank only: it
/// decides within a tie and shows no value). Returns the difference, if any, and the answer.
fn check_tie_breaks(
    python: &Path,
    file: &Path,
    event: &crate::tournament::team::TeamEvent,
    profile: &Profile,
) -> anyhow::Result<(Option<String>, String)> {
    use crate::tournament::team::tiebreak::{TeamRanking, TeamTieBreak, rank};
    use crate::tournament::tiebreak::Lots;
    let primary = match profile.options.primary {
        PrimaryScore::MatchPoints => ["MPTS", "GPTS"],
        PrimaryScore::GamePoints => ["GPTS", "MPTS"],
    };
    let codes: Vec<&str> = primary.into_iter().chain(TIE_BREAKS).collect();
    let answer = Command::new(python)
        .args(["-m", "gacrux.tiebreakchecker", "-i"])
        .arg(file)
        .args(["-o", "-", "-s", "-d", ";", "-F", "TEXT", "-t"])
        .args(&codes)
        .output()
        .map_err(|e| anyhow::anyhow!("{}: {e}", python.display()))?;
    let stdout = String::from_utf8_lossy(&answer.stdout).into_owned();
    let ranking = TeamRanking {
        list: TeamTieBreak::parse_list(&codes.join(",")).map_err(anyhow::Error::msg)?,
        swiss: true,
        lots: Lots::Shared,
    };
    let ours = rank(event, &ranking, event.rounds_played());
    let mut differences = Vec::new();
    let mut seen = 0;
    for line in stdout.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let (Some(start), Some(their_rank)) = (
            fields.first().and_then(|f| f.parse::<u32>().ok()),
            fields.get(1).and_then(|f| f.parse::<u32>().ok()),
        ) else {
            continue;
        };
        seen += 1;
        let Some(row) = ours.rows.iter().find(|r| r.team.0 == start) else {
            differences.push(format!("team {start} is not in our standings"));
            continue;
        };
        if row.rank != their_rank {
            differences.push(format!(
                "team {start}: rank {} (oracle {their_rank})",
                row.rank
            ));
        }
        for ((code, value), theirs) in codes.iter().zip(&row.values).zip(&fields[2..]) {
            let Ok(theirs) = theirs.parse::<f64>() else {
                continue;
            };
            if *code != "EDE" && (value.as_f64() - theirs).abs() > 1e-6 {
                differences.push(format!(
                    "team {start}: {code} {} (oracle {theirs})",
                    value.display()
                ));
            }
        }
    }
    if seen != ours.rows.len() {
        differences.push(format!(
            "the oracle ranked {seen} teams, we {}",
            ours.rows.len()
        ));
    }
    let problem =
        (!differences.is_empty()).then(|| format!("tie-breaks differ: {}", differences.join("; ")));
    Ok((problem, format!("--- tie-breaks\n{stdout}")))
}
