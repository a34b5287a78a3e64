//! `arbiter norms FILE.trf [--json]`: each player's title norms under FIDE B.01 Art. 1.4
//! ([`crate::tournament::norms`]), with the figures of each verdict: games counted and
//! excluded, federations, titled opponents, the rating-floor adjustment, `Ra`, `dp`, `Rp`,
//! the games left out where that makes a norm, and each rule not met with its article.
//!
//! The host federation comes from `--host`, else the file's `032` record; the event is a
//! round robin with `--round-robin` or when its `092` record says so.

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::Context as _;

use crate::formats::trf::{self, ReportHeader};
use crate::tournament::Tournament;
use crate::tournament::norms::{self, NormFigures, NormSettings, PlayerNorms};

/// Arguments of `arbiter norms`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The tournament (TRF-2026 or TRF16).
    pub input: std::path::PathBuf,
    /// Print JSON: an array of `{start, name, excluded, verdicts}` in starting order.
    #[arg(long)]
    pub json: bool,
    /// The host federation (Art. 1.4.3d); default: the file's `032` record.
    #[arg(long, value_name = "FED")]
    pub host: Option<String>,
    /// Pairings fixed in advance (Art. 1.4.1e, 1.4.2b); default: the `092` record says
    /// "round robin".
    #[arg(long)]
    pub round_robin: bool,
    /// A national championship final, national team championship, zonal or sub-zonal
    /// (Art. 1.4.3a–c): the federation rules do not apply.
    #[arg(long)]
    pub federation_exempt: bool,
    /// Print only the players with a norm.
    #[arg(long)]
    pub achieved: bool,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = super::read_text(&args.input)?;
    let read = trf::read(&text).with_context(|| format!("{}", args.input.display()))?;
    for warning in &read.warnings {
        eprintln!("note: {}: {warning}", args.input.display());
    }
    let (header, problems) = ReportHeader::read(&read);
    for problem in &problems {
        eprintln!("note: {}: {problem}", args.input.display());
    }
    let settings = settings_of(
        &header,
        args.host.clone(),
        args.round_robin,
        args.federation_exempt,
    );
    let tournament = &read.tournament;
    let mut results = norms::evaluate(tournament, &settings);
    if args.achieved {
        results.retain(|p| p.verdicts.iter().any(NormFigures::achieved));
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let rows: Vec<serde_json::Value> =
            results.iter().map(|p| player_json(tournament, p)).collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let exemption = norms::swiss_exemption(tournament, &settings.host_federation);
    writeln!(out, "{}", tournament.name)?;
    writeln!(
        out,
        "Title norms, FIDE B.01 Art. 1.4 (host federation {}; {}; Art. 1.4.3d: {} foreign rated players, {} federations, {} GM/IM/WGM/WIM{})",
        if settings.host_federation.is_empty() {
            "unknown"
        } else {
            &settings.host_federation
        },
        if settings.round_robin {
            "round robin"
        } else {
            "Swiss"
        },
        exemption.foreigners,
        exemption.federations,
        exemption.titled,
        if exemption.applies() && !settings.round_robin {
            ", federation rules waived"
        } else {
            ""
        }
    )?;
    for player_norms in &results {
        write_player(&mut out, tournament, player_norms)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The B.01 settings of a file's event: the host federation `host`, else the file's `032`
/// record; a round robin when `round_robin` or when the `092` record says so.
pub fn settings_of(
    header: &ReportHeader,
    host: Option<String>,
    round_robin: bool,
    federation_exempt: bool,
) -> NormSettings {
    let kind = header.kind.to_ascii_lowercase();
    NormSettings {
        host_federation: host.unwrap_or_else(|| header.federation.clone()),
        round_robin: round_robin || kind.contains("round robin") || kind.contains("round-robin"),
        federation_exempt,
    }
}

fn name_of(tournament: &Tournament, id: crate::tournament::PlayerId) -> String {
    tournament
        .player(id)
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

fn write_player(
    out: &mut impl std::io::Write,
    tournament: &Tournament,
    player_norms: &PlayerNorms,
) -> std::io::Result<()> {
    let Some(player) = tournament.player(player_norms.player) else {
        return Ok(());
    };
    writeln!(
        out,
        "\n{:>4} {} ({}{}{}, {})",
        player.id.0,
        player.name,
        player.title,
        if player.title.is_empty() { "" } else { " " },
        if player.federation.is_empty() {
            "-"
        } else {
            &player.federation
        },
        player.rating
    )?;
    for excluded in &player_norms.excluded {
        writeln!(
            out,
            "     round {}: not counted ({}, Art. {})",
            excluded.round,
            excluded.why.describe(),
            excluded.why.article()
        )?;
    }
    if player_norms.verdicts.is_empty() {
        writeln!(out, "     no norm to gain (title held)")?;
    }
    for verdict in &player_norms.verdicts {
        let floor = verdict
            .raised_to_floor
            .map(|(id, from, to)| format!(", {} raised {from}->{to} (1.4.6)", id.0))
            .unwrap_or_default();
        let left_out = if verdict.left_out.is_empty() {
            String::new()
        } else {
            format!(
                ", rounds {} left out (1.4.1e/f)",
                verdict
                    .left_out
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            )
        };
        writeln!(
            out,
            "     {:<3} {}: {} games, {} pts, {} foreign feds, own fed {}{}, {} titled, {} {}+{floor}, Ra {}, p {}%, dp {}, Rp {}{left_out}",
            verdict.title.code(),
            if verdict.achieved() {
                format!("NORM ({} games)", verdict.counts_as)
            } else {
                "no norm".to_owned()
            },
            verdict.games.len(),
            f64::from(verdict.half_points) / 2.0,
            verdict.foreign_federations,
            verdict.own_federation,
            verdict
                .federation_exemption
                .map(|a| format!(" (waived, {a})"))
                .unwrap_or_default(),
            verdict.title_holders,
            verdict.norm_titled,
            verdict.title.code(),
            verdict.average,
            verdict.percent,
            verdict.dp,
            verdict.performance,
        )?;
        for shortfall in &verdict.shortfalls {
            writeln!(
                out,
                "         Art. {}: {}",
                shortfall.article,
                shortfall.reason()
            )?;
        }
    }
    Ok(())
}

fn player_json(tournament: &Tournament, player_norms: &PlayerNorms) -> serde_json::Value {
    let excluded: Vec<serde_json::Value> = player_norms
        .excluded
        .iter()
        .map(|e| {
            serde_json::json!({
                "round": e.round,
                "opponent": e.opponent.map(|o| o.0),
                "reason": e.why.describe(),
                "article": e.why.article(),
            })
        })
        .collect();
    let verdicts: Vec<serde_json::Value> = player_norms
        .verdicts
        .iter()
        .map(|v| {
            serde_json::json!({
                "title": v.title.code(),
                "norm": v.achieved(),
                "counts_as_games": v.counts_as,
                "games": v.games.iter().map(|g| serde_json::json!({
                    "round": g.round,
                    "opponent": g.opponent.0,
                    "name": name_of(tournament, g.opponent),
                    "federation": g.federation,
                    "title": g.title,
                    "rating": g.rating,
                    "score": f64::from(g.half_points) / 2.0,
                })).collect::<Vec<_>>(),
                "left_out_rounds": v.left_out,
                "score": f64::from(v.half_points) / 2.0,
                "foreign_federations": v.foreign_federations,
                "own_federation": v.own_federation,
                "largest_federation": v.largest_federation.as_ref().map(|(f, c)| serde_json::json!({"federation": f, "opponents": c})),
                "federation_exemption": v.federation_exemption,
                "title_holders": v.title_holders,
                "norm_titled": v.norm_titled,
                "raised_to_floor": v.raised_to_floor.map(|(id, from, to)| serde_json::json!({"opponent": id.0, "from": from, "to": to})),
                "average_rating": v.average,
                "percent": v.percent,
                "dp": v.dp,
                "performance": v.performance,
                "shortfalls": v.shortfalls.iter().map(|s| serde_json::json!({"article": s.article, "reason": s.reason()})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let player = tournament.player(player_norms.player);
    serde_json::json!({
        "start": player_norms.player.0,
        "name": player.map(|p| p.name.clone()).unwrap_or_default(),
        "title": player.map(|p| p.title.clone()).unwrap_or_default(),
        "federation": player.map(|p| p.federation.clone()).unwrap_or_default(),
        "rating": player.map_or(0, |p| p.rating),
        "excluded": excluded,
        "verdicts": verdicts,
    })
}
