//! `POST /tournaments/import`: reads a TRF-2026 (or TRF16) file, uploaded as `file` or pasted
//! as `trf`, and creates an unpublished FIDE (Dutch) Swiss tournament with its players in
//! starting-rank order, its paired rounds (published) and results, and the byes requested and
//! absences announced for rounds not paired yet (a file written between rounds), all in one
//! store write ([`store::import_tournament`]). A file that cannot be read is refused with the
//! line and column of the problem (422); nothing is stored. What the reader read with a guess
//! is shown on the next page.

use crate::db::models::{NewPlayer, PairingSystem, ReportColumns, TournamentId};
use crate::db::store;
use crate::db::store::ImportedSwiss;
use crate::formats::trf;
use crate::pairing::team_swiss::generator::{options_of_code, system_code as system_code_of};
use crate::pairing::team_swiss::team_event_of;
use crate::tournament::board::boards_of_round;
use crate::tournament::byes::ByeKind;
use crate::tournament::model::Color;
use crate::tournament::model::GameResult;
use crate::tournament::schedule::RoundStart;
use crate::web::extractors::Organiser;
use crate::web::handlers::tournament::new::{DATE, TournamentForm};
use crate::web::handlers::trf_import::form::TrfImportPage;
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

/// A team file (TRF-2026 310 records): a team league (or a team Swiss, when the file has
/// pairing-allocated byes or a C.04.6 system code) with its teams, squads, matches, boards,
/// forfeited matches and penalties, in one store write ([`store::import_league`]).
async fn import_league(
    ctx: PageContext,
    state: web::Data<AppState>,
    organiser: Organiser,
    text: String,
    model: &crate::tournament::Tournament,
    mut new: crate::db::models::NewTournament,
) -> Result<HttpResponse, AppError> {
    let event = match crate::tournament::team::TeamEvent::from_tournament(model) {
        Ok(event) => event,
        Err(error) => return refuse(ctx, text, error.to_string()),
    };
    // A double round robin when some two teams meet twice.
    let mut meetings = std::collections::HashSet::new();
    let twice = event
        .matches
        .iter()
        .filter_map(|m| Some((m.home.min(m.away?), m.home.max(m.away?))))
        .any(|pair| !meetings.insert(pair));
    // A team Swiss (C.04.6) when the file gives byes (320) or names a team Swiss system (192).
    let system_code = model
        .other_records
        .iter()
        .filter_map(|record| record.strip_prefix("192"))
        .map(str::trim)
        .find(|code| options_of_code(code).is_some());
    let swiss = (event.bye_value.is_some() || system_code.is_some()).then(|| ImportedSwiss {
        system: system_code.map_or_else(
            || system_code_of(Default::default()).to_owned(),
            |code| code.to_ascii_uppercase(),
        ),
        initial_colour: team_event_of(model)
            .map(|swiss| swiss.initial_colour())
            .unwrap_or(Color::White),
    });
    new.pairing_system = if swiss.is_some() {
        PairingSystem::TeamSwiss
    } else if twice {
        PairingSystem::TeamDoubleRoundRobin
    } else {
        PairingSystem::TeamRoundRobin
    };
    let by = organiser.id;
    let created = state
        .write(&ctx, move |conn| {
            store::import_league(conn, &new, &event, swiss.as_ref(), by)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{}/teams", created.id)))
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
    let read = match trf::read(&text) {
        Ok(read) => read,
        Err(error) => {
            let message = ctx.lang.t_with(
                "day.trf.error",
                &[
                    ("line", &error.line.to_string()),
                    ("column", &error.column.to_string()),
                    ("reason", &error.reason),
                ],
            );
            return refuse(ctx, text, message);
        }
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
    let model = read.tournament;
    let mut warnings = read.warnings;
    warnings.extend(header_problems.into_iter().map(|problem| trf::TrfWarning {
        line: problem.line,
        column: problem.column,
        reason: problem.reason,
    }));
    if model.players.is_empty() {
        let message = ctx.t("day.trf.no_players");
        return refuse(ctx, text, message);
    }
    // Rounds after the last paired one hold byes requested for rounds to come.
    let played = model.rounds_paired();
    let mut boards = Vec::new();
    for round in 1..=played {
        match boards_of_round(&model, round) {
            Ok(list) => boards.push(list),
            Err(reason) => return refuse(ctx, text, reason.to_string()),
        }
    }
    // A zero-point entry before a player's last one cannot be told from the blank rounds a
    // file leaves before a bye requested later (`240 H 009 5` after round 6 blanks rounds 7
    // and 8): only a player's last entry is carried as an absence, the others are counted in
    // a note.
    let mut byes = Vec::new();
    let mut blanks_ahead = 0usize;
    for (index, player) in model.players.iter().enumerate() {
        let last = player.rounds.len() as u32;
        for (round, entry) in (1u32..).zip(&player.rounds).skip(played as usize) {
            let kind = match entry.result {
                GameResult::HalfPointBye => ByeKind::HalfPoint,
                GameResult::ZeroPointBye if round == last => ByeKind::ZeroPoint,
                GameResult::ZeroPointBye => {
                    blanks_ahead += 1;
                    continue;
                }
                _ => {
                    let message = ctx.lang.t_with(
                        "day.trf.bye_ahead_not_requestable",
                        &[
                            ("player", &player.id.0.to_string()),
                            ("round", &round.to_string()),
                            ("code", &entry.result.trf_code().to_string()),
                        ],
                    );
                    return refuse(ctx, text, message);
                }
            };
            byes.push((index, round, kind));
        }
    }
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
        federation: crate::formats::csv::parse_federation(&header.federation).unwrap_or_default(),
        start_date: date(start_date),
        end_date: date(end_date),
        chief_arbiter: clip(&header.chief_arbiter),
        time_control: clip(&header.time_control),
        rounds: model
            .total_rounds
            .max(model.rounds_played())
            .min(99)
            .to_string(),
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
    if !model.teams.teams.is_empty() {
        return import_league(ctx, state, organiser, text, &model, new).await;
    }
    let players: Vec<NewPlayer> = model
        .players
        .iter()
        .map(|player| NewPlayer {
            tournament_id: TournamentId(0),
            name: player.name.chars().take(200).collect(),
            fide_id: player.fide_id.and_then(|id| i64::try_from(id).ok()),
            title: player.title.clone(),
            rating: i32::from(player.rating),
            federation: player.federation.clone(),
            birth_year: player.birth.get(..4).and_then(|y| y.parse().ok()),
            sex: player.sex.clone(),
            club: String::new(),
            birth_date: trf::date(&player.birth),
            national_id: String::new(),
            national_rating: 0,
        })
        .collect();
    let imported = store::ImportedReport {
        columns: ReportColumns {
            deputy_arbiters: header
                .deputies
                .iter()
                .map(|deputy| clip(deputy))
                .collect::<Vec<_>>()
                .join("\n"),
            report_type: clip(&header.kind),
            report_records: kept_records.join("\n"),
        },
        // Dates of rounds beyond the announced number are not kept (the schedule's rule).
        schedule: (1u32..)
            .zip(&header.round_dates)
            .filter_map(|(round, date)| {
                date.map(|date| RoundStart {
                    round,
                    date,
                    time: None,
                })
            })
            .filter(|start| start.round <= model.total_rounds.max(model.rounds_played()).min(99))
            .collect(),
        // Players expelled (Art. 12.9.9), as this program's reports mark them.
        expulsions: (0..)
            .zip(&model.players)
            .filter_map(|(index, player)| Some((index, player.expelled_from?)))
            .collect(),
        adjustments: model.adjustments.clone(),
    };
    let by = organiser.id;
    let (player_count, round_count, bye_count) = (players.len(), boards.len(), byes.len());
    let created = state
        .write(&ctx, move |conn| {
            store::import_tournament(conn, &new, &imported, &players, &boards, &byes, by)
        })
        .await?;
    let mut notes = vec![ctx.lang.t_with(
        "day.trf.imported",
        &[
            ("players", &player_count.to_string()),
            ("rounds", &round_count.to_string()),
            ("byes", &bye_count.to_string()),
        ],
    )];
    notes.extend(warnings.iter().take(MAX_NOTES).map(|warning| {
        ctx.lang.t_with(
            "day.trf.error",
            &[
                ("line", &warning.line.to_string()),
                ("column", &warning.column.to_string()),
                ("reason", &warning.reason),
            ],
        )
    }));
    if blanks_ahead > 0 {
        notes.push(ctx.lang.t_with(
            "day.trf.blanks_ahead",
            &[
                ("count", &blanks_ahead.to_string()),
                ("round", &(played + 1).to_string()),
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
