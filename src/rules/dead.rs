//! Can a side still checkmate? The one question behind Laws 2023 Art. 5.2.2 (dead position:
//! neither side can), Art. 6.9 (a flag fall is a draw when the opponent cannot mate),
//! Art. 7.5.5 (a second illegal move likewise) and Art. 5.1.2 (a resignation likewise).
//!
//! "Cannot checkmate by any possible series of legal moves" is a helpmate question: both sides
//! cooperate. It is decided exactly, not by counting material:
//!
//! 1. a cheap material test (a lone king never mates) answers at once;
//! 2. the `chasolver` crate's fast, incomplete test proves many positions unwinnable cheaply;
//! 3. `chasolver`'s full analysis (the published CHA algorithm) either finds a mating line or
//!    proves there is none. If it gives up, the answer is [`Verdict::Undecided`], never a guess.
//!
//! The crate speaks the `chess` crate's board type; we hand it a FEN that we have checked
//! ourselves first, so malformed text is an error here and never reaches it.

use std::fmt;
use std::str::FromStr;

use super::{Position, Role, Square};

/// The side that would deliver mate: a [`super::Color`] (an alias kept for older call sites).
pub type Mater = super::Color;

/// The `chess` crate's name for a colour.
fn to_chess(color: Mater) -> chess::Color {
    match color {
        Mater::White => chess::Color::White,
        Mater::Black => chess::Color::Black,
    }
}

/// Whether one side can still deliver checkmate by some series of legal moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A mate exists; `line` is one sequence of moves (UCI) that ends in it. The line is empty
    /// when a cheap test proved the mate possible without producing one.
    CanMate {
        /// Moves in UCI (`e2e4`, `e7e8q`, castling as the king's move `e1g1`).
        line: Vec<String>,
    },
    /// Proven: no series of legal moves ends in a mate by this side.
    CannotMate,
    /// The analysis gave up (node limit); the Laws' question is left open.
    Undecided,
}

impl Verdict {
    /// True when the verdict proves a mate is possible.
    pub fn can_mate(&self) -> bool {
        matches!(self, Verdict::CanMate { .. })
    }

    /// True when the verdict proves a mate is impossible.
    pub fn cannot_mate(&self) -> bool {
        matches!(self, Verdict::CannotMate)
    }
}

/// Both sides' verdicts for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unwinnability {
    /// Can White still mate?
    pub white: Verdict,
    /// Can Black still mate?
    pub black: Verdict,
}

impl Unwinnability {
    /// Art. 5.2.2: the position is dead when neither side can mate. `None` when undecided.
    pub fn is_dead(&self) -> Option<bool> {
        match (&self.white, &self.black) {
            (Verdict::CanMate { .. }, _) | (_, Verdict::CanMate { .. }) => Some(false),
            (Verdict::CannotMate, Verdict::CannotMate) => Some(true),
            _ => None,
        }
    }

    /// The two-character code of the CHA test vectors: `WB`, `W-`, `-B`, `--`; `?` stands for
    /// an undecided side.
    pub fn code(&self) -> String {
        let letter = |verdict: &Verdict, yes: char| match verdict {
            Verdict::CanMate { .. } => yes,
            Verdict::CannotMate => '-',
            Verdict::Undecided => '?',
        };
        [letter(&self.white, 'W'), letter(&self.black, 'B')]
            .iter()
            .collect()
    }
}

/// Why a FEN could not be analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeadFenError {
    /// 1-based FEN field (1 = board, 2 = side to move, 3 = castling, 4 = en passant).
    pub field: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for DeadFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FEN field {}: {}", self.field, self.reason)
    }
}

impl std::error::Error for DeadFenError {}

/// A position ready for the unwinnability analysis (parsed and checked once, asked many times).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeadPosition {
    board: chess::Board,
}

impl DeadPosition {
    /// Reads a FEN (the halfmove and move-number fields are optional and ignored; a missing
    /// castling or en-passant field reads as `-`). Errors name the field and why.
    pub fn from_fen(fen: &str) -> Result<DeadPosition, DeadFenError> {
        let normalised = normalise_fen(fen)?;
        let board = chess::Board::from_str(&normalised).map_err(|_| illegal_position())?;
        Ok(DeadPosition { board })
    }

