//! A TRF file checked as FIDE's rating officer checks a tournament report (TRF-2026, the
//! records marked mandatory for rating): the event records (012 name, 022 city, 032
//! federation, 042/052 dates, 102 chief arbiter), a `132` date for every round that was
//! paired, a FIDE ID for every rated player, and the players' records against each other —
//! opponents that name each other, one White and one Black per game, result codes that agree
//! on both sides, points columns equal to the results under the file's point system.
//!
//! Every problem names its line and field; the checker lists them all rather than stopping at
//! the first. It reads with the one TRF reader ([`trf::read_records`]) and uses the reader's
//! own cross-check ([`trf::cross_check`]) for opponents and points.

use crate::formats::trf::{self, CrossProblem, ReportHeader, TrfError, TrfProblem, TrfRead};
use crate::tournament::model::{Color, GameResult, PlayerId, Tournament};

/// One thing a rating officer would send back. `field` and `reason` are in English (the
/// command line's words); `at` and `issue` carry the same with their figures, for a caller
/// that words them in another language.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ReportProblem {
    /// The 1-based line, or `None` when a record is missing altogether.
    pub line: Option<usize>,
    /// The record and field (e.g. `001 points (columns 81–84)`).
    pub field: String,
    /// What is wrong.
    pub reason: String,
    /// The record and field, as data.
    #[serde(skip)]
    pub at: ReportField,
    /// What is wrong, as data.
    #[serde(skip)]
    pub issue: ReportIssue,
}

impl ReportProblem {
    /// The problem `issue` at `at` on `line`, with its English words.
    pub fn new(line: Option<usize>, at: ReportField, issue: ReportIssue) -> ReportProblem {
        ReportProblem {
            line,
            field: at.english(),
            reason: issue.english(),
            at,
            issue,
        }
    }
}

/// Where in a report a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportField {
    /// A record the reader refuses, at a column.
    Record {
        /// The column.
        column: usize,
    },
    /// A report record (022–132) whose value cannot be read, at a column.
    ReportRecord {
        /// The column.
        column: usize,
    },
    /// A field of a player's record (`001`) at a column: the points, a round's opponent,
    /// colour or result.
    PlayerColumn {
        /// The column.
        column: usize,
    },
    /// An event record (`012`, `022`, `032`, `042`, `052`, `102`).
    EventRecord {
        /// The record's tag.
        tag: &'static str,
    },
    /// The date of a round in the `132` record.
    RoundDate {
        /// The round.
        round: u32,
    },
    /// A player's FIDE ID (columns 58–68).
    FideId,
    /// A player's points (columns 81–84).
    Points,
    /// A player's colour in a round.
    RoundColour {
        /// The round.
        round: u32,
    },
    /// A player's result in a round.
    RoundResult {
        /// The round.
        round: u32,
    },
}

/// What a part of a `001` record at `column` holds: `None` for the points, else the round and
/// the field of that round (0 opponent, 5 colour, 7 result, other).
pub fn player_column(column: usize) -> Option<(usize, usize)> {
    match column {
        92.. => Some(((column - 92) / 10 + 1, (column - 92) % 10)),
        _ => None,
    }
}

/// The columns of round `round`'s entry (the opponent's first column).
fn round_first_column(round: u32) -> usize {
    92 + 10 * (round as usize - 1)
}

/// The English name of an event record.
fn event_record_name(tag: &str) -> &'static str {
    match tag {
        "012" => "tournament name",
        "022" => "city",
        "032" => "federation",
        "042" => "date of start",
        "052" => "date of end",
        _ => "chief arbiter",
    }
}

impl ReportField {
    /// The field in English (`001 round 3 colour (column 117)`).
    pub fn english(&self) -> String {
        match self {
            ReportField::Record { column } => format!("record (column {column})"),
            ReportField::ReportRecord { column } => format!("report record (column {column})"),
            ReportField::PlayerColumn { column } => {
                let field = match (column, player_column(*column)) {
                    (81..=84, _) => "001 points".to_owned(),
                    (_, Some((round, 0..=3))) => format!("001 round {round} opponent"),
                    (_, Some((round, 5))) => format!("001 round {round} colour"),
                    (_, Some((round, 7))) => format!("001 round {round} result"),
                    (_, Some((round, _))) => format!("001 round {round}"),
                    _ => "001".to_owned(),
                };
                format!("{field} (column {column})")
            }
            ReportField::EventRecord { tag } => {
                format!("record {tag} ({})", event_record_name(tag))
            }
            ReportField::RoundDate { round } => {
                let first = round_first_column(*round);
                format!("132 round {round} date (columns {first}–{})", first + 7)
            }
            ReportField::FideId => "001 FIDE ID (columns 58–68)".to_owned(),
            ReportField::Points => "001 points (columns 81–84)".to_owned(),
            ReportField::RoundColour { round } => format!(
                "001 round {round} colour (column {})",
                round_first_column(*round) + 5
            ),
            ReportField::RoundResult { round } => format!(
                "001 round {round} result (column {})",
                round_first_column(*round) + 7
            ),
        }
    }
}

