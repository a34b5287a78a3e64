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
//! a player's record marks an expulsion (Laws Art. 12.9.9), which TRF-2026 has no field for.
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

use std::fmt::Write as _;

use crate::tournament::model::{
    Acceleration, Color, ForbiddenPairs, GameResult, Player, PlayerId, PointAdjustment, RoundEntry,
    Tournament,
};
use crate::tournament::scoring::{PointSystem, Points};
use crate::tournament::team::{
    ForfeitedMatch, MatchForfeit, MatchPoints, PairingAllocatedByes, PenaltyPoints, Team, TeamId,
    TeamSection,
};

/// Where and why a TRF file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {reason}")]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (character) number.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

/// Something the reader read in a way the file may not have meant, or left out: a record this
/// program does not use, an old-style bye, a tab. The file is read; the organiser is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfWarning {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (character) number.
    pub column: usize,
    /// What was read, and how.
    pub reason: String,
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
/// The most digits before the decimal point of a point value (`1234.5`).
const MAX_POINT_DIGITS: usize = 4;

/// The first column (1-based) of round `round`'s entry in a player's `001` record: 92 for
/// round 1, then every 10 columns.
pub fn round_entry_column(round: u32) -> usize {
    92 + 10 * (round.max(1) as usize - 1)
}

fn err(line: usize, column: usize, reason: impl Into<String>) -> TrfError {
    TrfError {
        line,
        column,
        reason: reason.into(),
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
    what: &str,
) -> Result<Option<T>, TrfError> {
    let text = field(chars, from, to);
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse::<T>()
        .map(Some)
        .map_err(|_| err(line, from, format!("{what}: `{text}` is not a number")))
}

/// A whole number in `1..=max` (`what` names it in the error, which gives the limit).
fn bounded(text: &str, max: u32, line: usize, column: usize, what: &str) -> Result<u32, TrfError> {
    let limit = || {
        let digits = max.to_string().len();
        err(
            line,
            column,
            format!("{what} `{text}`: at most {max} ({digits} digits)"),
        )
    };
    if !text.chars().all(|c| c.is_ascii_digit()) || text.is_empty() {
        return Err(err(
            line,
            column,
            format!("{what} `{text}` is not a number"),
        ));
    }
    match text.parse::<u32>() {
        Ok(number) if number <= max => Ok(number),
        _ => Err(limit()),
    }
}

/// A player number (1–[`MAX_PLAYER`]).
fn player_number(text: &str, line: usize, column: usize) -> Result<u32, TrfError> {
    bounded(text, MAX_PLAYER, line, column, "player number")
}

/// A round number (1–[`MAX_ROUND`]).
fn round_number(text: &str, line: usize, column: usize) -> Result<u32, TrfError> {
    bounded(text, MAX_ROUND, line, column, "round number")
}

fn parse_points(text: &str, line: usize, column: usize, what: &str) -> Result<Points, TrfError> {
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
            format!(
                "{what}: `{text}` is too large (at most {MAX_POINT_DIGITS} digits before the point)"
            ),
        ));
    }
    Points::parse(text).ok_or_else(|| err(line, column, format!("{what}: `{text}` is not a score")))
}

/// A parsed line with its number, to report errors later.
struct PlayerLine {
    line: usize,
}

/// Reads a TRF16 or TRF-2026 file; see [`read`] for what is reported besides.
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    read(text).map(|read| read.tournament)
}

/// Reads a TRF16 or TRF-2026 file as the programs that write them do: CRLF, LF or CR line
/// ends, trailing spaces, short lines (missing columns are blank), tabs (expanded to stops of
/// `TAB_STOP`), any header records in any order or none, records this program does not use
/// (kept, and reported), unplayed pairings with the `-` colour, Vega's `0000 - -` (absent) and
/// `0000 - =` (half-point bye), and the old `0000 - +` for the pairing-allocated bye. What was
/// read with a guess comes back in [`TrfRead::warnings`]; what cannot be read is a [`TrfError`].
pub fn read(text: &str) -> Result<TrfRead, TrfError> {
    let read = read_records(text)?;
    match cross_check(&read).into_iter().next() {
        Some(error) => Err(error),
        None => Ok(read),
    }
}

