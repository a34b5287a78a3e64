//! Standard Algebraic Notation (Laws Appendix C) in and out, in the piece letters of the
//! language a scoresheet is written in (Appendix C.3: each country may use its own letters),
//! plus the tolerant input an arbiter meets on paper, long algebraic notation and UCI.
//!
//! Output is canonical SAN: piece letter, the file, rank or square of departure only when
//! needed to tell two pieces apart (C.8), `x` for captures (C.9), `=Q` for promotions (C.11),
//! `+`/`#` for check and mate, castling as `O-O`/`O-O-O` (or `0-0`/`0-0-0`, C.13).
//!
//! Input accepts: captures with `x`, `:`, `×` or nothing; `-` between squares (long algebraic,
//! `Ng1-f3`); check and mate marks and `!`/`?` annotations (ignored); promotions as `e8=Q`,
//! `e8Q`, `e8(Q)`, `e8/Q`; an `e.p.` suffix; figurines (`♘f3`); castling with `O` or `0`; UCI
//! (`g1f3`, `e7e8q`, Chess960 `e1h1`). Letters of the chosen language come first; English
//! letters that the language does not use are accepted as well.

mod lang;
mod write;

pub use lang::Lang;
pub use write::{to_san, to_san_styled, to_san_without_suffix};

use super::bitboard::Bitboard;
use super::moves::{CastlingSide, Move};
use super::position::{MoveList, Position};
use super::types::{File, Rank, Role, Square};

/// How castling is written on output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CastlingStyle {
    /// `O-O`, `O-O-O` (PGN).
    #[default]
    LetterO,
    /// `0-0`, `0-0-0` (Appendix C.13).
    Zero,
}

/// Options for writing SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SanStyle {
    /// Piece letters.
    pub lang: Lang,
    /// Castling letters.
    pub castling: CastlingStyle,
}

/// What a move text said, before it is matched against the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveText {
    /// A piece or pawn move.
    Normal {
        /// The role written (`None`: no letter; a pawn unless the full departure square is given).
        role: Option<Role>,
        /// The file of departure, if written.
        file: Option<File>,
        /// The rank of departure, if written.
        rank: Option<Rank>,
        /// Whether a capture mark was written.
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion role, if written.
        promotion: Option<Role>,
    },
    /// Castling.
    Castle(CastlingSide),
}

/// The kind of a move-text error (what `arbiter check` reports as `error`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SanErrorKind {
    /// The text is not a move at all.
    Garbage,
    /// No legal move matches, and no piece of another kind could make it either.
    Illegal,
    /// Several legal moves match.
    Ambiguous,
    /// No piece of the written kind can go there, but a piece of another kind can.
    WrongPiece,
    /// A null move (`--`, `Z0`, `0000`, `@@@@`): analysis programs write it for a side that
    /// passes; it is read and reported, never played (Art. 1.2: the players move alternately).
    NullMove,
}

impl SanErrorKind {
    /// The name used in reports: `garbage`, `illegal`, `ambiguous`, `wrong_piece`,
    /// `null_move`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SanErrorKind::Garbage => "garbage",
            SanErrorKind::Illegal => "illegal",
            SanErrorKind::Ambiguous => "ambiguous",
            SanErrorKind::WrongPiece => "wrong_piece",
            SanErrorKind::NullMove => "null_move",
        }
    }
}

/// A move text that could not be played: what kind of problem, why, and the candidate moves.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: {reason}{}", candidates_note(.candidates))]
pub struct SanError {
    /// The kind of problem.
    pub kind: SanErrorKind,
    /// The move text as given.
    pub text: String,
    /// Why, in words.
    pub reason: String,
    /// Legal moves the writer may have meant (SAN in the requested language).
    pub candidates: Vec<String>,
    /// For [`SanErrorKind::WrongPiece`]: the legal move the text becomes with the right letter.
    pub intended: Option<Move>,
}

fn candidates_note(candidates: &[String]) -> String {
    if candidates.is_empty() {
        String::new()
    } else {
        format!(" (candidates: {})", candidates.join(", "))
    }
}

/// How programs write a null move: ChessBase and most PGN tools `--`, Fritz `Z0`, UCI `0000`,
/// some `@@@@`.
const NULL_MOVES: [&str; 4] = ["--", "Z0", "0000", "@@@@"];

