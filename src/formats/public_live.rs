//! A round's games followed live, as a venue sends them to its public server: the versioned
//! JSON document of `POST /api/v1/push/live`. Each board's moves as the public may see them —
//! **already delayed** by the venue's broadcast delay (anti-cheating: undelayed moves never
//! leave the hall) —, in SAN with English letters. No alert, claim hint or proposed result:
//! those stay the arbiter's. The results are the event's public state's
//! ([`crate::formats::public_state`]).
//!
//! [`PublicLive::parse`] checks everything a public server stores: the format and version, the
//! event id, the bounds ([`MAX_BOARDS`], [`MAX_PLIES`]) and every board's moves as legal moves
//! from the initial position (an error names the board and the move).

use serde::{Deserialize, Serialize};

use crate::formats::public_state::is_public_id;
use crate::rules::Position;
use crate::rules::san::{Lang, parse_move};

/// The value of [`PublicLive::format`].
pub const FORMAT: &str = "arbiter-public-live";

/// The version of the document this code writes and reads.
pub const VERSION: u32 = 1;

/// The most boards a document holds.
pub const MAX_BOARDS: usize = 2_000;

/// The most plies of a board (a game of 75 moves without a capture, many times over).
pub const MAX_PLIES: usize = 2_000;

/// The longest delay, in minutes (a day).
pub const MAX_DELAY_MINUTES: u32 = 24 * 60;

/// One round's live games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublicLive {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The event's public id (as in its public state).
    pub id: String,
    /// The round.
    pub round: u32,
    /// The delay the moves are shown with, in minutes.
    pub delay_minutes: u32,
    /// The boards with a game followed live, by number.
    pub boards: Vec<LiveBoard>,
}

/// One board's game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LiveBoard {
    /// Board number.
    pub board: u32,
    /// The moves so far (as delayed), SAN with English letters.
    pub moves: Vec<String>,
}

/// Why a document was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PublicLiveError {
    /// Not JSON, or not this document's shape: where and why.
    #[error("malformed document at line {line}, column {column}: {reason}")]
    Malformed {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        reason: String,
    },
    /// `format` is not [`FORMAT`].
    #[error("the document's format is {0:?}, not {FORMAT:?}")]
    Format(String),
    /// A version this code does not read.
    #[error("document version {0} is not supported (this server reads version {VERSION})")]
    Version(u32),
    /// The public id is not 32 lower-case hex digits.
    #[error("the event id {0:?} is not 32 lower-case hex digits")]
    Id(String),
    /// Round 0, or a delay over a day.
    #[error("{0}")]
    Field(String),
    /// More boards or plies than are held.
    #[error("{0}")]
    TooLarge(String),
    /// A board twice, or out of order.
    #[error("board {0} is not after the board before it (boards by number, each once)")]
    BoardOrder(u32),
    /// A move that is not legal where it stands.
    #[error("board {board}, ply {ply}: {text:?} is not a legal move there")]
    Move {
        /// The board.
        board: u32,
        /// The ply (1 = White's first move).
        ply: usize,
        /// The move as sent.
        text: String,
    },
}