/// Reads every record of a file as [`read`] does, without checking the players' records
/// against each other ([`cross_check`]): what a checker of a whole file starts from, to list
/// every problem rather than stop at the first.
pub fn read_records(text: &str) -> Result<TrfRead, TrfError> {
    let mut other_record_lines: Vec<usize> = Vec::new();
    let mut rounds_line: Option<usize> = None;
    let mut warnings: Vec<TrfWarning> = Vec::new();
    let mut tab_lines: Vec<usize> = Vec::new();
    let mut tournament = Tournament::default();
    let mut player_lines: Vec<(Player, PlayerLine)> = Vec::new();
    let mut byes: Vec<(usize, GameResult, u32, PlayerId)> = Vec::new();
    let mut absent_next: Vec<(usize, PlayerId)> = Vec::new();
    let mut points = PointSystem::default();
    // bbpPairings' `BBW` also sets the pairing-allocated bye unless `BBU` is given.
    let mut pab_given = false;
    // (player, round) pairs the 250 records gave so far.
    let mut accelerated = 0u64;
    // The line of each team record, for errors found once every player is known.
    let mut team_lines: Vec<usize> = Vec::new();
    // The line of each `299` penalty record.
    let mut penalty_lines: Vec<usize> = Vec::new();
    // Players expelled (Art. 12.9.9), from this program's comment lines.
    let mut expulsions: Vec<(PlayerId, u32)> = Vec::new();

    for (index, raw) in lines_of(text).enumerate() {
        let line = index + 1;
        let raw = raw.trim_end_matches(['\r', '\u{feff}']);
        let raw = raw.strip_prefix('\u{feff}').unwrap_or(raw);
        let expanded;
        let raw = if raw.contains('\t') {
            tab_lines.push(line);
            expanded = expand_tabs(raw);
            expanded.as_str()
        } else {
            raw
        };
        if let Some(expulsion) = read_expulsion_comment(raw) {
            expulsions.push(expulsion);
            continue;
        }
        if raw.trim().is_empty() || raw.starts_with("###") {
            continue;
        }
        let chars: Vec<char> = raw.chars().collect();
        let tag = field(&chars, 1, 3).to_ascii_uppercase();
        let rest = field(&chars, 5, chars.len().max(5)).trim().to_string();
        match tag.as_str() {
            "001" => {
                let (player, info) = parse_player(&chars, line, &mut warnings)?;
                player_lines.push((player, info));
            }
            "012" => tournament.name = rest,
            "XXR" | "142" => {
                let text = rest
                    .split_whitespace()
                    .next()
                    .ok_or_else(|| err(line, 5, "number of rounds expected"))?;
                tournament.total_rounds = bounded(text, MAX_ROUND, line, 5, "number of rounds")?;
                rounds_line = Some(line);
            }
            "XXC" => {
                for word in rest.split_whitespace() {
                    match word.to_ascii_lowercase().as_str() {
                        "white1" => tournament.setup.initial_color = Some(Color::White),
                        "black1" => tournament.setup.initial_color = Some(Color::Black),
                        "rank" => tournament.setup.rank_ids = true,
                        other => {
                            return Err(err(line, 5, format!("unknown XXC option `{other}`")));
                        }
                    }
                }
            }
            "152" => {
                tournament.setup.initial_color = match rest.to_ascii_uppercase().as_str() {
                    "W" => Some(Color::White),
                    "B" => Some(Color::Black),
                    _ => return Err(err(line, 5, "initial colour must be W or B")),
                }
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let value = parse_points(&rest, line, 5, "point value")?;
                match tag.as_str() {
                    "BBW" => {
                        points.win = value;
                        points.forfeit_win = value;
                        points.full_point_bye = value;
                        if !pab_given {
                            points.pairing_allocated_bye = value;
                        }
                    }
                    "BBD" => {
                        points.draw = value;
                        points.half_point_bye = value;
                    }
                    "BBL" => points.loss = value,
                    "BBZ" => points.zero_point_bye = value,
                    "BBF" => points.forfeit_loss = value,
                    _ => {
                        points.pairing_allocated_bye = value;
                        pab_given = true;
                    }
                }
            }
            "XXS" => parse_xxs(&rest, line, &mut points)?,
            "162" => parse_162(&chars, line, &mut points)?,
            "XXA" => {
                let player = parse_number::<u32>(&chars, line, 5, 8, "player")?
                    .ok_or_else(|| err(line, 5, "player id expected"))?;
                let mut round = 1u32;
                let mut column = 10;
                while column <= chars.len() {
                    let text = field(&chars, column, column + 3);
                    if round > MAX_ROUND {
                        return Err(err(
                            line,
                            column,
                            format!("XXA: more than {MAX_ROUND} rounds (3 digits)"),
                        ));
                    }
                    if !text.trim().is_empty() {
                        let value = parse_points(text.trim(), line, column, "acceleration")?;
                        tournament.setup.accelerations.push(Acceleration {
                            player: PlayerId(player),
                            round,
                            points: value,
                        });
                    }
                    round += 1;
                    column += 5;
                }
            }
            "250" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                // TRF-2026: match points (left empty by individual competitions), game
                // points, first and last round, first and last player.
                let words = match words.as_slice() {
                    [_, rest @ ..] if rest.len() == 5 => rest,
                    all if all.len() == 5 => all,
                    _ => {
                        return Err(err(
                            line,
                            5,
                            "250 record: expected points, first and last round, first and last player",
                        ));
                    }
                };
                let [value, first_round, last_round, first_player, last_player] = words else {
                    return Err(err(line, 5, "250 record: five values expected"));
                };
                let value = parse_points(value, line, 10, "fictitious points")?;
                let rounds =
                    round_number(first_round, line, 15)?..=round_number(last_round, line, 19)?;
                let players =
                    player_number(first_player, line, 23)?..=player_number(last_player, line, 28)?;
                let pairs = u64::from(rounds.end().saturating_sub(*rounds.start()) + 1)
                    * u64::from(players.end().saturating_sub(*players.start()) + 1);
                accelerated += pairs;
                if accelerated > MAX_ACCELERATIONS {
                    return Err(err(
                        line,
                        15,
                        format!(
                            "250 records: more than {MAX_ACCELERATIONS} accelerated (player, round) pairs"
                        ),
                    ));
                }
                for round in rounds {
                    for player in players.clone() {
                        tournament.setup.accelerations.push(Acceleration {
                            player: PlayerId(player),
                            round,
                            points: value,
                        });
                    }
                }
            }
            "260" | "XXP" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let (first_round, last_round, players) = if tag == "260" {
                    let [first, last, players @ ..] = words.as_slice() else {
                        return Err(err(
                            line,
                            5,
                            "260 record: two rounds and two players needed",
                        ));
                    };
                    if players.len() < 2 {
                        return Err(err(
                            line,
                            5,
                            "260 record: two rounds and two players needed",
                        ));
                    }
                    (
                        round_number(first, line, 5)?,
                        round_number(last, line, 9)?,
                        players,
                    )
                } else {
                    (1, u32::MAX, words.as_slice())
                };
                let players: Vec<u32> = players
                    .iter()
                    .map(|word| player_number(word, line, 5))
                    .collect::<Result<_, _>>()?;
                tournament.setup.forbidden_pairs.push(ForbiddenPairs {
                    first_round,
                    last_round,
                    players: players.iter().map(|&p| PlayerId(p)).collect(),
                });
            }
            "240" => {
                let kind = match field(&chars, 5, 5).to_ascii_uppercase().as_str() {
                    "F" => GameResult::FullPointBye,
                    "H" => GameResult::HalfPointBye,
                    "Z" => GameResult::ZeroPointBye,
                    _ => return Err(err(line, 5, "bye type must be F, H or Z")),
                };
                let tail = field(&chars, 7, chars.len().max(7));
                let words: Vec<&str> = tail.split_whitespace().collect();
                let Some((round, players)) = words.split_first() else {
                    return Err(err(line, 7, "round number expected"));
                };
                let round = round_number(round, line, 7)?;
                for word in players {
                    let player = player_number(word, line, 11)?;
                    byes.push((line, kind, round, PlayerId(player)));
                }
            }
            "310" | "013" => {
                let number = tournament.teams.teams.len() as u32 + 1;
                let team = parse_team(&chars, line, tag == "310", number)?;
                if tournament.teams.teams.iter().any(|t| t.id == team.id) {
                    return Err(err(line, 5, format!("team {} is listed twice", team.id.0)));
                }
                tournament.teams.teams.push(team);
                team_lines.push(line);
            }
            "352" => {
                let sequence = rest.to_ascii_uppercase();
                if sequence.is_empty() || sequence.chars().any(|c| c != 'W' && c != 'B') {
                    return Err(err(
                        line,
                        5,
                        "352: the colour sequence must be W and B only",
                    ));
                }
                tournament.teams.colour_sequence = Some(sequence);
            }
            "362" => tournament.teams.match_points = Some(parse_362(&rest, line)?),
            "320" => {
                if tournament.teams.pairing_allocated_byes.is_some() {
                    return Err(err(line, 1, "320: one record per tournament"));
                }
                tournament.teams.pairing_allocated_byes = Some(parse_320(&chars, line)?);
            }
            "330" => tournament
                .teams
                .forfeited_matches
                .push(parse_330(&chars, line)?),
            "299" => match parse_299(&chars, line)? {
                Some(Record299::Penalty(penalty)) => {
                    tournament.teams.penalties.push(penalty);
                    penalty_lines.push(line);
                }
                Some(Record299::ForfeitWin(points)) => tournament.teams.forfeit_win = Some(points),
                Some(Record299::ForfeitLoss(points)) => {
                    tournament.teams.forfeit_loss = Some(points)
                }
                None => {
                    tournament.other_records.push(raw.to_string());
                    other_record_lines.push(line);
                }
            },
            "XXZ" => {
                for word in rest.split_whitespace() {
                    let player = player_number(word, line, 5)?;
                    absent_next.push((line, PlayerId(player)));
                }
            }
            _ => {
                if !KNOWN_RECORDS.contains(&tag.as_str()) {
                    warnings.push(TrfWarning {
                        line,
                        column: 1,
                        reason: format!("record `{}` is not used here; kept as it is", tag.trim()),
                    });
                }
                tournament.other_records.push(raw.to_string());
                other_record_lines.push(line);
            }
        }
    }
    if let Some(&first) = tab_lines.first() {
        warnings.push(TrfWarning {
            line: first,
            column: 1,
            reason: format!(
                "tabs read as spaces to the next multiple of {TAB_STOP} columns ({} lines)",
                tab_lines.len()
            ),
        });
    }

    byes_written_as_games(
        &mut player_lines,
        !tournament.teams.teams.is_empty(),
        &mut warnings,
    )?;

    // Players in starting-rank order, numbered 1..=n without gaps.
    player_lines.sort_by_key(|(p, _)| p.id);
    for (index, (player, info)) in player_lines.iter().enumerate() {
        if player.id.0 as usize != index + 1 {
            return Err(err(
                info.line,
                5,
                format!(
                    "starting ranks must be 1..{} without gaps or repeats; found {}",
                    player_lines.len(),
                    player.id.0
                ),
            ));
        }
    }
    let count = player_lines.len() as u32;
    let known = |id: PlayerId| id.0 >= 1 && id.0 <= count;

    // Requested byes from 240 records and XXZ become round entries.
    let rounds_with_games = player_lines
        .iter()
        .flat_map(|(p, _)| p.rounds.iter().enumerate())
        .filter(|(_, e)| e.is_pairing())
        .map(|(r, _)| r as u32 + 1)
        .max()
        .unwrap_or(0);
    for (line, id) in absent_next {
        if rounds_with_games >= MAX_ROUND {
            return Err(err(
                line,
                5,
                format!("XXZ: no round after round {MAX_ROUND}"),
            ));
        }
        byes.push((line, GameResult::ZeroPointBye, rounds_with_games + 1, id));
    }
    for (line, kind, round, id) in byes {
        if !known(id) || round == 0 {
            return Err(err(line, 5, format!("no player {} or round {round}", id.0)));
        }
        let player = &mut player_lines[id.0 as usize - 1].0;
        let index = round as usize - 1;
        while player.rounds.len() <= index {
            player.rounds.push(RoundEntry {
                opponent: None,
                color: None,
                result: GameResult::ZeroPointBye,
            });
        }
        player.rounds[index] = RoundEntry {
            opponent: None,
            color: None,
            result: kind,
        };
    }

    // Every squad names known players, each player in one squad.
    let mut squad_of: std::collections::HashMap<PlayerId, u32> = Default::default();
    for (team, &line) in tournament.teams.teams.iter().zip(&team_lines) {
        for &player in &team.squad {
            if !known(player) {
                return Err(err(
                    line,
                    74,
                    format!("team {}: no player {}", team.id.0, player.0),
                ));
            }
            if let Some(other) = squad_of.insert(player, team.id.0)
                && other != team.id.0
            {
                return Err(err(
                    line,
                    74,
                    format!("player {} is in teams {other} and {}", player.0, team.id.0),
                ));
            }
        }
    }

    // In an individual event a `299` penalty or bonus names a player and gives his points in
    // the game-points columns (14–17).
    if tournament.teams.teams.is_empty() {
        let penalties = std::mem::take(&mut tournament.teams.penalties);
        for (penalty, &line) in penalties.iter().zip(&penalty_lines) {
            let player = PlayerId(penalty.team.0);
            if !known(player) {
                return Err(err(line, 24, format!("299: no player {}", player.0)));
            }
            tournament.adjustments.push(PointAdjustment {
                player,
                round: penalty.round,
                points: penalty.game_points,
                reason: String::new(),
            });
        }
    }
    for (player, round) in expulsions {
        if known(player) {
            player_lines[player.0 as usize - 1].0.expelled_from = Some(round);
        }
    }
    tournament.points = points;
    let lines = player_lines.iter().map(|(_, info)| info.line).collect();
    tournament.players = player_lines.into_iter().map(|(p, _)| p).collect();
    warnings.sort_by_key(|w| (w.line, w.column));
    Ok(TrfRead {
        tournament,
        warnings,
        player_lines: lines,
        other_record_lines,
        rounds_line,
    })
}

