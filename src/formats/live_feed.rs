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

use serde::Deserialize;

/// The longest line read, in bytes (a placement is at most 71 characters).
pub const MAX_LINE: usize = 4_096;
/// The most events a feed holds.
pub const MAX_EVENTS: usize = 5_000_000;
/// The most boards a feed names.
pub const MAX_BOARDS: usize = 2_000;

/// One board event.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
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
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
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
