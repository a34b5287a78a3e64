//! A game followed live from an electronic board, which sends **positions, not moves**: the
//! moves worked out from successive piece placements, checked against the Laws as they are
//! played.
//!
//! - **A move is completed when its player presses the clock** (Art. 6.2.1). Placements between
//!   two presses are a move being made (a capture lifted in two steps, castling's two pieces, a
//!   drag) and are not read as moves; at the press the placement must be the position after one
//!   legal move.
//! - **Held, not guessed.** A press whose placement is no legal move's (a piece knocked over,
//!   a board not settled yet) is held: a later placement that is the position after a legal move
//!   completes it; the position before it placed again means the move was illegal and has been
//!   taken back; the opponent pressing the clock on it means an illegal move stood.
//! - **Art. 7.5.1**: an illegal move completed is an alert (with the player's count); the
//!   position before it is to be reinstated, and until it is, nothing is read as a move. The
//!   second illegal move of a player loses the game (**Art. 7.5.5**) — a draw when the opponent
//!   cannot checkmate by any series of legal moves.
//! - The game ends by **5.1.1** checkmate, **5.2.1** stalemate, **5.2.2** a dead position,
//!   **9.6.1** fivefold repetition and **9.6.2** seventy-five moves; each is an alert and a
//!   proposed result.
//! - **The kings on the centre squares** (d4, d5, e4, e5 — where two kings can never stand in a
//!   game) are the board's result signal, not a move: both on dark squares 0-1, both on light
//!   squares 1-0, one of each ½-½ (the DGT convention). It is a proposed result.

use super::dead::DeadPosition;
use super::draw::{RepetitionHistory, is_fivefold, is_seventyfive};
use super::fen::board_fen;
use super::game::Outcome;
use super::san::{Lang, to_san};
use super::{Color, Move, Position, Role};

/// What the board sent: its placement and whose clock runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Observation<'a> {
    /// The FEN piece placement as the board sees it.
    pub placement: &'a str,
    /// The board is turned round.
    pub flipped: bool,
    /// Whose clock runs (`None` while stopped or without a clock).
    pub running: Option<Color>,
}

/// What an alert is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlertKind {
    /// An illegal move was completed (Art. 7.5.1; `count` is the player's first or second).
    IllegalMove,
    /// The second illegal move of a player: the game is lost (Art. 7.5.5).
    SecondIllegalMove,
    /// Checkmate (Art. 5.1.1).
    Checkmate,
    /// Stalemate (Art. 5.2.1).
    Stalemate,
    /// A dead position (Art. 5.2.2).
    DeadPosition,
    /// The same position for the fifth time (Art. 9.6.1).
    Fivefold,
    /// Seventy-five moves of each player without a capture or a pawn move (Art. 9.6.2).
    SeventyFiveMoves,
    /// The kings placed on the centre squares: the board's result signal.
    ResultSignal,
}

impl AlertKind {
    /// The article of the Laws, as `7.5.1`; `None` for the board's result signal.
    pub fn article(self) -> Option<&'static str> {
        match self {
            AlertKind::IllegalMove => Some("7.5.1"),
            AlertKind::SecondIllegalMove => Some("7.5.5"),
            AlertKind::Checkmate => Some("5.1.1"),
            AlertKind::Stalemate => Some("5.2.1"),
            AlertKind::DeadPosition => Some("5.2.2"),
            AlertKind::Fivefold => Some("9.6.1"),
            AlertKind::SeventyFiveMoves => Some("9.6.2"),
            AlertKind::ResultSignal => None,
        }
    }

    /// A name for the alert (`illegal_move`, `fivefold`, ...).
    pub fn name(self) -> &'static str {
        match self {
            AlertKind::IllegalMove => "illegal_move",
            AlertKind::SecondIllegalMove => "second_illegal_move",
            AlertKind::Checkmate => "checkmate",
            AlertKind::Stalemate => "stalemate",
            AlertKind::DeadPosition => "dead_position",
            AlertKind::Fivefold => "fivefold",
            AlertKind::SeventyFiveMoves => "seventy_five_moves",
            AlertKind::ResultSignal => "result_signal",
        }
    }
}

