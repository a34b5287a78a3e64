//! FIDE's downloadable rating lists in their fixed-width text form: the combined list
//! (`players_list_foa.txt`: standard, rapid and blitz ratings) and the single lists
//! (`standard_rating_list.txt`, `rapid_…`, `blitz_…`), as the organiser downloads them, zipped
//! or not.
//!
//! The columns are found from the header line, each spanning from where its label starts to
//! where the next one starts (the layout FIDE has used since 2013):
//!
//! ```text
//! ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag
//! ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA NOV26 Gms K  B-day Flag
//! ```
//!
//! `ID Number` and `Name` are required; a single list's rating column is labelled with the
//! month of the list (`NOV26`) and is of the kind the caller says ([`RatingKind`]). `Sex` is `M`
//! or `F`; `B-day` a year (`0000` or empty: not known); `Flag` holds `i` (inactive) and `w`
//! (woman). Titles are kept as written.
//!
//! The XML list (`players_list_xml_foa.xml` and the single XML lists) is read by
//! [`XmlListReader`] one `<player>` at a time, with the same checks, in bounded memory too
//! (every text, tag, comment and nesting has a bound: see its module).
//!
//! Reading streams: one line at a time, each at most [`MAX_LINE`] bytes, so that the full list
//! (~1.5 million lines, ~200 MB) is read in bounded memory. A bad line is an error naming its
//! line, its field and why ([`ListError`]); the caller decides whether to go on.

use std::fmt;
use std::io::BufRead;

pub mod xml;

pub use xml::XmlListReader;

/// The longest line accepted, in bytes (FIDE's lines are about 160).
pub const MAX_LINE: usize = 1024;

/// Which rating a single list's rating column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatingKind {
    /// Standard (classical) time control.
    Standard,
    /// Rapid.
    Rapid,
    /// Blitz.
    Blitz,
}

impl RatingKind {
    /// Every kind, in the order the list's columns have them.
    pub const ALL: [RatingKind; 3] = [RatingKind::Standard, RatingKind::Rapid, RatingKind::Blitz];

    /// The code stored and used in forms: `standard`, `rapid`, `blitz`.
    pub fn as_str(self) -> &'static str {
        match self {
            RatingKind::Standard => "standard",
            RatingKind::Rapid => "rapid",
            RatingKind::Blitz => "blitz",
        }
    }

    /// The kind of a code written by [`RatingKind::as_str`].
    pub fn parse(code: &str) -> Option<RatingKind> {
        RatingKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == code)
    }

    /// The kind a file name suggests (`rapid_rating_list.txt`), standard otherwise.
    pub fn from_file_name(name: &str) -> RatingKind {
        let name = name.to_ascii_lowercase();
        if name.contains("rapid") {
            RatingKind::Rapid
        } else if name.contains("blitz") {
            RatingKind::Blitz
        } else {
            RatingKind::Standard
        }
    }
}

/// One player of the list.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ListPlayer {
    /// FIDE ID.
    pub fide_id: u64,
    /// Name as FIDE writes it ("Surname, Given").
    pub name: String,
    /// Federation (three capital letters).
    pub federation: String,
    /// `m` or `w` (empty if not given).
    pub sex: String,
    /// Title (`GM`, `IM`, `WGM`, ...), as written; empty if none.
    pub title: String,
    /// Women's title (`WGM`, ...), as written; empty if none.
    pub women_title: String,
    /// Standard rating.
    pub standard: Option<u16>,
    /// Rapid rating.
    pub rapid: Option<u16>,
    /// Blitz rating.
    pub blitz: Option<u16>,
    /// Year of birth.
    pub birth_year: Option<u16>,
    /// Marked inactive (`i` in the flag).
    pub inactive: bool,
}

/// What is wrong with a line or field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListProblem {
    /// The first line is not a header of a FIDE list (no `ID Number` and `Name`).
    NotAList,
    /// The line is longer than [`MAX_LINE`] bytes.
    LineTooLong,
    /// The line ends before the name.
    Truncated,
    /// The field should be a whole number.
    NotANumber,
    /// The number is out of range.
    OutOfRange {
        /// Lowest allowed.
        min: u64,
        /// Highest allowed.
        max: u64,
    },
    /// A required field is empty.
    Required,
    /// The federation is not three letters.
    BadFederation,
    /// Sex is not `M` or `F`.
    BadSex,
    /// A text, tag, name or comment of the XML list is longer than the bound (bytes).
    TooLong {
        /// The most accepted.
        max: usize,
    },
    /// Elements of the XML list nested deeper than the bound.
    TooDeep {
        /// The most accepted.
        max: usize,
    },
    /// More elements in one player of the XML list than the bound.
    TooManyElements {
        /// The most accepted.
        max: usize,
    },
    /// The XML list breaks a rule of XML, or uses a part of XML the list has no use for.
    Xml(&'static str),
}

