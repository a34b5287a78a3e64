//! FIDE Tournament Report File: TRF16 and TRF-2026 (TRF26), read into and written from
//! [`Tournament`].
//!
//! Player records `001` (columns 5–8 starting rank, 10 sex, 11–13 title, 15–47 name, 49–52
//! rating, 54–56 federation, 58–68 FIDE id, 70–79 birth, 81–84 points, 86–89 rank, then one
//! 10-column round entry per round from column 92: opponent 92–95, colour 97, result 99).
//! Header records: `012` name, `142`/`XXR` rounds, `152`/`XXC white1|black1|rank` initial
//! colour, `162`/`XXS`/`BBW BBD BBL BBZ BBF BBU` point values, `240` requested byes, `250`/`XXA`
//! accelerations (C.04.7), `260`/`XXP` forbidden pairs, `XXZ` absences in the round to pair.
//! `299` (blank type) points outside the games: a team's in a team event, a player's
//! ([`Tournament::adjustments`]) in an individual one. A comment `### expelled NNNN RRR` after
//! a player's record marks an expulsion (Laws Art. 12.9.9), and `### withdrawn NNNN RRR` a
//! withdrawal (C.04.2 Art. 3.2), which TRF-2026 has no field for; a player who left is written
//! absent (`240 Z`) in the announced rounds still to come, read back as his leaving.
//! Every other record is kept verbatim in [`Tournament::other_records`].
//!
//! The points column is checked against the results (a file written for pairing the next round
//! may leave that round's pre-announced byes out of it, as bbpPairings' inputs do).
//!
//! **Limits.** No number in a file makes the reader allocate without bound: player numbers fit
//! in the format's 4 digits ([`MAX_PLAYER`]), round numbers in 3 ([`MAX_ROUND`]), point values
//! in 4 digits before the decimal point, and the `250` ranges expand to at most
//! [`MAX_ACCELERATIONS`] (player, round) pairs. A number beyond its limit is a [`TrfError`]
//! that says the limit.
//!
//! The module's files, by job: `read` (the records into a [`Tournament`]),
//! `check` (the players' records against each other), `team` (the team records: 310/013,
//! 320, 330, 299, 362, read and written), `write` (a [`Tournament`] as a file) and `header`
//! (the rating report's event records 022–132, dates).

mod check;
mod header;
mod points;
mod problem;
mod read;
mod team;
mod write;

pub use check::{CrossProblem, cross_check, cross_problems};
pub use header::{REPORT_TAGS, ReportHeader, date, format_date, is_report_record, round_dates};
pub use problem::{DateRecord, TrfField, TrfProblem};
pub use read::{parse, read, read_records};
pub use write::write;

use std::fmt::Write as _;

use crate::tournament::model::{
    Acceleration, Color, ForbiddenPairs, GameResult, Player, PlayerId, PointAdjustment, RoundEntry,
    Tournament,
};
use crate::tournament::scoring::{PointSystem, Points};
use crate::tournament::team::{
    ForfeitedMatch, MatchForfeit, MatchPoints, PairingAllocatedByes, PenaltyPoints, ScheduledMatch,
    Team, TeamBye, TeamId, TeamSection,
};

/// Where and why a TRF file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {reason}")]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (character) number.
    pub column: usize,
    /// What is wrong, in English.
    pub reason: String,
    /// What is wrong, as data (worded in the reader's language by the web).
    pub problem: TrfProblem,
}

/// Something the reader read in a way the file may not have meant, or left out: a record this
/// program does not use, an old-style bye, a tab. The file is read; the organiser is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfWarning {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (character) number.
    pub column: usize,
    /// What was read, and how, in English.
    pub reason: String,
    /// What was read, and how, as data.
    pub problem: TrfProblem,
}

impl TrfWarning {
    /// The warning of `problem` at `line` and `column`.
    pub fn new(line: usize, column: usize, problem: TrfProblem) -> TrfWarning {
        TrfWarning {
            line,
            column,
            reason: problem.to_string(),
            problem,
        }
    }
}

impl std::fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.reason
        )
    }
}

/// A file read: the tournament and what the reader has to say about it.
#[derive(Debug, Clone)]
pub struct TrfRead {
    /// The tournament.
    pub tournament: Tournament,
    /// What was read with a guess or left out, in file order.
    pub warnings: Vec<TrfWarning>,
    /// The 1-based line of each player's `001` record, in starting-rank order
    /// (`player_lines[i]` is the line of `tournament.players[i]`).
    pub player_lines: Vec<usize>,
    /// The 1-based line of each record in [`Tournament::other_records`], in the same order.
    pub other_record_lines: Vec<usize>,
    /// The 1-based line of the record that gave the number of rounds (`XXR` or `142`; the
    /// last one, which is the one read), if any.
    pub rounds_line: Option<usize>,
    /// The games of the round under way in a file written during it: paired (opponent and
    /// colour), no result yet. They are not in the players' round entries.
    pub games_to_play: Vec<GameToPlay>,
}

/// A game paired in the file with no result yet (a file written during the round).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameToPlay {
    /// The round (1-based).
    pub round: u32,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
}

