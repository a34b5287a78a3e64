//! The input gate: checks every request's input must pass whatever handler it reaches, made
//! once here so that no handler can forget one.
//!
//! - **Text** ([`check_fields`]): no control characters but tabs and line breaks (a carriage
//!   return only as part of a CRLF line end, as browsers send the lines of a text area).
//!   PostgreSQL refuses a NUL byte in text, SQLite stores it and every later reader trips on
//!   it; escape sequences and C1 controls have no business in a name either. The form
//!   extractors ([`crate::web::extractors::CsrfForm`], [`crate::web::upload::CsrfFields`],
//!   which every POST handler and the login form take) refuse such a field with a 422 that
//!   names it, the same on both backends.
//! - **Redirect targets** ([`safe_local_path`]): a `next=` link only ever leads to a path of
//!   this site.
//! - **Dates** ([`parse_event_date`]): a tournament's dates lie in [`EVENT_YEARS`], which both
//!   backends store (PostgreSQL refuses `-9999-01-01`).

use std::ops::RangeInclusive;

use crate::web::AppError;
use crate::web::i18n::Lang;

/// The first control character of `text` that a form may not carry: anything of Unicode's
/// `Cc` category but a tab, a line feed, and a carriage return right before a line feed.
pub fn refused_character(text: &str) -> Option<char> {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\t' | '\n' => {}
            '\r' if chars.peek() == Some(&'\n') => {}
            c if c.is_control() => return Some(c),
            _ => {}
        }
    }
    None
}

/// Checks the (name, value) pairs of a form: a 422 naming the first field whose name or value
/// carries a refused control character.
pub fn check_fields<'a>(
    fields: impl IntoIterator<Item = (&'a str, &'a str)>,
    lang: Lang,
) -> Result<(), AppError> {
    for (name, value) in fields {
        let Some(bad) = refused_character(name).or_else(|| refused_character(value)) else {
            continue;
        };
        // The name is shown as typed, but for its own control characters.
        let shown: String = name.chars().filter(|c| !c.is_control()).collect();
        let code = format!("U+{:04X}", u32::from(bad));
        return Err(AppError::Unprocessable(lang.t_with(
            "error.control_character",
            &[("field", &shown), ("code", &code)],
        )));
    }
    Ok(())
}

/// `next` when it is a path of this site, else `/`: one leading `/` (not `//`, which browsers
/// read as another host), no backslash (which browsers read as `/`), no scheme, no white space
/// or control character anywhere (a tab or line break would be dropped by the browser, or
/// break the `Location` header). The language switch and the login use it for their `next`.
pub fn safe_local_path(next: &str) -> &str {
    let mut chars = next.chars();
    let local = chars.next() == Some('/')
        && !matches!(chars.next(), Some('/' | '\\'))
        && !next
            .chars()
            .any(|c| c == '\\' || c.is_whitespace() || c.is_control());
    if local { next } else { "/" }
}

/// The years a tournament's dates may lie in.
pub const EVENT_YEARS: RangeInclusive<i32> = 1900..=2200;

/// Why a date of the tournament form is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventDateError {
    /// Not a date written `YYYY-MM-DD`.
    Unreadable,
    /// A date outside [`EVENT_YEARS`].
    OutOfRange,
}

/// A tournament date written `YYYY-MM-DD` (surrounding white space ignored) within
/// [`EVENT_YEARS`].
pub fn parse_event_date(text: &str) -> Result<time::Date, EventDateError> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let date = time::Date::parse(text.trim(), &format).map_err(|_| EventDateError::Unreadable)?;
    if EVENT_YEARS.contains(&date.year()) {
        Ok(date)
    } else {
        Err(EventDateError::OutOfRange)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_tabs_and_line_breaks_of_the_control_characters_pass() {
        for fine in [
            "Novák, Jan",
            "a\tb",
            "line\nline",
            "line\r\nline",
            "Ж ½ –",
            "",
        ] {
            assert_eq!(refused_character(fine), None, "{fine:?}");
        }
        for (bad, c) in [
            ("a\0b", '\0'),
            ("\u{1b}[31m", '\u{1b}'),
            ("a\rb", '\r'),
            ("end\r", '\r'),
            ("\u{7f}", '\u{7f}'),
            ("\u{85}", '\u{85}'),
        ] {
            assert_eq!(refused_character(bad), Some(c), "{bad:?}");
        }
    }

    #[test]
    fn next_paths_stay_on_the_site() {
        for kept in [
            "/",
            "/tournaments/1",
            "/tournaments/1?round=2#top",
            "/a/%2F/b",
        ] {
            assert_eq!(safe_local_path(kept), kept);
        }
        for refused in [
            "",
            "evil.example",
            "https://evil.example/",
            "//evil.example",
            "/\\evil.example",
            "/\t/evil.example",
            "/\n/evil.example",
            "/\r\nSet-Cookie: x",
            "/ /evil.example",
            "/a\\b",
            "/\0",
            "/\u{a0}x",
        ] {
            assert_eq!(safe_local_path(refused), "/", "{refused:?}");
        }
    }

    #[test]
    fn event_dates_lie_between_1900_and_2200() {
        assert_eq!(
            parse_event_date(" 2026-11-20 "),
            Ok(time::macros::date!(2026 - 11 - 20))
        );
        assert!(parse_event_date("1900-01-01").is_ok());
        assert!(parse_event_date("2200-12-31").is_ok());
        for out in ["-9999-01-01", "1899-12-31", "2201-01-01", "+10000-01-01"] {
            assert!(parse_event_date(out).is_err(), "{out}");
        }
        assert_eq!(
            parse_event_date("2026-02-30"),
            Err(EventDateError::Unreadable)
        );
        assert_eq!(
            parse_event_date("1899-12-31"),
            Err(EventDateError::OutOfRange)
        );
    }
}
