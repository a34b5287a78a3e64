//! `POST /tournaments/import`: reads a TRF-2026 (or TRF16) file, uploaded as `file` or pasted
//! as `trf`, and creates an unpublished FIDE (Dutch) Swiss tournament with its players in
//! starting-rank order, its rounds (published) and results, all in one store write
//! ([`store::import_tournament`]). A file
//! that cannot be read is refused with the line and column of the problem (422); nothing is
//! stored.

use crate::db::models::{NewPlayer, PairingSystem, TournamentId};
use crate::db::store;
use crate::formats::trf;
use crate::tournament::board::boards_of_round;
use crate::web::extractors::Organiser;
use crate::web::handlers::tournament::new::{DATE, TournamentForm};
use crate::web::handlers::trf_import::convert::{event_facts, trf_date};
use crate::web::handlers::trf_import::form::TrfImportPage;
use crate::web::upload::CsrfFields;
use crate::web::{AppError, AppState, PageContext, render_page, see_other};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

fn refuse(ctx: PageContext, text: String, error: String) -> Result<HttpResponse, AppError> {
    let page = TrfImportPage {
        ctx,
        text,
        errors: vec![error],
    };
    render_page(&page, StatusCode::UNPROCESSABLE_ENTITY)
}

/// Imports the file and opens the new tournament.
pub async fn import_trf(
    ctx: PageContext,
    organiser: Organiser,
    state: web::Data<AppState>,
    form: CsrfFields,
) -> Result<HttpResponse, AppError> {
    let text = if form.get("file").trim().is_empty() {
        form.get("trf").to_owned()
    } else {
        form.get("file").to_owned()
    };
    if text.trim().is_empty() {
        let message = ctx.t("day.trf.empty");
        return refuse(ctx, text, message);
    }
    let model = match trf::parse(&text) {
        Ok(model) => model,
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
    if model.players.is_empty() {
        let message = ctx.t("day.trf.no_players");
        return refuse(ctx, text, message);
    }
    let played = model.rounds_played();
    let mut boards = Vec::new();
    for round in 1..=played {
        match boards_of_round(&model, round) {
            Ok(list) => boards.push(list),
            Err(reason) => return refuse(ctx, text, reason.to_string()),
        }
    }
    let facts = event_facts(&model);
    let start_date = trf_date(&facts.start_date).unwrap_or_else(|| crate::db::now().date());
    let end_date = trf_date(&facts.end_date)
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
        place: clip(&facts.place),
        federation: crate::formats::csv::parse_federation(&facts.federation).unwrap_or_default(),
        start_date: date(start_date),
        end_date: date(end_date),
        chief_arbiter: clip(&facts.chief_arbiter),
        time_control: clip(&facts.time_control),
        rounds: model.total_rounds.max(played).min(99).to_string(),
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
        })
        .collect();
    let by = organiser.id;
    let created = state
        .write(&ctx, move |conn| {
            store::import_tournament(conn, &new, &players, &boards, by)
        })
        .await?;
    tracing::info!(by = %organiser.username, tournament = created.id.0, "tournament imported from TRF");
    Ok(see_other(&format!("/tournaments/{}", created.id)))
}
