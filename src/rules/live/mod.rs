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
//! - **The settings** ([`LiveSettings`]): the category decides the illegal move's article and
//!   penalty (7.5.1 / 7.5.5 in standard play, A.5.2 in rapid and blitz).
//! - **Claim hints** ([`ClaimHint`], Art. 9.2, 9.3): for the arbiter only, after each ply.
//! - **The clock** (the feed's readings, [`LiveGame::clock`]): **6.9** a flag fall loses, a draw
//!   when the opponent cannot checkmate by any series of legal moves; **6.3.1** the time
//!   control reached (the player's move count passed with time left); **8.4** the last five
//!   minutes without an increment of 30 seconds or more (the scoresheet need not be kept).
//! - **Art. 6.11.2**: a player may stop the clock only to seek the arbiter's assistance; the
//!   arbiter decides when the game restarts (6.11.3) and whether the player had a valid reason
//!   (6.11.4). The clock going from running to stopped while the game has no result is an alert
//!   ([`LiveGame::clock_stopped`]), once per stop (the clock running again re-arms it); not
//!   before the clock first ran, nor once the game has a result, nor for an illegal move's
//!   procedure (the stop after the illegal move's alert, Art. 7.5.1). The 2014 Laws' article on both
//!   flags fallen (old 6.11) was dropped in 2018 and is not followed.
//! - **Sources of moves** (a PGN that grows, LiveChess Cloud; [`LiveGame::follow_mainline`]):
//!   the source's mainline is played through the same checks as a board's moves; a board
//!   follows a board's placements or a source's moves, never both.
//! - **The operator** ([`LiveGame::correct`], [`LiveGame::resolve`]): a correction replaces
//!   the mainline from a ply, with no leftover variation, and the game goes on from the
//!   corrected position; a held press is confirmed as a move or ruled an illegal move.

mod claims;
mod settings;
mod source;

pub use claims::ClaimHint;
pub use settings::LiveSettings;
pub use source::{FedBy, SourceError};

use super::clock::may_stop_recording;
use super::dead::DeadPosition;
use super::draw::{RepetitionHistory, is_fivefold, is_seventyfive};
use super::fen::board_fen;
use super::game::Outcome;
use super::illegal::IllegalMovePenalty;
use super::san::{Lang, to_san};
use super::{Color, Move, Position, RepetitionKey, Role};

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
    /// A player's time is used up (Art. 6.9): lost, or drawn when the opponent cannot mate.
    FlagFall,
    /// A player completed the moves of the first time control with time left (Art. 6.3.1).
    TimeControlReached,
    /// A player has less than five minutes and no increment of 30 seconds or more: the
    /// scoresheet need not be kept (Art. 8.4).
    LastFiveMinutes,
    /// The clock stopped during the game: a player seeks the arbiter's assistance (Art. 6.11.2).
    ClockStopped,
    /// The source of the moves (a PGN, LiveChess Cloud) gives a result: a proposed result.
    SourceResult,
}

impl AlertKind {
    /// The article of the Laws, as `7.5.1`; `None` for the board's result signal and the
    /// source's result.
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
            AlertKind::FlagFall => Some("6.9"),
            AlertKind::TimeControlReached => Some("6.3.1"),
            AlertKind::LastFiveMinutes => Some("8.4"),
            AlertKind::ClockStopped => Some("6.11.2"),
            AlertKind::SourceResult => None,
        }
    }

    /// Whether the alert ends the game (and proposes its result).
    pub fn ends_the_game(self) -> bool {
        match self {
            AlertKind::IllegalMove
            | AlertKind::TimeControlReached
            | AlertKind::LastFiveMinutes
            | AlertKind::ClockStopped => false,
            AlertKind::SecondIllegalMove
            | AlertKind::Checkmate
            | AlertKind::Stalemate
            | AlertKind::DeadPosition
            | AlertKind::Fivefold
            | AlertKind::SeventyFiveMoves
            | AlertKind::ResultSignal
            | AlertKind::SourceResult
            | AlertKind::FlagFall => true,
        }
    }

    /// Every kind, in the order of the list above.
    pub const ALL: [AlertKind; 13] = [
        AlertKind::IllegalMove,
        AlertKind::SecondIllegalMove,
        AlertKind::Checkmate,
        AlertKind::Stalemate,
        AlertKind::DeadPosition,
        AlertKind::Fivefold,
        AlertKind::SeventyFiveMoves,
        AlertKind::ResultSignal,
        AlertKind::FlagFall,
        AlertKind::TimeControlReached,
        AlertKind::LastFiveMinutes,
        AlertKind::ClockStopped,
        AlertKind::SourceResult,
    ];

    /// The kind of a name ([`AlertKind::name`]).
    pub fn from_name(name: &str) -> Option<AlertKind> {
        AlertKind::ALL.into_iter().find(|kind| kind.name() == name)
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
            AlertKind::FlagFall => "flag_fall",
            AlertKind::TimeControlReached => "time_control_reached",
            AlertKind::LastFiveMinutes => "last_five_minutes",
            AlertKind::ClockStopped => "clock_stopped",
            AlertKind::SourceResult => "source_result",
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
    /// The article cited, as `7.5.1` or `A.5.2` (by the game's category); `None` for the
    /// board's result signal.
    pub article: Option<&'static str>,
    /// For an illegal move: the penalty the category gives.
    pub penalty: Option<IllegalMovePenalty>,
    /// The arbiter has confirmed it (seen and dealt with; [`LiveGame::confirm`]).
    pub confirmed: bool,
}