impl fmt::Display for ListProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ListProblem::NotAList => write!(
                f,
                "not a FIDE rating list (the first line should name `ID Number` and `Name`)"
            ),
            ListProblem::LineTooLong => write!(f, "longer than {MAX_LINE} bytes"),
            ListProblem::Truncated => write!(f, "the line ends before the name"),
            ListProblem::NotANumber => write!(f, "must be a whole number"),
            ListProblem::OutOfRange { min, max } => write!(f, "must be between {min} and {max}"),
            ListProblem::Required => write!(f, "must not be empty"),
            ListProblem::BadFederation => write!(f, "must be three letters"),
            ListProblem::BadSex => write!(f, "must be M or F"),
            ListProblem::TooLong { max } => write!(f, "longer than {max} bytes"),
            ListProblem::TooDeep { max } => write!(f, "nested deeper than {max} elements"),
            ListProblem::TooManyElements { max } => {
                write!(f, "more than {max} elements in one player")
            }
            ListProblem::Xml(problem) => write!(f, "{problem}"),
        }
    }
}

/// A problem at a line (1-based; the header is line 1) and field (the header's label, empty
/// for the whole line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListError {
    /// Line in the file.
    pub line: u64,
    /// The field's label as in the header (`SRtng`, `B-day`), or empty.
    pub field: String,
    /// The value found.
    pub value: String,
    /// What is wrong.
    pub problem: ListProblem,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() {
            write!(f, "line {}: {}", self.line, self.problem)
        } else if self.value.is_empty() {
            write!(f, "line {}, {}: {}", self.line, self.field, self.problem)
        } else {
            write!(
                f,
                "line {}, {} \"{}\": {}",
                self.line, self.field, self.value, self.problem
            )
        }
    }
}

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Field {
    Id,
    Name,
    Federation,
    Sex,
    Title,
    WomenTitle,
    Rating(RatingKind),
    BirthYear,
    Flag,
    Other,
}

/// A column: its label, where it starts and ends (bytes; `usize::MAX` for the last).
#[derive(Debug, Clone)]
struct Column {
    label: String,
    field: Field,
    start: usize,
    end: usize,
}

/// Reads a FIDE list line by line: an iterator of players or line errors.
pub struct ListReader<R> {
    reader: R,
    columns: Vec<Column>,
    line: u64,
    buffer: Vec<u8>,
}

impl<R: BufRead> ListReader<R> {
    /// Reads the header line; `single` is the kind of a single list's rating column.
    pub fn new(mut reader: R, single: RatingKind) -> Result<Self, ListError> {
        let mut buffer = Vec::new();
        let mut line = 0;
        let header = loop {
            line += 1;
            match read_line(&mut reader, &mut buffer) {
                Ok(Some(false)) => {
                    let text = decode(&buffer);
                    if !text.trim().is_empty() {
                        break text;
                    }
                }
                Ok(Some(true)) => return Err(line_error(line, ListProblem::LineTooLong)),
                Ok(None) | Err(_) => return Err(line_error(line, ListProblem::NotAList)),
            }
        };
        let columns = columns_of(&header, single).ok_or(line_error(line, ListProblem::NotAList))?;
        Ok(ListReader {
            reader,
            columns,
            line,
            buffer,
        })
    }

    /// The line last read (the header's after [`ListReader::new`]).
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The labels of the rating columns found, for saying what a file holds.
    pub fn rating_columns(&self) -> Vec<(String, RatingKind)> {
        self.columns
            .iter()
            .filter_map(|column| match column.field {
                Field::Rating(kind) => Some((column.label.clone(), kind)),
                _ => None,
            })
            .collect()
    }

