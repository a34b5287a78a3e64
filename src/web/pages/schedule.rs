//! The round schedule page: its fields per round, read from the stored starts and from the form,
//! checked, and its refusals in words.

use crate::db::domain::TournamentData;
use crate::tournament::schedule::{
    RoundStart, ScheduleError, format_interval, parse_date, parse_time, round_interval,
    rounds_per_day, spread,
};
use crate::web::PageContext;
use crate::web::access::Access;
use crate::web::pages::tournament::TournamentHeader;
use askama::Template;
use std::collections::HashMap;

/// One round's fields as typed (`YYYY-MM-DD`, `HH:MM`).
#[derive(Debug, Clone, Default)]
pub struct RoundFields {
    /// The round.
    pub round: u32,
    /// Its date.
    pub date: String,
    /// Its start time.
    pub time: String,
}

/// The schedule page.
#[derive(Template)]
#[template(path = "schedule/edit.html")]
pub struct SchedulePage {
    /// Layout context.
    pub ctx: PageContext,
    /// Name and tabs.
    pub header: TournamentHeader,
    /// The rounds' fields.
    pub rounds: Vec<RoundFields>,
    /// The fill-in form's first day.
    pub first_day: String,
    /// The fill-in form's rounds a day.
    pub per_day: u32,
    /// The fill-in form's start time.
    pub start_time: String,
    /// The fill-in form's time from one round to the next on the same day (`H:MM`).
    pub interval: String,
    /// Problems of the form.
    pub errors: Vec<String>,
    /// A confirmation.
    pub notice: Option<String>,
}

impl SchedulePage {
    /// The page with `rounds` as the fields (the stored schedule, a filled-in default, or
    /// what was typed).
    pub fn new(
        ctx: PageContext,
        data: &TournamentData,
        access: Access,
        rounds: Vec<RoundFields>,
        errors: Vec<String>,
        notice: Option<String>,
    ) -> SchedulePage {
        let t = &data.tournament;
        let total = u32::try_from(data.announced_rounds()).unwrap_or(0);
        SchedulePage {
            header: TournamentHeader::new(data, access, "info"),
            rounds,
            first_day: t.start_date.to_string(),
            per_day: rounds_per_day(t.start_date, t.end_date, total),
            start_time: String::new(),
            interval: format_interval(default_interval(data)),
            errors,
            notice,
            ctx,
        }
    }
}

/// The default time between two rounds of a day, from the event's time control.
pub fn default_interval(data: &TournamentData) -> time::Duration {
    let control = data
        .tournament
        .time_control
        .parse::<crate::rules::clock::TimeControl>()
        .ok();
    round_interval(control.map(|control| control.seconds_for_60_moves()))
}

/// The fields of the stored schedule; rounds not scheduled are filled in from the event's
/// first day, spread over its days.
pub fn stored_fields(data: &TournamentData) -> Vec<RoundFields> {
    let t = &data.tournament;
    let total = u32::try_from(data.announced_rounds()).unwrap_or(0);
    let default = spread(
        t.start_date,
        total,
        rounds_per_day(t.start_date, t.end_date, total),
        None,
        default_interval(data),
    );
    default
        .into_iter()
        .map(
            |start| match data.scheduled(i32::try_from(start.round).unwrap_or(i32::MAX)) {
                Some(row) => fields_of(row.start()),
                None if data.schedule.is_empty() => fields_of(start),
                None => RoundFields {
                    round: start.round,
                    ..RoundFields::default()
                },
            },
        )
        .collect()
}

/// A round's start as form fields.
pub fn fields_of(start: RoundStart) -> RoundFields {
    RoundFields {
        round: start.round,
        date: start.date.to_string(),
        time: start
            .time
            .map(|t| format!("{:02}:{:02}", t.hour(), t.minute()))
            .unwrap_or_default(),
    }
}

/// The rounds' fields from a submitted form (`date_N`, `time_N` for rounds 1 to `total`).
pub fn fields_from_form(form: &HashMap<String, String>, total: u32) -> Vec<RoundFields> {
    (1..=total)
        .map(|round| RoundFields {
            round,
            date: form
                .get(&format!("date_{round}"))
                .cloned()
                .unwrap_or_default(),
            time: form
                .get(&format!("time_{round}"))
                .cloned()
                .unwrap_or_default(),
        })
        .collect()
}

/// The schedule the fields say, or each problem in the page's language (which round, which
/// field). A round with neither date nor time is left unscheduled.
pub fn check_fields(
    ctx: &PageContext,
    fields: &[RoundFields],
) -> Result<Vec<RoundStart>, Vec<String>> {
    let mut starts = Vec::new();
    let mut errors = Vec::new();
    for field in fields {
        let round = field.round.to_string();
        if field.date.trim().is_empty() {
            if !field.time.trim().is_empty() {
                errors.push(ctx.t_with_name("schedule.date_missing", &round));
            }
            continue;
        }
        let Some(date) = parse_date(&field.date) else {
            errors.push(ctx.t_with_name("schedule.bad_date", &round));
            continue;
        };
        let time = if field.time.trim().is_empty() {
            None
        } else if let Some(time) = parse_time(&field.time) {
            Some(time)
        } else {
            errors.push(ctx.t_with_name("schedule.bad_time", &round));
            continue;
        };
        starts.push(RoundStart {
            round: field.round,
            date,
            time,
        });
    }
    if errors.is_empty() {
        Ok(starts)
    } else {
        Err(errors)
    }
}

/// Why the store refused a schedule, in the page's language.
pub fn schedule_error(ctx: &PageContext, error: ScheduleError) -> String {
    match error {
        ScheduleError::BadRound { round } => {
            ctx.t_with_name("schedule.bad_round", &round.to_string())
        }
        ScheduleError::OutOfOrder { round } => {
            ctx.t_with_name("schedule.out_of_order", &round.to_string())
        }
    }
}