/// One alert for the arbiter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alert {
    /// The ply it belongs to: the move's number in half-moves (1 = White's first).
    pub ply: u32,
    /// What.
    pub kind: AlertKind,
    /// The player concerned (the one who moved illegally), when one is.
    pub player: Option<Color>,
    /// For an illegal move: the placement seen at the press (what stood on the board).
    pub placement: Option<String>,
}

/// A press not yet matched to a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Held {
    /// Who pressed.
    player: Color,
    /// The placement at the press.
    placement: String,
}

/// One game followed from its board.
#[derive(Debug, Clone)]
pub struct LiveGame {
    position: Position,
    history: RepetitionHistory,
    moves: Vec<String>,
    alerts: Vec<Alert>,
    result: Option<Outcome>,
    running: Option<Color>,
    held: Option<Held>,
    /// An illegal move stood: nothing is read until the position before it is placed again.
    reinstating: bool,
    illegal: [u32; 2],
}

impl Default for LiveGame {
    fn default() -> Self {
        LiveGame::new()
    }
}

impl LiveGame {
    /// A game from the starting position.
    pub fn new() -> LiveGame {
        let position = Position::new();
        LiveGame {
            history: RepetitionHistory::new(&position),
            position,
            moves: Vec::new(),
            alerts: Vec::new(),
            result: None,
            running: None,
            held: None,
            reinstating: false,
            illegal: [0, 0],
        }
    }

    /// The legal moves so far, in SAN with English letters.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The alerts so far.
    pub fn alerts(&self) -> &[Alert] {
        &self.alerts
    }

    /// The proposed result, once the game has one.
    pub fn result(&self) -> Option<Outcome> {
        self.result
    }

    /// The position of the game now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Takes one thing the board sent.
    pub fn observe(&mut self, seen: Observation<'_>) {
        if self.result.is_some() {
            return;
        }
        let placement = if seen.flipped {
            turned(seen.placement)
        } else {
            seen.placement.to_owned()
        };
        if let Some(outcome) = kings_signal(&placement) {
            self.alert(AlertKind::ResultSignal, None, None);
            self.result = Some(outcome);
            return;
        }
        let pressed = match (self.running, seen.running) {
            (before, Some(now)) if before != Some(now) => Some(now.other()),
            _ => None,
        };
        if seen.running.is_some() {
            self.running = seen.running;
        }
        let current = board_fen(self.position.board());
        if self.reinstating {
            if placement == current {
                self.reinstating = false;
            }
            return;
        }
        if let Some(held) = self.held.clone() {
            if let Some(m) = self.move_to(&placement) {
                self.held = None;
                self.play(m);
                return;
            }
            if placement == current {
                // Taken back before the opponent played on: an illegal move all the same.
                self.held = None;
                self.illegal_move(held);
                return;
            }
            if pressed.is_some() {
                // The opponent pressed on it: the illegal move stood.
                self.held = None;
                self.illegal_move(held);
                self.reinstating = placement != current;
                return;
            }
            return;
        }
        let Some(player) = pressed else {
            return;
        };
        if placement == current {
            // A press without a move (the clock started, or pressed twice).
            return;
        }
        match self.move_to(&placement) {
            Some(m) if player == self.position.turn() => self.play(m),
            _ => {
                self.held = Some(Held { player, placement });
            }
        }
    }

    /// The end of the feed: a press still held is an illegal move that stood.
    pub fn finish(&mut self) {
        if let Some(held) = self.held.take()
            && self.result.is_none()
        {
            self.illegal_move(held);
        }
    }

    /// The legal move whose position has this placement.
    fn move_to(&self, placement: &str) -> Option<Move> {
        self.position.legal_moves().into_iter().find(|&m| {
            let mut after = self.position.clone();
            after.play_unchecked(m);
            board_fen(after.board()) == placement
        })
    }

    fn ply(&self) -> u32 {
        self.moves.len() as u32 + 1
    }

    fn alert(&mut self, kind: AlertKind, player: Option<Color>, placement: Option<String>) {
        let ply = match kind {
            // A game's end belongs to the move that made it.
            AlertKind::IllegalMove | AlertKind::SecondIllegalMove | AlertKind::ResultSignal => {
                self.ply()
            }
            _ => self.moves.len() as u32,
        };
        self.alerts.push(Alert {
            ply,
            kind,
            player,
            placement,
        });
    }