    fn parse(&self, text: &str) -> Result<ListPlayer, ListError> {
        let mut player = ListPlayer::default();
        let name_start = self
            .columns
            .iter()
            .find(|column| column.field == Field::Name)
            .map_or(0, |column| column.start);
        if text.chars().count() <= name_start {
            return Err(line_error(self.line, ListProblem::Truncated));
        }
        for column in &self.columns {
            let value = field_text(text, column.start, column.end);
            apply(&mut player, column.field, &column.label, value, self.line)?;
        }
        Ok(player)
    }
}

/// Checks one field's `value` (labelled `label`, on line `line`) and stores it in `player`:
/// the one check of a list's fields, whether the list is TXT or XML.
fn apply(
    player: &mut ListPlayer,
    field: Field,
    label: &str,
    value: &str,
    line: u64,
) -> Result<(), ListError> {
    let error = |problem| ListError {
        line,
        field: label.to_owned(),
        value: value.chars().take(40).collect(),
        problem,
    };
    match field {
        Field::Id => {
            player.fide_id = number(value, 1, 9_999_999_999)
                .map_err(error)?
                .ok_or(error(ListProblem::Required))?;
        }
        Field::Name => {
            if value.is_empty() {
                return Err(error(ListProblem::Required));
            }
            player.name = value.to_owned();
        }
        Field::Federation => {
            let three_letters = value.len() == 3 && value.chars().all(|c| c.is_ascii_alphabetic());
            if !value.is_empty() && !three_letters {
                return Err(error(ListProblem::BadFederation));
            }
            player.federation = value.to_ascii_uppercase();
        }
        Field::Sex => {
            player.sex = match value {
                "" => String::new(),
                "M" | "m" => "m".to_owned(),
                "F" | "f" | "W" | "w" => "w".to_owned(),
                _ => return Err(error(ListProblem::BadSex)),
            };
        }
        Field::Title => player.title = value.to_ascii_uppercase(),
        Field::WomenTitle => player.women_title = value.to_ascii_uppercase(),
        Field::Rating(kind) => {
            let rating = number(value, 0, 3500).map_err(error)?;
            let rating = rating.filter(|&r| r > 0).map(|r| r as u16);
            match kind {
                RatingKind::Standard => player.standard = rating,
                RatingKind::Rapid => player.rapid = rating,
                RatingKind::Blitz => player.blitz = rating,
            }
        }
        Field::BirthYear => {
            let year = number(value, 0, 2100).map_err(error)?;
            match year {
                None | Some(0) => player.birth_year = None,
                Some(year) if year >= 1850 => player.birth_year = Some(year as u16),
                Some(_) => {
                    return Err(error(ListProblem::OutOfRange {
                        min: 1850,
                        max: 2100,
                    }));
                }
            }
        }
        Field::Flag => player.inactive = value.contains('i'),
        Field::Other => {}
    }
    Ok(())
}

impl<R: BufRead> Iterator for ListReader<R> {
    type Item = Result<ListPlayer, ListError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.line += 1;
            let too_long = match read_line(&mut self.reader, &mut self.buffer) {
                Ok(None) => {
                    self.line -= 1;
                    return None;
                }
                Ok(Some(too_long)) => too_long,
                Err(_) => return Some(Err(line_error(self.line, ListProblem::Truncated))),
            };
            if too_long {
                return Some(Err(line_error(self.line, ListProblem::LineTooLong)));
            }
            let text = decode(&self.buffer);
            if text.trim().is_empty() {
                continue;
            }
            return Some(self.parse(&text));
        }
    }
}

/// A source of list players: the TXT reader ([`ListReader`]) or the XML one
/// ([`XmlListReader`]); `line` is where the reader is, for progress and errors.
pub trait PlayerSource: Iterator<Item = Result<ListPlayer, ListError>> {
    /// The line last read.
    fn line(&self) -> u64;
}

impl<R: BufRead> PlayerSource for ListReader<R> {
    fn line(&self) -> u64 {
        self.line
    }
}

/// Reads one line into `buffer` (without its end), keeping at most [`MAX_LINE`] bytes of it.
/// `None` at the end of the input; `Some(true)` when the line was longer (and is skipped).
fn read_line(reader: &mut impl BufRead, buffer: &mut Vec<u8>) -> std::io::Result<Option<bool>> {
    buffer.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (chunk, found) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..end], Some(end + 1)),
            None => (available, None),
        };
        if buffer.len() + chunk.len() > MAX_LINE {
            too_long = true;
        } else {
            buffer.extend_from_slice(chunk);
        }
        let consumed = found.unwrap_or(available.len());
        reader.consume(consumed);
        if found.is_some() {
            if buffer.last() == Some(&b'\r') {
                buffer.pop();
            }
            return Ok(Some(too_long));
        }
    }
}