/// The players' records checked against each other, every problem in file order: each
/// opponent exists and names the player back in the same round, and each points column
/// (columns 81–84) equals the results under the file's point system. The rounds after the
/// last paired one hold byes requested ahead, which such files leave out of the total (or
/// count in it): either total is accepted. The problems of [`cross_problems`], in English.
pub fn cross_check(read: &TrfRead) -> Vec<TrfError> {
    cross_problems(read)
        .into_iter()
        .map(|(line, column, problem)| err(line, column, problem.reason()))
        .collect()
}

/// What the cross-check of the players' records finds ([`cross_problems`]), with its figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CrossProblem {
    /// A round names an opponent who is not in the file, or the player himself.
    NoOpponent {
        /// The round.
        round: u32,
        /// The starting number named.
        opponent: u32,
    },
    /// A player is paired with an opponent who is not paired with him in that round.
    NotPairedBack {
        /// The round.
        round: u32,
        /// The player.
        player: u32,
        /// The opponent named.
        opponent: u32,
    },
    /// The points column differs from the results under the file's point system.
    PointsDiffer {
        /// The player.
        player: u32,
        /// The points column.
        given: Points,
        /// The results (and points outside the games) added up.
        total: Points,
    },
}

impl CrossProblem {
    /// The problem in English.
    pub fn reason(&self) -> String {
        match self {
            CrossProblem::NoOpponent { round, opponent } => {
                format!("round {round}: no opponent {opponent}")
            }
            CrossProblem::NotPairedBack {
                round,
                player,
                opponent,
            } => format!(
                "round {round}: player {player} is paired with {opponent} but {opponent} is not paired with {player}"
            ),
            CrossProblem::PointsDiffer {
                player,
                given,
                total,
            } => format!(
                "points column says {given} but the results add up to {total} (player {player})"
            ),
        }
    }
}

