//! The team records of TRF-2026 (and the older `013`): teams and squads (`310`), the
//! pairing-allocated byes (`320`), forfeited matches (`330`), penalty and forfeit points
//! (`299`), match points (`362`); read and written.

use super::*;

/// The most players a team record may list.
const MAX_SQUAD: usize = 100;

/// A team record: `310` (TRF-2026: number 5–7, name 9–40, nickname 42–46, players from
/// column 74, five columns each) or the older `013` (name 5–36, players from column 37; the
/// team's number is its place in the file).
pub(super) fn parse_team(
    chars: &[char],
    line: usize,
    extended: bool,
    place: u32,
) -> Result<Team, TrfError> {
    let (id, name, nickname, first_column) = if extended {
        let id = bounded(
            field(chars, 5, 7).trim(),
            999,
            line,
            5,
            TrfField::TeamNumber,
        )?;
        if id == 0 {
            return Err(err(line, 5, TrfProblem::TeamNumberRange));
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
                        TrfProblem::SquadTooLarge { max: MAX_SQUAD },
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
pub(super) fn parse_362(rest: &str, line: usize) -> Result<MatchPoints, TrfError> {
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
            return Err(err(line, 5, TrfProblem::Record362Points));
        };
        let value = parse_points(value, line, 5, TrfField::Value362)?;
        match code.to_ascii_uppercase().as_str() {
            "TW" | "W" => points.win = value,
            "TD" | "D" => points.draw = value,
            "TL" | "L" => points.loss = value,
            other => {
                return Err(err(
                    line,
                    5,
                    TrfProblem::UnknownCode {
                        record: "362",
                        text: other.to_owned(),
                    },
                ));
            }
        }
    }
    Ok(points)
}

/// Record `320`, the pairing-allocated byes of a team event: match points 5–8, game points
/// 10–13, then the team given the bye in round 1 (15–17), round 2 (19–21), … (`000` or blank:
/// none that round).
pub(super) fn parse_320(chars: &[char], line: usize) -> Result<PairingAllocatedByes, TrfError> {
    let match_points = parse_points(field(chars, 5, 8).trim(), line, 5, TrfField::MatchPoints320)?;
    let game_points = parse_points(
        field(chars, 10, 13).trim(),
        line,
        10,
        TrfField::GamePoints320,
    )?;
    let mut teams = Vec::new();
    let mut column = 15;
    let mut round = 1;
    while column <= chars.len() {
        let text = field(chars, column, column + 2);
        let text = text.trim();
        if !text.is_empty() {
            let team = bounded(text, 999, line, column, TrfField::TeamNumber)?;
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
pub(super) fn parse_330(chars: &[char], line: usize) -> Result<ForfeitedMatch, TrfError> {
    let forfeit = match field(chars, 5, 6).to_ascii_uppercase().as_str() {
        "+-" | "WL" | "WZ" | "10" => MatchForfeit::HomeWins,
        "-+" | "LW" | "ZW" | "01" => MatchForfeit::AwayWins,
        "--" | "LL" | "ZZ" | "00" => MatchForfeit::Both,
        _ => return Err(err(line, 5, TrfProblem::ForfeitType)),
    };
    let round = round_number(field(chars, 8, 10).trim(), line, 8)?;
    let white = bounded(
        field(chars, 12, 14).trim(),
        999,
        line,
        12,
        TrfField::TeamNumber,
    )?;
    let black_text = field(chars, 16, 18);
    let black = if black_text.trim().is_empty() {
        0
    } else {
        bounded(black_text.trim(), 999, line, 16, TrfField::TeamNumber)?
    };
    if round == 0 || white == 0 {
        return Err(err(line, 8, TrfProblem::Record330Shape));
    }
    Ok(ForfeitedMatch {
        round,
        white: TeamId(white),
        black: (black != 0).then_some(TeamId(black)),
        forfeit,
    })
}

/// What a `299` record says, as far as this reader interprets it.
pub(super) enum Record299 {
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
pub(super) fn parse_299(chars: &[char], line: usize) -> Result<Option<Record299>, TrfError> {
    let kind = field(chars, 5, 5);
    let read = |from: usize, to: usize, what: TrfField| -> Result<Points, TrfError> {
        let text = field(chars, from, to);
        if text.trim().is_empty() {
            Ok(Points::ZERO)
        } else {
            parse_points(text.trim(), line, from, what)
        }
    };
    let match_points = read(8, 11, TrfField::MatchPoints299)?;
    let game_points = read(14, 17, TrfField::GamePoints299)?;
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
        return Err(err(line, 29, TrfProblem::PenaltyTwice));
    }
    let team = bounded(first, 999, line, 24, TrfField::TeamNumber)?;
    Ok(Some(Record299::Penalty(PenaltyPoints {
        team: TeamId(team),
        round: (round != 0 && round != 999).then_some(round),
        match_points,
        game_points,
        reason: String::new(),
    })))
}

/// The team records of `section`, one line each.
pub(super) fn write_teams(out: &mut String, section: &TeamSection) {
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
    // Team byes (240 names teams in a team file), one record per round and kind.
    let mut byes = section.byes.clone();
    byes.sort_by_key(|bye| (bye.round, bye.kind.trf_code(), bye.team.0));
    for group in byes.chunk_by(|a, b| a.round == b.round && a.kind == b.kind) {
        let teams: Vec<String> = group
            .iter()
            .map(|bye| format!("{:>4}", bye.team.0))
            .collect();
        let _ = writeln!(
            out,
            "240 {} {:03} {}",
            group[0].kind.trf_code(),
            group[0].round,
            teams.join(" ")
        );
    }
    for scheduled in &section.scheduled {
        let _ = writeln!(out, "{}", scheduled_comment(scheduled));
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

/// The word that starts a [`scheduled_comment`].
const SCHEDULED: &str = "scheduled";

/// The comment line of a league match without a result (a round still to play, a postponed
/// match, a free round: away team `000`): TRF-2026 records results only, and a comment (`###`)
/// is what every other reader skips. [`read`] reads it back into [`TeamSection::scheduled`].
pub(super) fn scheduled_comment(scheduled: &ScheduledMatch) -> String {
    format!(
        "### {SCHEDULED} {:03} {:03} {:03} (round, home team, away team: not played yet)",
        scheduled.round,
        scheduled.home.0,
        scheduled.away.map_or(0, |team| team.0)
    )
}

/// The match of a [`scheduled_comment`], or `None` for any other comment.
pub(super) fn read_scheduled_comment(line: &str) -> Option<ScheduledMatch> {
    let rest = line
        .strip_prefix("###")?
        .trim_start()
        .strip_prefix(SCHEDULED)?;
    let mut words = rest.split_whitespace();
    let mut number = || words.next()?.parse::<u32>().ok();
    let (round, home, away) = (number()?, number()?, number()?);
    ((1..=MAX_ROUND).contains(&round) && (1..=999).contains(&home) && away <= 999 && away != home)
        .then_some(ScheduledMatch {
            round,
            home: TeamId(home),
            away: (away != 0).then_some(TeamId(away)),
        })
}
