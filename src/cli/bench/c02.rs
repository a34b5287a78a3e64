//! `arbiter bench c02`: FIDE's endorsement run for pairing programs (C.02) — generated
//! tournaments, every round re-paired by an oracle (the module doc of `bench` tells the whole).

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::day::engines;
use crate::formats::trf;
use crate::pairing::dutch::{self, PairingError};
use crate::pairing::generator::{self, GenerateError};
use crate::tournament::Tournament;

/// Arguments of `arbiter bench c02`.
#[derive(Debug, clap::Args)]
pub struct C02Args {
    /// How many tournaments to make and check.
    #[arg(long, default_value_t = 100)]
    pub count: u64,
    /// The oracle: a Dutch checker with bbpPairings' command line (`PATH --dutch FILE -c`,
    /// `PATH --dutch FILE -p OUT`). Without it, our own checker re-reads every file.
    #[arg(long, value_name = "PATH")]
    pub oracle: Option<PathBuf>,
    /// The run's seed: tournament i of seed S is always the same tournament.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The index of the first tournament (to run a seed in parts: 0, then 10000, ...).
    #[arg(long, default_value_t = 0)]
    pub first: u64,
    /// Field sizes, both ends included, e.g. `7..160` or `161..500`.
    #[arg(long, default_value = "7..160")]
    pub players: PlayerRange,
    /// Where to keep each tournament that differs (with the oracle's answer).
    #[arg(long, default_value = "c02-discrepancies")]
    pub out: PathBuf,
    /// Tournaments checked at the same time.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

/// A range of field sizes, `A..B` or `A..=B`, both ends included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRange(pub RangeInclusive<u32>);

impl FromStr for PlayerRange {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (low, high) = text
            .split_once("..=")
            .or_else(|| text.split_once(".."))
            .ok_or_else(|| format!("`{text}`: expected A..B, e.g. 7..160"))?;
        let number = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|e| format!("`{text}`: {s}: {e}"))
        };
        let (low, high) = (number(low)?, number(high)?);
        if low < 2 || high < low {
            return Err(format!("`{text}`: at least 2 players, and A ≤ B"));
        }
        Ok(PlayerRange(low..=high))
    }
}

/// What the check of one tournament found.
#[derive(Debug)]
struct Outcome {
    /// Rounds the checker re-paired (and the stopped round, if the oracle was asked to pair it).
    rounds: u64,
    /// Our engine found no pairing for this round and the checker agrees.
    stopped: Option<u32>,
    /// What differs, if anything.
    discrepancy: Option<String>,
}

