//! `GET /tournaments/{id}/schedule`: the round schedule to edit (whoever runs the day). With
//! `?first=YYYY-MM-DD&per_day=N[&time=HH:MM][&interval=H:MM]` the fields are filled in from
//! that first day, `N` rounds a day, the first of a day at `time` and each further one
//! `interval` later (by default a game's length in the event's time control and a break),
//! without saving anything.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Deserialize;

use crate::tournament::schedule::{parse_date, parse_interval, parse_time, spread};
use crate::web::access::{ManagedTournament, RunsDay};
use crate::web::pages::schedule::{SchedulePage, default_interval, fields_of, stored_fields};
use crate::web::{AppError, PageContext, render_page};

/// The fill-in form.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct FillQuery {
    /// The first day.
    pub first: String,
    /// Rounds a day.
    pub per_day: String,
    /// The start time of the first round of a day.
    pub time: String,
    /// From one round's start to the next one's on the same day (`H:MM`).
    pub interval: String,
}

/// Shows the schedule (stored, or filled in).
pub async fn show_schedule(
    ctx: PageContext,
    tournament: ManagedTournament<RunsDay>,
    query: web::Query<FillQuery>,
) -> Result<HttpResponse, AppError> {
    let ManagedTournament { data, access, .. } = tournament;
    let total = u32::try_from(data.announced_rounds()).unwrap_or(0);
    let mut errors = Vec::new();
    let fields = if query.first.is_empty() {
        stored_fields(&data)
    } else {
        let first = parse_date(&query.first);
        let per_day = query.per_day.trim().parse::<u32>().ok().filter(|n| *n >= 1);
        let time = if query.time.trim().is_empty() {
            Ok(None)
        } else {
            parse_time(&query.time).map(Some).ok_or(())
        };
        let interval = if query.interval.trim().is_empty() {
            Some(default_interval(&data))
        } else {
            parse_interval(&query.interval)
        };
        match (first, per_day, time, interval) {
            (Some(first), Some(per_day), Ok(time), Some(interval)) => {
                spread(first, total, per_day, time, interval)
                    .into_iter()
                    .map(fields_of)
                    .collect()
            }
            _ => {
                errors.push(ctx.t("schedule.bad_fill"));
                stored_fields(&data)
            }
        }
    };
    let status = if errors.is_empty() {
        StatusCode::OK
    } else {
        StatusCode::UNPROCESSABLE_ENTITY
    };
    let mut page = SchedulePage::new(ctx, &data, access, fields, errors, None);
    if !query.first.is_empty() {
        page.first_day = query.first.clone();
        page.per_day = query.per_day.trim().parse().unwrap_or(page.per_day);
        page.start_time = query.time.clone();
        if !query.interval.trim().is_empty() {
            page.interval = query.interval.clone();
        }
    }
    render_page(&page, status)
}
