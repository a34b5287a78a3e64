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

use crate::formats::trf::{self, ReportHeader, TrfError, TrfRead};
use crate::tournament::model::{GameResult, PlayerId, Tournament};

/// One thing a rating officer would send back.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ReportProblem {
    /// The 1-based line, or `None` when a record is missing altogether.
    pub line: Option<usize>,
    /// The record and field (e.g. `001 points (columns 81–84)`).
    pub field: String,
    /// What is wrong.
    pub reason: String,
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
        Err(error) => vec![from_error(&error, "record")],
    }
}

/// Every problem of a file read by [`trf::read_records`], in line order (missing records
/// first).
pub fn check(read: &TrfRead) -> Vec<ReportProblem> {
    let tournament = &read.tournament;
    let mut problems: Vec<ReportProblem> = trf::cross_check(read)
        .iter()
        .map(|error| from_error(error, &player_field(error.column)))
        .collect();
    let (header, header_problems) = ReportHeader::read(read);
    problems.extend(
        header_problems
            .iter()
            .map(|error| from_error(error, "report record")),
    );
    problems.extend(missing_records(tournament, &header));
    problems.extend(round_dates(read, &header));
    problems.extend(fide_ids(read));
    problems.extend(blank_points(read));
    problems.extend(games(read));
    problems.sort_by_key(|p| (p.line, p.field.clone()));
    problems.dedup();
    problems
}

fn from_error(error: &TrfError, field: &str) -> ReportProblem {
    ReportProblem {
        line: (error.line > 0).then_some(error.line),
        field: format!("{field} (column {})", error.column),
        reason: error.reason.clone(),
    }
}

/// The name of the `001` field at `column`.
fn player_field(column: usize) -> String {
    match column {
        81..=84 => "001 points".to_owned(),
        92.. => {
            let round = (column - 92) / 10 + 1;
            match (column - 92) % 10 {
                0..=3 => format!("001 round {round} opponent"),
                5 => format!("001 round {round} colour"),
                7 => format!("001 round {round} result"),
                _ => format!("001 round {round}"),
            }
        }
        _ => "001".to_owned(),
    }
}

/// The event records FIDE marks mandatory for rating, where absent or blank.
fn missing_records(tournament: &Tournament, header: &ReportHeader) -> Vec<ReportProblem> {
    let mut problems = Vec::new();
    let mut require = |present: bool, tag: &str, what: &str| {
        if !present {
            problems.push(ReportProblem {
                line: None,
                field: format!("record {tag} ({what})"),
                reason: "missing: a rating report must give it".to_owned(),
            });
        }
    };
    require(!tournament.name.trim().is_empty(), "012", "tournament name");
    require(!header.city.trim().is_empty(), "022", "city");
    require(!header.federation.trim().is_empty(), "032", "federation");
    require(header.start_date.is_some(), "042", "date of start");
    require(header.end_date.is_some(), "052", "date of end");
    require(
        !header.chief_arbiter.trim().is_empty(),
        "102",
        "chief arbiter",
    );
    if let (Some(start), Some(end)) = (header.start_date, header.end_date)
        && end < start
    {
        problems.push(ReportProblem {
            line: None,
            field: "record 052 (date of end)".to_owned(),
            reason: format!("ends ({end}) before it starts ({start})"),
        });
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
        let index = round as usize - 1;
        let first = 92 + 10 * index;
        problems.push(ReportProblem {
            line: record_line,
            field: format!("132 round {round} date (columns {first}–{})", first + 7),
            reason: format!("round {round} was played but has no date"),
        });
    }
    if let Some(start) = header.start_date
        && let Some(end) = header.end_date
    {
        for (index, date) in header.round_dates.iter().enumerate() {
            if let Some(date) = date
                && (*date < start || *date > end)
            {
                let first = 92 + 10 * index;
                problems.push(ReportProblem {
                    line: record_line,
                    field: format!(
                        "132 round {} date (columns {first}–{})",
                        index + 1,
                        first + 7
                    ),
                    reason: format!("{date} is outside the event ({start} to {end})"),
                });
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
        .map(|(player, &line)| ReportProblem {
            line: Some(line),
            field: "001 FIDE ID (columns 58–68)".to_owned(),
            reason: format!(
                "player {} ({}) is rated {} but has no FIDE ID",
                player.id.0, player.name, player.rating
            ),
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
        .map(|(player, &line)| ReportProblem {
            line: Some(line),
            field: "001 points (columns 81–84)".to_owned(),
            reason: format!("player {}: the points column is blank", player.id.0),
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
            let round = index + 1;
            let first = 92 + 10 * index;
            let other_line = line_of(opponent_id).unwrap_or(0);
            let played = entry.result.is_played() || theirs.result.is_played();
            if let (Some(mine), Some(their)) = (entry.color, theirs.color)
                && mine == their
            {
                problems.push(ReportProblem {
                    line: line_of(player.id),
                    field: format!("001 round {round} colour (column {})", first + 5),
                    reason: format!(
                        "round {round}: players {} and {} both have {} (line {other_line})",
                        player.id.0,
                        opponent_id.0,
                        if mine == crate::tournament::model::Color::White {
                            "White"
                        } else {
                            "Black"
                        }
                    ),
                });
            } else if played && (entry.color.is_none() || theirs.color.is_none()) {
                problems.push(ReportProblem {
                    line: line_of(player.id),
                    field: format!("001 round {round} colour (column {})", first + 5),
                    reason: format!(
                        "round {round}: a game played between {} and {} needs a White and a Black (line {other_line})",
                        player.id.0, opponent_id.0
                    ),
                });
            }
            if !results_agree(entry.result, theirs.result) {
                problems.push(ReportProblem {
                    line: line_of(player.id),
                    field: format!("001 round {round} result (column {})", first + 7),
                    reason: format!(
                        "round {round}: player {} has `{}` but opponent {} has `{}` (line {other_line})",
                        player.id.0,
                        entry.result.trf_code(),
                        opponent_id.0,
                        theirs.result.trf_code()
                    ),
                });
            }
        }
    }
    problems
}
