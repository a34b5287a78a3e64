//! Reading a TRF file's records into a [`Tournament`](crate::tournament::model::Tournament): the
//! player records (`001`), the header and pairing records, and the byes older files write as
//! games.

use super::points::{parse_162, parse_xxs};
use super::team::{
    Record299, parse_299, parse_320, parse_330, parse_362, parse_team, read_scheduled_comment,
};
use super::write::{read_expulsion_comment, read_withdrawal_comment};
use super::*;

/// A parsed line with its number, to report errors later.
struct PlayerLine {
    line: usize,
    /// The player's last entry when it is a pairing without result (round, opponent, colour,
    /// column): the round under way.
    to_play: Option<(u32, PlayerId, Color, usize)>,
}

/// Reads a TRF16 or TRF-2026 file; see [`read`] for what is reported besides.
pub fn parse(text: &str) -> Result<Tournament, TrfError> {
    read(text).map(|read| read.tournament)
}

/// Reads a TRF16 or TRF-2026 file as the programs that write them do: CRLF, LF or CR line
/// ends, trailing spaces, short lines (missing columns are blank), tabs (expanded to stops of
/// `TAB_STOP`), any header records in any order or none, records this program does not use
/// (kept, and reported), unplayed pairings with the `-` colour, Vega's `0000 - -` (absent) and
/// `0000 - =` (half-point bye), the old `0000 - +` for the pairing-allocated bye, a points column
/// that disagrees with the results (ranked by the results), and teams listed both as `310` and
/// as the older `013` (read from the `310` records). What was
/// read with a guess comes back in [`TrfRead::warnings`]; what cannot be read is a [`TrfError`].
pub fn read(text: &str) -> Result<TrfRead, TrfError> {
    let mut read = read_records(text)?;
    let mut points_differ = Vec::new();
    for (line, column, problem) in cross_problems(&read) {
        match problem {
            // The results are the record: the file is read and ranked by them, and the column
            // that says otherwise is named.
            CrossProblem::PointsDiffer { .. } => points_differ.push(TrfWarning::new(
                line,
                column,
                TrfProblem::PointsDiffer(problem),
            )),
            _ => return Err(err(line, column, TrfProblem::Cross(problem))),
        }
    }
    if !points_differ.is_empty() {
        read.warnings.extend(points_differ);
        read.warnings.sort_by_key(|w| (w.line, w.column));
    }
    Ok(read)
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
    // Players withdrawn (C.04.2 Art. 3.2), from this program's comment lines.
    let mut withdrawals: Vec<(PlayerId, u32)> = Vec::new();

    // A file that lists its teams as `310` records may list them again as older `013` ones.
    let has_310 = lines_of(text).any(|line| line.starts_with("310"));
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
        if let Some(withdrawal) = read_withdrawal_comment(raw) {
            withdrawals.push(withdrawal);
            continue;
        }
        if let Some(scheduled) = read_scheduled_comment(raw) {
            if tournament.teams.scheduled.len() >= MAX_SCHEDULED {
                return Err(err(
                    line,
                    1,
                    TrfProblem::TooManyScheduled { max: MAX_SCHEDULED },
                ));
            }
            tournament.teams.scheduled.push(scheduled);
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
                    .ok_or_else(|| err(line, 5, TrfProblem::RoundsExpected))?;
                tournament.total_rounds =
                    bounded(text, MAX_ROUND, line, 5, TrfField::NumberOfRounds)?;
                rounds_line = Some(line);
            }
            "XXC" => {
                for word in rest.split_whitespace() {
                    match word.to_ascii_lowercase().as_str() {
                        "white1" => tournament.setup.initial_color = Some(Color::White),
                        "black1" => tournament.setup.initial_color = Some(Color::Black),
                        "rank" => tournament.setup.rank_ids = true,
                        other => {
                            return Err(err(
                                line,
                                5,
                                TrfProblem::UnknownXxcOption {
                                    text: other.to_owned(),
                                },
                            ));
                        }
                    }
                }
            }
            "152" => {
                tournament.setup.initial_color = match rest.to_ascii_uppercase().as_str() {
                    "W" => Some(Color::White),
                    "B" => Some(Color::Black),
                    _ => return Err(err(line, 5, TrfProblem::InitialColour)),
                }
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let value = parse_points(&rest, line, 5, TrfField::PointValue)?;
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
                let player = parse_number::<u32>(&chars, line, 5, 8, TrfField::Player)?
                    .ok_or_else(|| err(line, 5, TrfProblem::PlayerExpected))?;
                let mut round = 1u32;
                let mut column = 10;
                while column <= chars.len() {
                    let text = field(&chars, column, column + 3);
                    if round > MAX_ROUND {
                        return Err(err(
                            line,
                            column,
                            TrfProblem::TooManyRounds {
                                record: Some("XXA"),
                                max: MAX_ROUND,
                            },
                        ));
                    }
                    if !text.trim().is_empty() {
                        let value =
                            parse_points(text.trim(), line, column, TrfField::Acceleration)?;
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
                        return Err(err(line, 5, TrfProblem::Record250Shape));
                    }
                };
                let [value, first_round, last_round, first_player, last_player] = words else {
                    return Err(err(line, 5, TrfProblem::Record250Values));
                };
                let value = parse_points(value, line, 10, TrfField::FictitiousPoints)?;
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
                        TrfProblem::TooManyAccelerations {
                            max: MAX_ACCELERATIONS,
                        },
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
                        return Err(err(line, 5, TrfProblem::Record260Shape));
                    };
                    if players.len() < 2 {
                        return Err(err(line, 5, TrfProblem::Record260Shape));
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
                    _ => return Err(err(line, 5, TrfProblem::ByeType)),
                };
                let tail = field(&chars, 7, chars.len().max(7));
                let words: Vec<&str> = tail.split_whitespace().collect();
                let Some((round, players)) = words.split_first() else {
                    return Err(err(line, 7, TrfProblem::ByeRoundExpected));
                };
                let round = round_number(round, line, 7)?;
                for word in players {
                    let player = player_number(word, line, 11)?;
                    byes.push((line, kind, round, PlayerId(player)));
                }
            }
            "013" if has_310 => {
                warnings.push(TrfWarning::new(line, 1, TrfProblem::Team013NotUsed));
            }
            "310" | "013" => {
                let number = tournament.teams.teams.len() as u32 + 1;
                let team = parse_team(&chars, line, tag == "310", number)?;
                if tournament.teams.teams.iter().any(|t| t.id == team.id) {
                    return Err(err(line, 5, TrfProblem::TeamTwice { team: team.id.0 }));
                }
                tournament.teams.teams.push(team);
                team_lines.push(line);
            }
            "352" => {
                let sequence = rest.to_ascii_uppercase();
                if sequence.is_empty() || sequence.chars().any(|c| c != 'W' && c != 'B') {
                    return Err(err(line, 5, TrfProblem::ColourSequence));
                }
                tournament.teams.colour_sequence = Some(sequence);
            }
            "362" => tournament.teams.match_points = Some(parse_362(&rest, line)?),
            "320" => {
                if tournament.teams.pairing_allocated_byes.is_some() {
                    return Err(err(line, 1, TrfProblem::Record320Twice));
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
                    warnings.push(TrfWarning::new(
                        line,
                        1,
                        TrfProblem::RecordNotUsed {
                            tag: tag.trim().to_owned(),
                        },
                    ));
                }
                tournament.other_records.push(raw.to_string());
                other_record_lines.push(line);
            }
        }
    }
    if let Some(&first) = tab_lines.first() {
        warnings.push(TrfWarning::new(
            first,
            1,
            TrfProblem::Tabs {
                stop: TAB_STOP,
                lines: tab_lines.len(),
            },
        ));
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
                TrfProblem::StartingRanks {
                    players: player_lines.len(),
                    found: player.id.0,
                },
            ));
        }
    }
    let count = player_lines.len() as u32;
    let known = |id: PlayerId| id.0 >= 1 && id.0 <= count;

    // Games of the round under way: both players name each other, in the same round, with
    // opposite colours; each line is named.
    let mut games_to_play = Vec::new();
    for (player, info) in &player_lines {
        let Some((round, opponent, color, column)) = info.to_play else {
            continue;
        };
        let back = known(opponent)
            .then(|| player_lines[opponent.0 as usize - 1].1.to_play)
            .flatten();
        match back {
            Some((r, o, c, _)) if r == round && o == player.id && c != color => {}
            _ => {
                return Err(err(
                    info.line,
                    column,
                    TrfProblem::InRound {
                        round,
                        problem: Box::new(TrfProblem::ToPlayNotBack {
                            opponent: opponent.0,
                            player: player.id.0,
                        }),
                    },
                ));
            }
        }
        warnings.push(TrfWarning::new(
            info.line,
            column,
            TrfProblem::InRound {
                round,
                problem: Box::new(TrfProblem::ToPlay {
                    opponent: opponent.0,
                }),
            },
        ));
        if color == Color::White {
            games_to_play.push(GameToPlay {
                round,
                white: player.id,
                black: opponent,
            });
        }
    }

    // In a team file the 240 records name teams (TRF-2026 Bye Section: "for individuals and
    // teams"), not players.
    if !tournament.teams.teams.is_empty() {
        for (line, kind, round, id) in std::mem::take(&mut byes) {
            let team = TeamId(id.0);
            if round == 0 || !tournament.teams.teams.iter().any(|t| t.id == team) {
                return Err(err(
                    line,
                    11,
                    TrfProblem::NoTeamOrRound { team: id.0, round },
                ));
            }
            tournament.teams.byes.push(TeamBye { round, team, kind });
        }
    }
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
            return Err(err(line, 5, TrfProblem::NoRoundAfter { max: MAX_ROUND }));
        }
        byes.push((line, GameResult::ZeroPointBye, rounds_with_games + 1, id));
    }
    for (line, kind, round, id) in byes {
        if !known(id) || round == 0 {
            return Err(err(
                line,
                5,
                TrfProblem::NoPlayerOrRound {
                    player: id.0,
                    round,
                },
            ));
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
                    TrfProblem::SquadPlayerMissing {
                        team: team.id.0,
                        player: player.0,
                    },
                ));
            }
            if let Some(other) = squad_of.insert(player, team.id.0)
                && other != team.id.0
            {
                return Err(err(
                    line,
                    74,
                    TrfProblem::TwoSquads {
                        player: player.0,
                        first: other,
                        second: team.id.0,
                    },
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
                return Err(err(
                    line,
                    24,
                    TrfProblem::PenaltyPlayerMissing { player: player.0 },
                ));
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
    for (player, round) in withdrawals {
        if known(player) {
            player_lines[player.0 as usize - 1].0.withdrawn_from = Some(round);
        }
    }
    // A player who left is absent from the rounds to come: the `240 Z` records the writer
    // gives for those rounds (what TRF-2026 can say of it) are the leaving, not byes requested.
    for (player, _) in &mut player_lines {
        if let Some(from) = player.left_from() {
            while player.rounds.len() as u32 > rounds_with_games.max(from.saturating_sub(1))
                && player.rounds.last().is_some_and(|entry| {
                    entry.opponent.is_none() && entry.result == GameResult::ZeroPointBye
                })
            {
                player.rounds.pop();
            }
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
        games_to_play,
    })
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
            let (bye, code) = match entry.result {
                GameResult::Draw if team_event => {
                    return Err(err(
                        info.line,
                        column,
                        TrfProblem::InRound {
                            round: round as u32,
                            problem: Box::new(TrfProblem::GameWithoutOpponent {
                                code: "=".to_owned(),
                            }),
                        },
                    ));
                }
                _ if team_event => continue,
                GameResult::ForfeitWin => (GameResult::PairingAllocatedBye, '+'),
                GameResult::ForfeitLoss => (GameResult::ZeroPointBye, '-'),
                GameResult::Draw => (GameResult::HalfPointBye, '='),
                _ => continue,
            };
            entry.result = bye;
            warnings.push(TrfWarning::new(
                info.line,
                column,
                TrfProblem::InRound {
                    round: round as u32,
                    problem: Box::new(TrfProblem::ReadAsBye {
                        code,
                        bye: bye.trf_code(),
                    }),
                },
            ));
        }
    }
    Ok(())
}