/// A line's text: UTF-8 if it is, else Windows-1252 (FIDE's files are ASCII or Latin-1).
fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0.into_owned(),
    }
}

/// The columns a header line names, or `None` if it is not a FIDE list's header.
fn columns_of(header: &str, single: RatingKind) -> Option<Vec<Column>> {
    let mut labels: Vec<(usize, String)> = Vec::new();
    let mut at = 0;
    for word in header.split(' ') {
        if !word.is_empty() {
            // "ID Number" is one label of two words.
            match labels.last_mut() {
                Some((_, last))
                    if last.eq_ignore_ascii_case("ID") && word.eq_ignore_ascii_case("Number") =>
                {
                    last.push(' ');
                    last.push_str(word);
                }
                _ => labels.push((at, word.trim().to_owned())),
            }
        }
        at += word.len() + 1;
    }
    let mut columns: Vec<Column> = Vec::new();
    for (index, (start, label)) in labels.iter().enumerate() {
        let end = labels.get(index + 1).map_or(usize::MAX, |(next, _)| *next);
        let field = match label.to_ascii_uppercase().as_str() {
            "ID NUMBER" => Field::Id,
            "NAME" => Field::Name,
            "FED" => Field::Federation,
            "SEX" => Field::Sex,
            "TIT" => Field::Title,
            "WTIT" => Field::WomenTitle,
            "SRTNG" => Field::Rating(RatingKind::Standard),
            "RRTNG" => Field::Rating(RatingKind::Rapid),
            "BRTNG" => Field::Rating(RatingKind::Blitz),
            "B-DAY" => Field::BirthYear,
            "FLAG" => Field::Flag,
            month if is_month_label(month) => Field::Rating(single),
            _ => Field::Other,
        };
        columns.push(Column {
            label: label.clone(),
            field,
            start: *start,
            end,
        });
    }
    let has = |field| columns.iter().any(|column| column.field == field);
    (columns.first().map(|c| c.field) == Some(Field::Id) && has(Field::Name)).then_some(columns)
}

/// A single list's rating label: three letters of a month and two digits of a year (`NOV26`).
fn is_month_label(label: &str) -> bool {
    let bytes = label.as_bytes();
    bytes.len() == 5
        && bytes[..3].iter().all(u8::is_ascii_alphabetic)
        && bytes[3..].iter().all(u8::is_ascii_digit)
}

/// The trimmed text of `line` between character positions `start` and `end` (FIDE's files
/// are one byte per character; a UTF-8 copy keeps the columns in characters).
fn field_text(line: &str, start: usize, end: usize) -> &str {
    let byte_at = |position: usize| {
        if line.is_ascii() {
            position.min(line.len())
        } else {
            line.char_indices()
                .nth(position)
                .map_or(line.len(), |(at, _)| at)
        }
    };
    line[byte_at(start)..byte_at(end).max(byte_at(start))].trim()
}

fn number(value: &str, min: u64, max: u64) -> Result<Option<u64>, ListProblem> {
    if value.is_empty() {
        return Ok(None);
    }
    if !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ListProblem::NotANumber);
    }
    match value.parse::<u64>() {
        Ok(number) if (min..=max).contains(&number) => Ok(Some(number)),
        _ => Err(ListProblem::OutOfRange { min, max }),
    }
}

fn line_error(line: u64, problem: ListProblem) -> ListError {
    ListError {
        line,
        field: String::new(),
        value: String::new(),
        problem,
    }
}

/// Lines of a FIDE list, written as FIDE lays them out: for tests and for the generated lists
/// of benchmarks (never FIDE's own data).
pub mod layout {
    /// The combined list's header.
    pub const COMBINED_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";
    /// A single (standard) list's header, for the list of November 2026.
    pub const SINGLE_HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA NOV26 Gms K  B-day Flag";

