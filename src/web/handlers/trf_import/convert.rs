//! From the pure TRF model to database rows: the event's header records (`022` place, `032`
//! federation, `042`/`052` dates, `102` chief arbiter, `122` time control), the players in
//! starting-rank order, and per round one game per pairing plus one bye row per unpaired player.
//!
//! Result mapping (TRF-2026 result codes → board codes): `1`/`W` → `1-0`, `=`/`D` → ½-½,
//! `0`/`L` → `0-1` (unrated games are stored as played), `+`/`-` between two players → `+/-`,
//! `-/+` or `-/-`; without an opponent `H`, `F`, `U`, `Z` keep their code, `+` is a
//! pairing-allocated bye (older files) and `-` or blank a zero-point bye.

use crate::tournament::model::{Color, GameResult, PlayerId, Tournament};

/// One board of an imported round: starting numbers and the board code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedGame {
    /// White (or the player alone on a bye board).
    pub white: PlayerId,
    /// Black, `None` for a bye board.
    pub black: Option<PlayerId>,
    /// The stored result code (`1-0`, `+/-`, `H`, ...).
    pub code: &'static str,
}

/// The header facts of the event, as written (empty when absent).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventFacts {
    /// `022` place.
    pub place: String,
    /// `032` federation.
    pub federation: String,
    /// `042` start date, `YYYY/MM/DD` or `YYYY-MM-DD`.
    pub start_date: String,
    /// `052` end date.
    pub end_date: String,
    /// `102` chief arbiter.
    pub chief_arbiter: String,
    /// `122` time control.
    pub time_control: String,
}

/// Reads the header records kept verbatim by the TRF reader.
pub fn event_facts(tournament: &Tournament) -> EventFacts {
    let mut facts = EventFacts::default();
    for record in &tournament.other_records {
        let (tag, rest) = record.split_at(record.len().min(3));
        let value = rest.trim().to_owned();
        match tag {
            "022" => facts.place = value,
            "032" => facts.federation = value,
            "042" => facts.start_date = value,
            "052" => facts.end_date = value,
            "102" => facts.chief_arbiter = value,
            "122" => facts.time_control = value,
            _ => {}
        }
    }
    facts
}

/// A TRF date (`2026/11/21`, `2026-11-21`, `26/11/21` is not accepted) as a date.
pub fn trf_date(text: &str) -> Option<time::Date> {
    let parts: Vec<&str> = text.trim().split(['/', '-', '.']).collect();
    let [year, month, day] = parts.as_slice() else {
        return None;
    };
    if year.len() != 4 {
        return None;
    }
    let month = time::Month::try_from(month.parse::<u8>().ok()?).ok()?;
    time::Date::from_calendar_date(year.parse().ok()?, month, day.parse().ok()?).ok()
}

/// The number of rounds with at least one entry.
pub fn played_rounds(tournament: &Tournament) -> u32 {
    tournament
        .players
        .iter()
        .map(|p| p.rounds.len() as u32)
        .max()
        .unwrap_or(0)
}

fn game_code(white: GameResult, black: GameResult) -> &'static str {
    match white {
        GameResult::Win | GameResult::UnratedWin => "1-0",
        GameResult::Draw | GameResult::UnratedDraw => "1/2-1/2",
        GameResult::Loss | GameResult::UnratedLoss => "0-1",
        GameResult::ForfeitWin => "+/-",
        _ if black == GameResult::ForfeitWin => "-/+",
        _ => "-/-",
    }
}

fn bye_code(result: GameResult) -> &'static str {
    match result {
        GameResult::HalfPointBye => "H",
        GameResult::FullPointBye => "F",
        GameResult::PairingAllocatedBye | GameResult::ForfeitWin => "U",
        _ => "Z",
    }
}

/// The boards of round `round` (1-based): games first (in the order of their higher-ranked
/// player), then byes; checks that both players of a game name each other.
pub fn round_boards(tournament: &Tournament, round: u32) -> Result<Vec<ImportedGame>, String> {
    let slot = round as usize - 1;
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for player in &tournament.players {
        let Some(entry) = player.rounds.get(slot) else {
            continue;
        };
        match entry.opponent {
            None => byes.push(ImportedGame {
                white: player.id,
                black: None,
                code: bye_code(entry.result),
            }),
            Some(opponent) if opponent > player.id => {
                let other = tournament
                    .player(opponent)
                    .and_then(|o| o.rounds.get(slot))
                    .filter(|o| o.opponent == Some(player.id))
                    .ok_or_else(|| {
                        format!(
                            "round {round}: player {} meets {}, who does not name them back",
                            player.id.0, opponent.0
                        )
                    })?;
                let (white, black, white_result, black_result) =
                    if entry.color == Some(Color::Black) {
                        (opponent, player.id, other.result, entry.result)
                    } else {
                        (player.id, opponent, entry.result, other.result)
                    };
                games.push(ImportedGame {
                    white,
                    black: Some(black),
                    code: game_code(white_result, black_result),
                });
            }
            Some(_) => {}
        }
    }
    games.extend(byes);
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf;

    /// A TRF-2026 `001` line (columns as in [`crate::formats::trf`]).
    pub fn player_line(
        rank: u32,
        name: &str,
        points: &str,
        rounds: &[(u32, char, char)],
    ) -> String {
        let mut line = format!(
            "001 {rank:>4} m    {name:<33} {:>4} CZE {:>11} {:<10} {points:>4} {rank:>4}",
            2500 - 100 * rank,
            "",
            "1990"
        );
        for (opponent, colour, result) in rounds {
            line.push_str(&format!("  {opponent:>4} {colour} {result}"));
        }
        line
    }

    fn file() -> String {
        [
            "012 Test Open".to_owned(),
            "022 Brno".to_owned(),
            "042 2026/11/20".to_owned(),
            "052 2026/11/22".to_owned(),
            "XXR 3".to_owned(),
            player_line(1, "Alpha, A", "1.5", &[(2, 'w', '1'), (3, 'b', '=')]),
            player_line(2, "Beta, B", "0.0", &[(1, 'b', '0'), (0, '-', 'Z')]),
            player_line(3, "Gamma, C", "1.5", &[(0, '-', 'U'), (1, 'w', '=')]),
        ]
        .join("\n")
    }

    #[test]
    fn trf26_rounds_become_boards_and_byes() {
        let model = trf::parse(&file()).expect("valid");
        assert_eq!(played_rounds(&model), 2);
        let facts = event_facts(&model);
        assert_eq!(facts.place, "Brno");
        assert_eq!(
            trf_date(&facts.start_date),
            Some(time::macros::date!(2026 - 11 - 20))
        );
        let one = round_boards(&model, 1).expect("round 1");
        assert_eq!(
            one,
            vec![
                ImportedGame {
                    white: PlayerId(1),
                    black: Some(PlayerId(2)),
                    code: "1-0"
                },
                ImportedGame {
                    white: PlayerId(3),
                    black: None,
                    code: "U"
                },
            ]
        );
        let two = round_boards(&model, 2).expect("round 2");
        assert_eq!(
            two[0],
            ImportedGame {
                white: PlayerId(3),
                black: Some(PlayerId(1)),
                code: "1/2-1/2"
            }
        );
        assert_eq!(two[1].code, "Z");
    }

    #[test]
    fn dates_must_have_four_digit_years() {
        assert_eq!(trf_date("26/11/20"), None);
        assert_eq!(trf_date("2026-02-30"), None);
        assert!(trf_date("2026.02.28").is_some());
    }
}
