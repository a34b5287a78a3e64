//! Sources of **moves** followed live (beside the electronic boards' positions of
//! [`super::live_feed`]): a PGN that grows during the round, and LiveChess Cloud's public
//! files. Each reading of a game becomes one [`LogEntry::Moves`] — the source's whole mainline
//! so far, its clock, its result — that [`crate::rules::live::LiveGame::follow_mainline`]
//! checks against the Laws.
//!
//! **PGN** ([`read_pgn`]): one game or a round's games, read by [`crate::rules::pgn`] (its
//! errors name the game, the line and the column). Variations are dropped; of the comments
//! only `[%clk h:mm:ss]` is read (the clock after the move; the last one of each side is the
//! game's clock reading); the termination marker is the result (`*` none). The tags that link
//! a game to a board are kept: `Board`, `Round` (`3.7`: board 7), `White`, `Black`,
//! `WhiteFideId`, `BlackFideId`.
//!
//! **LiveChess Cloud** (files under `…/get/{tournament id}/`): `tournament.json` — `name`,
//! `rounds` (`count` boards, `live` games in play) ([`read_lcc_tournament`]);
//! `round-N/index.json` — `pairings`, each with `white` and `black` (`fname`, `lname`,
//! `title`, `fideid`) and `result` ([`read_lcc_round`]); `round-N/game-M.json` for the M-th
//! pairing — `moves` (each `SAN seconds` with the clock's seconds after the move, possibly
//! followed by `+increment` or other marks), `clock` (`white`, `black` seconds), `result`
//! (`WHITEWIN`, `BLACKWIN`, `DRAW`, or none), `chess960` (the starting position's number: a
//! game not from the standard one, 518, is refused) ([`read_lcc_game`]). Nothing else is read.
//!
//! Bounds: at most [`MAX_GAMES`] games in a text or pairings in a round, [`MAX_PLIES`] moves
//! in a game; errors name the game and the field or line.

use serde::Deserialize;

use super::live_feed::{ClockReading, LogEntry};
use crate::rules::game::Outcome;
use crate::rules::pgn::{PgnReader, ReadOptions};

/// The most games read from one text (a round's PGN) or pairings from one round index.
pub const MAX_GAMES: usize = 2_000;
/// The most moves (plies) of one game: longer than any game the Laws let be played (Art.
/// 9.6.2 ends one after 75 moves without a capture or a pawn move).
pub const MAX_PLIES: usize = 12_000;

/// One game as a source gives it now.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SourceGame {
    /// The game's number in its text (1-based) or its file.
    pub number: usize,
    /// The board number the source gives (`Board`, `Round` `3.7`, the pairing's place).
    pub board: Option<i32>,
    /// White's name as written (`Surname, Given`).
    pub white: String,
    /// Black's name.
    pub black: String,
    /// White's FIDE id.
    pub white_fide_id: Option<i64>,
    /// Black's FIDE id.
    pub black_fide_id: Option<i64>,
    /// The mainline, SAN as written (English letters).
    pub moves: Vec<String>,
    /// The last clock of each side, seconds.
    pub clock: Option<ClockReading>,
    /// `1-0`, `0-1`, `1/2-1/2`; `None` while the game goes on.
    pub result: Option<String>,
}