    /// The same position as [`DeadPosition::from_fen`] of `position.to_fen()`, built without
    /// writing and reading text when no castling right is left (castling needs the FEN's own
    /// letters; those positions take the FEN way).
    pub fn from_position(position: &Position) -> Result<DeadPosition, DeadFenError> {
        if position.castling_rights().is_nonempty() {
            return DeadPosition::from_fen(&position.to_fen());
        }
        let board = position.board();
        let mut builder = chess::BoardBuilder::new();
        for (square, piece) in board.pieces() {
            builder.piece(
                chess_square(square),
                chess_piece(piece.role),
                to_chess(piece.color),
            );
        }
        builder.side_to_move(to_chess(position.turn())).en_passant(
            position
                .legal_ep_square()
                .map(|square| chess::File::from_index(square.file().0 as usize)),
        );
        let board = chess::Board::try_from(builder).map_err(|_| illegal_position())?;
        Ok(DeadPosition { board })
    }

    /// Can `mater` still checkmate by some series of legal moves?
    ///
    /// The material test first, then the exact analysis (which runs static tests of its own).
    /// `chasolver`'s fast check is asked only when the exact analysis gives up: both are sound,
    /// so the verdict is the same as asking the fast check first, at less cost on positions from
    /// games, where the fast check almost never settles anything.
    pub fn verdict(&self, mater: Mater) -> Verdict {
        if let Some(verdict) = material_verdict(&self.board, to_chess(mater)) {
            return verdict;
        }
        match self.exact_verdict(mater) {
            Verdict::Undecided if chasolver::is_unwinnable_fast(&self.board, to_chess(mater)) => {
                Verdict::CannotMate
            }
            verdict => verdict,
        }
    }

    /// The exact analysis alone (what [`DeadPosition::verdict`] runs when the cheap tests
    /// cannot tell).
    fn exact_verdict(&self, mater: Mater) -> Verdict {
        match chasolver::winnability(&self.board, to_chess(mater)) {
            Some(chasolver::Winnability::Winnable { helpmate }) => Verdict::CanMate {
                line: helpmate.iter().map(ToString::to_string).collect(),
            },
            Some(chasolver::Winnability::Unwinnable) => Verdict::CannotMate,
            None => Verdict::Undecided,
        }
    }

    /// Both sides' verdicts.
    pub fn unwinnability(&self) -> Unwinnability {
        Unwinnability {
            white: self.verdict(Mater::White),
            black: self.verdict(Mater::Black),
        }
    }

    /// Art. 5.2.2: is the position dead? Cheaper than [`DeadPosition::unwinnability`]: stops at
    /// the first side that can mate. `None` when the analysis is undecided.
    pub fn is_dead(&self) -> Option<bool> {
        let material = |mater: Mater| material_verdict(&self.board, to_chess(mater)).is_some();
        self.is_dead_after_cheap(material(Mater::White), material(Mater::Black))
    }

    /// [`DeadPosition::is_dead`] when cheap tests (material, or [`DeadPosition::cheap_verdict`]) have
    /// already been run: `white_cannot` / `black_cannot` say whether they proved that side
    /// unable to mate. Only the sides they left open get the exact analysis.
    ///
    /// When both are open, the side more likely to find a mate quickly is analysed first (see
    /// `mating_force`); the answer does not depend on the order: one side able to mate makes
    /// the position alive whatever the other side's verdict, and otherwise both are needed.
    pub fn is_dead_after_cheap(&self, white_cannot: bool, black_cannot: bool) -> Option<bool> {
        let open_verdict = |proved: bool, mater: Mater| {
            if proved {
                Verdict::CannotMate
            } else {
                self.verdict(mater)
            }
        };
        let black_first = !white_cannot
            && !black_cannot
            && mating_force(&self.board, chess::Color::Black)
                > mating_force(&self.board, chess::Color::White);
        let (first, second) = if black_first {
            (Mater::Black, Mater::White)
        } else {
            (Mater::White, Mater::Black)
        };
        let proved = |mater: Mater| match mater {
            Mater::White => white_cannot,
            Mater::Black => black_cannot,
        };
        let first_verdict = open_verdict(proved(first), first);
        if first_verdict.can_mate() {
            return Some(false);
        }
        let second_verdict = open_verdict(proved(second), second);
        let (white, black) = if black_first {
            (second_verdict, first_verdict)
        } else {
            (first_verdict, second_verdict)
        };
        Unwinnability { white, black }.is_dead()
    }

    /// True when playing `line` (UCI) from this position is legal move by move and ends with
    /// `mater` having checkmated the opponent (an empty line: the position is already that mate).
    pub fn line_mates(&self, mater: Mater, line: &[String]) -> bool {
        let mut board = self.board;
        for uci in line {
            let Ok(chess_move) = chess::ChessMove::from_str(uci) else {
                return false;
            };
            if !board.legal(chess_move) {
                return false;
            }
            board = board.make_move_new(chess_move);
        }
        board.status() == chess::BoardStatus::Checkmate && board.side_to_move() != to_chess(mater)
    }