/// A press not yet matched to a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Held {
    /// Who pressed.
    player: Color,
    /// The placement at the press.
    placement: String,
}

/// How the operator resolves a held press ([`LiveGame::resolve`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// The press completed this move.
    Move(Move),
    /// The press completed an illegal move (Art. 7.5.1).
    Illegal,
    /// No move was made.
    NoMove,
}

/// Why an operator's correction or resolution was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CorrectionError {
    /// The ply is not in the game (nor the next one).
    #[error("ply {ply} is not in the game ({moves} moves so far)")]
    NoSuchPly {
        /// The ply asked for.
        ply: u32,
        /// The plies played.
        moves: u32,
    },
    /// A move of the correction is not legal where it stands.
    #[error("the move at ply {ply} is not legal")]
    IllegalMove {
        /// Its ply.
        ply: u32,
    },
    /// The corrected game ended before all its moves.
    #[error("the corrected game ended after ply {ply}")]
    Ended {
        /// The last ply.
        ply: u32,
    },
    /// No press is held.
    #[error("no press is held")]
    NothingHeld,
    /// No alert of that kind at that ply.
    #[error("there is no {kind} alert at ply {ply}")]
    NoSuchAlert {
        /// The ply asked for.
        ply: u32,
        /// The alert's name.
        kind: &'static str,
    },
}

/// One game followed from its board.
#[derive(Debug, Clone)]
pub struct LiveGame {
    settings: LiveSettings,
    position: Position,
    history: RepetitionHistory,
    /// The repetition keys of the positions, index = ply (0 = the start).
    keys: Vec<RepetitionKey>,
    played: Vec<Move>,
    moves: Vec<String>,
    claims: Vec<ClaimHint>,
    /// The last clock reading: seconds left for White and Black.
    clock: [Option<u64>; 2],
    /// Whose last five minutes (8.4) have been announced.
    last_five: [bool; 2],
    alerts: Vec<Alert>,
    result: Option<Outcome>,
    running: Option<Color>,
    held: Option<Held>,
    /// An illegal move stood: nothing is read until the position before it is placed again.
    reinstating: bool,
    illegal: [u32; 2],
    /// The clock's stop has been announced (Art. 6.11.2); the clock running again re-arms it.
    stopped: bool,
    /// What feeds the game: a board's placements or a source's moves.
    fed_by: Option<FedBy>,
}

impl Default for LiveGame {
    fn default() -> Self {
        LiveGame::new()
    }
}

impl LiveGame {
    /// A game from the starting position, under the default settings (standard play).
    pub fn new() -> LiveGame {
        LiveGame::with_settings(LiveSettings::default())
    }

    /// A game from the starting position under these settings.
    pub fn with_settings(settings: LiveSettings) -> LiveGame {
        let position = Position::new();
        LiveGame {
            settings,
            history: RepetitionHistory::new(&position),
            keys: vec![position.repetition_key()],
            position,
            played: Vec::new(),
            moves: Vec::new(),
            claims: Vec::new(),
            clock: [None, None],
            last_five: [false, false],
            alerts: Vec::new(),
            result: None,
            running: None,
            held: None,
            reinstating: false,
            illegal: [0, 0],
            stopped: false,
            fed_by: None,
        }
    }

    /// The legal moves so far, in SAN with English letters.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The legal moves so far.
    pub fn played(&self) -> &[Move] {
        &self.played
    }

    /// The clock's last reading: seconds left for White and Black.
    pub fn clock_reading(&self) -> [Option<u64>; 2] {
        self.clock
    }

    /// Whose clock runs, as last seen.
    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// The settings the game is followed under.
    pub fn settings(&self) -> &LiveSettings {
        &self.settings
    }

    /// The claim hints so far (Art. 9.2, 9.3), for the arbiter only.
    pub fn claims(&self) -> &[ClaimHint] {
        &self.claims
    }