/// What is wrong, with its figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportIssue {
    /// A line the reader cannot read.
    Unreadable {
        /// What the reader found.
        problem: TrfProblem,
    },
    /// The players' records disagree ([`trf::cross_problems`]).
    Records(CrossProblem),
    /// An event record a rating report must give is missing or blank.
    Missing,
    /// The event ends before it starts.
    EndBeforeStart {
        /// `042`.
        start: time::Date,
        /// `052`.
        end: time::Date,
    },
    /// A round in which someone was paired has no date.
    UndatedRound {
        /// The round.
        round: u32,
    },
    /// A round's date is outside the event's dates.
    DateOutsideEvent {
        /// The round's date.
        date: time::Date,
        /// `042`.
        start: time::Date,
        /// `052`.
        end: time::Date,
    },
    /// A rated player has no FIDE ID.
    NoFideId {
        /// The player.
        player: u32,
        /// The name.
        name: String,
        /// The rating.
        rating: u16,
    },
    /// A player's points column is blank.
    BlankPoints {
        /// The player.
        player: u32,
    },
    /// Both players of a game have the same colour.
    SameColour {
        /// The round.
        round: u32,
        /// The player.
        player: u32,
        /// The opponent.
        opponent: u32,
        /// The colour both have.
        colour: Color,
        /// The opponent's line.
        other_line: usize,
    },
    /// A game played without a White and a Black.
    NoColours {
        /// The round.
        round: u32,
        /// The player.
        player: u32,
        /// The opponent.
        opponent: u32,
        /// The opponent's line.
        other_line: usize,
    },
    /// The two sides' result codes do not make one game.
    ResultsDisagree {
        /// The round.
        round: u32,
        /// The player.
        player: u32,
        /// The player's code.
        code: char,
        /// The opponent.
        opponent: u32,
        /// The opponent's code.
        their_code: char,
        /// The opponent's line.
        other_line: usize,
    },
}

impl ReportIssue {
    /// The issue in English.
    pub fn english(&self) -> String {
        match self {
            ReportIssue::Unreadable { problem } => problem.to_string(),
            ReportIssue::Records(problem) => problem.reason(),
            ReportIssue::Missing => "missing: a rating report must give it".to_owned(),
            ReportIssue::EndBeforeStart { start, end } => {
                format!("ends ({end}) before it starts ({start})")
            }
            ReportIssue::UndatedRound { round } => {
                format!("round {round} was played but has no date")
            }
            ReportIssue::DateOutsideEvent { date, start, end } => {
                format!("{date} is outside the event ({start} to {end})")
            }
            ReportIssue::NoFideId {
                player,
                name,
                rating,
            } => format!("player {player} ({name}) is rated {rating} but has no FIDE ID"),
            ReportIssue::BlankPoints { player } => {
                format!("player {player}: the points column is blank")
            }
            ReportIssue::SameColour {
                round,
                player,
                opponent,
                colour,
                other_line,
            } => format!(
                "round {round}: players {player} and {opponent} both have {} (line {other_line})",
                if *colour == Color::White {
                    "White"
                } else {
                    "Black"
                }
            ),
            ReportIssue::NoColours {
                round,
                player,
                opponent,
                other_line,
            } => format!(
                "round {round}: a game played between {player} and {opponent} needs a White and a Black (line {other_line})"
            ),
            ReportIssue::ResultsDisagree {
                round,
                player,
                code,
                opponent,
                their_code,
                other_line,
            } => format!(
                "round {round}: player {player} has `{code}` but opponent {opponent} has `{their_code}` (line {other_line})"
            ),
        }
    }
}

impl std::fmt::Display for ReportProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}, {}: {}", self.field, self.reason),
            None => write!(f, "{}: {}", self.field, self.reason),
        }
    }
}