/// The players' records checked against each other ([`cross_check`]): each problem with its
/// line and column.
pub fn cross_problems(read: &TrfRead) -> Vec<(usize, usize, CrossProblem)> {
    let tournament = &read.tournament;
    let players = &tournament.players;
    let line_of = |index: usize| read.player_lines.get(index).copied().unwrap_or(0);
    let known = |id: PlayerId| id.0 >= 1 && id.0 as usize <= players.len();
    let rounds_with_games = tournament.rounds_paired();
    let mut problems = Vec::new();
    for (index, player) in players.iter().enumerate() {
        for (round, entry) in player.rounds.iter().enumerate() {
            let Some(opponent) = entry.opponent else {
                continue;
            };
            let column = 92 + 10 * round;
            let round = round as u32 + 1;
            if !known(opponent) || opponent == player.id {
                problems.push((
                    line_of(index),
                    column,
                    CrossProblem::NoOpponent {
                        round,
                        opponent: opponent.0,
                    },
                ));
                continue;
            }
            let back = players[opponent.0 as usize - 1]
                .rounds
                .get(round as usize - 1)
                .and_then(|e| e.opponent);
            if back != Some(player.id) {
                problems.push((
                    line_of(index),
                    column,
                    CrossProblem::NotPairedBack {
                        round,
                        player: player.id.0,
                        opponent: opponent.0,
                    },
                ));
            }
        }
    }
    for (index, player) in players.iter().enumerate() {
        let Some(given) = player.declared_points else {
            continue;
        };
        let score = |e: &RoundEntry| tournament.points.score(e.result);
        let outside = tournament.adjustment(player.id, u32::MAX);
        let total: Points = player.rounds.iter().map(score).sum::<Points>() + outside;
        let paired_total: Points = player
            .rounds
            .iter()
            .take(rounds_with_games as usize)
            .map(score)
            .sum::<Points>()
            + outside;
        if given != total && given != paired_total {
            problems.push((
                line_of(index),
                81,
                CrossProblem::PointsDiffer {
                    player: player.id.0,
                    given,
                    total,
                },
            ));
        }
    }
    problems
}

/// Games without an opponent. In an individual event they are the byes older files wrote so:
/// `0000 - +` the pairing-allocated bye, Vega's `0000 - -` an absence (zero-point bye) and
/// `0000 - =` a half-point bye; each is noted. In a team event `+` and `-` are boards won or
/// lost by forfeit against an empty board and stay so, and `=` is an error.
fn byes_written_as_games(
    player_lines: &mut [(Player, PlayerLine)],
    team_event: bool,
    warnings: &mut Vec<TrfWarning>,
) -> Result<(), TrfError> {
    for (player, info) in player_lines.iter_mut() {
        for (index, entry) in player.rounds.iter_mut().enumerate() {
            if entry.opponent.is_some() {
                continue;
            }
            let column = 92 + 10 * index + 7;
            let round = index + 1;
            let (bye, reason) = match entry.result {
                GameResult::Draw if team_event => {
                    return Err(err(
                        info.line,
                        column,
                        format!("round {round}: a played game (`=`) needs an opponent"),
                    ));
                }
                _ if team_event => continue,
                GameResult::ForfeitWin => (
                    GameResult::PairingAllocatedBye,
                    "`+` without an opponent read as the pairing-allocated bye (`U`)",
                ),
                GameResult::ForfeitLoss => (
                    GameResult::ZeroPointBye,
                    "`-` without an opponent read as an absence, a zero-point bye (`Z`)",
                ),
                GameResult::Draw => (
                    GameResult::HalfPointBye,
                    "`=` without an opponent read as a half-point bye (`H`)",
                ),
                _ => continue,
            };
            entry.result = bye;
            warnings.push(TrfWarning {
                line: info.line,
                column,
                reason: format!("round {round}: {reason}"),
            });
        }
    }
    Ok(())
}

fn parse_player(
    chars: &[char],
    line: usize,
    warnings: &mut Vec<TrfWarning>,
) -> Result<(Player, PlayerLine), TrfError> {
    let id = parse_number::<u32>(chars, line, 5, 8, "starting rank")?
        .ok_or_else(|| err(line, 5, "starting rank missing"))?;
    if id == 0 {
        return Err(err(line, 5, "starting rank must be at least 1"));
    }
    let rating = parse_number::<u16>(chars, line, 49, 52, "rating")?.unwrap_or(0);
    let fide_id = parse_number::<u64>(chars, line, 58, 68, "FIDE id")?;
    let points_text = field(chars, 81, 84);
    let points_given = if points_text.trim().is_empty() {
        None
    } else {
        Some(parse_points(points_text.trim(), line, 81, "points")?)
    };
    let mut rounds = Vec::new();
    let mut pending_blank = 0usize;
    let mut column = 92;
    while column <= chars.len() {
        let chunk = field(chars, column, column + 7);
        if chunk.trim().is_empty() {
            pending_blank += 1;
            column += 10;
            continue;
        }
        if rounds.len() + pending_blank >= MAX_ROUND as usize {
            return Err(err(
                line,
                column,
                format!("more than {MAX_ROUND} rounds (3 digits)"),
            ));
        }
        for _ in 0..pending_blank {
            rounds.push(RoundEntry {
                opponent: None,
                color: None,
                result: GameResult::ZeroPointBye,
            });
        }
        pending_blank = 0;
        rounds.push(parse_round(
            chars,
            line,
            column,
            rounds.len() + 1,
            warnings,
        )?);
        column += 10;
    }
    let player = Player {
        id: PlayerId(id),
        name: field(chars, 15, 47).trim().to_string(),
        sex: field(chars, 10, 10).trim().to_string(),
        title: field(chars, 11, 13).trim().to_string(),
        rating,
        pairing_rating: None,
        federation: field(chars, 54, 56).trim().to_string(),
        fide_id,
        birth: field(chars, 70, 79).trim().to_string(),
        declared_points: points_given,
        declared_rank: None,
        rounds,
        expelled_from: None,
    };
    Ok((player, PlayerLine { line }))
}