impl SourceGame {
    /// The game as one PGN game: the tags that link it to a board (`White`, `Black`, `Board`,
    /// `WhiteFideId`, `BlackFideId`), the mainline with the last clock of each side as
    /// `[%clk]`, and the result (`*` while it goes on) — what the relay posts.
    pub fn to_pgn(&self) -> String {
        let escape = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
        let result = self.result.as_deref().unwrap_or("*");
        let mut out = format!(
            "[White \"{}\"]\n[Black \"{}\"]\n",
            escape(&self.white),
            escape(&self.black)
        );
        if let Some(board) = self.board {
            out.push_str(&format!("[Board \"{board}\"]\n"));
        }
        for (tag, id) in [
            ("WhiteFideId", self.white_fide_id),
            ("BlackFideId", self.black_fide_id),
        ] {
            if let Some(id) = id {
                out.push_str(&format!("[{tag} \"{id}\"]\n"));
            }
        }
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        let plies = self.moves.len();
        for (index, san) in self.moves.iter().enumerate() {
            if index % 2 == 0 {
                out.push_str(&format!("{}. ", index / 2 + 1));
            }
            out.push_str(san);
            out.push(' ');
            // The last clock of each side, after that side's last move.
            let seconds = self.clock.as_ref().and_then(|clock| {
                if index % 2 == 0 {
                    clock.white
                } else {
                    clock.black
                }
            });
            if let Some(seconds) = seconds
                && index + 2 >= plies
            {
                out.push_str(&format!(
                    "{{[%clk {}:{:02}:{:02}]}} ",
                    seconds / 3600,
                    seconds / 60 % 60,
                    seconds % 60
                ));
            }
        }
        out.push_str(result);
        out.push_str("\n\n");
        out
    }

    /// The log entry of this reading.
    pub fn entry(&self) -> LogEntry {
        LogEntry::Moves {
            moves: self.moves.clone(),
            clock: self.clock.clone(),
            result: self.result.clone(),
        }
    }
}

/// Why a source cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceReadError {
    /// A PGN game that cannot be read.
    #[error("game {game}, line {line}, column {column}: {reason}")]
    Pgn {
        /// 1-based game.
        game: usize,
        /// Line.
        line: usize,
        /// Column.
        column: usize,
        /// Why.
        reason: String,
    },
    /// A JSON file or a field of it that cannot be read.
    #[error("{file}: {field}: {reason}")]
    Json {
        /// The file (`game-3.json`, `index.json`, `tournament.json`).
        file: String,
        /// The field (`moves[12]`, `result`, ...), or `JSON` for the whole text.
        field: String,
        /// Why.
        reason: String,
    },
    /// More than the reader holds.
    #[error("more than {limit} {what}")]
    TooLarge {
        /// `games`, `moves`, `pairings`.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
}

/// The result of a PGN termination marker or tag: `None` for `*` and the unknown.
fn pgn_result(text: &str) -> Option<String> {
    match Outcome::parse(text) {
        Some(Outcome::Unknown) | None => None,
        Some(outcome) => Some(outcome.as_pgn().to_owned()),
    }
}

/// The seconds of a `[%clk h:mm:ss]` (or `h:mm:ss.f`) in a comment.
fn clk_seconds(comment: &str) -> Option<u64> {
    let at = comment.find("[%clk")?;
    let rest = comment[at + 5..].trim_start();
    let end = rest.find(']')?;
    let mut seconds = 0u64;
    for part in rest[..end].trim().split(':') {
        let whole = part.split('.').next()?;
        if whole.is_empty() || whole.len() > 6 || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(whole.parse().ok()?)?;
    }
    Some(seconds)
}

/// A board number from the tags: `Board "7"`, else `Round "3.7"`.
fn board_of_tags(board: Option<&str>, round: Option<&str>) -> Option<i32> {
    let number = |text: &str| text.trim().parse::<i32>().ok().filter(|n| *n > 0);
    board.and_then(number).or_else(|| {
        round
            .and_then(|r| r.split_once('.'))
            .and_then(|(_, b)| number(b))
    })
}

/// A FIDE id as a tag or a field writes it (`0`, empty or `-` for none).
fn fide_id(text: &str) -> Option<i64> {
    text.trim()
        .parse::<i64>()
        .ok()
        .filter(|&id| id > 0 && id < 10_000_000_000)
}

