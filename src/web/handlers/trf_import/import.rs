//! `POST /tournaments/import`: reads a TRF-2026 (or TRF16) file, uploaded as `file` or pasted
//! as `trf`, and creates an unpublished FIDE (Dutch) Swiss tournament with its players in
//! starting-rank order, its paired rounds (published) and results, and the byes requested and
//! absences announced for rounds not paired yet (a file written between rounds), all in one
//! store write ([`store::import_tournament`]); what the file's rounds and entries become is the
//! core's [`ImportPlan`]. A team file becomes a team league or a team Swiss ([`LeaguePlan`],
//! [`store::import_league`]). A file that cannot be read is refused with the line and column of
//! the problem (422); nothing is stored. What the reader read with a guess is shown on the next
//! page.

use crate::day::import::{ImportPlan, ImportRefusal, LeaguePlan};
use crate::db::models::{NewPlayer, PairingSystem, ReportColumns, TournamentId};
use crate::db::store;
use crate::formats::trf;
use crate::tournament::team::TeamEvent;
use crate::web::extractors::Organiser;
use crate::web::i18n::records::cross_problem_text;
use crate::web::i18n::team_file::team_file_text;
use crate::web::i18n::trf::trf_problem_text;
use crate::web::pages::tournament_form::{DATE, TournamentForm};
use crate::web::pages::trf_import::TrfImportPage;
use crate::web::upload::CsrfFields;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};

/// The most reader's notes shown after an import (the rest are counted).
const MAX_NOTES: usize = 20;

fn refuse(ctx: PageContext, text: String, error: String) -> Result<HttpResponse, AppError> {
    let page = TrfImportPage {
        ctx,
        text,
        errors: vec![error],
    };
    render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
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

/// Imports the file and opens the new tournament.
pub async fn import_trf(
    req: HttpRequest,
    ctx: PageContext,
    organiser: Organiser,
    state: web::Data<AppState>,
    form: CsrfFields,
) -> Result<HttpResponse, AppError> {
    let (text, encoding) = if form.get("file").trim().is_empty() {
        (form.get("trf").to_owned(), None)
    } else {
        (form.get("file").to_owned(), form.encoding("file"))
    };
    if text.trim().is_empty() {
        let message = ctx.t("day.trf.empty");
        return refuse(ctx, text, message);
    }
    let read = match read_file(&ctx, &text) {
        Ok(read) => read,
        Err(message) => return refuse(ctx, text, message),
    };
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
    let mut plan = match ImportPlan::of(&model, &header.round_dates) {
        Ok(plan) => plan,
        Err(refusal) => {
            let message = refusal_message(&ctx, &refusal, rounds_line, &player_lines);
            return refuse(ctx, text, message);
        }
    };
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
    let new = match form.check(&ctx, organiser.id) {
        Ok(new) => new,
        Err(errors) => {
            let page = TrfImportPage { ctx, text, errors };
            return render_page(&page, StatusCode::UNPROCESSABLE_ENTITY);
        }
    };
    let by = organiser.id;
    if !model.teams.teams.is_empty() {
        // A team file (TRF-2026 310 records): a team league or a team Swiss with its teams,
        // squads, matches, boards, forfeited matches and penalties.
        let to_play: Vec<_> = games_to_play
            .iter()
            .map(|g| (g.round, g.white, g.black))
            .collect();
        let league =
            match TeamEvent::from_tournament_under_way(&model, &to_play).and_then(|event| {
                LeaguePlan::of(&model, &event, plan.schedule).map(|league| (event, league))
            }) {
                Ok(made) => made,
                Err(error) => {
                    let words = team_file_text(ctx.lang, &error);
                    return refuse(ctx, text, words);
                }
            };
        let (event, league) = league;
        let ranking_problem = league.ranking_problem.clone();
        // The league writes its own ranking list and system records again.
        let columns = ReportColumns {
            deputy_arbiters: header
                .deputies
                .iter()
                .map(|d| clip(d))
                .collect::<Vec<_>>()
                .join("\n"),
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
        let created = state
            .write(&ctx, move |conn| {
                store::import_league(conn, &new, &event, &league, &columns, by)
            })
            .await?;
        let mut notes: Vec<String> = warnings
            .iter()
            .take(MAX_NOTES)
            .map(|warning| {
                at_line(
                    &ctx,
                    warning.line,
                    warning.column,
                    &trf_problem_text(ctx.lang, &warning.problem),
                )
            })
            .collect();
        if let Some(problem) = &ranking_problem {
            let order = ctx.t("league.order.match_points_first");
            notes.push(ctx.lang.t_with(
                "day.trf.ranking_unread",
                &[("reason", problem), ("order", &order)],
            ));
        }
        PageContext::leave_notes(&req, &notes);
        return Ok(see_other(&format!("/tournaments/{}/teams", created.id)));
    }
    let players: Vec<NewPlayer> = model
        .players
        .iter()
        .map(|player| NewPlayer::of_entrant(TournamentId(0), player))
        .collect();
    let columns = ReportColumns {
        deputy_arbiters: header
            .deputies
            .iter()
            .map(|deputy| clip(deputy))
            .collect::<Vec<_>>()
            .join("\n"),
        report_type: clip(&header.kind),
        report_records: kept_records.join("\n"),
    };
    let (player_count, round_count, bye_count, blanks_ahead, first_unpaired) = (
        players.len(),
        plan.rounds.len(),
        plan.byes.len(),
        plan.blanks_ahead,
        plan.first_unpaired(),
    );
    let created = state
        .write(&ctx, move |conn| {
            store::import_tournament(conn, &new, &columns, &plan, &players, by)
        })
        .await?;
    let mut notes = vec![ctx.lang.t_with(
        "day.trf.imported",
        &[
            ("players", &ctx.lang.counted("players", player_count as u64)),
            (
                "rounds",
                &ctx.lang.counted("paired_rounds", round_count as u64),
            ),
            ("byes", &ctx.lang.counted("byes_ahead", bye_count as u64)),
        ],
    )];
    notes.extend(warnings.iter().take(MAX_NOTES).map(|warning| {
        at_line(
            &ctx,
            warning.line,
            warning.column,
            &trf_problem_text(ctx.lang, &warning.problem),
        )
    }));
    if blanks_ahead > 0 {
        notes.push(ctx.lang.t_with(
            "day.trf.blanks_ahead",
            &[
                ("count", &blanks_ahead.to_string()),
                ("round", &first_unpaired.to_string()),
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
    PageContext::leave_notes(&req, &notes);
    tracing::info!(by = %organiser.username, tournament = created.id.0, "tournament imported from TRF");
    Ok(see_other(&format!("/tournaments/{}", created.id)))
}