fn parse_round(
    chars: &[char],
    line: usize,
    column: usize,
    round: usize,
    warnings: &mut Vec<TrfWarning>,
) -> Result<RoundEntry, TrfError> {
    let opponent_text = field(chars, column, column + 3);
    let opponent_text = opponent_text.trim();
    let opponent = if opponent_text.is_empty() {
        0
    } else {
        bounded(opponent_text, MAX_PLAYER, line, column, "opponent")
            .map_err(|error| err(line, column, format!("round {round}: {}", error.reason)))?
    };
    let color = match field(chars, column + 5, column + 5).as_str() {
        "w" | "W" => Some(Color::White),
        "b" | "B" => Some(Color::Black),
        "-" | " " | "" => None,
        other => {
            return Err(err(
                line,
                column + 5,
                format!("round {round}: colour must be w, b or -, not `{other}`"),
            ));
        }
    };
    let code = field(chars, column + 7, column + 7);
    let mut result = match code.to_ascii_uppercase().as_str() {
        "1" => GameResult::Win,
        "=" => GameResult::Draw,
        "0" => GameResult::Loss,
        "W" => GameResult::UnratedWin,
        "D" => GameResult::UnratedDraw,
        "L" => GameResult::UnratedLoss,
        "+" => GameResult::ForfeitWin,
        "-" => GameResult::ForfeitLoss,
        "H" => GameResult::HalfPointBye,
        "F" => GameResult::FullPointBye,
        "U" => GameResult::PairingAllocatedBye,
        "Z" | " " | "" => GameResult::ZeroPointBye,
        other => {
            return Err(err(
                line,
                column + 7,
                format!("round {round}: unknown result code `{other}`"),
            ));
        }
    };
    let opponent = if opponent == 0 {
        None
    } else {
        Some(PlayerId(opponent))
    };
    let mut warn = |column: usize, reason: String| {
        warnings.push(TrfWarning {
            line,
            column,
            reason: format!("round {round}: {reason}"),
        })
    };
    if opponent.is_some() && result.is_bye() {
        if color.is_none() && result == GameResult::ZeroPointBye {
            // A pairing nobody played and nobody won: both forfeited.
            warn(
                column + 7,
                "an opponent without colour or result read as an unplayed game lost by forfeit (`-`)"
                    .to_owned(),
            );
            result = GameResult::ForfeitLoss;
        } else {
            return Err(err(
                line,
                column + 7,
                format!("round {round}: a bye (`{code}`) cannot have an opponent"),
            ));
        }
    }
    // `=` without an opponent: Vega's half-point bye, read once the file is known to be an
    // individual event ([`byes_written_as_games`]).
    if opponent.is_none() && result.is_played() && result != GameResult::Draw {
        return Err(err(
            line,
            column,
            format!("round {round}: a played game (`{code}`) needs an opponent"),
        ));
    }
    // An opponent with the `-` colour is a pairing that was not played: a forfeit. A game
    // played over the board has a colour.
    if opponent.is_some() && color.is_none() && result.is_played() {
        return Err(err(
            line,
            column + 5,
            format!(
                "round {round}: a game played (`{code}`) needs a colour (w or b); an unplayed pairing is written `- +` or `- -`"
            ),
        ));
    }
    Ok(RoundEntry {
        opponent,
        color,
        result,
    })
}

fn parse_xxs(rest: &str, line: usize, points: &mut PointSystem) -> Result<(), TrfError> {
    for item in rest.split_whitespace() {
        let (code, value) = item
            .split_once('=')
            .ok_or_else(|| err(line, 5, format!("XXS: `{item}` is not CODE=VALUE")))?;
        let value = if value.starts_with('.') {
            format!("0{value}")
        } else {
            value.to_string()
        };
        let value = parse_points(&value, line, 5, "XXS value")?;
        match code.to_ascii_uppercase().as_str() {
            "WW" | "BW" => points.win = value,
            "WD" | "BD" => points.draw = value,
            "WL" | "BL" => points.loss = value,
            "ZPB" => points.zero_point_bye = value,
            "HPB" => points.half_point_bye = value,
            "FPB" => points.full_point_bye = value,
            "PAB" => points.pairing_allocated_bye = value,
            "FW" => points.forfeit_win = value,
            "FL" => points.forfeit_loss = value,
            "W" => {
                points.win = value;
                points.forfeit_win = value;
                points.full_point_bye = value;
            }
            "D" => {
                points.draw = value;
                points.half_point_bye = value;
            }
            other => return Err(err(line, 5, format!("XXS: unknown code `{other}`"))),
        }
    }
    Ok(())
}

/// TRF26 `162`: a result letter at column 6, 15, 24, ... and its points in the next 4 columns.
fn parse_162(chars: &[char], line: usize, points: &mut PointSystem) -> Result<(), TrfError> {
    let mut column = 6;
    let mut pab_set = false;
    let mut pending_pab_as_win = None;
    while column <= chars.len() {
        let code = field(chars, column, column);
        if code.trim().is_empty() {
            column += 9;
            continue;
        }
        let value_text = field(chars, column + 1, column + 4);
        let value = parse_points(value_text.trim(), line, column + 1, "162 value")?;
        match code.as_str() {
            "W" => {
                points.win = value;
                points.forfeit_win = value;
                points.full_point_bye = value;
                pending_pab_as_win = Some(value);
            }
            "D" => {
                points.draw = value;
                points.half_point_bye = value;
            }
            "L" => points.loss = value,
            "A" => {
                points.zero_point_bye = value;
                points.forfeit_loss = value;
            }
            "P" => {
                points.pairing_allocated_bye = value;
                pab_set = true;
            }
            "X" => {}
            other => return Err(err(line, column, format!("162: unknown code `{other}`"))),
        }
        column += 9;
    }
    if let (false, Some(value)) = (pab_set, pending_pab_as_win) {
        points.pairing_allocated_bye = value;
    }
    Ok(())
}

