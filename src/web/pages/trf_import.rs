//! The TRF import's page and plan: the form with the reasons a file was refused, and what a
//! file becomes before the one store write — read and checked ([`trf::read_records`], the
//! players' records against each other), the core's [`ImportPlan`] or a team file's
//! [`LeaguePlan`], the new tournament's fields checked as the tournament form checks them —
//! with the notes shown after the import ([`plan_import`]).

use askama::Template;

use crate::day::import::{ImportPlan, ImportRefusal, LeaguePlan};
use crate::db::models::{
    NewPlayer, NewTournament, PairingSystem, ReportColumns, TournamentId, UserId,
};
use crate::formats::trf;
use crate::tournament::team::TeamEvent;
use crate::web::PageContext;
use crate::web::i18n::records::cross_problem_text;
use crate::web::i18n::team_file::team_file_text;
use crate::web::i18n::trf::trf_problem_text;
use crate::web::pages::tournament_form::{DATE, TournamentForm};

/// The most reader's notes shown after an import (the rest are counted).
pub const MAX_NOTES: usize = 20;

/// The import page.
#[derive(Template)]
#[template(path = "trf_import/form.html")]
pub struct TrfImportPage {
    /// Layout context.
    pub ctx: PageContext,
    /// The text sent back after a problem.
    pub text: String,
    /// Problems: "line L, column C: reason".
    pub errors: Vec<String>,
}

/// A file planned for import: what the store writes and the notes shown after it.
pub enum PlannedImport {
    /// A team file (TRF-2026 310 records): a team league or a team Swiss with its teams,
    /// squads, matches, boards, forfeited matches and penalties.
    Teams {
        /// The new tournament.
        new: NewTournament,
        /// The team event read.
        event: Box<TeamEvent>,
        /// What it becomes.
        league: Box<LeaguePlan>,
        /// The report's columns kept.
        columns: ReportColumns,
        /// The notes.
        notes: Vec<String>,
    },
    /// An individual event.
    Individual {
        /// The new tournament.
        new: NewTournament,
        /// The report's columns kept.
        columns: ReportColumns,
        /// Its rounds, results and byes ahead.
        plan: Box<ImportPlan>,
        /// Its players in starting-rank order.
        players: Vec<NewPlayer>,
        /// The notes.
        notes: Vec<String>,
    },
}

/// `reason` at `line` and `column` of the file, in the visitor's language.
fn at_line(ctx: &PageContext, line: usize, column: usize, reason: &str) -> String {
    ctx.lang.t_with(
        "day.trf.error",
        &[
            ("line", &line.to_string()),
            ("column", &column.to_string()),
            ("reason", reason),
        ],
    )
}

/// The file's records, its players' records checked against each other as [`trf::read`]
/// checks them; or why not, with the line and column (the cross-check's problems in the
/// visitor's language).
fn read_file(ctx: &PageContext, text: &str) -> Result<trf::TrfRead, String> {
    let mut read = trf::read_records(text).map_err(|error| {
        at_line(
            ctx,
            error.line,
            error.column,
            &trf_problem_text(ctx.lang, &error.problem),
        )
    })?;
    for (line, column, problem) in trf::cross_problems(&read) {
        match problem {
            // The results are the record (the standings rank by them): a points column that
            // says otherwise is noted, naming its line, not refused.
            trf::CrossProblem::PointsDiffer { .. } => read.warnings.push(trf::TrfWarning::new(
                line,
                column,
                trf::TrfProblem::PointsDiffer(problem),
            )),
            _ => {
                return Err(at_line(
                    ctx,
                    line,
                    column,
                    &cross_problem_text(ctx.lang, &problem),
                ));
            }
        }
    }
    read.warnings.sort_by_key(|w| (w.line, w.column));
    Ok(read)
}

