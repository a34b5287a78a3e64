//! PGN export of one round's games (PGN standard, Seven Tag Roster: Event, Site, Date, Round,
//! White, Black, Result; plus Board, WhiteElo, BlackElo when known).
//!
//! The game score is kept as entered (PGN movetext or a plain move list). If it carries its own
//! tags they are dropped and the tournament's are written; a result token at its end is
//! replaced by the result the arbiter recorded (Laws Art. 8.7: the recorded result stands).

use std::fmt::Write as _;

/// One game of the round as exported.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundGame {
    /// Board number.
    pub board: u32,
    /// White's name ("Surname, Given").
    pub white: String,
    /// Black's name.
    pub black: String,
    /// White's rating (0 = unrated, not written).
    pub white_elo: u16,
    /// Black's rating.
    pub black_elo: u16,
    /// `1-0`, `1/2-1/2`, `0-1` or `*` (forfeits are written as `1-0`/`0-1` with no moves).
    pub result: String,
    /// The game score as entered, possibly empty.
    pub movetext: String,
}

/// The event tags shared by every game of the round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundTags {
    /// Event name.
    pub event: String,
    /// Site (town).
    pub site: String,
    /// Date as `YYYY.MM.DD` (`????.??.??` when unknown).
    pub date: String,
    /// Round number.
    pub round: u32,
}

/// Escapes a tag value (PGN standard 8.1.1: backslash and quote are escaped).
fn escape(value: &str) -> String {
    value
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '\\' => vec!['\\', '\\'],
            '"' => vec!['\\', '"'],
            other => vec![other],
        })
        .collect()
}

/// The movetext of a stored game score: tag pair lines removed, a trailing result token
/// removed, whitespace collapsed.
pub fn bare_movetext(score: &str) -> String {
    let without_tags: Vec<&str> = score
        .lines()
        .filter(|line| !line.trim_start().starts_with('['))
        .collect();
    let joined = without_tags.join(" ");
    let mut tokens: Vec<&str> = joined.split_whitespace().collect();
    if let Some(last) = tokens.last()
        && matches!(*last, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½")
    {
        tokens.pop();
    }
    tokens.join(" ")
}

/// Wraps movetext at 79 columns (PGN export format asks for lines under 80).
fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for token in text.split_whitespace() {
        if line_len > 0 && line_len + 1 + token.len() > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(token);
        line_len += token.len();
    }
    out
}

/// The PGN of every game of a round, in board order.
pub fn write_round(tags: &RoundTags, games: &[RoundGame]) -> String {
    let mut out = String::new();
    let mut ordered: Vec<&RoundGame> = games.iter().collect();
    ordered.sort_by_key(|g| g.board);
    for game in ordered {
        let result = match game.result.as_str() {
            "1-0" | "0-1" | "1/2-1/2" => game.result.as_str(),
            "+/-" => "1-0",
            "-/+" => "0-1",
            _ => "*",
        };
        let date = if tags.date.is_empty() {
            "????.??.??"
        } else {
            &tags.date
        };
        let _ = writeln!(out, "[Event \"{}\"]", escape(&tags.event));
        let _ = writeln!(out, "[Site \"{}\"]", escape(&tags.site));
        let _ = writeln!(out, "[Date \"{}\"]", escape(date));
        let _ = writeln!(out, "[Round \"{}.{}\"]", tags.round, game.board);
        let _ = writeln!(out, "[White \"{}\"]", escape(&game.white));
        let _ = writeln!(out, "[Black \"{}\"]", escape(&game.black));
        let _ = writeln!(out, "[Result \"{result}\"]");
        let _ = writeln!(out, "[Board \"{}\"]", game.board);
        if game.white_elo > 0 {
            let _ = writeln!(out, "[WhiteElo \"{}\"]", game.white_elo);
        }
        if game.black_elo > 0 {
            let _ = writeln!(out, "[BlackElo \"{}\"]", game.black_elo);
        }
        if matches!(game.result.as_str(), "+/-" | "-/+" | "-/-") {
            let _ = writeln!(out, "[Termination \"forfeit\"]");
        }
        out.push('\n');
        let moves = bare_movetext(&game.movetext);
        let body = if moves.is_empty() {
            result.to_owned()
        } else {
            format!("{moves} {result}")
        };
        out.push_str(&wrap(&body));
        out.push_str("\n\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_round_export_has_seven_tag_roster_and_recorded_result() {
        let tags = RoundTags {
            event: "Open \"A\"".into(),
            site: "Praha".into(),
            date: "2026.11.21".into(),
            round: 3,
        };
        let games = vec![
            RoundGame {
                board: 2,
                white: "Novák, Jan".into(),
                black: "Erdős, Pál".into(),
                result: "-/+".into(),
                ..RoundGame::default()
            },
            RoundGame {
                board: 1,
                white: "Šarović, Dušan".into(),
                black: "Kovács, Anna".into(),
                white_elo: 2100,
                result: "1-0".into(),
                movetext: "[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1".into(),
                ..RoundGame::default()
            },
        ];
        let pgn = write_round(&tags, &games);
        let first_game = pgn.split("\n\n[Event").next().unwrap_or_default();
        assert!(first_game.contains("[Round \"3.1\"]"));
        assert!(first_game.contains("[WhiteElo \"2100\"]"));
        assert!(!first_game.contains("BlackElo"));
        assert!(first_game.contains("4. Qxf7# 1-0"), "{pgn}");
        assert!(pgn.contains("[Event \"Open \\\"A\\\"\"]"));
        assert!(pgn.contains("[Result \"0-1\"]\n[Board \"2\"]\n[Termination \"forfeit\"]"));
        assert_eq!(pgn.matches("[Event ").count(), 2);
        assert!(!pgn.contains("[Event \"x\"]"));
    }

    #[test]
    fn pgn_movetext_is_wrapped_under_80_columns() {
        let moves: Vec<String> = (1..=60).map(|n| format!("{n}. Nf3 Nf6")).collect();
        let games = vec![RoundGame {
            board: 1,
            result: "1/2-1/2".into(),
            movetext: moves.join(" "),
            ..RoundGame::default()
        }];
        let pgn = write_round(&RoundTags::default(), &games);
        assert!(pgn.lines().all(|l| l.chars().count() < 80));
        assert!(pgn.contains("[Date \"????.??.??\"]"));
        assert!(pgn.trim_end().ends_with("1/2-1/2"));
    }
}