/// The most players a team record may list.
const MAX_SQUAD: usize = 100;

/// A team record: `310` (TRF-2026: number 5–7, name 9–40, nickname 42–46, players from
/// column 74, five columns each) or the older `013` (name 5–36, players from column 37; the
/// team's number is its place in the file).
fn parse_team(chars: &[char], line: usize, extended: bool, place: u32) -> Result<Team, TrfError> {
    let (id, name, nickname, first_column) = if extended {
        let id = bounded(field(chars, 5, 7).trim(), 999, line, 5, "team number")?;
        if id == 0 {
            return Err(err(line, 5, "team number must be 1 to 999"));
        }
        (
            id,
            field(chars, 9, 40).trim().to_string(),
            field(chars, 42, 46).trim().to_string(),
            74,
        )
    } else {
        (
            place,
            field(chars, 5, 36).trim().to_string(),
            String::new(),
            37,
        )
    };
    let mut squad = Vec::new();
    let mut column = first_column;
    while column <= chars.len() {
        let text = field(chars, column, column + 3);
        if !text.trim().is_empty() {
            let player = player_number(text.trim(), line, column)?;
            if player != 0 {
                if squad.len() >= MAX_SQUAD {
                    return Err(err(
                        line,
                        column,
                        format!("more than {MAX_SQUAD} players in one team"),
                    ));
                }
                squad.push(PlayerId(player));
            }
        }
        column += 5;
    }
    Ok(Team {
        id: TeamId(id),
        name,
        nickname,
        squad,
    })
}

/// Record `362`, match points: `TW 3.0  TD 1.0  TL 0.0` (the letters alone are read too).
fn parse_362(rest: &str, line: usize) -> Result<MatchPoints, TrfError> {
    let mut points = MatchPoints::default();
    // Codes and values alternate, with or without spaces between them (`TW 3.0`, `TW10.0`).
    let mut tokens: Vec<String> = Vec::new();
    for c in rest.chars() {
        let numeric = c.is_ascii_digit() || c == '.' || c == '-';
        match tokens.last_mut() {
            _ if c.is_whitespace() => tokens.push(String::new()),
            Some(last)
                if !last.is_empty()
                    && last
                        .chars()
                        .all(|l| l.is_ascii_digit() || l == '.' || l == '-')
                        == numeric =>
            {
                last.push(c)
            }
            _ => tokens.push(c.to_string()),
        }
    }
    tokens.retain(|t| !t.is_empty());
    for pair in tokens.chunks(2) {
        let [code, value] = pair else {
            return Err(err(line, 5, "362: each code needs its points"));
        };
        let value = parse_points(value, line, 5, "362 value")?;
        match code.to_ascii_uppercase().as_str() {
            "TW" | "W" => points.win = value,
            "TD" | "D" => points.draw = value,
            "TL" | "L" => points.loss = value,
            other => return Err(err(line, 5, format!("362: unknown code `{other}`"))),
        }
    }
    Ok(points)
}

/// Record `320`, the pairing-allocated byes of a team event: match points 5–8, game points
/// 10–13, then the team given the bye in round 1 (15–17), round 2 (19–21), … (`000` or blank:
/// none that round).
fn parse_320(chars: &[char], line: usize) -> Result<PairingAllocatedByes, TrfError> {
    let match_points = parse_points(field(chars, 5, 8).trim(), line, 5, "320 match points")?;
    let game_points = parse_points(field(chars, 10, 13).trim(), line, 10, "320 game points")?;
    let mut teams = Vec::new();
    let mut column = 15;
    let mut round = 1;
    while column <= chars.len() {
        let text = field(chars, column, column + 2);
        let text = text.trim();
        if !text.is_empty() {
            let team = bounded(text, 999, line, column, "team number")?;
            if team != 0 {
                teams.push((round, TeamId(team)));
            }
        }
        column += 4;
        round += 1;
    }
    Ok(PairingAllocatedByes {
        match_points,
        game_points,
        teams,
    })
}

/// Record `330`, a forfeited match: type 5–6 (`+-`, `-+`, `--`), round 8–10, first team
/// 12–14, second team 16–18.
fn parse_330(chars: &[char], line: usize) -> Result<ForfeitedMatch, TrfError> {
    let forfeit = match field(chars, 5, 6).to_ascii_uppercase().as_str() {
        "+-" | "WL" | "WZ" | "10" => MatchForfeit::HomeWins,
        "-+" | "LW" | "ZW" | "01" => MatchForfeit::AwayWins,
        "--" | "LL" | "ZZ" | "00" => MatchForfeit::Both,
        _ => return Err(err(line, 5, "330: the forfeit type must be +-, -+ or --")),
    };
    let round = round_number(field(chars, 8, 10).trim(), line, 8)?;
    let white = bounded(field(chars, 12, 14).trim(), 999, line, 12, "team number")?;
    let black_text = field(chars, 16, 18);
    let black = if black_text.trim().is_empty() {
        0
    } else {
        bounded(black_text.trim(), 999, line, 16, "team number")?
    };
    if round == 0 || white == 0 {
        return Err(err(line, 8, "330: round and first team must be given"));
    }
    Ok(ForfeitedMatch {
        round,
        white: TeamId(white),
        black: (black != 0).then_some(TeamId(black)),
        forfeit,
    })
}

/// What a `299` record says, as far as this reader interprets it.
enum Record299 {
    /// The arbiter's penalty (or bonus) points of one team.
    Penalty(PenaltyPoints),
    /// Match and game points of every forfeited match's winner (`299 +`, no round, no team).
    ForfeitWin((Points, Points)),
    /// Match and game points of every forfeited match's loser (`299 -`).
    ForfeitLoss((Points, Points)),
}

