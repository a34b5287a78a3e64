//! The event records of a FIDE rating report (TRF-2026 022–132) and TRF dates.

use super::*;

/// The tags of the report records [`ReportHeader`] reads and writes (TRF-2026 022–132).
pub const REPORT_TAGS: &[&str] = &[
    "022", "032", "042", "052", "062", "072", "092", "102", "112", "122", "132",
];

/// The event facts of a FIDE rating report (TRF-2026 records 022–132), read from the records
/// the reader keeps verbatim in [`Tournament::other_records`] and written back by
/// [`ReportHeader::records`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReportHeader {
    /// `022` city.
    pub city: String,
    /// `032` federation (three letters).
    pub federation: String,
    /// `042` date of start.
    pub start_date: Option<time::Date>,
    /// `052` date of end.
    pub end_date: Option<time::Date>,
    /// `062` number of players.
    pub players: Option<u32>,
    /// `072` number of rated players.
    pub rated_players: Option<u32>,
    /// `092` type of tournament, in words (e.g. `Swiss System`).
    pub kind: String,
    /// `102` chief arbiter.
    pub chief_arbiter: String,
    /// `112` deputy chief arbiters, one record each.
    pub deputies: Vec<String>,
    /// `122` allotted times per moves/game, in words.
    pub time_control: String,
    /// `132` the date of each round (index 0 = round 1; `None` where the record leaves it blank).
    pub round_dates: Vec<Option<time::Date>>,
}

/// A TRF date: `YYYY/MM/DD` (the format of `042`, `052` and the birth date); `-` and `.` are
/// read as separators too, and a date written day first (`28. 07. 2005`, `28.07.2005`) as some
/// programs write it. A two-digit year is not read here (see [`round_dates`]).
pub fn date(text: &str) -> Option<time::Date> {
    let parts: Vec<&str> = text.trim().split(['/', '-', '.']).map(str::trim).collect();
    // Year first (`YYYY/MM/DD`), or day first as some programs write it (`28. 07. 2005`).
    let (year, month, day) = match parts.as_slice() {
        [year, month, day] if year.len() == 4 => (year, month, day),
        [day, month, year] if year.len() == 4 => (year, month, day),
        _ => return None,
    };
    if year.len() != 4 || month.is_empty() || day.is_empty() || month.len() > 2 || day.len() > 2 {
        return None;
    }
    let month = time::Month::try_from(month.parse::<u8>().ok()?).ok()?;
    time::Date::from_calendar_date(year.parse().ok()?, month, day.parse().ok()?).ok()
}