/// The games of a PGN text (one game, or a round's), each read or the error that stopped it;
/// reading goes on with the next game.
pub fn read_pgn(text: &str) -> Result<Vec<Result<SourceGame, SourceReadError>>, SourceReadError> {
    let mut games = Vec::new();
    let reader = PgnReader::new(
        text,
        ReadOptions {
            keep_variations: false,
            keep_comments: true,
        },
    );
    for read in reader {
        if games.len() >= MAX_GAMES {
            return Err(SourceReadError::TooLarge {
                what: "games",
                limit: MAX_GAMES,
            });
        }
        let game = match read {
            Ok(game) => game,
            Err(error) => {
                games.push(Err(SourceReadError::Pgn {
                    game: error.game,
                    line: error.line,
                    column: error.column,
                    reason: error.reason,
                }));
                continue;
            }
        };
        if game.moves.len() > MAX_PLIES {
            games.push(Err(SourceReadError::Pgn {
                game: game.number,
                line: game.line,
                column: 1,
                reason: format!("more than {MAX_PLIES} moves"),
            }));
            continue;
        }
        let mut clock = [None, None];
        for (ply, m) in game.moves.iter().enumerate() {
            if let Some(seconds) = m.comments.iter().rev().find_map(|c| clk_seconds(c)) {
                clock[ply % 2] = Some(seconds);
            }
        }
        let result = game
            .result
            .as_deref()
            .and_then(pgn_result)
            .or_else(|| game.tag("Result").and_then(pgn_result));
        games.push(Ok(SourceGame {
            number: game.number,
            board: board_of_tags(game.tag("Board"), game.tag("Round")),
            white: game.tag("White").unwrap_or_default().trim().to_owned(),
            black: game.tag("Black").unwrap_or_default().trim().to_owned(),
            white_fide_id: game.tag("WhiteFideId").and_then(fide_id),
            black_fide_id: game.tag("BlackFideId").and_then(fide_id),
            moves: game.moves.iter().map(|m| m.text.clone()).collect(),
            clock: (clock != [None, None]).then_some(ClockReading {
                white: clock[0],
                black: clock[1],
                run: None,
                time: None,
            }),
            result,
        }));
    }
    Ok(games)
}

/// `tournament.json`: the tournament's name and, per round, its boards and games in play.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct LccTournament {
    /// The name.
    #[serde(default)]
    pub name: String,
    /// The rounds in order.
    #[serde(default)]
    pub rounds: Vec<LccRound>,
}

/// A round of `tournament.json`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct LccRound {
    /// Boards of the round.
    #[serde(default)]
    pub count: u32,
    /// Games in play.
    #[serde(default)]
    pub live: u32,
}

/// Reads `tournament.json`.
pub fn read_lcc_tournament(text: &str) -> Result<LccTournament, SourceReadError> {
    serde_json::from_str(text).map_err(|error| SourceReadError::Json {
        file: "tournament.json".to_owned(),
        field: "JSON".to_owned(),
        reason: error.to_string(),
    })
}

/// A player of a round index's pairing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LccPlayer {
    /// `Surname, Given`.
    pub name: String,
    /// The FIDE id.
    pub fide_id: Option<i64>,
}

/// One pairing of `round-N/index.json`, board `board` (its place + 1).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LccPairing {
    /// The board (the pairing's place in the index + 1): its game is `game-{board}.json`.
    pub board: i32,
    /// White.
    pub white: LccPlayer,
    /// Black.
    pub black: LccPlayer,
}

#[derive(Deserialize)]
struct RawIndex {
    #[serde(default)]
    pairings: Vec<RawPairing>,
}

#[derive(Deserialize)]
struct RawPairing {
    #[serde(default)]
    white: Option<RawPlayer>,
    #[serde(default)]
    black: Option<RawPlayer>,
}

#[derive(Deserialize)]
struct RawPlayer {
    #[serde(default)]
    fname: Option<String>,
    #[serde(default)]
    lname: Option<String>,
    #[serde(default)]
    fideid: Option<serde_json::Value>,
}

impl RawPlayer {
    fn player(&self) -> LccPlayer {
        let first = self.fname.as_deref().unwrap_or_default().trim();
        let last = self.lname.as_deref().unwrap_or_default().trim();
        let name = match (last.is_empty(), first.is_empty()) {
            (false, false) => format!("{last}, {first}"),
            (false, true) => last.to_owned(),
            _ => first.to_owned(),
        };
        let fide_id = match &self.fideid {
            Some(serde_json::Value::Number(n)) => n.as_i64().and_then(|n| fide_id(&n.to_string())),
            Some(serde_json::Value::String(s)) => fide_id(s),
            _ => None,
        };
        LccPlayer { name, fide_id }
    }
}

