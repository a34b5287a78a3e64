//! `arbiter report check FILE.trf [--json]`: a tournament report checked as FIDE's rating
//! officer checks it ([`crate::formats::rating_report`]). Each problem is printed with its
//! line and field; the exit code is 0 when there is none, 1 otherwise.

use std::io::Write as _;
use std::process::ExitCode;

use clap::Subcommand;

use crate::formats::rating_report;

/// Arguments of `arbiter report`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub action: Action,
}

/// `arbiter report` actions.
#[derive(Debug, Subcommand)]
pub enum Action {
    /// Check a TRF report before it goes to FIDE: event records, round dates, FIDE IDs,
    /// opponents, colours, result codes and points.
    Check {
        /// The report (TRF-2026 or TRF16).
        input: std::path::PathBuf,
        /// Print JSON: `{file, ok, problems: [{line, field, reason}]}`.
        #[arg(long)]
        json: bool,
    },
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.action {
        Action::Check { input, json } => check(&input, json),
    }
}

fn check(input: &std::path::Path, json: bool) -> anyhow::Result<ExitCode> {
    let text = super::read_text(input)?;
    let problems = rating_report::check_text(&text);
    let mut out = std::io::stdout().lock();
    if json {
        let report = serde_json::json!({
            "file": input.display().to_string(),
            "ok": problems.is_empty(),
            "problems": problems,
        });
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
    } else if problems.is_empty() {
        writeln!(out, "{}: no problems found", input.display())?;
    } else {
        for problem in &problems {
            writeln!(out, "{}: {problem}", input.display())?;
        }
        writeln!(
            out,
            "{}: {} problem{}",
            input.display(),
            problems.len(),
            if problems.len() == 1 { "" } else { "s" }
        )?;
    }
    Ok(if problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