/// Runs `arbiter bench c02`.
pub fn run(args: &C02Args) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(args.count > 0, "--count: at least one tournament");
    anyhow::ensure!(args.jobs > 0, "--jobs: at least one");
    if let Some(oracle) = &args.oracle {
        anyhow::ensure!(oracle.is_file(), "{}: no such oracle", oracle.display());
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| anyhow::anyhow!("{}: {e}", args.out.display()))?;
    let scratch = std::env::temp_dir().join(format!("arbiter-c02-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let end = args.first + args.count;
    let next = AtomicU64::new(args.first);
    let stop = AtomicBool::new(false);
    let start = Instant::now();
    let (sender, receiver) = mpsc::channel();
    let mut totals = Totals::default();
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
                    let outcome = check_tournament(args, index, scratch);
                    if sender.send((index, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut last_report = Instant::now();
        for (index, outcome) in receiver {
            match outcome {
                Ok(outcome) => totals.add(args, index, outcome),
                Err(error) => {
                    stop.store(true, Ordering::Relaxed);
                    return Some(
                        error.context(format!("tournament {index} of seed {}", args.seed)),
                    );
                }
            }
            if last_report.elapsed() >= Duration::from_secs(5) {
                last_report = Instant::now();
                eprintln!("{}", totals.progress(args.count, start.elapsed()));
            }
        }
        None
    });
    // The scratch files are copies; the kept ones are in --out.
    std::fs::remove_dir_all(&scratch).ok();
    if let Some(error) = failure {
        return Err(error);
    }
    let seconds = start.elapsed().as_secs_f64();
    let checker = args.oracle.as_ref().map_or_else(
        || "arbiter's own checker (no oracle)".to_owned(),
        |path| path.display().to_string(),
    );
    println!(
        "seed {}, tournaments {}..{}, players {}..{}, checked by {checker}",
        args.seed,
        args.first,
        end - 1,
        args.players.0.start(),
        args.players.0.end()
    );
    println!(
        "{} stopped early: no pairing for a round, and the checker finds none either",
        totals.stopped
    );
    println!(
        "{seconds:.0} s, {:.2} tournaments/s",
        totals.tournaments as f64 / seconds.max(1e-9)
    );
    if totals.discrepancies > 0 {
        println!("differing tournaments kept in {}", args.out.display());
    }
    println!(
        "{} tournaments, {} rounds, {} discrepancies",
        totals.tournaments, totals.rounds, totals.discrepancies
    );
    Ok(if totals.discrepancies == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The run's counts so far.
#[derive(Debug, Default)]
struct Totals {
    tournaments: u64,
    rounds: u64,
    stopped: u64,
    discrepancies: u64,
}

impl Totals {
    fn add(&mut self, args: &C02Args, index: u64, outcome: Outcome) {
        self.tournaments += 1;
        self.rounds += outcome.rounds;
        self.stopped += u64::from(outcome.stopped.is_some());
        if let Some(what) = outcome.discrepancy {
            self.discrepancies += 1;
            eprintln!(
                "DISCREPANCY: tournament {index} of seed {}: {what} (kept in {})",
                args.seed,
                args.out.display()
            );
        }
    }

    /// `c02: 120/1000 tournaments (12%), 2.4/s, ETA 6m07s; 1,131 rounds, 0 discrepancies`.
    fn progress(&self, total: u64, elapsed: Duration) -> String {
        let rate = self.tournaments as f64 / elapsed.as_secs_f64().max(1e-9);
        let left = total.saturating_sub(self.tournaments) as f64 / rate.max(1e-9);
        format!(
            "c02: {}/{total} tournaments ({}%), {rate:.2}/s, ETA {}; {} rounds, {} discrepancies",
            self.tournaments,
            self.tournaments * 100 / total.max(1),
            minutes(left),
            self.rounds,
            self.discrepancies
        )
    }
}

fn minutes(seconds: f64) -> String {
    let seconds = seconds.round() as u64;
    format!("{}m{:02}s", seconds / 60, seconds % 60)
}

/// The file name of tournament `index` of the run.
fn file_name(args: &C02Args, index: u64) -> String {
    format!("c02_s{}_t{index}", args.seed)
}

/// Makes tournament `index` and checks it.
fn check_tournament(args: &C02Args, index: u64, scratch: &Path) -> anyhow::Result<Outcome> {
    let (profile, seed) = generator::sample_profile(args.seed, index, args.players.0.clone());
    let name = file_name(args, index);
    match generator::generate(&profile, seed) {
        Ok(tournament) => {
            let text = trf::write(&tournament);
            let (rounds, difference) = check_rounds(args, &name, &text, scratch)?;
            if let Some(difference) = &difference {
                keep(args, &name, &text, difference)?;
            }
            Ok(Outcome {
                rounds,
                stopped: None,
                discrepancy: difference,
            })
        }
        Err(GenerateError::NoPairing {
            round,
            error: PairingError::NoValidPairing,
            so_far,
        }) => check_stopped(args, &name, round, &so_far, scratch),
        Err(error) => Err(error.into()),
    }
}

/// A tournament our engine could not pair beyond `round − 1`: the rounds before are checked,
/// and the checker must find no pairing for `round` either.
fn check_stopped(
    args: &C02Args,
    name: &str,
    round: u32,
    so_far: &Tournament,
    scratch: &Path,
) -> anyhow::Result<Outcome> {
    let mut played = so_far.clone();
    let mut to_pair = so_far.clone();
    let points = so_far.points;
    for (done, next) in played.players.iter_mut().zip(&mut to_pair.players) {
        done.rounds.truncate(round as usize - 1);
        let score = done.rounds.iter().map(|e| points.score(e.result)).sum();
        done.declared_points = Some(score);
        next.declared_points = Some(score);
    }
    let played_text = trf::write(&played);
    let (mut rounds, mut difference) = if round > 1 {
        check_rounds(args, name, &played_text, scratch)?
    } else {
        (0, None)
    };
    let to_pair_text = trf::write(&to_pair);
    let paired = match &args.oracle {
        Some(oracle) => {
            let input = scratch.join(format!("{name}_round{round}.trf"));
            let output = scratch.join(format!("{name}_round{round}.pairs"));
            std::fs::write(&input, &to_pair_text)?;
            let answer = Command::new(oracle)
                .arg("--dutch")
                .arg(&input)
                .arg("-p")
                .arg(&output)
                .output()
                .map_err(|e| anyhow::anyhow!("{}: {e}", oracle.display()))?;
            let pairs = std::fs::read_to_string(&output).unwrap_or_default();
            std::fs::remove_file(&input).ok();
            std::fs::remove_file(&output).ok();
            match answer.status.code() {
                Some(1) => None,
                code => Some(format!(
                    "the oracle answers round {round} with exit {code:?}: {}{}",
                    pairs.trim(),
                    String::from_utf8_lossy(&answer.stderr).trim()
                )),
            }
        }
        None => {
            let parsed = trf::parse(&to_pair_text)
                .map_err(|e| anyhow::anyhow!("{name} round {round}: our own file: {e}"))?;
            match engines::pair_swiss(&parsed) {
                Err(PairingError::NoValidPairing) => None,
                other => Some(format!("read back, round {round} pairs: {other:?}")),
            }
        }
    };
    rounds += 1;
    if let Some(paired) = paired {
        let what = format!("our engine finds no pairing for round {round}; {paired}");
        keep(args, &format!("{name}_round{round}"), &to_pair_text, &what)?;
        difference = Some(difference.map_or(what.clone(), |d| format!("{d}; {what}")));
    }
    if let Some(difference) = &difference
        && round > 1
    {
        keep(args, name, &played_text, difference)?;
    }
    Ok(Outcome {
        rounds,
        stopped: difference.is_none().then_some(round),
        discrepancy: difference,
    })
}

/// Checks every round of the tournament in `text`: the number of rounds re-paired, and what
/// differs, if anything.
fn check_rounds(
    args: &C02Args,
    name: &str,
    text: &str,
    scratch: &Path,
) -> anyhow::Result<(u64, Option<String>)> {
    let Some(oracle) = &args.oracle else {
        let tournament =
            trf::parse(text).map_err(|e| anyhow::anyhow!("{name}: our own file: {e}"))?;
        let rounds = u64::from(dutch::next_round(&tournament) - 1);
        let differing: Vec<String> = dutch::check_rounds(&tournament)
            .iter()
            .map(crate::cli::pair::describe)
            .collect();
        return Ok((
            rounds,
            (!differing.is_empty()).then(|| differing.join("; ")),
        ));
    };
    let input = scratch.join(format!("{name}.trf"));
    std::fs::write(&input, text)?;
    let answer = Command::new(oracle)
        .arg("--dutch")
        .arg(&input)
        .arg("-c")
        .output()
        .map_err(|e| anyhow::anyhow!("{}: {e}", oracle.display()))?;
    std::fs::remove_file(&input).ok();
    let stdout = String::from_utf8_lossy(&answer.stdout);
    let stderr = String::from_utf8_lossy(&answer.stderr);
    let report = read_check(&stdout);
    let mut problems = Vec::new();
    if !answer.status.success() {
        problems.push(format!("the oracle exits with {:?}", answer.status.code()));
    }
    if !report.differing.is_empty() {
        problems.push(format!("rounds {:?} differ", report.differing));
    }
    if !report.unread.is_empty() || !stderr.trim().is_empty() {
        problems.push("the oracle says more than its round list".to_owned());
    }
    if problems.is_empty() {
        return Ok((report.rounds, None));
    }
    let what = problems.join(", ");
    let answer_text = format!("{what}\n--- oracle stdout\n{stdout}--- oracle stderr\n{stderr}");
    std::fs::write(args.out.join(format!("{name}.oracle.txt")), answer_text)?;
    Ok((report.rounds, Some(what)))
}

/// Keeps a differing tournament in `--out` as `NAME.trf`, with `NAME.txt` saying what differs.
fn keep(args: &C02Args, name: &str, text: &str, what: &str) -> anyhow::Result<()> {
    std::fs::write(args.out.join(format!("{name}.trf")), text)?;
    std::fs::write(args.out.join(format!("{name}.txt")), format!("{what}\n"))?;
    Ok(())
}

/// What the oracle's check (`-c`) printed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Rounds it re-paired (`NAME: Round #k` lines).
    pub rounds: u64,
    /// Rounds followed by anything (its table of differing pairs, or a message).
    pub differing: Vec<u32>,
    /// Lines before the first round, which it should not print.
    pub unread: Vec<String>,
}

/// Reads a bbpPairings-style check: `NAME: Round #k` per round; under a round it pairs
/// otherwise, a "Checker pairings / Tournament pairings" table of the pairs that differ.
pub fn read_check(stdout: &str) -> CheckReport {
    let mut report = CheckReport::default();
    let mut current = None;
    for line in stdout.lines() {
        let round = line
            .rsplit_once(": Round #")
            .and_then(|(_, number)| number.trim().parse::<u32>().ok());
        if let Some(round) = round {
            report.rounds += 1;
            current = Some(round);
        } else if !line.trim().is_empty() {
            match current {
                Some(round) if report.differing.last() != Some(&round) => {
                    report.differing.push(round);
                }
                Some(_) => {}
                None => report.unread.push(line.to_owned()),
            }
        }
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_with_one_differing_round_names_it() {
        let stdout = "t: Round #1\nt: Round #2\n  Checker pairings        Tournament pairings \n     60 -  73                 76 -  60\n     76 -  63                 73 -  63\n\n\nt: Round #3\n";
        let report = read_check(stdout);
        assert_eq!(report.rounds, 3);
        assert_eq!(report.differing, vec![2]);
        assert!(report.unread.is_empty());
    }

    #[test]
    fn a_check_where_every_round_agrees_has_no_differing_round() {
        let report = read_check("a b: Round #1\na b: Round #2\n");
        assert_eq!(report.rounds, 2);
        assert!(report.differing.is_empty());
    }

    #[test]
    fn player_ranges_include_both_ends() {
        assert_eq!("7..160".parse(), Ok(PlayerRange(7..=160)));
        assert_eq!("161..=500".parse(), Ok(PlayerRange(161..=500)));
        assert!("1..5".parse::<PlayerRange>().is_err());
        assert!("9..8".parse::<PlayerRange>().is_err());
        assert!("nine".parse::<PlayerRange>().is_err());
    }
}
