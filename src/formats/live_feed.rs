//! A recorded electronic-board feed: JSON lines, one LiveChess board event per line as the
//! LiveChess API sends it — `serialnr` (the board), `flipped` (the board turned round),
//! `board` (the FEN piece placement), `clock` (`{white, black, run, time}`: seconds left, whose
//! clock runs — `"white"`, `"black"` or `null` while stopped — and the clock's time) — plus
//! `t`, the receive time in milliseconds. `arbiter live replay` reads it
//! ([`crate::rules::live`] makes the games of it).
//!
//! Every line is checked where it is read: a line that is not such an event is an error that
//! names the line and says why; blank lines are skipped. The reader bounds what a file can make
//! it hold ([`MAX_LINE`], [`MAX_EVENTS`], [`MAX_BOARDS`]).

use serde::{Deserialize, Serialize};

use crate::rules::game::Outcome;
use crate::rules::live::{
    AlertKind, CorrectionError, LiveGame, Observation, Resolution, SourceError,
};
use crate::rules::san::{Lang, parse_move, to_san};
use crate::rules::{Color, Position};

/// The longest line read, in bytes (a placement is at most 71 characters).
pub const MAX_LINE: usize = 4_096;
/// The most events a feed holds.
pub const MAX_EVENTS: usize = 5_000_000;
/// The most boards a feed names.
pub const MAX_BOARDS: usize = 2_000;

/// One board event.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct BoardEvent {
    /// The board's serial number.
    pub serialnr: String,
    /// The board is turned round (Black's pieces on ranks 1–2 as the board sees them).
    #[serde(default)]
    pub flipped: bool,
    /// The FEN piece placement as the board sees it.
    pub board: String,
    /// The clock, when the board has one.
    #[serde(default)]
    pub clock: Option<ClockReading>,
    /// Receive time in milliseconds.
    #[serde(default)]
    pub t: u64,
}

/// A clock reading.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ClockReading {
    /// White's time left, seconds.
    #[serde(default)]
    pub white: Option<u64>,
    /// Black's time left, seconds.
    #[serde(default)]
    pub black: Option<u64>,
    /// Whose clock runs: `"white"`, `"black"`, or `null` while stopped.
    #[serde(default)]
    pub run: Option<String>,
    /// The clock's own time.
    #[serde(default)]
    pub time: Option<u64>,
}

impl BoardEvent {
    /// Whose clock runs, as the event says.
    pub fn running(&self) -> Option<Color> {
        match self.clock.as_ref().and_then(|c| c.run.as_deref()) {
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            _ => None,
        }
    }

    /// Gives the event to the game it is of: the clock reading, then the placement, then — when
    /// the clock reads stopped — the stop (Art. 6.11.2; after the placement, so that the kings'
    /// result signal placed on a stopped clock ends the game first).
    pub fn apply(&self, game: &mut LiveGame) {
        if let Some(clock) = &self.clock {
            game.clock(clock.white, clock.black);
        }
        game.observe(Observation {
            placement: &self.board,
            flipped: self.flipped,
            running: self.running(),
        });
        if self.clock.as_ref().is_some_and(|clock| clock.run.is_none()) {
            game.clock_stopped();
        }
    }

    /// The event as one line of a feed.
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// One entry of a board's log as the app keeps it: what the board sent, or what the operator
/// (the arbiter) did to the game — the log replayed in order gives the game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LogEntry {
    /// A board event.
    Board(BoardEvent),
    /// The mainline replaced from a ply (the moves in SAN, English letters).
    Correction {
        /// The first ply replaced (1 = White's first move).
        from_ply: u32,
        /// The moves from there.
        moves: Vec<String>,
        /// Why, in the arbiter's words.
        reason: String,
    },
    /// A held press resolved: `move` (with its SAN), `illegal` or `none`.
    Resolution {
        /// `move`, `illegal` or `none`.
        resolution: String,
        /// The move, for `move` (SAN, English letters).
        #[serde(default)]
        san: String,
        /// Why, in the arbiter's words.
        #[serde(default)]
        reason: String,
    },
    /// An alert confirmed by the arbiter (seen and dealt with).
    Confirmation {
        /// The alert's ply.
        ply: u32,
        /// The alert's name (`illegal_move`, `flag_fall`, ...).
        alert: String,
        /// What the arbiter did, in their words.
        #[serde(default)]
        reason: String,
    },
    /// A source of moves read once (a PGN that grows, a LiveChess Cloud game): its whole
    /// mainline so far ([`LiveGame::follow_mainline`]).
    Moves {
        /// The mainline, SAN with English letters.
        moves: Vec<String>,
        /// The source's clock (the last reading of each side), when it has one.
        #[serde(default)]
        clock: Option<ClockReading>,
        /// The source's result (`1-0`, `0-1`, `1/2-1/2`); `None` while the game goes on.
        #[serde(default)]
        result: Option<String>,
    },
}

