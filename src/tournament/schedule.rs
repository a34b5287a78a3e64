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

/// `rounds` rounds from `first_day`, `per_day` a day (at least one): the first round of each
/// day at `time`, each further round of the day `interval` after the one before it (a time
/// past midnight is left open for the organiser to type).
pub fn spread(
    first_day: Date,
    rounds: u32,
    per_day: u32,
    time: Option<Time>,
    interval: Duration,
) -> Vec<RoundStart> {
    let per_day = per_day.max(1);
    (1..=rounds)
        .map(|round| {
            let of_day = (round - 1) % per_day;
            RoundStart {
                round,
                date: first_day
                    .checked_add(Duration::days(i64::from((round - 1) / per_day)))
                    .unwrap_or(first_day),
                time: time.and_then(|first| later_same_day(first, interval * of_day as i32)),
            }
        })
        .collect()
}

/// `time` plus `after`, if that is still the same day.
fn later_same_day(time: Time, after: Duration) -> Option<Time> {
    let (hour, minute, second) = time.as_hms();
    let seconds =
        i64::from(hour) * 3600 + i64::from(minute) * 60 + i64::from(second) + after.whole_seconds();
    (0..86_400).contains(&seconds).then(|| {
        Time::from_hms(
            (seconds / 3600) as u8,
            (seconds / 60 % 60) as u8,
            (seconds % 60) as u8,
        )
        .unwrap_or(Time::MIDNIGHT)
    })
}

/// The time from one round's start to the next one's on the same day: a game's length when
/// both players use the time the control gives for 60 moves (`seconds_for_60_moves`, as
/// Appendices A.1/B.1 measure a control), plus a break (30 minutes in standard play, 15 in
/// rapid and blitz), rounded up to a quarter of an hour. The default of the fill-in form.
pub fn round_interval(seconds_for_60_moves: Option<u64>) -> Duration {
    let Some(per_player) = seconds_for_60_moves else {
        return Duration::hours(4) + Duration::minutes(30);
    };
    let game = 2 * per_player;
    let pause = if per_player >= 3600 { 30 * 60 } else { 15 * 60 };
    let quarter = 15 * 60;
    let total = (game + pause).div_ceil(quarter) * quarter;
    Duration::seconds(i64::try_from(total.min(86_400)).unwrap_or(86_400))
}

/// A duration written `H:MM` (hours and minutes, as the fill-in form's interval).
pub fn parse_interval(text: &str) -> Option<Duration> {
    let (hours, minutes) = text.trim().split_once(':')?;
    let hours: i64 = hours.trim().parse().ok()?;
    let minutes: i64 = minutes.trim().parse().ok()?;
    ((0..24).contains(&hours) && (0..60).contains(&minutes))
        .then(|| Duration::minutes(hours * 60 + minutes))
}

/// A duration written as [`parse_interval`] reads it (`4:30`).
pub fn format_interval(interval: Duration) -> String {
    let minutes = interval.whole_minutes().max(0);
    format!("{}:{:02}", minutes / 60, minutes % 60)
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
        let schedule = spread(first, 9, 2, Some(time!(9:30)), round_interval(Some(7200)));
        let dates: Vec<u8> = schedule.iter().map(|s| s.date.day()).collect();
        assert_eq!(dates, [4, 4, 5, 5, 6, 6, 7, 7, 8]);
        // Two rounds a day at different times: 90+30 takes 2 × 120 minutes, plus a break.
        let times: Vec<Option<Time>> = schedule.iter().map(|s| s.time).collect();
        let (morning, afternoon) = (Some(time!(9:30)), Some(time!(14:00)));
        assert_eq!(
            times,
            [
                morning, afternoon, morning, afternoon, morning, afternoon, morning, afternoon,
                morning
            ]
        );
    }

    #[test]
    fn a_day_of_rounds_follows_the_time_control_and_stops_at_midnight() {
        assert_eq!(
            round_interval(Some(25 * 60)),
            Duration::minutes(75),
            "15+10 rapid"
        );
        assert_eq!(
            round_interval(Some(5 * 60)),
            Duration::minutes(30),
            "3+2 blitz"
        );
        assert_eq!(round_interval(None), Duration::minutes(270));
        let day = date!(2026 - 11 - 21);
        let times: Vec<Option<Time>> = spread(day, 4, 4, Some(time!(18:00)), Duration::hours(2))
            .iter()
            .map(|s| s.time)
            .collect();
        assert_eq!(
            times,
            [
                Some(time!(18:00)),
                Some(time!(20:00)),
                Some(time!(22:00)),
                None
            ]
        );
        assert_eq!(parse_interval(" 4:30 "), Some(Duration::minutes(270)));
        assert_eq!(parse_interval("25:00"), None);
        assert_eq!(format_interval(Duration::minutes(75)), "1:15");
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
        assert!(
            spread(day, 7, 7, None, Duration::hours(1))
                .iter()
                .all(|s| s.date == day)
        );
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