/// The problems of a report given as text: a file the reader refuses is one problem (its
/// line and column); otherwise every problem of [`check`].
pub fn check_text(text: &str) -> Vec<ReportProblem> {
    match trf::read_records(text) {
        Ok(read) => check(&read),
        Err(error) => vec![from_error(
            &error,
            ReportField::Record {
                column: error.column,
            },
        )],
    }
}

/// Every problem of a file read by [`trf::read_records`], in line order (missing records
/// first).
pub fn check(read: &TrfRead) -> Vec<ReportProblem> {
    let tournament = &read.tournament;
    let mut problems: Vec<ReportProblem> = trf::cross_problems(read)
        .into_iter()
        .map(|(line, column, problem)| {
            ReportProblem::new(
                (line > 0).then_some(line),
                ReportField::PlayerColumn { column },
                ReportIssue::Records(problem),
            )
        })
        .collect();
    let (header, header_problems) = ReportHeader::read(read);
    problems.extend(header_problems.iter().map(|error| {
        from_error(
            error,
            ReportField::ReportRecord {
                column: error.column,
            },
        )
    }));
    problems.extend(missing_records(tournament, &header));
    problems.extend(round_dates(read, &header));
    problems.extend(fide_ids(read));
    problems.extend(blank_points(read));
    problems.extend(games(read));
    problems.sort_by_key(|p| (p.line, p.field.clone()));
    problems.dedup();
    problems
}

fn from_error(error: &TrfError, at: ReportField) -> ReportProblem {
    ReportProblem::new(
        (error.line > 0).then_some(error.line),
        at,
        ReportIssue::Unreadable {
            problem: error.problem.clone(),
        },
    )
}

/// The event records FIDE marks mandatory for rating, where absent or blank.
fn missing_records(tournament: &Tournament, header: &ReportHeader) -> Vec<ReportProblem> {
    let mut problems = Vec::new();
    let mut require = |present: bool, tag: &'static str| {
        if !present {
            problems.push(ReportProblem::new(
                None,
                ReportField::EventRecord { tag },
                ReportIssue::Missing,
            ));
        }
    };
    require(!tournament.name.trim().is_empty(), "012");
    require(!header.city.trim().is_empty(), "022");
    require(!header.federation.trim().is_empty(), "032");
    require(header.start_date.is_some(), "042");
    require(header.end_date.is_some(), "052");
    require(!header.chief_arbiter.trim().is_empty(), "102");
    if let (Some(start), Some(end)) = (header.start_date, header.end_date)
        && end < start
    {
        problems.push(ReportProblem::new(
            None,
            ReportField::EventRecord { tag: "052" },
            ReportIssue::EndBeforeStart { start, end },
        ));
    }
    problems
}

/// What a report lacks that only the people who ran the event can give, and that the app asks
/// for before it writes one: the chief arbiter (`102`) and the date of every round in which
/// someone was paired (`132`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MissingDetails {
    /// No chief arbiter.
    pub chief_arbiter: bool,
    /// The rounds played without a date, in order.
    pub round_dates: Vec<u32>,
}

impl MissingDetails {
    /// The details `header` lacks for `tournament`.
    pub fn of(tournament: &Tournament, header: &ReportHeader) -> MissingDetails {
        MissingDetails {
            chief_arbiter: header.chief_arbiter.trim().is_empty(),
            round_dates: undated_rounds(tournament, header),
        }
    }

    /// True when nothing is missing.
    pub fn is_empty(&self) -> bool {
        !self.chief_arbiter && self.round_dates.is_empty()
    }
}

/// The rounds in which someone was paired and that `header` gives no date.
fn undated_rounds(tournament: &Tournament, header: &ReportHeader) -> Vec<u32> {
    (1..=tournament.rounds_paired())
        .filter(|&round| {
            let index = round as usize - 1;
            let paired = tournament
                .players
                .iter()
                .any(|p| p.rounds.get(index).is_some_and(|e| e.is_pairing()));
            paired && header.round_dates.get(index).copied().flatten().is_none()
        })
        .collect()
}

/// A `132` date for every round in which someone was paired.
fn round_dates(read: &TrfRead, header: &ReportHeader) -> Vec<ReportProblem> {
    let tournament = &read.tournament;
    let record_line = tournament
        .other_records
        .iter()
        .position(|r| r.starts_with("132"))
        .and_then(|index| read.other_record_lines.get(index).copied());
    let mut problems = Vec::new();
    for round in undated_rounds(tournament, header) {
        problems.push(ReportProblem::new(
            record_line,
            ReportField::RoundDate { round },
            ReportIssue::UndatedRound { round },
        ));
    }
    if let Some(start) = header.start_date
        && let Some(end) = header.end_date
    {
        for (index, date) in header.round_dates.iter().enumerate() {
            if let Some(date) = date
                && (*date < start || *date > end)
            {
                problems.push(ReportProblem::new(
                    record_line,
                    ReportField::RoundDate {
                        round: index as u32 + 1,
                    },
                    ReportIssue::DateOutsideEvent {
                        date: *date,
                        start,
                        end,
                    },
                ));
            }
        }
    }
    problems
}

