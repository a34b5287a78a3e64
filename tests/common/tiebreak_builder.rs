//! Builds small tournaments for the tie-break tests from a compact notation:
//! one string per player, one token per round: `4w1` (opponent 4, white, win), `3b=`,
//! `2w0`, `5b+` / `5b-` (forfeit win / loss against 5), `U` (pairing-allocated bye),
//! `H`, `F`, `Z` (half-point, full-point, zero-point bye).

use arbiter::tournament::{
    Color, GameResult, Player, PlayerId, PointSystem, RoundEntry, Tournament,
};

/// Builds the tournament; ratings by starting number.
pub fn tournament(rows: &[&str], ratings: &[u16]) -> Tournament {
    let players = rows
        .iter()
        .enumerate()
        .map(|(i, row)| Player {
            id: PlayerId(i as u32 + 1),
            name: format!("Player {}", i + 1),
            rating: ratings.get(i).copied().unwrap_or(0),
            rounds: row.split_whitespace().map(entry).collect(),
            ..Player::default()
        })
        .collect::<Vec<_>>();
    let rounds = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0) as u32;
    Tournament {
        name: "test".into(),
        total_rounds: rounds,
        players,
        points: PointSystem::default(),
        ..Tournament::default()
    }
}

fn entry(token: &str) -> RoundEntry {
    let bye = |result| RoundEntry {
        opponent: None,
        color: None,
        result,
    };
    match token {
        "U" => return bye(GameResult::PairingAllocatedBye),
        "H" => return bye(GameResult::HalfPointBye),
        "F" => return bye(GameResult::FullPointBye),
        "Z" => return bye(GameResult::ZeroPointBye),
        _ => {}
    }
    let digits: String = token.chars().take_while(char::is_ascii_digit).collect();
    let rest: Vec<char> = token[digits.len()..].chars().collect();
    let opponent = digits.parse::<u32>().expect("opponent number");
    let color = match rest[0] {
        'w' => Color::White,
        'b' => Color::Black,
        other => panic!("colour {other}"),
    };
    let result = match rest[1] {
        '1' => GameResult::Win,
        '=' => GameResult::Draw,
        '0' => GameResult::Loss,
        '+' => GameResult::ForfeitWin,
        '-' => GameResult::ForfeitLoss,
        other => panic!("result {other}"),
    };
    RoundEntry {
        opponent: Some(PlayerId(opponent)),
        color: Some(color),
        result,
    }
}