/// Why the file cannot be taken in, in the visitor's language; a refusal of something one
/// record says names its line and column (`rounds_line`: the line of the number of rounds,
/// `player_lines`: the line of each player's record).
fn refusal_message(
    ctx: &PageContext,
    refusal: &ImportRefusal,
    rounds_line: Option<usize>,
    player_lines: &[usize],
) -> String {
    match refusal {
        ImportRefusal::TooManyRoundsAnnounced { rounds, limit } => at_line(
            ctx,
            rounds_line.unwrap_or(1),
            5,
            &ctx.lang.t_with(
                "day.trf.too_many_rounds_announced",
                &[
                    ("rounds", &rounds.to_string()),
                    ("limit", &limit.to_string()),
                ],
            ),
        ),
        ImportRefusal::TooManyRoundsPlayed {
            player,
            round,
            limit,
        } => at_line(
            ctx,
            player_lines.get(*player).copied().unwrap_or(1),
            trf::round_entry_column(*round),
            &ctx.lang.t_with(
                "day.trf.too_many_rounds_played",
                &[("round", &round.to_string()), ("limit", &limit.to_string())],
            ),
        ),
        ImportRefusal::NoPlayers => ctx.t("day.trf.no_players"),
        ImportRefusal::Unmatched(unmatched) => cross_problem_text(
            ctx.lang,
            &trf::CrossProblem::NotPairedBack {
                round: unmatched.round,
                player: unmatched.player,
                opponent: unmatched.opponent,
            },
        ),
        ImportRefusal::ByeAheadNotRequestable {
            player,
            round,
            code,
        } => ctx.lang.t_with(
            "day.trf.bye_ahead_not_requestable",
            &[
                ("player", &player.to_string()),
                ("round", &round.to_string()),
                ("code", &code.to_string()),
            ],
        ),
    }
}