    /// The material-only test of python-chess and most software: neither side has enough
    /// material to mate (a lone king; king and one knight against king and queens at most;
    /// bishops all on one square colour with no pawns or knights on the board). Sound but
    /// narrower than [`DeadPosition::is_dead`]; used to name a stalemate that is also a dead
    /// position the way other software does.
    pub fn insufficient_material(&self) -> bool {
        [chess::Color::White, chess::Color::Black]
            .into_iter()
            .all(|color| side_has_insufficient_material(&self.board, color))
    }

    /// Only the cheap tests (material, then `chasolver`'s fast check): `Some(CannotMate)` when
    /// they prove the side cannot mate, `None` when they cannot tell.
    pub fn cheap_verdict(&self, mater: Mater) -> Option<Verdict> {
        if let Some(verdict) = material_verdict(&self.board, to_chess(mater)) {
            return Some(verdict);
        }
        chasolver::is_unwinnable_fast(&self.board, to_chess(mater)).then_some(Verdict::CannotMate)
    }
}

/// A rough measure of how quickly `color`'s helpmate search tends to succeed, used only to
/// choose which side to analyse first: a queen or rook mates in few moves, a pawn promotes,
/// a knight mates with help from a blocking piece more easily than a bishop does (measured on
/// the endings of `games.jsonl`).
fn mating_force(board: &chess::Board, color: chess::Color) -> u32 {
    let own = *board.color_combined(color);
    [
        (chess::Piece::Queen, 18),
        (chess::Piece::Rook, 10),
        (chess::Piece::Pawn, 8),
        (chess::Piece::Knight, 7),
        (chess::Piece::Bishop, 6),
    ]
    .into_iter()
    .map(|(piece, weight)| (own & *board.pieces(piece)).popcnt() * weight)
    .sum()
}

/// Why the `chess` crate refused a well-formed position.
fn illegal_position() -> DeadFenError {
    DeadFenError {
        field: 1,
        reason: "not a legal position (king count, pawn on a back rank, side not to move in \
                 check, or castling rights without king and rook in place)"
            .to_owned(),
    }
}

/// The `chess` crate's name for a square (both count a1 = 0 … h8 = 63).
fn chess_square(square: Square) -> chess::Square {
    chess::ALL_SQUARES[square.index()]
}

/// The `chess` crate's name for a piece kind.
fn chess_piece(role: Role) -> chess::Piece {
    match role {
        Role::Pawn => chess::Piece::Pawn,
        Role::Knight => chess::Piece::Knight,
        Role::Bishop => chess::Piece::Bishop,
        Role::Rook => chess::Piece::Rook,
        Role::Queen => chess::Piece::Queen,
        Role::King => chess::Piece::King,
    }
}

/// Shortcut: both verdicts for a FEN.
pub fn unwinnability_of_fen(fen: &str) -> Result<Unwinnability, DeadFenError> {
    Ok(DeadPosition::from_fen(fen)?.unwinnability())
}

/// The cheapest sound answer: a side with nothing but its king can never give mate.
fn material_verdict(board: &chess::Board, mater: chess::Color) -> Option<Verdict> {
    let own = *board.color_combined(mater);
    if own.popcnt() == 1 {
        return Some(Verdict::CannotMate);
    }
    None
}

/// One side's material cannot mate by itself, whatever the other side does (see
/// [`DeadPosition::insufficient_material`]).
fn side_has_insufficient_material(board: &chess::Board, color: chess::Color) -> bool {
    let own = *board.color_combined(color);
    let other = *board.color_combined(!color);
    let pawns = *board.pieces(chess::Piece::Pawn);
    let knights = *board.pieces(chess::Piece::Knight);
    let bishops = *board.pieces(chess::Piece::Bishop);
    let heavy = *board.pieces(chess::Piece::Rook) | *board.pieces(chess::Piece::Queen);
    if own & (pawns | heavy) != chess::EMPTY {
        return false;
    }
    if own & knights != chess::EMPTY {
        // A lone knight, and the opponent has nothing that could block its own king's escape.
        let kings_and_queens =
            *board.pieces(chess::Piece::King) | *board.pieces(chess::Piece::Queen);
        return own.popcnt() <= 2 && other & !kings_and_queens == chess::EMPTY;
    }
    if own & bishops != chess::EMPTY {
        const DARK: u64 = 0xAA55_AA55_AA55_AA55;
        let all_dark = bishops.0 & !DARK == 0;
        let all_light = bishops.0 & DARK == 0;
        return (all_dark || all_light) && pawns == chess::EMPTY && knights == chess::EMPTY;
    }
    true
}