fn parse_player(
    chars: &[char],
    line: usize,
    warnings: &mut Vec<TrfWarning>,
) -> Result<(Player, PlayerLine), TrfError> {
    let id = parse_number::<u32>(chars, line, 5, 8, TrfField::StartingRank)?
        .ok_or_else(|| err(line, 5, TrfProblem::StartingRankMissing))?;
    if id == 0 {
        return Err(err(line, 5, TrfProblem::StartingRankZero));
    }
    let rating = parse_number::<u16>(chars, line, 49, 52, TrfField::Rating)?.unwrap_or(0);
    let fide_id = parse_number::<u64>(chars, line, 58, 68, TrfField::FideId)?;
    let points_text = field(chars, 81, 84);
    let points_given = if points_text.trim().is_empty() {
        None
    } else {
        Some(parse_points(
            points_text.trim(),
            line,
            81,
            TrfField::Points,
        )?)
    };
    let mut rounds = Vec::new();
    let mut to_play: Option<(u32, PlayerId, Color, usize)> = None;
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
                TrfProblem::TooManyRounds {
                    record: None,
                    max: MAX_ROUND,
                },
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
        if let Some((round, ..)) = to_play {
            return Err(err(
                line,
                column,
                TrfProblem::InRound {
                    round: rounds.len() as u32 + 1,
                    problem: Box::new(TrfProblem::EntryAfterToPlay { round }),
                },
            ));
        }
        match parse_round(chars, line, column, rounds.len() + 1, warnings)? {
            Entry::Done(entry) => rounds.push(entry),
            Entry::ToPlay(opponent, color) => {
                to_play = Some((rounds.len() as u32 + 1, opponent, color, column));
            }
        }
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
        withdrawn_from: None,
    };
    Ok((player, PlayerLine { line, to_play }))
}