/// A FIDE ID for every player with a rating.
fn fide_ids(read: &TrfRead) -> Vec<ReportProblem> {
    read.tournament
        .players
        .iter()
        .zip(&read.player_lines)
        .filter(|(player, _)| player.rating > 0 && player.fide_id.is_none())
        .map(|(player, &line)| {
            ReportProblem::new(
                Some(line),
                ReportField::FideId,
                ReportIssue::NoFideId {
                    player: player.id.0,
                    name: player.name.clone(),
                    rating: player.rating,
                },
            )
        })
        .collect()
}

/// A points column for every player (columns 81–84).
fn blank_points(read: &TrfRead) -> Vec<ReportProblem> {
    read.tournament
        .players
        .iter()
        .zip(&read.player_lines)
        .filter(|(player, _)| player.declared_points.is_none())
        .map(|(player, &line)| {
            ReportProblem::new(
                Some(line),
                ReportField::Points,
                ReportIssue::BlankPoints {
                    player: player.id.0,
                },
            )
        })
        .collect()
}

/// True when `a` and `b` can be the two sides of one game: a result and its mirror, or a
/// penalty score after a played game (Laws Art. 12.9, 11.3 b: 0-0, ½-0, 0-½, in rated or not
/// rated form), or both sides forfeited.
pub fn results_agree(a: GameResult, b: GameResult) -> bool {
    use GameResult::{Draw, ForfeitLoss, Loss, UnratedDraw, UnratedLoss};
    a.mirrored() == Some(b)
        || matches!(
            (a, b),
            (Loss, Loss)
                | (Draw, Loss)
                | (Loss, Draw)
                | (UnratedLoss, UnratedLoss)
                | (UnratedDraw, UnratedLoss)
                | (UnratedLoss, UnratedDraw)
                | (ForfeitLoss, ForfeitLoss)
        )
}

/// Colours and result codes of every game, seen from both sides. A problem is listed on each
/// of the two lines, since either may be the wrong one.
fn games(read: &TrfRead) -> Vec<ReportProblem> {
    let players = &read.tournament.players;
    let line_of = |id: PlayerId| {
        usize::try_from(id.0)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| read.player_lines.get(i).copied())
    };
    let mut problems = Vec::new();
    for player in players {
        for (index, entry) in player.rounds.iter().enumerate() {
            let Some(opponent_id) = entry.opponent else {
                continue;
            };
            let Some(opponent) = read.tournament.player(opponent_id) else {
                continue;
            };
            let Some(theirs) = opponent.rounds.get(index) else {
                continue;
            };
            if theirs.opponent != Some(player.id) {
                continue; // the cross-check names this one
            }
            let round = index as u32 + 1;
            let other_line = line_of(opponent_id).unwrap_or(0);
            let played = entry.result.is_played() || theirs.result.is_played();
            if let (Some(mine), Some(their)) = (entry.color, theirs.color)
                && mine == their
            {
                problems.push(ReportProblem::new(
                    line_of(player.id),
                    ReportField::RoundColour { round },
                    ReportIssue::SameColour {
                        round,
                        player: player.id.0,
                        opponent: opponent_id.0,
                        colour: mine,
                        other_line,
                    },
                ));
            } else if played && (entry.color.is_none() || theirs.color.is_none()) {
                problems.push(ReportProblem::new(
                    line_of(player.id),
                    ReportField::RoundColour { round },
                    ReportIssue::NoColours {
                        round,
                        player: player.id.0,
                        opponent: opponent_id.0,
                        other_line,
                    },
                ));
            }
            if !results_agree(entry.result, theirs.result) {
                problems.push(ReportProblem::new(
                    line_of(player.id),
                    ReportField::RoundResult { round },
                    ReportIssue::ResultsDisagree {
                        round,
                        player: player.id.0,
                        code: entry.result.trf_code(),
                        opponent: opponent_id.0,
                        their_code: theirs.result.trf_code(),
                        other_line,
                    },
                ));
            }
        }
    }
    problems
}