/// Checks the four leading FEN fields ourselves (so that the `chess` crate only ever sees
/// well-formed text) and returns them joined, with missing castling/e.p. fields as `-`.
fn normalise_fen(fen: &str) -> Result<String, DeadFenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let error = |field: usize, reason: String| DeadFenError { field, reason };
    let Some(board) = fields.first() else {
        return Err(error(1, "empty FEN".to_owned()));
    };
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(error(1, format!("{} ranks instead of 8", ranks.len())));
    }
    for (index, rank) in ranks.iter().enumerate() {
        let mut width = 0u32;
        for symbol in rank.chars() {
            match symbol {
                '1'..='8' => width += symbol.to_digit(10).unwrap_or(0),
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => width += 1,
                other => {
                    return Err(error(
                        1,
                        format!("rank {}: unexpected character {other:?}", 8 - index),
                    ));
                }
            }
        }
        if width != 8 {
            return Err(error(
                1,
                format!("rank {} has {width} squares instead of 8", 8 - index),
            ));
        }
    }
    let side = fields.get(1).copied().unwrap_or("w");
    if side != "w" && side != "b" {
        return Err(error(2, format!("side to move {side:?} is not w or b")));
    }
    let castling = fields.get(2).copied().unwrap_or("-");
    if castling != "-" && !castling.chars().all(|c| matches!(c, 'K' | 'Q' | 'k' | 'q')) {
        return Err(error(
            3,
            format!("castling {castling:?} is not - or made of KQkq"),
        ));
    }
    let en_passant = fields.get(3).copied().unwrap_or("-");
    let valid_square = {
        let bytes = en_passant.as_bytes();
        bytes.len() == 2 && (b'a'..=b'h').contains(&bytes[0]) && matches!(bytes[1], b'3' | b'6')
    };
    if en_passant != "-" && !valid_square {
        return Err(error(
            4,
            format!("en-passant square {en_passant:?} is not - or on rank 3 or 6"),
        ));
    }
    Ok(format!("{board} {side} {castling} {en_passant} 0 1"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(fen: &str) -> String {
        unwinnability_of_fen(fen)
            .map(|u| u.code())
            .unwrap_or_default()
    }

    #[test]
    fn art_5_2_2_bare_kings_are_dead() {
        assert_eq!(code("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), "--");
    }

    #[test]
    fn art_5_2_2_locked_pawns_are_dead_though_material_remains() {
        // Blocked pawn chain; kings cannot pass it and only bishops of one colour remain.
        let verdict = unwinnability_of_fen("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - -");
        let verdict = verdict.map(|u| u.black);
        assert_eq!(verdict, Ok(Verdict::CannotMate));
    }

    #[test]
    fn art_6_9_mating_line_really_mates() {
        let position = DeadPosition::from_fen("5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - -");
        let Ok(position) = position else {
            panic!("valid FEN rejected")
        };
        let Verdict::CanMate { line } = position.verdict(Mater::White) else {
            panic!("White can mate here")
        };
        let mut board = position.board;
        for uci in &line {
            let chess_move = chess::ChessMove::from_str(uci).expect("solver move in UCI");
            assert!(board.legal(chess_move), "{uci} illegal");
            board = board.make_move_new(chess_move);
        }
        assert_eq!(board.status(), chess::BoardStatus::Checkmate);
        assert_eq!(board.side_to_move(), chess::Color::Black);
    }

    #[test]
    fn art_5_2_2_start_position_is_alive() {
        assert_eq!(
            code("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            "WB"
        );
    }

    #[test]
    fn bad_fen_names_the_field() {
        let error = DeadPosition::from_fen("8/8/8/8/8/8/8 w - -").err();
        assert_eq!(error.map(|e| e.field), Some(1));
        let error = DeadPosition::from_fen("8/8/4k3/8/8/3K4/8/8 x - -").err();
        assert_eq!(error.map(|e| e.field), Some(2));
        let error = DeadPosition::from_fen("8/8/4k3/8/8/3K4/8/8 w - e5").err();
        assert_eq!(error.map(|e| e.field), Some(4));
        let error = DeadPosition::from_fen("8/8/4k3/8/8/3K4/8/9 w - -").err();
        assert_eq!(error.map(|e| e.field), Some(1));
        let error = DeadPosition::from_fen("8/8/8/8/8/3K4/8/8 w - -").err();
        assert_eq!(error.map(|e| e.field), Some(1));
    }
}