fn garbage(text: &str, reason: impl Into<String>) -> SanError {
    SanError {
        kind: SanErrorKind::Garbage,
        text: text.to_string(),
        reason: reason.into(),
        candidates: Vec::new(),
        intended: None,
    }
}

/// Strips move-number prefixes such as `12.` or `12...` are not handled here; this removes
/// annotations after the move: `+`, `#`, `!`, `?`, `†`, `‡`, and an `e.p.` suffix.
fn strip_suffixes(text: &str) -> &str {
    let mut s = text.trim_end();
    loop {
        let before = s.len();
        s = s.trim_end_matches(['+', '#', '!', '?', '†', '‡', '‼', '⁇', '⁈', '⁉']);
        for ep in ["e.p.", "e.p", "ep."] {
            if let Some(rest) = s.strip_suffix(ep) {
                s = rest.trim_end();
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

/// Reads a move text (tolerant, see the module docs) in `lang`'s letters.
pub fn parse_move_text(text: &str, lang: Lang) -> Result<MoveText, SanError> {
    let original = text;
    if NULL_MOVES.contains(&text.trim()) {
        return Err(SanError {
            kind: SanErrorKind::NullMove,
            text: original.to_string(),
            reason: "a null move (one side passes): not a legal move (Art. 1.2)".to_string(),
            candidates: Vec::new(),
            intended: None,
        });
    }
    let trimmed = strip_suffixes(text.trim());
    if trimmed.is_empty() {
        return Err(garbage(original, "empty move"));
    }
    let compact: String = trimmed.chars().filter(|c| !c.is_whitespace()).collect();
    // Castling: O or 0, with or without hyphens.
    let castle: String = compact
        .chars()
        .filter(|&c| c != '-')
        .map(|c| if c == '0' || c == 'o' { 'O' } else { c })
        .collect();
    if castle.chars().all(|c| c == 'O') && compact.chars().any(|c| c != '-') {
        return match castle.len() {
            2 => Ok(MoveText::Castle(CastlingSide::KingSide)),
            3 => Ok(MoveText::Castle(CastlingSide::QueenSide)),
            _ => Err(garbage(original, "castling must be O-O or O-O-O")),
        };
    }
    parse_normal(&compact, lang)
        .ok_or_else(|| garbage(original, "not a move in algebraic notation"))
}

fn parse_normal(text: &str, lang: Lang) -> Option<MoveText> {
    let (role, rest) = match lang.role_prefix(text) {
        Some((role, len)) => (Some(role), &text[len..]),
        None => (None, text),
    };
    let mut chars: Vec<char> = rest.chars().collect();
    // Promotion at the end: `(Q)`, `=Q`, `/Q`, `Q`, or a lower-case UCI letter.
    let mut promotion = None;
    if chars.last() == Some(&')') {
        chars.pop();
        let end = chars.iter().rposition(|&c| c == '(')?;
        let inner: String = chars[end + 1..].iter().collect();
        chars.truncate(end);
        promotion = Some(promotion_role(&inner, lang)?);
    } else if let Some(pos) = chars.iter().rposition(|c| c.is_ascii_digit()) {
        if pos + 1 < chars.len() {
            let tail: String = chars[pos + 1..].iter().collect();
            let tail = tail.trim_start_matches(['=', '/']);
            promotion = Some(promotion_role(tail, lang)?);
            chars.truncate(pos + 1);
        }
    } else {
        return None;
    }
    if let Some(&last) = chars.last()
        && (last == '=' || last == '/')
    {
        chars.pop();
    }
    // Destination square: the last two characters.
    if chars.len() < 2 {
        return None;
    }
    let to_rank = Rank::from_char(chars[chars.len() - 1])?;
    let to_file = File::from_char(chars[chars.len() - 2])
        .filter(|_| chars[chars.len() - 2].is_ascii_lowercase())?;
    let to = Square::from_coords(to_file, to_rank);
    chars.truncate(chars.len() - 2);
    let mut capture = false;
    if let Some(&c) = chars.last()
        && matches!(c, 'x' | ':' | '×' | '-')
    {
        capture = c != '-';
        chars.pop();
        if let Some(&c2) = chars.last()
            && c2 == 'x'
            && c == '-'
        {
            capture = true;
            chars.pop();
        }
    }
    let mut file = None;
    let mut rank = None;
    let mut rest = chars.into_iter();
    let mut next = rest.next();
    if let Some(c) = next
        && c.is_ascii_lowercase()
        && let Some(f) = File::from_char(c)
    {
        file = Some(f);
        next = rest.next();
    }
    if let Some(c) = next
        && let Some(r) = Rank::from_char(c)
    {
        rank = Some(r);
        next = rest.next();
    }
    if next.is_some() {
        return None;
    }
    if role.is_none()
        && file.is_some()
        && rank.is_some()
        && file == Some(to.file())
        && rank == Some(to.rank())
    {
        return None;
    }
    if role.is_some() && file == Some(to.file()) && rank == Some(to.rank()) {
        return None;
    }
    Some(MoveText::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

fn promotion_role(text: &str, lang: Lang) -> Option<Role> {
    if text.is_empty() {
        return None;
    }
    if let Some((role, len)) = lang.role_prefix(text)
        && len == text.len()
        && role != Role::King
        && role != Role::Pawn
    {
        return Some(role);
    }
    // UCI lower-case letters.
    match text {
        "q" => Some(Role::Queen),
        "r" => Some(Role::Rook),
        "b" => Some(Role::Bishop),
        "n" => Some(Role::Knight),
        _ => None,
    }
}

/// The common case without allocating: plain SAN as a program writes it (`e4`, `exd5`,
/// `Nbd7`, `R1e2`, `Qxe7+`, `e8=Q#`), with the piece letters of `lang` when they are single
/// ASCII letters. Only the named piece type's moves to the named square are generated. Returns
/// a move only when exactly one legal move matches, which is then the move the full reader
/// ([`resolve`]) finds too; anything else (castling, other spellings, errors) is left to it.
fn fast_parse(position: &Position, text: &str, lang: Lang) -> Option<Move> {
    let mut bytes = text.as_bytes();
    while let [rest @ .., b'+' | b'#'] = bytes {
        bytes = rest;
    }
    let (role, mut body) = match bytes.first()? {
        b'a'..=b'h' => (Role::Pawn, bytes),
        &first => (ascii_letter_role(lang, first)?, &bytes[1..]),
    };
    let mut promotion = None;
    if role == Role::Pawn
        && let [rest @ .., b'=', letter] = body
    {
        promotion = Some(ascii_letter_role(lang, *letter)?).filter(|&r| r != Role::King);
        promotion?;
        body = rest;
    }
    let [head @ .., file @ b'a'..=b'h', rank @ b'1'..=b'8'] = body else {
        return None;
    };
    let to = Square::from_coords(File(file - b'a'), Rank(rank - b'1'));
    let head = match head {
        [rest @ .., b'x'] => rest,
        _ => head,
    };
    let (from_file, from_rank) = match *head {
        [] => (None, None),
        [f @ b'a'..=b'h'] => (Some(File(f - b'a')), None),
        [r @ b'1'..=b'8'] if role != Role::Pawn => (None, Some(Rank(r - b'1'))),
        _ => return None,
    };
    if role == Role::Pawn && (to.rank() == Rank(0) || to.rank() == Rank(7)) != promotion.is_some() {
        return None;
    }
    let mut origins = position.legal_origins(role, to);
    if let Some(file) = from_file {
        origins &= Bitboard::file(file);
    }
    if let Some(rank) = from_rank {
        origins &= Bitboard::rank(rank);
    }
    let from = origins.single()?;
    let board = position.board();
    if role == Role::Pawn
        && position.pseudo_ep_square() == Some(to)
        && !board.occupied().contains(to)
    {
        return Some(Move::EnPassant { from, to });
    }
    Some(Move::Normal {
        role,
        from,
        capture: board.role_at(to),
        to,
        promotion,
    })
}

/// The roles in the order of [`Lang::letters`].
const FAST_ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

/// For each language (in [`Lang::ALL`] order) and ASCII byte, the role whose letter is that
/// single byte (the first in [`FAST_ROLES`] order), as the fast reader looks it up.
static ASCII_LETTER_ROLES: [[Option<Role>; 128]; Lang::ALL.len()] = {
    let mut table = [[None; 128]; Lang::ALL.len()];
    let mut lang = 0;
    while lang < Lang::ALL.len() {
        // Rows are indexed by `lang as usize`: `Lang::ALL` is in declaration order.
        assert!(Lang::ALL[lang] as usize == lang);
        let letters = Lang::ALL[lang].letters();
        let mut index = letters.len();
        while index > 0 {
            index -= 1;
            let letter = letters[index].as_bytes();
            if letter.len() == 1 && letter[0].is_ascii() {
                table[lang][letter[0] as usize] = Some(FAST_ROLES[index]);
            }
        }
        lang += 1;
    }
    table
};

/// The role written as the single ASCII letter `byte` in `lang`, if any.
#[inline]
fn ascii_letter_role(lang: Lang, byte: u8) -> Option<Role> {
    *ASCII_LETTER_ROLES[lang as usize].get(usize::from(byte))?
}

/// Plays nothing: finds the legal move a text means in `position`.
pub fn parse_move(position: &Position, text: &str, lang: Lang) -> Result<Move, SanError> {
    if let Some(m) = fast_parse(position, text, lang) {
        return Ok(m);
    }
    if let Some(error) = castling_with_square(position, text, lang) {
        return Err(error);
    }
    match parse_move_text(text, lang) {
        Ok(parsed) => resolve(position, &parsed, text, lang),
        Err(error) => {
            // Tolerance: a lower-case piece letter (`nf3`), tried only when nothing else works.
            let mut chars = text.trim().chars();
            if let Some(first) = chars.next()
                && first.is_lowercase()
            {
                let upper: String = first.to_uppercase().chain(chars).collect();
                if let Ok(parsed @ MoveText::Normal { role: Some(_), .. }) =
                    parse_move_text(&upper, lang)
                    && let Ok(m) = resolve(position, &parsed, text, lang)
                {
                    return Ok(m);
                }
            }
            Err(error)
        }
    }
}

/// `Og1`, `0c8`: a castling mark with a square. Castling or a move to that square?
fn castling_with_square(position: &Position, text: &str, lang: Lang) -> Option<SanError> {
    let body = strip_suffixes(text.trim());
    let mut chars = body.chars();
    let first = chars.next()?;
    if first != 'O' && first != '0' {
        return None;
    }
    let to = Square::parse(chars.as_str())?;
    let candidates = position
        .legal_moves_to(Bitboard::from_square(to) | Bitboard::rank(position.turn().back_rank()))
        .into_iter()
        .filter(|&m| m.to() == to)
        .map(|m| to_san(position, m, lang))
        .collect();
    Some(SanError {
        kind: SanErrorKind::Ambiguous,
        text: text.to_string(),
        reason: format!("a castling mark with a square: castling or a move to {to}?"),
        candidates,
        intended: None,
    })
}

/// Finds the legal move a parsed text means.
pub fn resolve(
    position: &Position,
    parsed: &MoveText,
    text: &str,
    lang: Lang,
) -> Result<Move, SanError> {
    let us = position.turn();
    let candidates: MoveList;
    let matching: MoveList;
    match *parsed {
        MoveText::Castle(side) => {
            candidates = position.legal_moves_to(Bitboard::rank(us.back_rank()));
            matching = candidates
                .iter()
                .copied()
                .filter(|m| m.castling_side() == Some(side))
                .collect();
        }
        MoveText::Normal {
            role,
            file,
            rank,
            capture: _,
            to,
            promotion,
        } => {
            let full_from = match (file, rank) {
                (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
                _ => None,
            };
            // A full departure square without a letter (UCI, `e2-e4`) means whatever stands there.
            let role = match role {
                Some(role) => Some(role),
                None if full_from.is_some() => None,
                None => Some(Role::Pawn),
            };
            let board = position.board();
            let king_takes_rook = full_from.is_some_and(|from| {
                board.king_of(us) == Some(from)
                    && board.color_at(to) == Some(us)
                    && board.role_at(to) == Some(Role::Rook)
            });
            let mut target = Bitboard::from_square(to);
            if king_takes_rook || role == Some(Role::King) || role.is_none() {
                target |= Bitboard::rank(us.back_rank());
            }
            candidates = position.legal_moves_to(target);
            matching = candidates
                .iter()
                .copied()
                .filter(|&m| {
                    let to_matches = match m {
                        Move::Castle { rook, .. } => {
                            // Only as a king move written with its squares (UCI / long algebraic).
                            full_from == Some(m.from())
                                && (rook == to || (m.to() == to && !king_takes_rook))
                                && role.is_none_or(|r| r == Role::King)
                        }
                        _ => m.to() == to,
                    };
                    to_matches
                        && role.is_none_or(|r| r == m.role())
                        && file.is_none_or(|f| f == m.from().file())
                        && rank.is_none_or(|r| r == m.from().rank())
                        && m.promotion() == promotion
                })
                .collect();
            // A promotion written without its piece: tell the writer which ones are possible.
            if matching.is_empty() && promotion.is_none() {
                let promotions: Vec<String> = candidates
                    .iter()
                    .filter(|m| {
                        m.to() == to
                            && m.promotion().is_some()
                            && file.is_none_or(|f| f == m.from().file())
                            && rank.is_none_or(|r| r == m.from().rank())
                    })
                    .map(|&m| to_san(position, m, lang))
                    .collect();
                if !promotions.is_empty() {
                    return Err(SanError {
                        kind: SanErrorKind::Ambiguous,
                        text: text.to_string(),
                        reason: "the promotion piece is missing".to_string(),
                        candidates: promotions,
                        intended: None,
                    });
                }
            }
        }
    }
    // A king move written with its squares that could be castling or a plain king move
    // (Chess960, `f1g1`): the plain king move; castling is then written king-takes-rook.
    let mut matching = matching;
    if matching.len() > 1 && matching.iter().any(|m| matches!(m, Move::Normal { .. })) {
        matching.retain(|m| matches!(m, Move::Normal { .. }));
    }
    match matching.as_slice() {
        [m] => Ok(*m),
        [] => Err(no_match(position, parsed, text, lang)),
        many => Err(SanError {
            kind: SanErrorKind::Ambiguous,
            text: text.to_string(),
            reason: format!("{} legal moves match", many.len()),
            candidates: many.iter().map(|&m| to_san(position, m, lang)).collect(),
            intended: None,
        }),
    }
}

fn no_match(position: &Position, parsed: &MoveText, text: &str, lang: Lang) -> SanError {
    let mut intended = None;
    let (reason, kind, to) = match *parsed {
        MoveText::Castle(side) => (
            format!(
                "castling {} is not legal",
                match side {
                    CastlingSide::KingSide => "king side",
                    CastlingSide::QueenSide => "queen side",
                }
            ),
            SanErrorKind::Illegal,
            None,
        ),
        MoveText::Normal {
            role,
            file,
            rank,
            to,
            ..
        } => {
            let role = role.unwrap_or(Role::Pawn);
            let origins = position
                .pseudo_legal_origins(role, to)
                .filter(|from| {
                    file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
                })
                .count();
            // "Wrong piece": the text is exactly another piece's legal move (capture and check
            // marks included) with the piece letter changed.
            let written_body = text
                .trim()
                .trim_start_matches(|c: char| !c.is_ascii_lowercase());
            let intended_candidate = position
                .legal_moves_to(Bitboard::from_square(to))
                .into_iter()
                .find(|&m| {
                    m.role() != role
                        && m.role() != Role::Pawn
                        && m.to() == to
                        && to_san(position, m, lang)
                            .trim_start_matches(|c: char| !c.is_ascii_lowercase())
                            == written_body
                });
            // Writers who swap letters usually reach for the queen first, then the rook, the
            // bishop, the knight: a letter later in that order is a wrong piece only when each
            // earlier letter (other than the intended piece's) would have been a legal move.
            let earlier_letters_legal = intended_candidate.is_some_and(|intended| {
                [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                    .into_iter()
                    .take_while(|&r| r != role)
                    .filter(|&r| r != intended.role())
                    .all(|r| {
                        let candidate = format!("{}{written_body}", lang.letter(r));
                        parse_move_text(&candidate, lang).is_ok_and(|parsed| {
                            resolve(position, &parsed, &candidate, lang).is_ok()
                        })
                    })
            });
            let others_can = earlier_letters_legal && role != Role::Pawn;
            let intended_move = intended_candidate;
            if origins > 0 {
                let reason = if role == Role::King {
                    format!("the king may not move to {to}: it would be in check")
                } else {
                    format!(
                        "the {} cannot move to {to}: its own king would be in check",
                        role_name(role)
                    )
                };
                (reason, SanErrorKind::Illegal, Some(to))
            } else if others_can {
                intended = intended_move;
                (
                    format!("no {} can move to {to}, another piece can", role_name(role)),
                    SanErrorKind::WrongPiece,
                    Some(to),
                )
            } else {
                (
                    format!("no {} can move to {to}", role_name(role)),
                    SanErrorKind::Illegal,
                    Some(to),
                )
            }
        }
    };
    let candidates = match to {
        Some(to) => position
            .legal_moves_to(Bitboard::from_square(to))
            .into_iter()
            .map(|m| to_san(position, m, lang))
            .collect(),
        None => Vec::new(),
    };
    SanError {
        kind,
        text: text.to_string(),
        reason,
        candidates,
        intended,
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// Reads a UCI move (`e2e4`, `e7e8q`; castling as `e1g1` or Chess960 `e1h1`).
pub fn parse_uci(position: &Position, text: &str) -> Result<Move, SanError> {
    let t = text.trim();
    let bytes = t.as_bytes();
    if !(4..=5).contains(&bytes.len()) || !t.is_ascii() {
        return Err(garbage(text, "UCI moves have 4 or 5 characters"));
    }
    let from = Square::parse(&t[0..2]).ok_or_else(|| garbage(text, "bad departure square"))?;
    let to = Square::parse(&t[2..4]).ok_or_else(|| garbage(text, "bad destination square"))?;
    let promotion = match t.get(4..) {
        Some("") | None => None,
        Some(letter) => Some(
            promotion_role(letter, Lang::En)
                .ok_or_else(|| garbage(text, "bad promotion letter"))?,
        ),
    };
    if from == to {
        return Err(garbage(
            text,
            "departure and destination are the same square",
        ));
    }
    let parsed = MoveText::Normal {
        role: None,
        file: Some(from.file()),
        rank: Some(from.rank()),
        capture: false,
        to,
        promotion,
    };
    resolve(position, &parsed, text, Lang::En)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appendix_c_tolerant_forms_of_one_move() {
        let position = Position::new();
        let expected = parse_move(&position, "Nf3", Lang::En).expect("Nf3");
        for text in [
            "Ng1-f3", "Ng1f3", "g1f3", "Nf3!", "♘f3", "nf3", "N g1 f3", "Nf3+",
        ] {
            assert_eq!(
                parse_move(&position, text, Lang::En),
                Ok(expected),
                "{text}"
            );
        }
        assert_eq!(to_san(&position, expected, Lang::En), "Nf3");
        assert_eq!(to_san(&position, expected, Lang::De), "Sf3");
        assert_eq!(to_san(&position, expected, Lang::Ru), "Кf3");
    }

    #[test]
    fn appendix_c_13_castling_forms() {
        let position = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("fen");
        for text in ["O-O", "0-0", "OO", "e1g1", "O-O+"] {
            let m = parse_move(&position, text, Lang::En).expect(text);
            assert_eq!(m.castling_side(), Some(CastlingSide::KingSide), "{text}");
        }
        let long = parse_move(&position, "0-0-0", Lang::Cs).expect("long");
        assert_eq!(to_san(&position, long, Lang::En), "O-O-O");
        assert_eq!(
            parse_move(&position, "O-O-O-O", Lang::En).map_err(|e| e.kind),
            Err(SanErrorKind::Garbage)
        );
    }

    #[test]
    fn appendix_c_promotion_forms() {
        let position = Position::from_fen("3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1").expect("fen");
        for text in [
            "e7xd8=Q", "exd8Q", "exd8(Q)", "exd8/Q", "e7d8q", "ed8=Q", "exd8=Q+",
        ] {
            let m = parse_move(&position, text, Lang::En).expect(text);
            assert_eq!(m.promotion(), Some(Role::Queen), "{text}");
        }
        let m = parse_move(&position, "exd8=D", Lang::De).expect("de");
        assert_eq!(to_san(&position, m, Lang::De), "exd8=D");
        let error = parse_move(&position, "exd8", Lang::En).expect_err("no piece");
        assert_eq!(error.kind, SanErrorKind::Ambiguous);
        assert_eq!(error.candidates.len(), 4);
    }

    #[test]
    fn appendix_c_8_disambiguation_and_errors() {
        let position = Position::from_fen("4k3/8/8/8/3p4/1N3N2/8/R4RK1 w - - 0 1").expect("fen");
        let error = parse_move(&position, "Nxd4", Lang::En).expect_err("ambiguous");
        assert_eq!(error.kind, SanErrorKind::Ambiguous);
        let mut candidates = error.candidates.clone();
        candidates.sort();
        assert_eq!(candidates, ["Nbxd4", "Nfxd4"]);
        let m = parse_move(&position, "Nfxd4", Lang::En).expect("Nfxd4");
        assert_eq!(to_san(&position, m, Lang::En), "Nfxd4");
        let rook = parse_move(&position, "Rad1", Lang::En).expect("Rad1");
        assert_eq!(to_san(&position, rook, Lang::En), "Rad1");
        let error = parse_move(&position, "Ke3", Lang::En).expect_err("illegal");
        assert_eq!(error.kind, SanErrorKind::Illegal);
        let start = Position::new();
        let error = parse_move(&start, "Qc3", Lang::En).expect_err("knight move");
        assert_eq!(error.kind, SanErrorKind::WrongPiece);
        assert_eq!(error.candidates, ["Nc3", "c3"]);
        let error = parse_move(&position, "e9", Lang::En).expect_err("garbage");
        assert_eq!(error.kind, SanErrorKind::Garbage);
    }

    #[test]
    fn art_1_2_null_moves_are_read_and_reported_never_played() {
        let start = Position::new();
        for text in ["--", "Z0", "0000", "@@@@"] {
            let error = parse_move(&start, text, Lang::En).expect_err(text);
            assert_eq!(error.kind, SanErrorKind::NullMove, "{text}");
            assert_eq!(error.kind.name(), "null_move");
        }
        // Castling written with zeros is still castling, not a null move.
        let position = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("fen");
        assert!(parse_move(&position, "0-0", Lang::En).is_ok());
    }

    #[test]
    fn art_3_7_3_en_passant_suffix() {
        let position = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").expect("fen");
        for text in ["exd6", "exd6e.p.", "exd6 e.p.", "ed6", "e5d6"] {
            let m = parse_move(&position, text, Lang::En).expect(text);
            assert!(m.is_en_passant(), "{text}");
        }
    }

    /// The fast reader never disagrees with the full one (Appendix C): on every legal move of
    /// random games, written canonically, without its check mark, with every departure file
    /// and rank, and in German letters, a move it finds is the move [`resolve`] finds.
    #[test]
    fn appendix_c_fast_reader_agrees_with_full_reader() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut position = Position::new();
        let mut fast_hits = 0;
        for _ in 0..3_000 {
            let moves = position.legal_moves();
            if moves.is_empty() || position.halfmoves() > 80 {
                position = Position::new();
                continue;
            }
            for &m in &moves {
                for lang in [Lang::En, Lang::De] {
                    let san = to_san(&position, m, lang);
                    let bare = san.trim_end_matches(['+', '#']).to_string();
                    let mut texts = vec![san.clone(), bare.clone()];
                    for c in "abcdefgh12345678".chars() {
                        let letter = lang.letter(m.role()).len();
                        let mut text = bare.clone();
                        if letter <= text.len() {
                            text.insert(letter, c);
                            texts.push(text);
                        }
                    }
                    for text in texts {
                        if let Some(fast) = fast_parse(&position, &text, lang) {
                            fast_hits += 1;
                            let full = parse_move_text(&text, lang)
                                .and_then(|parsed| resolve(&position, &parsed, &text, lang));
                            assert_eq!(full.ok(), Some(fast), "{text} in {position}");
                        }
                    }
                }
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let m = moves[(state % moves.len() as u64) as usize];
            position.play_unchecked(m);
        }
        assert!(
            fast_hits > 10_000,
            "the fast reader took only {fast_hits} texts"
        );
    }
}