    fn illegal_move(&mut self, held: Held) {
        let index = usize::from(held.player == Color::Black);
        self.illegal[index] += 1;
        if self.illegal[index] >= 2 {
            self.alert(
                AlertKind::SecondIllegalMove,
                Some(held.player),
                Some(held.placement),
            );
            // Art. 7.5.5: lost, unless the opponent cannot checkmate by any series of moves.
            let opponent = held.player.other();
            let cannot_mate = DeadPosition::from_position(&self.position)
                .map(|dead| dead.verdict(opponent).cannot_mate())
                .unwrap_or(false);
            self.result = Some(if cannot_mate {
                Outcome::Draw
            } else if opponent == Color::White {
                Outcome::WhiteWins
            } else {
                Outcome::BlackWins
            });
        } else {
            self.alert(
                AlertKind::IllegalMove,
                Some(held.player),
                Some(held.placement),
            );
        }
    }

    fn play(&mut self, m: Move) {
        let san = to_san(&self.position, m, Lang::En);
        let before = self.position.clone();
        self.position.play_unchecked(m);
        self.history.push(&before, m, &self.position);
        self.moves.push(san);
        let mover = before.turn();
        if self.position.is_checkmate() {
            self.alert(AlertKind::Checkmate, None, None);
            self.result = Some(if mover == Color::White {
                Outcome::WhiteWins
            } else {
                Outcome::BlackWins
            });
        } else if self.position.is_stalemate() {
            self.alert(AlertKind::Stalemate, None, None);
            self.result = Some(Outcome::Draw);
        } else if is_fivefold(&self.history) {
            self.alert(AlertKind::Fivefold, None, None);
            self.result = Some(Outcome::Draw);
        } else if is_seventyfive(&self.position) {
            self.alert(AlertKind::SeventyFiveMoves, None, None);
            self.result = Some(Outcome::Draw);
        } else if is_dead(&self.position) {
            self.alert(AlertKind::DeadPosition, None, None);
            self.result = Some(Outcome::Draw);
        }
    }
}

/// A dead position (Art. 5.2.2): neither side can checkmate. Asked only once the material is
/// low, where the analysis is cheap and a game may really be dead.
fn is_dead(position: &Position) -> bool {
    let board = position.board();
    let pieces = board.occupied().count();
    let pawns = board.by_role(Role::Pawn).count();
    if pieces > 8 && pawns > 0 {
        return false;
    }
    DeadPosition::from_position(position)
        .ok()
        .and_then(|dead| dead.is_dead())
        .unwrap_or(false)
}

/// The placement of a board turned round, as White sees it.
fn turned(placement: &str) -> String {
    let ranks: Vec<String> = placement
        .split('/')
        .rev()
        .map(|rank| rank.chars().rev().collect())
        .collect();
    ranks.join("/")
}

/// The kings' result signal of a placement: both kings on the centre squares.
fn kings_signal(placement: &str) -> Option<Outcome> {
    let mut kings = Vec::new();
    for (row, rank) in placement.split('/').enumerate() {
        let mut file = 0u32;
        for c in rank.chars() {
            if let Some(skip) = c.to_digit(10) {
                file += skip;
                continue;
            }
            if c == 'K' || c == 'k' {
                kings.push((file, 7 - row as u32));
            }
            file += 1;
        }
    }
    let [first, second] = kings.as_slice() else {
        return None;
    };
    let centre = |(file, rank): (u32, u32)| (3..=4).contains(&file) && (3..=4).contains(&rank);
    if !centre(*first) || !centre(*second) {
        return None;
    }
    // d4 (file 3, rank 3) is dark: a square is dark when file + rank is even (a1 = 0 + 0).
    let dark = |(file, rank): (u32, u32)| (file + rank) % 2 == 0;
    Some(match (dark(*first), dark(*second)) {
        (true, true) => Outcome::BlackWins,
        (false, false) => Outcome::WhiteWins,
        _ => Outcome::Draw,
    })
}