/// Why an operator's entry does not apply to the game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    /// A move that is not legal where it stands (`index` counts from 0 in the entry).
    #[error("move {index} ({text}) is not legal there")]
    Move {
        /// Its place in the entry.
        index: usize,
        /// The move as written.
        text: String,
    },
    /// The engine refused it.
    #[error(transparent)]
    Refused(#[from] CorrectionError),
    /// An unknown resolution.
    #[error("unknown resolution {0:?}")]
    Resolution(String),
    /// An unknown alert name.
    #[error("unknown alert {0:?}")]
    Alert(String),
    /// A source's reading or a board event the game does not take.
    #[error(transparent)]
    Source(#[from] SourceError),
}

impl LogEntry {
    /// Applies the entry to the game.
    pub fn apply(&self, game: &mut LiveGame) -> Result<(), EntryError> {
        match self {
            LogEntry::Board(event) => {
                game.check_board_feed()?;
                event.apply(game);
                Ok(())
            }
            LogEntry::Moves {
                moves,
                clock,
                result,
            } => {
                let clock = clock.as_ref().map(|c| [c.white, c.black]);
                let result = result.as_deref().and_then(Outcome::parse);
                Ok(game.follow_mainline(moves, clock, result)?)
            }
            LogEntry::Correction {
                from_ply, moves, ..
            } => {
                let mut position = position_at(game, from_ply.saturating_sub(1))?;
                let mut parsed = Vec::with_capacity(moves.len());
                for (index, text) in moves.iter().enumerate() {
                    let m =
                        parse_move(&position, text, Lang::En).map_err(|_| EntryError::Move {
                            index,
                            text: text.clone(),
                        })?;
                    position.play_unchecked(m);
                    parsed.push(m);
                }
                Ok(game.correct(*from_ply, &parsed)?)
            }
            LogEntry::Resolution {
                resolution, san, ..
            } => {
                let resolution = match resolution.as_str() {
                    "illegal" => Resolution::Illegal,
                    "none" => Resolution::NoMove,
                    "move" => {
                        let position = game.position().clone();
                        Resolution::Move(parse_move(&position, san, Lang::En).map_err(|_| {
                            EntryError::Move {
                                index: 0,
                                text: san.clone(),
                            }
                        })?)
                    }
                    other => return Err(EntryError::Resolution(other.to_owned())),
                };
                Ok(game.resolve(resolution)?)
            }
            LogEntry::Confirmation { ply, alert, .. } => {
                let kind =
                    AlertKind::from_name(alert).ok_or_else(|| EntryError::Alert(alert.clone()))?;
                Ok(game.confirm(*ply, kind)?)
            }
        }
    }

    /// The entry as stored (JSON).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// An entry as stored.
    pub fn parse(text: &str) -> Result<LogEntry, String> {
        serde_json::from_str(text).map_err(|error| error.to_string())
    }
}

/// The position after the game's first `plies` moves.
fn position_at(game: &LiveGame, plies: u32) -> Result<Position, EntryError> {
    let mut position = Position::new();
    for m in game.played().iter().take(plies as usize) {
        position.play_unchecked(*m);
    }
    if plies as usize > game.played().len() {
        return Err(EntryError::Refused(CorrectionError::NoSuchPly {
            ply: plies + 1,
            moves: game.played().len() as u32,
        }));
    }
    Ok(position)
}

/// Moves written in `lang` (as an arbiter types them, separated by spaces; move numbers
/// such as `12.` skipped) read from the position after the game's first `from_ply - 1` moves,
/// as SAN with English letters for [`LogEntry::Correction`].
pub fn moves_from_text(
    game: &LiveGame,
    from_ply: u32,
    text: &str,
    lang: Lang,
) -> Result<Vec<String>, EntryError> {
    let mut position = position_at(game, from_ply.saturating_sub(1))?;
    let mut out = Vec::new();
    for (index, word) in text
        .split_whitespace()
        .filter(|w| !w.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()))
        .enumerate()
    {
        let word = word.rsplit('.').next().unwrap_or(word);
        let m = parse_move(&position, word, lang).map_err(|_| EntryError::Move {
            index,
            text: word.to_owned(),
        })?;
        out.push(to_san(&position, m, Lang::En));
        position.play_unchecked(m);
    }
    Ok(out)
}