impl PublicLive {
    /// The document as sent.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads and checks a document.
    pub fn parse(bytes: &[u8]) -> Result<PublicLive, PublicLiveError> {
        let live: PublicLive =
            serde_json::from_slice(bytes).map_err(|error| PublicLiveError::Malformed {
                line: error.line(),
                column: error.column(),
                reason: error.to_string(),
            })?;
        if live.format != FORMAT {
            return Err(PublicLiveError::Format(live.format));
        }
        if live.version != VERSION {
            return Err(PublicLiveError::Version(live.version));
        }
        if !is_public_id(&live.id) {
            return Err(PublicLiveError::Id(live.id));
        }
        if live.round == 0 {
            return Err(PublicLiveError::Field("the round is 1 or more".to_owned()));
        }
        if live.delay_minutes > MAX_DELAY_MINUTES {
            return Err(PublicLiveError::Field(format!(
                "the delay {} is over {MAX_DELAY_MINUTES} minutes",
                live.delay_minutes
            )));
        }
        if live.boards.len() > MAX_BOARDS {
            return Err(PublicLiveError::TooLarge(format!(
                "{} boards: at most {MAX_BOARDS}",
                live.boards.len()
            )));
        }
        let mut last = 0;
        for board in &live.boards {
            if board.board <= last {
                return Err(PublicLiveError::BoardOrder(board.board));
            }
            last = board.board;
            if board.moves.len() > MAX_PLIES {
                return Err(PublicLiveError::TooLarge(format!(
                    "board {}: {} plies, at most {MAX_PLIES}",
                    board.board,
                    board.moves.len()
                )));
            }
            let mut position = Position::new();
            for (index, text) in board.moves.iter().enumerate() {
                let refused = || PublicLiveError::Move {
                    board: board.board,
                    ply: index + 1,
                    text: text.chars().take(20).collect(),
                };
                let m = parse_move(&position, text, Lang::En).map_err(|_| refused())?;
                position.play_unchecked(m);
            }
        }
        Ok(live)
    }

    /// The moves of `board` as PGN movetext (`1. e4 e5 2. Nf3`), empty when the board is not
    /// followed.
    pub fn movetext(&self, board: u32) -> Option<String> {
        let found = self.boards.iter().find(|b| b.board == board)?;
        Some(
            found
                .moves
                .chunks(2)
                .enumerate()
                .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
                .collect::<Vec<_>>()
                .join(" "),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document(moves: &[&str]) -> PublicLive {
        PublicLive {
            format: FORMAT.to_owned(),
            version: VERSION,
            id: "0123456789abcdef0123456789abcdef".to_owned(),
            round: 3,
            delay_minutes: 15,
            boards: vec![
                LiveBoard {
                    board: 1,
                    moves: moves.iter().map(|m| (*m).to_owned()).collect(),
                },
                LiveBoard {
                    board: 4,
                    moves: Vec::new(),
                },
            ],
        }
    }

    #[test]
    fn a_round_round_trips_and_writes_its_movetext() {
        let live = document(&["e4", "e5", "Nf3"]);
        let parsed = PublicLive::parse(live.to_json().as_bytes()).expect("a document");
        assert_eq!(parsed, live);
        assert_eq!(parsed.movetext(1).as_deref(), Some("1. e4 e5 2. Nf3"));
        assert_eq!(parsed.movetext(4).as_deref(), Some(""));
        assert_eq!(parsed.movetext(2), None);
    }

    #[test]
    fn every_refusal_says_where() {
        let bad_move = document(&["e4", "e5", "Ke3"]);
        assert_eq!(
            PublicLive::parse(bad_move.to_json().as_bytes()),
            Err(PublicLiveError::Move {
                board: 1,
                ply: 3,
                text: "Ke3".to_owned()
            })
        );
        let mut twice = document(&[]);
        twice.boards[1].board = 1;
        assert_eq!(
            PublicLive::parse(twice.to_json().as_bytes()),
            Err(PublicLiveError::BoardOrder(1))
        );
        let mut late = document(&[]);
        late.delay_minutes = 1441;
        assert!(matches!(
            PublicLive::parse(late.to_json().as_bytes()),
            Err(PublicLiveError::Field(_))
        ));
        let mut long = document(&[]);
        long.boards[0].moves = vec!["Nf3".to_owned(); MAX_PLIES + 1];
        assert!(matches!(
            PublicLive::parse(long.to_json().as_bytes()),
            Err(PublicLiveError::TooLarge(_))
        ));
        let text = live_text_with_extra_field();
        assert!(matches!(
            PublicLive::parse(text.as_bytes()),
            Err(PublicLiveError::Malformed { line: 1, .. })
        ));
        let mut other = document(&[]);
        other.format = "arbiter-public-state".to_owned();
        assert!(matches!(
            PublicLive::parse(other.to_json().as_bytes()),
            Err(PublicLiveError::Format(_))
        ));
    }

    fn live_text_with_extra_field() -> String {
        document(&[]).to_json().replacen('{', "{\"alerts\":[],", 1)
    }
}