/// The records this reader interprets, or that other parts of the program read from
/// [`Tournament::other_records`] (event facts, tie-break lists, round dates). Any other record
/// is kept verbatim and reported as not used.
const KNOWN_RECORDS: &[&str] = &[
    "001", "012", "013", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112",
    "122", "132", "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250",
    "260", "299", "310", "320", "330", "352", "362", "XXR", "XXC", "XXS", "XXA", "XXP", "XXZ",
    "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU",
];

/// The width of a tab stop when a line holds tabs (the fixed columns are counted after it).
const TAB_STOP: usize = 8;

/// The lines of a file, whatever its line ends (LF, CRLF, or CR alone as old Mac files have).
fn lines_of(text: &str) -> impl Iterator<Item = &str> {
    let separator = if text.contains('\n') { '\n' } else { '\r' };
    text.split(separator)
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
}

/// `line` with each tab replaced by spaces up to the next multiple of `TAB_STOP`.
fn expand_tabs(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + TAB_STOP);
    let mut width = 0;
    for c in line.chars() {
        if c == '\t' {
            let spaces = TAB_STOP - width % TAB_STOP;
            out.extend(std::iter::repeat_n(' ', spaces));
            width += spaces;
        } else {
            out.push(c);
            width += 1;
        }
    }
    out
}

/// The highest player number (starting rank) a TRF file can hold: 4 digits.
pub const MAX_PLAYER: u32 = 9999;
/// The highest round number a TRF file can hold: 3 digits.
pub const MAX_ROUND: u32 = 999;
/// The most (player, round) accelerations the `250` records of one file may give.
pub const MAX_ACCELERATIONS: u64 = 100_000;
/// The most scheduled-match comments a file may hold (a league's matches still to play).
pub const MAX_SCHEDULED: usize = 100_000;
/// The most digits before the decimal point of a point value (`1234.5`).
const MAX_POINT_DIGITS: usize = 4;

/// The first column (1-based) of round `round`'s entry in a player's `001` record: 92 for
/// round 1, then every 10 columns.
pub fn round_entry_column(round: u32) -> usize {
    92 + 10 * (round.max(1) as usize - 1)
}

fn err(line: usize, column: usize, problem: TrfProblem) -> TrfError {
    TrfError {
        line,
        column,
        reason: problem.to_string(),
        problem,
    }
}

/// The characters of columns `from..=to` (1-based), or fewer if the line is shorter.
fn field(chars: &[char], from: usize, to: usize) -> String {
    let start = (from - 1).min(chars.len());
    let end = to.min(chars.len());
    chars[start..end].iter().collect()
}

fn parse_number<T: std::str::FromStr>(
    chars: &[char],
    line: usize,
    from: usize,
    to: usize,
    what: TrfField,
) -> Result<Option<T>, TrfError> {
    let text = field(chars, from, to);
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<T>().map(Some).map_err(|_| {
        err(
            line,
            from,
            TrfProblem::NotANumber {
                field: what,
                text: text.to_owned(),
            },
        )
    })
}

/// A whole number in `1..=max` (`what` names it in the error, which gives the limit).
fn bounded(
    text: &str,
    max: u32,
    line: usize,
    column: usize,
    what: TrfField,
) -> Result<u32, TrfError> {
    let limit = || {
        err(
            line,
            column,
            TrfProblem::AboveLimit {
                field: what,
                text: text.to_owned(),
                max,
            },
        )
    };
    if !text.chars().all(|c| c.is_ascii_digit()) || text.is_empty() {
        return Err(err(
            line,
            column,
            TrfProblem::NotANumber {
                field: what,
                text: text.to_owned(),
            },
        ));
    }
    match text.parse::<u32>() {
        Ok(number) if number <= max => Ok(number),
        _ => Err(limit()),
    }
}

/// A player number (1–[`MAX_PLAYER`]).
fn player_number(text: &str, line: usize, column: usize) -> Result<u32, TrfError> {
    bounded(text, MAX_PLAYER, line, column, TrfField::PlayerNumber)
}

/// A round number (1–[`MAX_ROUND`]).
fn round_number(text: &str, line: usize, column: usize) -> Result<u32, TrfError> {
    bounded(text, MAX_ROUND, line, column, TrfField::RoundNumber)
}

fn parse_points(
    text: &str,
    line: usize,
    column: usize,
    what: TrfField,
) -> Result<Points, TrfError> {
    // Bounded before parsing, so that no sum of a file's points can overflow.
    let whole = text
        .trim_start_matches(['-', '+'])
        .split(['.', ',', '½'])
        .next()
        .unwrap_or_default();
    if whole.chars().count() > MAX_POINT_DIGITS {
        return Err(err(
            line,
            column,
            TrfProblem::ScoreTooLarge {
                field: what,
                text: text.to_owned(),
            },
        ));
    }
    Points::parse(text).ok_or_else(|| {
        err(
            line,
            column,
            TrfProblem::NotAScore {
                field: what,
                text: text.to_owned(),
            },
        )
    })
}