/// `date` as TRF writes it: `YYYY/MM/DD`.
pub fn format_date(date: time::Date) -> String {
    format!(
        "{:04}/{:02}/{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// The dates of a `132` record: round 1 at columns 92–99, round 2 at 102–109, and so on, each
/// `YY/MM/DD` (years 2000–2099; a four-digit year in the same ten columns is read too). A
/// blank field is `None`; a field that is not a date is an error naming its column.
pub fn round_dates(record: &str, line: usize) -> Result<Vec<Option<time::Date>>, TrfError> {
    let chars: Vec<char> = record.chars().collect();
    let mut dates = Vec::new();
    let mut column = 92;
    while column <= chars.len() {
        if dates.len() >= MAX_ROUND as usize {
            return Err(err(
                line,
                column,
                TrfProblem::TooManyRounds {
                    record: Some("132"),
                    max: MAX_ROUND,
                },
            ));
        }
        let text = field(&chars, column, column + 9);
        let text = text.trim();
        if text.is_empty() {
            dates.push(None);
        } else {
            let full = match text.split('/').next() {
                Some(year) if year.len() == 2 => format!("20{text}"),
                _ => text.to_owned(),
            };
            let read = date(&full).ok_or_else(|| {
                err(
                    line,
                    column,
                    TrfProblem::RoundDate {
                        round: dates.len() as u32 + 1,
                        text: text.to_owned(),
                    },
                )
            })?;
            dates.push(Some(read));
        }
        column += 10;
    }
    while dates.last() == Some(&None) {
        dates.pop();
    }
    Ok(dates)
}

impl ReportHeader {
    /// Reads the report records of a file. A record whose value cannot be read (a date that is
    /// not a date, a count that is not a number) leaves its field empty and is listed, with its
    /// line, among the returned problems; nothing here stops the reading.
    pub fn read(read: &TrfRead) -> (ReportHeader, Vec<TrfError>) {
        let mut header = ReportHeader::default();
        let mut problems = Vec::new();
        let records = &read.tournament.other_records;
        for (index, record) in records.iter().enumerate() {
            let line = read.other_record_lines.get(index).copied().unwrap_or(0);
            // By characters: a record may start with a letter of any script.
            let tag: String = record.chars().take(3).collect();
            let value = record.chars().skip(4).collect::<String>().trim().to_owned();
            let mut date_of = |record: DateRecord| {
                let read = date(&value);
                if read.is_none() && !value.is_empty() {
                    problems.push(err(
                        line,
                        5,
                        TrfProblem::HeaderDate {
                            record,
                            text: value.clone(),
                        },
                    ));
                }
                read
            };
            match tag.as_str() {
                "022" => header.city = value,
                "032" => header.federation = value,
                "042" => header.start_date = date_of(DateRecord::Start),
                "052" => header.end_date = date_of(DateRecord::End),
                "062" | "072" => {
                    let count = value.parse::<u32>().ok();
                    if count.is_none() && !value.is_empty() {
                        problems.push(err(
                            line,
                            5,
                            TrfProblem::PlayerCount {
                                tag: if tag == "062" { "062" } else { "072" },
                                text: value.clone(),
                            },
                        ));
                    }
                    if tag == "062" {
                        header.players = count;
                    } else {
                        header.rated_players = count;
                    }
                }
                "092" => header.kind = value,
                "102" => header.chief_arbiter = value,
                "112" => header.deputies.push(value),
                "122" => header.time_control = value,
                "132" => match round_dates(record, line) {
                    Ok(dates) => header.round_dates = dates,
                    Err(error) => problems.push(error),
                },
                _ => {}
            }
        }
        (header, problems)
    }

    /// The report records in TRF-2026 order (022 … 132); empty fields are left out, except the
    /// `132` record, written whenever a round has a date.
    pub fn records(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut text = |tag: &str, value: &str| {
            if !value.trim().is_empty() {
                out.push(format!("{tag} {}", value.trim()));
            }
        };
        text("022", &self.city);
        text("032", &self.federation);
        text("042", &self.start_date.map(format_date).unwrap_or_default());
        text("052", &self.end_date.map(format_date).unwrap_or_default());
        text(
            "062",
            &self.players.map(|n| n.to_string()).unwrap_or_default(),
        );
        text(
            "072",
            &self
                .rated_players
                .map(|n| n.to_string())
                .unwrap_or_default(),
        );
        text("092", &self.kind);
        text("102", &self.chief_arbiter);
        for deputy in &self.deputies {
            text("112", deputy);
        }
        text("122", &self.time_control);
        if self.round_dates.iter().any(Option::is_some) {
            let mut line = format!("132 {:<87}", "");
            for date in &self.round_dates {
                let text = date.map_or(String::new(), |d| {
                    format!(
                        "{:02}/{:02}/{:02}",
                        d.year().rem_euclid(100),
                        u8::from(d.month()),
                        d.day()
                    )
                });
                let _ = write!(line, "{text:<8}  ");
            }
            out.push(line.trim_end().to_owned());
        }
        out
    }
}

/// True for a record written by [`ReportHeader::records`] (a tag of [`REPORT_TAGS`]).
pub fn is_report_record(record: &str) -> bool {
    let tag: String = record.chars().take(3).collect();
    REPORT_TAGS.contains(&tag.as_str())
}