/// Reads `text` (an upload read in `encoding`, or pasted) and plans its import for `owner`;
/// or the reasons it is refused (the file's line and column, or the form's fields), in the
/// visitor's language.
pub fn plan_import(
    ctx: &PageContext,
    text: &str,
    encoding: Option<&str>,
    owner: UserId,
) -> Result<PlannedImport, Vec<String>> {
    if text.trim().is_empty() {
        return Err(vec![ctx.t("day.trf.empty")]);
    }
    let read = read_file(ctx, text).map_err(|message| vec![message])?;
    // The report records (022–132); a value that cannot be read is left out and noted.
    let (header, header_problems) = trf::ReportHeader::read(&read);
    let kept_records: Vec<String> = read
        .tournament
        .other_records
        .iter()
        .filter(|record| !trf::is_report_record(record))
        .cloned()
        .collect();
    let (rounds_line, player_lines) = (read.rounds_line, read.player_lines);
    let games_to_play = read.games_to_play;
    let model = read.tournament;
    let mut warnings = read.warnings;
    warnings.extend(
        header_problems
            .into_iter()
            .map(|problem| trf::TrfWarning::new(problem.line, problem.column, problem.problem)),
    );
    let mut plan = ImportPlan::of(&model, &header.round_dates)
        .map_err(|refusal| vec![refusal_message(ctx, &refusal, rounds_line, &player_lines)])?;
    plan.add_games_to_play(games_to_play.iter().map(|g| (g.round, g.white, g.black)));
    let start_date = header.start_date.unwrap_or_else(|| crate::db::now().date());
    let end_date = header
        .end_date
        .filter(|end| *end >= start_date)
        .unwrap_or(start_date);
    let date = |d: time::Date| d.format(DATE).unwrap_or_default();
    let clip = |text: &str| text.trim().chars().take(200).collect::<String>();
    // The same checks as the tournament form (Art. 10.2 for the point system).
    let form = TournamentForm {
        name: if model.name.trim().is_empty() {
            ctx.t("day.trf.unnamed")
        } else {
            clip(&model.name)
        },
        place: clip(&header.city),
        federation: crate::tournament::entry_fields::parse_federation(&header.federation)
            .unwrap_or_default(),
        start_date: date(start_date),
        end_date: date(end_date),
        chief_arbiter: clip(&header.chief_arbiter),
        time_control: clip(&header.time_control),
        rounds: plan.announced_rounds.to_string(),
        pairing_system: if model.setup.accelerations.is_empty() {
            PairingSystem::SwissDutch
        } else {
            PairingSystem::SwissDutchBaku
        }
        .as_str()
        .to_owned(),
        default_time_minutes: "0".to_owned(),
        ..TournamentForm::from_points(&model.points)
    };
    let new = form.check(ctx, owner)?;
    let deputy_arbiters = header
        .deputies
        .iter()
        .map(|deputy| clip(deputy))
        .collect::<Vec<_>>()
        .join("\n");
    let mut notes: Vec<String> = Vec::new();
    let file_notes = |notes: &mut Vec<String>| {
        notes.extend(warnings.iter().take(MAX_NOTES).map(|warning| {
            at_line(
                ctx,
                warning.line,
                warning.column,
                &trf_problem_text(ctx.lang, &warning.problem),
            )
        }));
    };
    if !model.teams.teams.is_empty() {
        let to_play: Vec<_> = games_to_play
            .iter()
            .map(|g| (g.round, g.white, g.black))
            .collect();
        let (event, league) = TeamEvent::from_tournament_under_way(&model, &to_play)
            .and_then(|event| {
                LeaguePlan::of(&model, &event, plan.schedule).map(|league| (event, league))
            })
            .map_err(|error| vec![team_file_text(ctx.lang, &error)])?;
        // The league writes its own ranking list and system records again.
        let columns = ReportColumns {
            deputy_arbiters,
            report_type: clip(&header.kind),
            report_records: kept_records
                .iter()
                .filter(|record| {
                    !["192", "202", "212"]
                        .iter()
                        .any(|tag| record.starts_with(tag))
                })
                .cloned()
                .collect::<Vec<_>>()
                .join("\n"),
        };
        file_notes(&mut notes);
        if let Some(problem) = &league.ranking_problem {
            let order = ctx.t("league.order.match_points_first");
            notes.push(ctx.lang.t_with(
                "day.trf.ranking_unread",
                &[("reason", problem), ("order", &order)],
            ));
        }
        return Ok(PlannedImport::Teams {
            new,
            event: Box::new(event),
            league: Box::new(league),
            columns,
            notes,
        });
    }
    let players: Vec<NewPlayer> = model
        .players
        .iter()
        .map(|player| NewPlayer::of_entrant(TournamentId(0), player))
        .collect();
    let columns = ReportColumns {
        deputy_arbiters,
        report_type: clip(&header.kind),
        report_records: kept_records.join("\n"),
    };
    notes.push(ctx.lang.t_with(
        "day.trf.imported",
        &[
            (
                "players",
                &ctx.lang.counted("players", players.len() as u64),
            ),
            (
                "rounds",
                &ctx.lang.counted("paired_rounds", plan.rounds.len() as u64),
            ),
            (
                "byes",
                &ctx.lang.counted("byes_ahead", plan.byes.len() as u64),
            ),
        ],
    ));
    file_notes(&mut notes);
    if plan.blanks_ahead > 0 {
        notes.push(ctx.lang.t_with(
            "day.trf.blanks_ahead",
            &[
                ("count", &plan.blanks_ahead.to_string()),
                ("round", &plan.first_unpaired().to_string()),
            ],
        ));
    }
    if let Some(encoding) = encoding {
        notes.push(ctx.t_with_name("import.encoding_read", encoding));
    }
    if warnings.len() > MAX_NOTES {
        notes.push(ctx.lang.t_with(
            "day.trf.more_notes",
            &[("count", &(warnings.len() - MAX_NOTES).to_string())],
        ));
    }
    Ok(PlannedImport::Individual {
        new,
        columns,
        plan: Box::new(plan),
        players,
        notes,
    })
}
