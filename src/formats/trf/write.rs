//! Writing a [`Tournament`](crate::tournament::model::Tournament) as a TRF file that reads back
//! the same, and the comments that mark an expulsion and a withdrawal (with `240 Z` for the
//! rounds to come).

use super::team::write_teams;
use super::*;

/// The comment line that marks an expelled player after his `001` record (FIDE Laws
/// Art. 12.9.9): TRF-2026 has no field for an expulsion, and a comment (`###`) is the one
/// thing every reader skips. [`read`] reads it back into [`Player::expelled_from`].
pub(super) fn expulsion_comment(player: PlayerId, round: u32) -> String {
    format!(
        "### {EXPELLED} {:>4} {round:>3} (FIDE Laws Art. 12.9.9)",
        player.0
    )
}

/// The word that starts an [`expulsion_comment`].
const EXPELLED: &str = "expelled";

/// The player and round of an [`expulsion_comment`], or `None` for any other comment.
pub(super) fn read_expulsion_comment(line: &str) -> Option<(PlayerId, u32)> {
    let rest = line
        .strip_prefix("###")?
        .trim_start()
        .strip_prefix(EXPELLED)?;
    let mut words = rest.split_whitespace();
    let player = words.next()?.parse::<u32>().ok()?;
    let round = words.next()?.parse::<u32>().ok()?;
    (player <= MAX_PLAYER && (1..=MAX_ROUND).contains(&round)).then_some((PlayerId(player), round))
}

/// The word that starts a [`withdrawal_comment`].
const WITHDRAWN: &str = "withdrawn";

/// The comment line that marks a withdrawn player after his `001` record (C.04.2 Art. 3.2):
/// TRF-2026 says only that he is absent (`Z`, `240 Z` for the rounds to come), not that he left.
/// [`read`] reads it back into [`Player::withdrawn_from`].
pub(super) fn withdrawal_comment(player: PlayerId, round: u32) -> String {
    format!(
        "### {WITHDRAWN} {:>4} {round:>3} (FIDE C.04.2 Art. 3.2)",
        player.0
    )
}

/// The player and round of a [`withdrawal_comment`], or `None` for any other comment.
pub(super) fn read_withdrawal_comment(line: &str) -> Option<(PlayerId, u32)> {
    let rest = line
        .strip_prefix("###")?
        .trim_start()
        .strip_prefix(WITHDRAWN)?;
    let mut words = rest.split_whitespace();
    let player = words.next()?.parse::<u32>().ok()?;
    let round = words.next()?.parse::<u32>().ok()?;
    (player <= MAX_PLAYER && (1..=MAX_ROUND).contains(&round)).then_some((PlayerId(player), round))
}

/// TRF-2026 `240 Z` records: each round to come (after a player's last entry, up to the
/// announced rounds) with the players who left before it, absent (zero-point byes).
fn absences_ahead(out: &mut String, tournament: &Tournament) {
    for round in 1..=tournament.total_rounds.min(MAX_ROUND) {
        let absent: Vec<String> = tournament
            .players
            .iter()
            .filter(|p| {
                p.rounds.len() < round as usize && p.left_from().is_some_and(|from| from <= round)
            })
            .map(|p| format!("{:>4}", p.id.0))
            .collect();
        if !absent.is_empty() {
            let _ = writeln!(out, "240 Z {round:03} {}", absent.join(" "));
        }
    }
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
        } else if let Some(round) = player.withdrawn_from {
            let _ = writeln!(out, "{}", withdrawal_comment(player.id, round));
        }
    }
    absences_ahead(&mut out, tournament);
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