/// Reads `round-N/index.json`: its pairings, board by board.
pub fn read_lcc_round(text: &str) -> Result<Vec<LccPairing>, SourceReadError> {
    let raw: RawIndex = serde_json::from_str(text).map_err(|error| SourceReadError::Json {
        file: "index.json".to_owned(),
        field: "JSON".to_owned(),
        reason: error.to_string(),
    })?;
    if raw.pairings.len() > MAX_GAMES {
        return Err(SourceReadError::TooLarge {
            what: "pairings",
            limit: MAX_GAMES,
        });
    }
    Ok(raw
        .pairings
        .iter()
        .enumerate()
        .map(|(index, pairing)| LccPairing {
            board: index as i32 + 1,
            white: pairing
                .white
                .as_ref()
                .map(RawPlayer::player)
                .unwrap_or_default(),
            black: pairing
                .black
                .as_ref()
                .map(RawPlayer::player)
                .unwrap_or_default(),
        })
        .collect())
}

#[derive(Deserialize)]
struct RawGame {
    #[serde(default)]
    moves: Option<Vec<String>>,
    #[serde(default)]
    chess960: Option<u32>,
    #[serde(default)]
    clock: Option<RawClock>,
    #[serde(default)]
    result: Option<String>,
}

#[derive(Deserialize)]
struct RawClock {
    #[serde(default)]
    white: Option<f64>,
    #[serde(default)]
    black: Option<f64>,
}

/// Seconds as a clock field gives them: whole, not negative, at most a week.
fn clock_seconds(value: Option<f64>) -> Option<u64> {
    value
        .filter(|s| s.is_finite() && *s >= 0.0 && *s <= 7.0 * 86_400.0)
        .map(|s| s as u64)
}

/// Whether a JSON text is a LiveChess Cloud game (an object with `moves`), not a board event.
pub fn is_lcc_game(text: &str) -> bool {
    serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text)
        .is_ok_and(|object| object.contains_key("moves"))
}