    /// One line of the combined list.
    #[expect(
        clippy::too_many_arguments,
        reason = "one argument per column of the list"
    )]
    pub fn combined_line(
        fide_id: u64,
        name: &str,
        federation: &str,
        sex: &str,
        title: &str,
        ratings: [Option<u16>; 3],
        birth_year: Option<u16>,
        flag: &str,
    ) -> String {
        let rating = |r: Option<u16>| r.map(|r| r.to_string()).unwrap_or_default();
        let games = |r: Option<u16>| if r.is_some() { "0" } else { "" };
        let k = |r: Option<u16>| if r.is_some() { "20" } else { "" };
        let women = if title.starts_with('W') { title } else { "" };
        format!(
            "{fide_id:<15}{name:<61}{federation:<4}{sex:<4}{title:<5}{women:<5}{:<15}{:<4}{:<6}{:<4}{:<3}{:<6}{:<4}{:<3}{:<6}{:<4}{:<3}{:<6}{flag}",
            "",
            "",
            rating(ratings[0]),
            games(ratings[0]),
            k(ratings[0]),
            rating(ratings[1]),
            games(ratings[1]),
            k(ratings[1]),
            rating(ratings[2]),
            games(ratings[2]),
            k(ratings[2]),
            birth_year.map(|y| y.to_string()).unwrap_or_default(),
        )
    }
}

#[cfg(test)]
mod tests {

    use super::layout::{COMBINED_HEADER, SINGLE_HEADER, combined_line};
    use super::*;

    fn read(text: &str) -> Vec<Result<ListPlayer, ListError>> {
        ListReader::new(text.as_bytes(), RatingKind::Standard)
            .expect("header")
            .collect()
    }

    fn one_error(line: &str) -> ListError {
        let text = format!("{COMBINED_HEADER}\n{line}\n");
        let mut results = read(&text);
        assert_eq!(results.len(), 1);
        results.remove(0).expect_err("a bad line")
    }

    #[test]
    fn the_header_fixes_the_columns_and_lines_read_as_players() {
        let text = format!(
            "{COMBINED_HEADER}\r\n{}\r\n\r\n{}\r\n",
            combined_line(
                1_503_014,
                "Berger, Johann",
                "AUT",
                "M",
                "GM",
                [Some(2750), Some(2801), None],
                Some(1990),
                ""
            ),
            combined_line(
                34_100_077,
                "Nováková, Eva",
                "CZE",
                "F",
                "WFM",
                [None, Some(1902), Some(1855)],
                None,
                "wi"
            ),
        );
        let players: Vec<ListPlayer> = read(&text).into_iter().map(|p| p.expect("ok")).collect();
        assert_eq!(
            players[0],
            ListPlayer {
                fide_id: 1_503_014,
                name: "Berger, Johann".into(),
                federation: "AUT".into(),
                sex: "m".into(),
                title: "GM".into(),
                women_title: String::new(),
                standard: Some(2750),
                rapid: Some(2801),
                blitz: None,
                birth_year: Some(1990),
                inactive: false,
            }
        );
        assert_eq!(players[1].name, "Nováková, Eva");
        assert_eq!(
            (players[1].title.as_str(), players[1].women_title.as_str()),
            ("WFM", "WFM")
        );
        assert_eq!((players[1].standard, players[1].blitz), (None, Some(1855)));
        assert!(players[1].inactive);
        assert_eq!(players[1].sex, "w");
    }

    #[test]
    fn a_single_list_rating_is_of_the_kind_given_and_latin1_names_are_read() {
        // A single list: ID, name, fed, sex, titles, FOA, the month's rating, games, K, B-day, flag.
        let line = format!(
            "{:<15}{:<61}{:<4}{:<4}{:<5}{:<5}{:<15}{:<4}{:<6}{:<4}{:<3}{:<6}{}",
            4_800_017, "Özil, Jürgen", "GER", "M", "", "", "", "", "1987", "9", "20", "1979", "i"
        );
        let mut bytes = format!("{SINGLE_HEADER}\n").into_bytes();
        bytes.extend(encoding_rs::WINDOWS_1252.encode(&line).0.iter());
        bytes.push(b'\n');
        let reader = ListReader::new(&bytes[..], RatingKind::Rapid).expect("header");
        assert_eq!(
            reader.rating_columns(),
            [("NOV26".to_owned(), RatingKind::Rapid)]
        );
        let players: Vec<ListPlayer> = reader.map(|p| p.expect("ok")).collect();
        assert_eq!(players[0].name, "Özil, Jürgen");
        assert_eq!((players[0].rapid, players[0].standard), (Some(1987), None));
        assert_eq!(players[0].birth_year, Some(1979));
        assert!(players[0].inactive);
        assert_eq!(
            RatingKind::from_file_name("blitz_rating_list.txt"),
            RatingKind::Blitz
        );
    }