/// Record `299`: type 5 (blank for a penalty), match points 8–11, game points 14–17, round
/// 20–22 (`000` or blank: every round; `999`: the standings only), teams from column 24.
/// Penalties name one team; `+`/`-` without round and team give the points of forfeited
/// matches. Other `299` records are kept as they are (`None`).
fn parse_299(chars: &[char], line: usize) -> Result<Option<Record299>, TrfError> {
    let kind = field(chars, 5, 5);
    let read = |from: usize, to: usize, what: &str| -> Result<Points, TrfError> {
        let text = field(chars, from, to);
        if text.trim().is_empty() {
            Ok(Points::ZERO)
        } else {
            parse_points(text.trim(), line, from, what)
        }
    };
    let match_points = read(8, 11, "299 match points")?;
    let game_points = read(14, 17, "299 game points")?;
    let round_text = field(chars, 20, 22);
    let round = if round_text.trim().is_empty() {
        0
    } else {
        round_number(round_text.trim(), line, 20)?
    };
    let team_text = field(chars, 24, chars.len().max(24));
    let mut words = team_text.split_whitespace();
    let first = words.next();
    match (kind.trim(), first, round) {
        ("+", None, 0) => return Ok(Some(Record299::ForfeitWin((match_points, game_points)))),
        ("-", None, 0) => return Ok(Some(Record299::ForfeitLoss((match_points, game_points)))),
        ("", Some(_), _) => {}
        _ => return Ok(None),
    }
    let Some(first) = first else {
        return Ok(None);
    };
    if words.next().is_some() {
        return Err(err(line, 29, "299: one penalty record per team"));
    }
    let team = bounded(first, 999, line, 24, "team number")?;
    Ok(Some(Record299::Penalty(PenaltyPoints {
        team: TeamId(team),
        round: (round != 0 && round != 999).then_some(round),
        match_points,
        game_points,
        reason: String::new(),
    })))
}