/// A clean feed of one board playing `moves` (SAN, English letters) from the initial
/// position: the clock started for White, then each move's placement with the press that
/// completes it, `step` milliseconds apart from `start`. For tests, benchmarks and
/// `arbiter live` demonstrations; real boards add noise ([`crate::rules::live`] reads it).
pub fn feed_of_moves(
    serialnr: &str,
    moves: &[&str],
    start: u64,
    step: u64,
) -> Result<Vec<BoardEvent>, EntryError> {
    let mut position = Position::new();
    let event = |position: &Position, running: Color, t: u64| BoardEvent {
        serialnr: serialnr.to_owned(),
        flipped: false,
        board: crate::rules::fen::board_fen(position.board()),
        clock: Some(ClockReading {
            white: Some(5400),
            black: Some(5400),
            run: Some(
                if running == Color::White {
                    "white"
                } else {
                    "black"
                }
                .to_owned(),
            ),
            time: None,
        }),
        t,
    };
    let mut events = vec![event(&position, Color::White, start)];
    for (index, text) in moves.iter().enumerate() {
        let m = parse_move(&position, text, Lang::En).map_err(|_| EntryError::Move {
            index,
            text: (*text).to_owned(),
        })?;
        position.play_unchecked(m);
        events.push(event(
            &position,
            position.turn(),
            start + step * (index as u64 + 1),
        ));
    }
    Ok(events)
}

/// Why a feed cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FeedError {
    /// A line that is not a board event.
    #[error("line {line}: {reason}")]
    Line {
        /// 1-based line.
        line: usize,
        /// Why.
        reason: String,
    },
    /// More than the reader holds.
    #[error("the feed has more than {limit} {what}")]
    TooLarge {
        /// `events` or `boards`.
        what: &'static str,
        /// The limit.
        limit: usize,
    },
}

/// The events of a feed, in file order.
pub fn read(text: &str) -> Result<Vec<BoardEvent>, FeedError> {
    let mut events = Vec::new();
    let mut boards: std::collections::HashSet<String> = Default::default();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line.len() > MAX_LINE {
            return Err(FeedError::Line {
                line: number,
                reason: format!("longer than {MAX_LINE} bytes"),
            });
        }
        let event: BoardEvent = serde_json::from_str(line).map_err(|error| FeedError::Line {
            line: number,
            reason: error.to_string(),
        })?;
        check_placement(&event.board).map_err(|reason| FeedError::Line {
            line: number,
            reason,
        })?;
        if let Some(run) = event.clock.as_ref().and_then(|c| c.run.as_deref())
            && run != "white"
            && run != "black"
        {
            return Err(FeedError::Line {
                line: number,
                reason: format!("clock.run is \"white\", \"black\" or null, not {run:?}"),
            });
        }
        if events.len() >= MAX_EVENTS {
            return Err(FeedError::TooLarge {
                what: "events",
                limit: MAX_EVENTS,
            });
        }
        if !boards.contains(&event.serialnr) {
            boards.insert(event.serialnr.clone());
            if boards.len() > MAX_BOARDS {
                return Err(FeedError::TooLarge {
                    what: "boards",
                    limit: MAX_BOARDS,
                });
            }
        }
        events.push(event);
    }
    Ok(events)
}

/// Eight ranks of pieces and digits, each of eight squares.
fn check_placement(placement: &str) -> Result<(), String> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("board {placement:?} is not eight ranks"));
    }
    for rank in ranks {
        let mut squares = 0u32;
        for c in rank.chars() {
            match c {
                '1'..='8' => squares += c.to_digit(10).unwrap_or(0),
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    squares += 1
                }
                other => return Err(format!("board: {other:?} is not a piece or a count")),
            }
        }
        if squares != 8 {
            return Err(format!("board: rank {rank:?} is not eight squares"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_read_and_bad_lines_named() {
        let text = concat!(
            r#"{"serialnr":"A1","flipped":false,"board":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR","clock":{"white":5400,"black":5400,"run":"white","time":1},"t":10}"#,
            "\n\n",
            r#"{"serialnr":"A1","board":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"}"#,
            "\n"
        );
        let events = read(text).expect("read");
        assert_eq!(events.len(), 2);
        assert_eq!(
            events[0].clock.as_ref().and_then(|c| c.run.as_deref()),
            Some("white")
        );
        assert_eq!(events[1].clock, None);
        let bad = read(r#"{"serialnr":"A1","board":"8/8/8"}"#);
        assert!(
            matches!(bad, Err(FeedError::Line { line: 1, .. })),
            "{bad:?}"
        );
        let bad = read("\n{\"serialnr\":1}");
        assert!(
            matches!(bad, Err(FeedError::Line { line: 2, .. })),
            "{bad:?}"
        );
        let run = r#"{"serialnr":"A1","board":"8/8/8/8/8/8/8/8","clock":{"run":"both"}}"#;
        assert!(matches!(read(run), Err(FeedError::Line { line: 1, .. })));
    }
}