/// Reads a game file (`file` names it in errors, as `game-3.json`): the moves' SAN, the clock
/// (the `clock` object's, else each side's last move's seconds), the result.
pub fn read_lcc_game(text: &str, file: &str) -> Result<SourceGame, SourceReadError> {
    let json_error = |field: String, reason: String| SourceReadError::Json {
        file: file.to_owned(),
        field,
        reason,
    };
    let raw: RawGame = serde_json::from_str(text)
        .map_err(|error| json_error("JSON".to_owned(), error.to_string()))?;
    // 518 is the standard starting position in the Chess960 numbering.
    if let Some(number) = raw.chess960.filter(|&n| n != 518) {
        return Err(json_error(
            "chess960".to_owned(),
            format!(
                "starting position {number} is not the standard one (518): only standard chess is followed"
            ),
        ));
    }
    let texts = raw
        .moves
        .ok_or_else(|| json_error("moves".to_owned(), "missing".to_owned()))?;
    if texts.len() > MAX_PLIES {
        return Err(SourceReadError::TooLarge {
            what: "moves",
            limit: MAX_PLIES,
        });
    }
    let mut moves = Vec::with_capacity(texts.len());
    let mut last = [None, None];
    for (index, text) in texts.iter().enumerate() {
        let mut words = text.split_whitespace();
        let san = words
            .next()
            .map(|w| w.trim_end_matches(','))
            .filter(|w| !w.is_empty())
            .ok_or_else(|| json_error(format!("moves[{index}]"), "no move".to_owned()))?;
        if san.len() > 12 {
            return Err(json_error(
                format!("moves[{index}]"),
                format!("{san:?} is not a move"),
            ));
        }
        if let Some(time) = words.next() {
            let digits: String = time.chars().take_while(char::is_ascii_digit).collect();
            if let Ok(seconds) = digits.parse::<u64>() {
                last[index % 2] = clock_seconds(Some(seconds as f64));
            }
        }
        moves.push(san.to_owned());
    }
    let [white, black] = match &raw.clock {
        Some(clock) if clock.white.is_some() || clock.black.is_some() => {
            [clock_seconds(clock.white), clock_seconds(clock.black)]
        }
        _ => last,
    };
    let result = match raw.result.as_deref().map(str::trim) {
        None | Some("") | Some("*") | Some("NONE") => None,
        Some("WHITEWIN") | Some("1-0") => Some("1-0".to_owned()),
        Some("BLACKWIN") | Some("0-1") => Some("0-1".to_owned()),
        Some("DRAW") | Some("1/2-1/2") => Some("1/2-1/2".to_owned()),
        Some(other) => {
            return Err(json_error(
                "result".to_owned(),
                format!("{other:?} is not WHITEWIN, BLACKWIN, DRAW or none"),
            ));
        }
    };
    Ok(SourceGame {
        number: 0,
        moves,
        clock: (white.is_some() || black.is_some()).then_some(ClockReading {
            white,
            black,
            run: None,
            time: None,
        }),
        result,
        ..SourceGame::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GROWING: [&str; 3] = [
        "[White \"Novák, Jan\"]\n[Black \"Kovács, Péter\"]\n[Board \"3\"]\n\n1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} *\n",
        "[White \"Novák, Jan\"]\n[Black \"Kovács, Péter\"]\n[Board \"3\"]\n\n1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Nf3 {[%clk 1:28:00]} (2. Nc3 Nf6) *\n",
        "[White \"Novák, Jan\"]\n[Black \"Kovács, Péter\"]\n[Board \"3\"]\n\n1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:40]} 2. Nf3 {[%clk 1:28:00]} Nc6 {a comment [%clk 1:27:05.3]} 3. Bb5 1-0\n",
    ];

    #[test]
    fn a_growing_pgn_read_three_times_gives_its_mainline_clocks_and_result() {
        let readings: Vec<SourceGame> = GROWING
            .iter()
            .map(|text| {
                let games = read_pgn(text).expect("read");
                assert_eq!(games.len(), 1);
                games.into_iter().next().expect("one").expect("a game")
            })
            .collect();
        assert_eq!(readings[0].moves, ["e4", "e5"]);
        // The variation is dropped.
        assert_eq!(readings[1].moves, ["e4", "e5", "Nf3"]);
        assert_eq!(readings[2].moves, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(readings[1].result, None);
        assert_eq!(readings[2].result.as_deref(), Some("1-0"));
        let clock = readings[2].clock.as_ref().expect("clocks");
        assert_eq!((clock.white, clock.black), (Some(5280), Some(5225)));
        assert_eq!(readings[2].board, Some(3));
        assert_eq!(readings[2].white, "Novák, Jan");
        let mut game = crate::rules::live::LiveGame::new();
        for reading in &readings {
            reading.entry().apply(&mut game).expect("applies");
        }
        assert_eq!(game.moves(), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert_eq!(game.result(), Some(Outcome::WhiteWins));
    }

    #[test]
    fn a_game_written_for_the_relay_reads_back_the_same() {
        let game = read_pgn(GROWING[2])
            .expect("read")
            .remove(0)
            .expect("a game");
        let again = read_pgn(&game.to_pgn())
            .expect("read")
            .remove(0)
            .expect("a game");
        assert_eq!(again, game);
    }

    #[test]
    fn the_pgn_readers_errors_name_the_game_line_and_column() {
        let text = "[White \"A\"]\n\n1. e4 e5 *\n\n[White \"B\"]\n[Black \"C\n\n1. d4 *\n";
        let games = read_pgn(text).expect("read");
        assert!(games[0].is_ok());
        let error = games[1].as_ref().expect_err("an error").to_string();
        assert!(
            error.starts_with("game 2, line 7") && error.contains("line 6, column 1"),
            "{error}"
        );
    }

    #[test]
    fn board_numbers_and_fide_ids_from_the_tags() {
        assert_eq!(board_of_tags(Some("7"), None), Some(7));
        assert_eq!(board_of_tags(None, Some("3.7")), Some(7));
        assert_eq!(board_of_tags(None, Some("3")), None);
        assert_eq!(board_of_tags(Some("x"), Some("2.4")), Some(4));
        let text = "[WhiteFideId \"1503014\"]\n[BlackFideId \"0\"]\n\n1. e4 *\n";
        let game = read_pgn(text).expect("read").remove(0).expect("a game");
        assert_eq!(
            (game.white_fide_id, game.black_fide_id),
            (Some(1503014), None)
        );
    }

    #[test]
    fn clk_comments_to_seconds() {
        assert_eq!(clk_seconds("[%clk 1:30:00]"), Some(5400));
        assert_eq!(clk_seconds("x [%clk 0:00:59.9] y"), Some(59));
        assert_eq!(clk_seconds("[%clk 99999999:00:00]"), None);
        assert_eq!(clk_seconds("[%emt 0:00:10]"), None);
    }

    #[test]
    fn a_livechess_cloud_game_index_and_tournament() {
        let game = r#"{"live": true, "serialNr": "12345", "firstMove": 1700000000000,
            "chess960": 518, "result": null,
            "clock": {"run": true, "white": 5390, "black": 5400, "time": 1700000001000},
            "moves": ["e4 5999+1", "e5 5980", "Nf3, 5990+30"]}"#;
        assert!(is_lcc_game(game));
        assert!(!is_lcc_game(
            r#"{"serialnr": "A", "board": "8/8/8/8/8/8/8/8"}"#
        ));
        let read = read_lcc_game(game, "game-1.json").expect("read");
        assert_eq!(read.moves, ["e4", "e5", "Nf3"]);
        let clock = read.clock.expect("clock");
        assert_eq!((clock.white, clock.black), (Some(5390), Some(5400)));
        assert_eq!(read.result, None);
        let ended = r#"{"moves": ["f3 100", "e5 100", "g4 90", "Qh4# 95"], "result": "BLACKWIN"}"#;
        let read = read_lcc_game(ended, "game-2.json").expect("read");
        assert_eq!(read.result.as_deref(), Some("0-1"));
        let clock = read.clock.expect("the moves' clocks");
        assert_eq!((clock.white, clock.black), (Some(90), Some(95)));
        let bad = read_lcc_game(r#"{"moves": ["e4", ""]}"#, "game-3.json");
        assert_eq!(
            bad.map_err(|e| e.to_string()),
            Err("game-3.json: moves[1]: no move".to_owned())
        );
        let bad = read_lcc_game(r#"{"moves": [], "result": "WON"}"#, "game-4.json");
        assert!(
            bad.expect_err("refused")
                .to_string()
                .starts_with("game-4.json: result:")
        );

        let index = r#"{"pairings": [
            {"white": {"fname": "Jan", "lname": "Novák", "title": "GM", "fideid": 310000},
             "black": {"fname": "Péter", "lname": "Kovács", "title": null, "fideid": "720000"},
             "result": "*"},
            {"white": {"fname": "A", "lname": "B"}, "black": null, "result": "*"}]}"#;
        let pairings = read_lcc_round(index).expect("read");
        assert_eq!(pairings.len(), 2);
        assert_eq!(pairings[0].board, 1);
        assert_eq!(pairings[0].white.name, "Novák, Jan");
        assert_eq!(pairings[0].white.fide_id, Some(310000));
        assert_eq!(pairings[0].black.fide_id, Some(720000));
        assert_eq!(pairings[1].black, LccPlayer::default());
        let tournament = read_lcc_tournament(
            r#"{"name": "Open", "rounds": [{"count": 4, "live": 4}, {"count": 0, "live": 0}]}"#,
        )
        .expect("read");
        assert_eq!(tournament.rounds[0], LccRound { count: 4, live: 4 });
        assert!(read_lcc_tournament("[").is_err());
        let shuffled = read_lcc_game(r#"{"chess960": 17, "moves": []}"#, "game-5.json");
        assert!(
            shuffled
                .expect_err("refused")
                .to_string()
                .starts_with("game-5.json: chess960: starting position 17")
        );
    }
}
