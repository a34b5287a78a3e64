//! The round schedule: the date and start time of each round, what the organiser announces in
//! the event's regulations (FIDE Laws Art. 6.7.1 counts the default time from the start of the
//! session) and what the rating report carries (TRF record 132, one date per round).
//!
//! A default schedule spreads the rounds over the event's days from the first day, a given
//! number of rounds a day; the organiser then edits any round. A schedule is checked before it
//! is saved: every round of the event once, each round not before the one before it.

use time::macros::format_description;
use time::{Date, Duration, Time};

/// When one round starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundStart {
    /// The round (1-based).
    pub round: u32,
    /// Its date.
    pub date: Date,
    /// Its start time, when announced.
    pub time: Option<Time>,
}

/// Why a schedule cannot be saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScheduleError {
    /// A round outside `1..=rounds`, or listed twice.
    BadRound {
        /// The round.
        round: u32,
    },
    /// The round starts before the round before it.
    OutOfOrder {
        /// The round.
        round: u32,
    },
}

/// `rounds` rounds from `first_day`, `per_day` a day (at least one), each at `time`.
pub fn spread(first_day: Date, rounds: u32, per_day: u32, time: Option<Time>) -> Vec<RoundStart> {
    let per_day = per_day.max(1);
    (1..=rounds)
        .map(|round| RoundStart {
            round,
            date: first_day
                .checked_add(Duration::days(i64::from((round - 1) / per_day)))
                .unwrap_or(first_day),
            time,
        })
        .collect()
}

/// The rounds a day that fit `rounds` rounds into the days from `first` to `last` (both
/// included): the default of a new schedule.
pub fn rounds_per_day(first: Date, last: Date, rounds: u32) -> u32 {
    let days = u32::try_from((last - first).whole_days() + 1)
        .unwrap_or(1)
        .max(1);
    rounds.div_ceil(days).max(1)
}

/// Checks a schedule of an event of `rounds` rounds: each listed round once and in range,
/// sorted by round, and no round starting before the one before it (a round without a time
/// is taken to start at the beginning of its day).
pub fn check(schedule: &mut [RoundStart], rounds: u32) -> Result<(), ScheduleError> {
    schedule.sort_by_key(|start| start.round);
    let mut previous: Option<RoundStart> = None;
    for start in schedule.iter() {
        if start.round == 0 || start.round > rounds {
            return Err(ScheduleError::BadRound { round: start.round });
        }
        if let Some(before) = previous {
            if before.round == start.round {
                return Err(ScheduleError::BadRound { round: start.round });
            }
            let at = |s: &RoundStart| (s.date, s.time.unwrap_or(Time::MIDNIGHT));
            if at(start) < at(&before) {
                return Err(ScheduleError::OutOfOrder { round: start.round });
            }
        }
        previous = Some(*start);
    }
    Ok(())
}

/// A date written `YYYY-MM-DD` (as a date field sends it).
pub fn parse_date(text: &str) -> Option<Date> {
    Date::parse(text.trim(), format_description!("[year]-[month]-[day]")).ok()
}

/// A time written `HH:MM` (or `HH:MM:SS`, as some browsers send it).
pub fn parse_time(text: &str) -> Option<Time> {
    let text = text.trim();
    Time::parse(text, format_description!("[hour]:[minute]"))
        .or_else(|_| Time::parse(text, format_description!("[hour]:[minute]:[second]")))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, time};

    #[test]
    fn nine_rounds_over_five_days_two_a_day() {
        let first = date!(2026 - 07 - 04);
        assert_eq!(rounds_per_day(first, date!(2026 - 07 - 08), 9), 2);
        let schedule = spread(first, 9, 2, Some(time!(15:00)));
        let dates: Vec<u8> = schedule.iter().map(|s| s.date.day()).collect();
        assert_eq!(dates, [4, 4, 5, 5, 6, 6, 7, 7, 8]);
        assert!(schedule.iter().all(|s| s.time == Some(time!(15:00))));
    }

    #[test]
    fn a_one_day_event_has_every_round_that_day() {
        let day = date!(2026 - 11 - 21);
        assert_eq!(rounds_per_day(day, day, 7), 7);
        assert_eq!(
            rounds_per_day(day, date!(2026 - 11 - 20), 3),
            3,
            "end before start"
        );
        assert!(spread(day, 7, 7, None).iter().all(|s| s.date == day));
    }

    #[test]
    fn a_round_before_the_one_before_it_is_refused() {
        let day = date!(2026 - 11 - 21);
        let at = |round, date, time| RoundStart { round, date, time };
        let mut ok = vec![
            at(2, day, Some(time!(15:00))),
            at(1, day, Some(time!(10:00))),
            at(3, date!(2026 - 11 - 22), None),
        ];
        assert_eq!(check(&mut ok, 3), Ok(()));
        assert_eq!(ok[0].round, 1, "sorted by round");
        let mut early = vec![
            at(1, day, Some(time!(15:00))),
            at(2, day, Some(time!(10:00))),
        ];
        assert_eq!(
            check(&mut early, 2),
            Err(ScheduleError::OutOfOrder { round: 2 })
        );
        let mut twice = vec![at(1, day, None), at(1, day, None)];
        assert_eq!(
            check(&mut twice, 2),
            Err(ScheduleError::BadRound { round: 1 })
        );
        let mut beyond = vec![at(3, day, None)];
        assert_eq!(
            check(&mut beyond, 2),
            Err(ScheduleError::BadRound { round: 3 })
        );
    }

    #[test]
    fn dates_and_times_as_form_fields_send_them() {
        assert_eq!(parse_date(" 2026-07-04 "), Some(date!(2026 - 07 - 04)));
        assert_eq!(parse_date("2026-02-30"), None);
        assert_eq!(parse_time("15:00"), Some(time!(15:00)));
        assert_eq!(parse_time("09:30:00"), Some(time!(09:30)));
        assert_eq!(parse_time("25:00"), None);
    }
}