/// A round entry as read: with its result, or paired and still to be played.
enum Entry {
    Done(RoundEntry),
    /// The opponent and the colour, no result yet.
    ToPlay(PlayerId, Color),
}

fn parse_round(
    chars: &[char],
    line: usize,
    column: usize,
    round: usize,
    warnings: &mut Vec<TrfWarning>,
) -> Result<Entry, TrfError> {
    let in_round = |problem: TrfProblem| TrfProblem::InRound {
        round: round as u32,
        problem: Box::new(problem),
    };
    let opponent_text = field(chars, column, column + 3);
    let opponent_text = opponent_text.trim();
    let opponent = if opponent_text.is_empty() {
        0
    } else {
        bounded(opponent_text, MAX_PLAYER, line, column, TrfField::Opponent)
            .map_err(|error| err(line, column, in_round(error.problem)))?
    };
    let color = match field(chars, column + 5, column + 5).as_str() {
        "w" | "W" => Some(Color::White),
        "b" | "B" => Some(Color::Black),
        "-" | " " | "" => None,
        other => {
            return Err(err(
                line,
                column + 5,
                in_round(TrfProblem::Colour {
                    text: other.to_owned(),
                }),
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
                in_round(TrfProblem::ResultCode {
                    text: other.to_owned(),
                }),
            ));
        }
    };
    let opponent = if opponent == 0 {
        None
    } else {
        Some(PlayerId(opponent))
    };
    // An opponent and a colour without a result: a game of the round under way.
    if let (Some(opponent), Some(color)) = (opponent, color)
        && code.trim().is_empty()
    {
        return Ok(Entry::ToPlay(opponent, color));
    }
    let mut warn = |column: usize, problem: TrfProblem| {
        warnings.push(TrfWarning::new(line, column, in_round(problem)))
    };
    if opponent.is_some() && result.is_bye() {
        if color.is_none() && result == GameResult::ZeroPointBye {
            // A pairing nobody played and nobody won: both forfeited.
            warn(column + 7, TrfProblem::ReadAsForfeit);
            result = GameResult::ForfeitLoss;
        } else {
            return Err(err(
                line,
                column + 7,
                in_round(TrfProblem::ByeWithOpponent { code: code.clone() }),
            ));
        }
    }
    // `=` without an opponent: Vega's half-point bye, read once the file is known to be an
    // individual event ([`byes_written_as_games`]).
    if opponent.is_none() && result.is_played() && result != GameResult::Draw {
        return Err(err(
            line,
            column,
            in_round(TrfProblem::GameWithoutOpponent { code: code.clone() }),
        ));
    }
    // An opponent with the `-` colour is a pairing that was not played: a forfeit. A game
    // played over the board has a colour.
    if opponent.is_some() && color.is_none() && result.is_played() {
        return Err(err(
            line,
            column + 5,
            in_round(TrfProblem::GameWithoutColour { code: code.clone() }),
        ));
    }
    Ok(Entry::Done(RoundEntry {
        opponent,
        color,
        result,
    }))
}
