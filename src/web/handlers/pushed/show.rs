//! `GET /events/{id}`: the page of a published event by its stable public id: a tournament of
//! this server redirects to its own pages; an event pushed from a venue is shown from its
//! stored public state.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};

use crate::db::models::published_events::PublishedEvent;
use crate::db::models::tournament_public_ids::tournament_of;
use crate::formats::public_state::{PublicState, is_public_id};
use crate::web::pages::pushed::{BoardLine, PushedEventPage, RoundLines, StandingLine};
use crate::web::{AppError, AppState, PageContext, render_page, see_other};

/// Shows the event.
pub async fn show_pushed_event(
    ctx: PageContext,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, AppError> {
    let id = path.into_inner();
    if !is_public_id(&id) {
        return Err(AppError::NotFound);
    }
    let (local, pushed) = state
        .db(move |conn| {
            Ok(match tournament_of(conn, &id)? {
                Some(tournament) => (Some(tournament), None),
                None => (None, PublishedEvent::find(conn, &id)?),
            })
        })
        .await?;
    if let Some(tournament) = local {
        return Ok(see_other(&format!("/tournaments/{tournament}")));
    }
    let stored = pushed.ok_or(AppError::NotFound)?;
    let document = PublicState::parse(stored.document.as_bytes())
        .map_err(|error| AppError::Internal(format!("stored document: {error}")))?;
    let name_of = |number: u32| {
        document
            .players
            .iter()
            .find(|player| player.number == Some(number))
            .map_or_else(|| number.to_string(), |player| player.name.clone())
    };
    let event = &document.event;
    let dates = if event.start_date == event.end_date {
        event.start_date.clone()
    } else {
        format!("{} – {}", event.start_date, event.end_date)
    };
    let subtitle = if event.place.is_empty() {
        dates
    } else {
        format!("{} · {dates}", event.place)
    };
    let published = ctx.lang.t_with(
        "pushed.published_at",
        &[(
            "time",
            &crate::tournament::time_zone::local_text(&event.time_zone, stored.published_at),
        )],
    );
    let rounds = document
        .rounds
        .iter()
        .rev()
        .map(|round| RoundLines {
            number: round.number,
            boards: round
                .boards
                .iter()
                .map(|board| BoardLine {
                    board: board.board,
                    white: name_of(board.white),
                    black: board.black.map(name_of).unwrap_or_default(),
                    result: board.result.clone().unwrap_or_default(),
                })
                .collect(),
        })
        .collect();
    let standings = document
        .standings
        .rows
        .iter()
        .map(|row| StandingLine {
            rank: row.rank,
            name: name_of(row.player),
            points: ctx.num(&row.points),
            values: row
                .tie_breaks
                .iter()
                .map(|value| {
                    value
                        .as_deref()
                        .map_or_else(|| "-".to_owned(), |v| ctx.num(v))
                })
                .collect(),
        })
        .collect();
    let page = PushedEventPage {
        name: event.name.clone(),
        subtitle,
        published,
        rounds,
        after_round: document.standings.after_round,
        codes: document.standings.tie_breaks.clone(),
        standings,
        ctx,
    };
    render_page(&page, StatusCode::OK)
}