    #[test]
    fn a_file_without_the_header_is_not_a_list() {
        for text in ["", "\n\n", "name,rating\nA,1\n", "Name ID Number\n"] {
            let error = ListReader::new(text.as_bytes(), RatingKind::Standard)
                .err()
                .expect("not a list");
            assert_eq!(error.problem, ListProblem::NotAList, "{text:?}");
        }
    }

    fn line_with(id: &str, name: &str, fed: &str, sex: &str, rating: &str, birth: &str) -> String {
        format!(
            "{id:<15}{name:<61}{fed:<4}{sex:<4}{:<5}{:<5}{:<15}{:<4}{rating:<6}{:<4}{:<3}{:<6}{:<4}{:<3}{:<6}{:<4}{:<3}{birth:<6}",
            "", "", "", "", "", "", "", "", "", "", "", ""
        )
    }

    #[test]
    fn bad_id_names_the_line_and_field() {
        let error = one_error(&line_with("12x45", "A, B", "CZE", "M", "2000", "1990"));
        assert_eq!(
            (
                error.line,
                error.field.as_str(),
                error.value.as_str(),
                &error.problem
            ),
            (2, "ID Number", "12x45", &ListProblem::NotANumber)
        );
        assert_eq!(
            error.to_string(),
            "line 2, ID Number \"12x45\": must be a whole number"
        );
        let error = one_error(&line_with("", "A, B", "CZE", "M", "", ""));
        assert_eq!(
            (error.field.as_str(), &error.problem),
            ("ID Number", &ListProblem::Required)
        );
    }

    #[test]
    fn bad_rating_names_the_line_and_field() {
        let error = one_error(&line_with("1", "A, B", "CZE", "M", "27x0", ""));
        assert_eq!(
            (error.line, error.field.as_str(), &error.problem),
            (2, "SRtng", &ListProblem::NotANumber)
        );
        let error = one_error(&line_with("1", "A, B", "CZE", "M", "9999", ""));
        assert_eq!(
            (error.field.as_str(), &error.problem),
            ("SRtng", &ListProblem::OutOfRange { min: 0, max: 3500 })
        );
    }

    #[test]
    fn bad_birth_year_names_the_line_and_field() {
        let error = one_error(&line_with("1", "A, B", "CZE", "M", "", "19x0"));
        assert_eq!(
            (error.line, error.field.as_str(), &error.problem),
            (2, "B-day", &ListProblem::NotANumber)
        );
        let error = one_error(&line_with("1", "A, B", "CZE", "M", "", "1200"));
        assert_eq!(
            (error.field.as_str(), &error.problem),
            (
                "B-day",
                &ListProblem::OutOfRange {
                    min: 1850,
                    max: 2100
                }
            )
        );
    }

    #[test]
    fn bad_federation_and_sex_name_the_line_and_field() {
        let error = one_error(&line_with("1", "A, B", "C1E", "M", "", ""));
        assert_eq!(
            (error.field.as_str(), &error.problem),
            ("Fed", &ListProblem::BadFederation)
        );
        let error = one_error(&line_with("1", "A, B", "CZE", "X", "", ""));
        assert_eq!(
            (error.field.as_str(), &error.problem),
            ("Sex", &ListProblem::BadSex)
        );
    }

    #[test]
    fn a_missing_name_or_a_cut_line_names_the_line() {
        let error = one_error(&line_with("1", "", "CZE", "M", "", ""));
        assert_eq!(
            (error.field.as_str(), &error.problem),
            ("Name", &ListProblem::Required)
        );
        let error = one_error("1503014");
        assert_eq!(
            (error.line, error.field.as_str(), &error.problem),
            (2, "", &ListProblem::Truncated)
        );
    }

    #[test]
    fn a_line_longer_than_the_bound_is_an_error_and_reading_goes_on() {
        let good = line_with("7", "C, D", "SVK", "F", "1700", "");
        let text = format!("{COMBINED_HEADER}\n{}\n{good}\n", "9".repeat(MAX_LINE * 3));
        let results = read(&text);
        assert_eq!(
            results[0],
            Err(ListError {
                line: 2,
                field: String::new(),
                value: String::new(),
                problem: ListProblem::LineTooLong
            })
        );
        assert_eq!(results[1].as_ref().map(|p| p.fide_id), Ok(7));
    }
}