    /// Whether a press is held, waiting for a legal move's placement or the operator.
    pub fn is_held(&self) -> bool {
        self.held.is_some()
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
        self.fed_by.get_or_insert(FedBy::Board);
        if seen.running.is_some() {
            self.stopped = false;
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

    /// The clock reads stopped (no side's time runs): while the game has no result and after
    /// the clock has run, a player seeks the arbiter's assistance (Art. 6.11.2) — one alert per
    /// stop.
    /// A stop after an illegal move, before the next move, is the clock stopped for that
    /// move's procedure (Art. 7.5.1: the position before it reinstated, the time given): the
    /// arbiter is already called by the illegal move's alert, and no second alert is raised.
    pub fn clock_stopped(&mut self) {
        if self.result.is_some() || self.running.is_none() || self.stopped {
            return;
        }
        self.stopped = true;
        let ply = self.ply();
        let for_illegal_move = self.alerts.last().is_some_and(|alert| {
            alert.ply == ply
                && matches!(
                    alert.kind,
                    AlertKind::IllegalMove | AlertKind::SecondIllegalMove
                )
        });
        if !for_illegal_move {
            self.alert(AlertKind::ClockStopped, None, None);
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
        let (article, penalty) = match (kind, player) {
            (AlertKind::IllegalMove | AlertKind::SecondIllegalMove, Some(player)) => {
                let nth = self.illegal[usize::from(player == Color::Black)];
                (
                    Some(self.settings.illegal_move_article(nth)),
                    Some(self.settings.illegal_move_penalty(nth)),
                )
            }
            _ => (kind.article(), None),
        };
        self.alerts.push(Alert {
            ply,
            kind,
            player,
            placement,
            article,
            penalty,
            confirmed: false,
        });
    }

    /// The outcome when `loser` loses, unless the opponent cannot checkmate by any series of
    /// legal moves (Art. 6.9, 7.5.5): then a draw.
    fn loss_unless_cannot_mate(&self, loser: Color) -> Outcome {
        let opponent = loser.other();
        let cannot_mate = DeadPosition::from_position(&self.position)
            .map(|dead| dead.verdict(opponent).cannot_mate())
            .unwrap_or(false);
        if cannot_mate {
            Outcome::Draw
        } else if opponent == Color::White {
            Outcome::WhiteWins
        } else {
            Outcome::BlackWins
        }
    }

    /// Takes a clock reading (seconds left for White and Black), before the observation that
    /// came with it: a flag fall ends the game (Art. 6.9); under five minutes without an
    /// increment of 30 seconds or more is announced once per period (Art. 8.4).
    pub fn clock(&mut self, white: Option<u64>, black: Option<u64>) {
        if self.result.is_some() {
            return;
        }
        self.clock = [white, black];
        let fallen = [Color::White, Color::Black]
            .into_iter()
            .filter(|&c| self.clock[usize::from(c == Color::Black)] == Some(0))
            .min_by_key(|&c| Some(c) != self.running);
        if let Some(loser) = fallen {
            self.alert(AlertKind::FlagFall, Some(loser), None);
            self.result = Some(self.loss_unless_cannot_mate(loser));
            return;
        }
        for color in [Color::White, Color::Black] {
            let index = usize::from(color == Color::Black);
            if let Some(left) = self.clock[index]
                && !self.last_five[index]
                && may_stop_recording(left * 1000, self.settings.increment)
            {
                self.last_five[index] = true;
                self.alert(AlertKind::LastFiveMinutes, Some(color), None);
            }
        }
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
            self.result = Some(self.loss_unless_cannot_mate(held.player));
        } else {
            self.alert(
                AlertKind::IllegalMove,
                Some(held.player),
                Some(held.placement),
            );
        }
    }

    /// Art. 6.3.1: the mover completed the moves of the first time control with time left.
    fn time_control(&mut self, mover: Color) {
        let index = usize::from(mover == Color::Black);
        let made = (self.moves.len() as u32 + u32::from(mover == Color::White)) / 2;
        if self.settings.moves_to_control == Some(made)
            && self.clock[index].is_some_and(|left| left > 0)
        {
            self.alert(AlertKind::TimeControlReached, Some(mover), None);
            // A new period: its last five minutes are announced again (Art. 8.4).
            self.last_five[index] = false;
        }
    }

    /// The operator's correction: the mainline from `from_ply` (1 = White's first move) is
    /// replaced by `moves`, with no leftover variation, and the game goes on from the corrected
    /// position. The alerts before that ply that do not end the game (illegal moves, the
    /// clock's) are kept; the game's end, the claim hints and anything held are worked out
    /// again. On an error the game is unchanged.
    pub fn correct(&mut self, from_ply: u32, moves: &[Move]) -> Result<(), CorrectionError> {
        let kept = self.played.len() as u32;
        if from_ply == 0 || from_ply > kept + 1 {
            return Err(CorrectionError::NoSuchPly {
                ply: from_ply,
                moves: kept,
            });
        }
        let mut game = LiveGame::with_settings(self.settings);
        game.alerts = self
            .alerts
            .iter()
            .filter(|alert| {
                alert.ply < from_ply
                    && matches!(
                        alert.kind,
                        AlertKind::IllegalMove
                            | AlertKind::TimeControlReached
                            | AlertKind::LastFiveMinutes
                    )
            })
            .cloned()
            .collect();
        for alert in &game.alerts {
            if let (AlertKind::IllegalMove, Some(player)) = (alert.kind, alert.player) {
                game.illegal[usize::from(player == Color::Black)] += 1;
            }
        }
        let before = &self.played[..from_ply as usize - 1];
        for (at, &m) in before.iter().chain(moves).enumerate() {
            let ply = at as u32 + 1;
            if game.result.is_some() {
                return Err(CorrectionError::Ended { ply: ply - 1 });
            }
            if !game.position.is_legal(m) {
                return Err(CorrectionError::IllegalMove { ply });
            }
            game.play(m);
        }
        // The clock runs for the player to move in the corrected position.
        game.running = Some(game.position.turn());
        game.clock = self.clock;
        game.last_five = self.last_five;
        game.stopped = self.stopped;
        game.fed_by = self.fed_by;
        *self = game;
        Ok(())
    }

    /// The arbiter confirms the alert of `kind` at `ply`: seen and dealt with (an illegal
    /// move's position reinstated and its penalty given, a flag's result accepted). The game
    /// is unchanged; confirming twice is no error.
    pub fn confirm(&mut self, ply: u32, kind: AlertKind) -> Result<(), CorrectionError> {
        let alert = self
            .alerts
            .iter_mut()
            .find(|alert| alert.ply == ply && alert.kind == kind)
            .ok_or(CorrectionError::NoSuchAlert {
                ply,
                kind: kind.name(),
            })?;
        alert.confirmed = true;
        Ok(())
    }

    /// The operator resolves a held press: the move it was, or an illegal move (the position
    /// before it to be reinstated, Art. 7.5.1), or no move at all (the clock pressed by
    /// mistake). On an error the game is unchanged.
    pub fn resolve(&mut self, resolution: Resolution) -> Result<(), CorrectionError> {
        let Some(held) = self.held.clone() else {
            return Err(CorrectionError::NothingHeld);
        };
        match resolution {
            Resolution::Move(m) => {
                if held.player != self.position.turn() || !self.position.is_legal(m) {
                    return Err(CorrectionError::IllegalMove { ply: self.ply() });
                }
                self.held = None;
                self.play(m);
            }
            Resolution::Illegal => {
                self.held = None;
                self.illegal_move(held);
                self.reinstating = self.result.is_none();
            }
            Resolution::NoMove => self.held = None,
        }
        Ok(())
    }

    fn play(&mut self, m: Move) {
        let san = to_san(&self.position, m, Lang::En);
        let before = self.position.clone();
        self.position.play_unchecked(m);
        self.history.push(&before, m, &self.position);
        self.keys.push(self.position.repetition_key());
        self.played.push(m);
        self.moves.push(san);
        let mover = before.turn();
        self.time_control(mover);
        let ply = self.moves.len() as u32;
        let hints = claims::hints(ply, &self.position, &self.history, &self.keys);
        self.claims.extend(hints);
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

#[cfg(test)]
mod kind_tests {
    use super::AlertKind;

    /// Every kind is in [`AlertKind::ALL`] and read back from its name (the log's
    /// confirmations name their alert). The match lists every kind: a new one does not compile
    /// until it is placed here, and then in `ALL`.
    #[test]
    fn every_alert_kind_is_listed_and_read_back_by_its_name() {
        let listed = |kind: AlertKind| match kind {
            AlertKind::IllegalMove
            | AlertKind::SecondIllegalMove
            | AlertKind::Checkmate
            | AlertKind::Stalemate
            | AlertKind::DeadPosition
            | AlertKind::Fivefold
            | AlertKind::SeventyFiveMoves
            | AlertKind::ResultSignal
            | AlertKind::FlagFall
            | AlertKind::TimeControlReached
            | AlertKind::LastFiveMinutes
            | AlertKind::ClockStopped
            | AlertKind::SourceResult => AlertKind::ALL.contains(&kind),
        };
        for kind in AlertKind::ALL {
            assert!(listed(kind));
            assert_eq!(AlertKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(AlertKind::from_name("nothing"), None);
    }
}
