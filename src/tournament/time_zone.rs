//! The event's time zone: times the app records in UTC (a result's history, a publication) are
//! shown in the zone where the event is played, as the arbiter and the players read the clock
//! on the wall. A zone is an IANA name (`Europe/Prague`); an empty name is the server's own
//! zone (a venue laptop runs in the event's zone).

use jiff::Timestamp;
use jiff::tz::TimeZone;

/// Zones offered first on the settings form (our users' and their neighbours').
pub const COMMON_ZONES: [&str; 12] = [
    "Europe/Prague",
    "Europe/Bratislava",
    "Europe/Budapest",
    "Europe/Belgrade",
    "Europe/Vienna",
    "Europe/Berlin",
    "Europe/Warsaw",
    "Europe/Zagreb",
    "Europe/Ljubljana",
    "Europe/Bucharest",
    "Europe/London",
    "UTC",
];

/// The longest zone name accepted.
pub const MAX_ZONE_NAME: usize = 64;

/// The server's zone as an IANA name (`UTC` when the system does not say).
pub fn server_zone_name() -> String {
    TimeZone::system()
        .iana_name()
        .map_or_else(|| "UTC".to_owned(), str::to_owned)
}

/// Whether `name` is a zone we know (empty: the server's, always known).
pub fn is_known(name: &str) -> bool {
    let name = name.trim();
    name.is_empty() || (name.len() <= MAX_ZONE_NAME && TimeZone::get(name).is_ok())
}

/// The zone of `name`; the server's for an empty or unknown name.
fn zone(name: &str) -> TimeZone {
    match name.trim() {
        "" => TimeZone::system(),
        name => TimeZone::get(name).unwrap_or_else(|_| TimeZone::system()),
    }
}

/// A UTC moment (`at`, as the database stores it) as the date and time in zone `name`:
/// `2026-11-28 14:05`.
pub fn local_text(name: &str, at: time::PrimitiveDateTime) -> String {
    let seconds = at.assume_utc().unix_timestamp();
    match Timestamp::from_second(seconds) {
        Ok(moment) => moment
            .to_zoned_datetime(zone(name))
            .strftime("%Y-%m-%d %H:%M")
            .to_string(),
        Err(_) => at.to_string(),
    }
}

/// The UTC moment of the wall-clock reading `local` in zone `name` (as the database stores
/// moments). A reading the clock shows twice (the end of summer time) is its first; one the
/// clock skips (its start) is read after the jump; `None` only for a date out of range.
pub fn utc_of(name: &str, local: time::PrimitiveDateTime) -> Option<time::PrimitiveDateTime> {
    let civil = jiff::civil::DateTime::new(
        i16::try_from(local.year()).ok()?,
        local.month() as i8,
        local.day() as i8,
        local.hour() as i8,
        local.minute() as i8,
        local.second() as i8,
        0,
    )
    .ok()?;
    let seconds = zone(name).to_timestamp(civil).ok()?.as_second();
    let utc = time::OffsetDateTime::from_unix_timestamp(seconds).ok()?;
    Some(time::PrimitiveDateTime::new(utc.date(), utc.time()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn a_wall_clock_reading_is_its_utc_moment_summer_and_winter() {
        assert_eq!(
            utc_of("Europe/Prague", datetime!(2026-11-28 14:05:00)),
            Some(datetime!(2026-11-28 13:05:00))
        );
        assert_eq!(
            utc_of("Europe/Belgrade", datetime!(2026-07-04 10:00:00)),
            Some(datetime!(2026-07-04 08:00:00))
        );
        assert_eq!(
            utc_of("UTC", datetime!(2026-07-04 08:00:00)),
            Some(datetime!(2026-07-04 08:00:00))
        );
    }

    #[test]
    fn utc_moments_read_as_the_events_wall_clock_summer_and_winter() {
        assert_eq!(
            local_text("Europe/Prague", datetime!(2026-11-28 13:05:09)),
            "2026-11-28 14:05"
        );
        assert_eq!(
            local_text("Europe/Belgrade", datetime!(2026-07-04 08:00:00)),
            "2026-07-04 10:00"
        );
        assert_eq!(
            local_text("UTC", datetime!(2026-07-04 08:00:00)),
            "2026-07-04 08:00"
        );
        assert!(is_known("Europe/Budapest") && is_known("") && !is_known("Europe/Nowhere"));
        assert!(COMMON_ZONES.iter().all(|zone| is_known(zone)));
    }
}