/// The team records of `section`, one line each.
fn write_teams(out: &mut String, section: &TeamSection) {
    for team in &section.teams {
        let total = section.totals.iter().find(|t| t.team == team.id);
        let mut line = format!(
            "310 {:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3} ",
            team.id.0,
            team.name.chars().take(32).collect::<String>(),
            team.nickname.chars().take(5).collect::<String>(),
            "",
            total
                .map(|t| format!("{:.1}", t.match_points.as_f64()))
                .unwrap_or_default(),
            total
                .map(|t| format!("{:.1}", t.game_points.as_f64()))
                .unwrap_or_default(),
            total.map(|t| t.rank.to_string()).unwrap_or_default(),
        );
        for player in &team.squad {
            let _ = write!(line, " {:>4}", player.0);
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if let Some(sequence) = &section.colour_sequence {
        let _ = writeln!(out, "352 {sequence}");
    }
    if let Some(points) = &section.match_points {
        let _ = writeln!(
            out,
            "362 TW{:>4}   TD{:>4}   TL{:>4}",
            format!("{:.1}", points.win.as_f64()),
            format!("{:.1}", points.draw.as_f64()),
            format!("{:.1}", points.loss.as_f64())
        );
    }
    if let Some(byes) = &section.pairing_allocated_byes {
        let mut line = format!(
            "320 {:>4} {:>4}",
            format!("{:.1}", byes.match_points.as_f64()),
            format!("{:.1}", byes.game_points.as_f64())
        );
        let last = byes
            .teams
            .iter()
            .map(|&(round, _)| round)
            .max()
            .unwrap_or(0);
        for round in 1..=last {
            let team = byes
                .teams
                .iter()
                .find(|&&(r, _)| r == round)
                .map_or(0, |&(_, team)| team.0);
            let _ = write!(line, " {team:03}");
        }
        let _ = writeln!(out, "{line}");
    }
    for forfeit in &section.forfeited_matches {
        let kind = match forfeit.forfeit {
            MatchForfeit::HomeWins => "+-",
            MatchForfeit::AwayWins => "-+",
            MatchForfeit::Both => "--",
        };
        let _ = writeln!(
            out,
            "330 {kind} {:03} {:03} {:03}",
            forfeit.round,
            forfeit.white.0,
            forfeit.black.map_or(0, |b| b.0)
        );
    }
    for (kind, points) in [("+", section.forfeit_win), ("-", section.forfeit_loss)] {
        if let Some((match_points, game_points)) = points {
            let _ = writeln!(
                out,
                "299 {kind}  {:>4}  {:>4}",
                format!("{:.1}", match_points.as_f64()),
                format!("{:.1}", game_points.as_f64())
            );
        }
    }
    // A penalty of the whole event counts in the standings only (round 999).
    for penalty in &section.penalties {
        let _ = writeln!(
            out,
            "299    {:>4}  {:>4}  {:03} {:>4}",
            format!("{:.1}", penalty.match_points.as_f64()),
            format!("{:.1}", penalty.game_points.as_f64()),
            penalty.round.unwrap_or(999),
            penalty.team.0
        );
    }
}

/// The comment line that marks an expelled player after his `001` record (FIDE Laws
/// Art. 12.9.9): TRF-2026 has no field for an expulsion, and a comment (`###`) is the one
/// thing every reader skips. [`read`] reads it back into [`Player::expelled_from`].
fn expulsion_comment(player: PlayerId, round: u32) -> String {
    format!(
        "### {EXPELLED} {:>4} {round:>3} (FIDE Laws Art. 12.9.9)",
        player.0
    )
}

/// The word that starts an [`expulsion_comment`].
const EXPELLED: &str = "expelled";

/// The player and round of an [`expulsion_comment`], or `None` for any other comment.
fn read_expulsion_comment(line: &str) -> Option<(PlayerId, u32)> {
    let rest = line
        .strip_prefix("###")?
        .trim_start()
        .strip_prefix(EXPELLED)?;
    let mut words = rest.split_whitespace();
    let player = words.next()?.parse::<u32>().ok()?;
    let round = words.next()?.parse::<u32>().ok()?;
    (player <= MAX_PLAYER && (1..=MAX_ROUND).contains(&round)).then_some((PlayerId(player), round))
}

/// Writes a TRF16 file with the TRF26/JaVaFo/bbpPairings extension records this crate reads.
/// Parsing the result gives back the same tournament.
pub fn write(tournament: &Tournament) -> String {
    let mut out = String::new();
    if !tournament.name.is_empty() {
        let _ = writeln!(out, "012 {}", tournament.name);
    }
    for record in &tournament.other_records {
        let _ = writeln!(out, "{record}");
    }
    // A team event is written in TRF-2026 alone (142, 152), as the team pairing checkers read
    // it; an individual one with the XXR/XXC of bbpPairings and JaVaFo.
    let team_event = !tournament.teams.teams.is_empty();
    if tournament.total_rounds > 0 {
        let tag = if team_event { "142" } else { "XXR" };
        let _ = writeln!(out, "{tag} {}", tournament.total_rounds);
    }
    let setup = &tournament.setup;
    if team_event && !setup.rank_ids {
        match setup.initial_color {
            Some(Color::White) => {
                let _ = writeln!(out, "152 W");
            }
            Some(Color::Black) => {
                let _ = writeln!(out, "152 B");
            }
            None => {}
        }
    }
    let mut xxc = Vec::new();
    if setup.rank_ids {
        xxc.push("rank");
    }
    match setup.initial_color {
        _ if team_event && !setup.rank_ids => {}
        Some(Color::White) => xxc.push("white1"),
        Some(Color::Black) => xxc.push("black1"),
        None => {}
    }
    if !xxc.is_empty() {
        let _ = writeln!(out, "XXC {}", xxc.join(" "));
    }
    let points = &tournament.points;
    if *points != PointSystem::default() {
        let _ = writeln!(
            out,
            "XXS WW={} BW={} WD={} BD={} WL={} BL={}",
            points.win, points.win, points.draw, points.draw, points.loss, points.loss
        );
        let _ = writeln!(
            out,
            "XXS FW={} FL={} PAB={} FPB={} HPB={} ZPB={}",
            points.forfeit_win,
            points.forfeit_loss,
            points.pairing_allocated_bye,
            points.full_point_bye,
            points.half_point_bye,
            points.zero_point_bye
        );
    }
    for group in &setup.forbidden_pairs {
        let ids: Vec<String> = group.players.iter().map(|p| p.0.to_string()).collect();
        if group.first_round == 1 && group.last_round == u32::MAX {
            let _ = writeln!(out, "XXP {}", ids.join(" "));
        } else {
            let ids: Vec<String> = group
                .players
                .iter()
                .map(|p| format!("{:>4}", p.0))
                .collect();
            let _ = writeln!(
                out,
                "260 {:03} {:03} {}",
                group.first_round,
                group.last_round,
                ids.join(" ")
            );
        }
    }
    // Accelerations: one XXA line per player and run of rounds; several lines when a player has
    // two values for one round.
    let mut remaining: Vec<Acceleration> = setup.accelerations.clone();
    while !remaining.is_empty() {
        let player = remaining[0].player;
        let mut by_round: Vec<Option<Points>> = Vec::new();
        remaining.retain(|a| {
            if a.player != player || a.round == 0 {
                return a.player != player;
            }
            let index = a.round as usize - 1;
            if by_round.len() <= index {
                by_round.resize(index + 1, None);
            }
            if by_round[index].is_some() {
                return true;
            }
            by_round[index] = Some(a.points);
            false
        });
        let mut line = format!("XXA {:>4}", player.0);
        for value in by_round {
            match value {
                Some(v) => {
                    let _ = write!(line, " {:>4}", format!("{:.1}", v.as_f64()));
                }
                None => line.push_str("     "),
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    // The points column as declared (blank when not). The rank column as declared, else by
    // points (ties share the better rank).
    let scores: Vec<Points> = tournament
        .players
        .iter()
        .map(|p| {
            p.declared_points.unwrap_or_else(|| {
                p.rounds
                    .iter()
                    .map(|e| points.score(e.result))
                    .sum::<Points>()
                    + tournament.adjustment(p.id, u32::MAX)
            })
        })
        .collect();
    for (index, player) in tournament.players.iter().enumerate() {
        let rank = player
            .declared_rank
            .unwrap_or_else(|| 1 + scores.iter().filter(|&&s| s > scores[index]).count() as u32);
        let points_text = player
            .declared_points
            .map(|p| format!("{:.1}", p.as_f64()))
            .unwrap_or_default();
        let mut line = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:>3} {:>11} {:>10} {:>4} {:>4}",
            player.id.0,
            player.sex,
            player.title,
            player.name,
            if player.rating == 0 {
                String::new()
            } else {
                player.rating.to_string()
            },
            player.federation,
            player.fide_id.map(|id| id.to_string()).unwrap_or_default(),
            player.birth,
            points_text,
            rank
        );
        for entry in &player.rounds {
            let opponent = entry.opponent.map_or(0, |o| o.0);
            let color = match entry.color {
                Some(Color::White) => 'w',
                Some(Color::Black) => 'b',
                None => '-',
            };
            let opponent = if opponent == 0 {
                "0000".to_string()
            } else {
                opponent.to_string()
            };
            let _ = write!(
                line,
                "  {:>4} {} {}",
                opponent,
                color,
                entry.result.trf_code()
            );
        }
        let _ = writeln!(out, "{}", line.trim_end());
        if let Some(round) = player.expelled_from {
            let _ = writeln!(out, "{}", expulsion_comment(player.id, round));
        }
    }
    // Points outside the games (TRF-2026 `299`, blank type): the player's points in the
    // game-points columns, the round (`000`: from the start).
    for adjustment in &tournament.adjustments {
        let _ = writeln!(
            out,
            "299    {:>4}  {:>4}  {:03} {:>4}",
            "",
            format!("{:.1}", adjustment.points.as_f64()),
            adjustment.round.unwrap_or(0),
            adjustment.player.0
        );
    }
    write_teams(&mut out, &tournament.teams);
    out
}

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
/// read as separators too. A two-digit year is not read here (see [`round_dates`]).
pub fn date(text: &str) -> Option<time::Date> {
    let parts: Vec<&str> = text.trim().split(['/', '-', '.']).collect();
    let [year, month, day] = parts.as_slice() else {
        return None;
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
                format!("132: more than {MAX_ROUND} rounds (3 digits)"),
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
                    format!(
                        "132: round {}: `{text}` is not a date (YY/MM/DD)",
                        dates.len() + 1
                    ),
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
            let mut date_of = |what: &str| {
                let read = date(&value);
                if read.is_none() && !value.is_empty() {
                    problems.push(err(
                        line,
                        5,
                        format!("{tag} {what}: `{value}` is not a date (YYYY/MM/DD)"),
                    ));
                }
                read
            };
            match tag.as_str() {
                "022" => header.city = value,
                "032" => header.federation = value,
                "042" => header.start_date = date_of("date of start"),
                "052" => header.end_date = date_of("date of end"),
                "062" | "072" => {
                    let count = value.parse::<u32>().ok();
                    if count.is_none() && !value.is_empty() {
                        problems.push(err(
                            line,
                            5,
                            format!("{tag}: `{value}` is not a number of players"),
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
