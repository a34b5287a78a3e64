//! The game record, as the arbiter receives it (Laws 2023 Art. 8.1): the start position, the
//! moves as written, and when known the clock readings after each move (8.1.2), draw offers
//! `(=)` (8.1.5), draw claims (9.2, 9.3), illegal-move claims (A.5.2), the time control and
//! category (Art. 6, Appendices A and B), whether the game was adequately supervised (A.4), an
//! event's "no draw offers before move N" rule (9.1.1) and the result as signed (8.7).

use super::clock::{Category, TimeControl};
use super::draw::ClaimKind;
use super::pgn::PgnGame;

/// A game result as written on a scoresheet or in PGN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2` (also read from `½-½`, `=`).
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl Outcome {
    /// Reads `1-0`, `0-1`, `1/2-1/2` (or `½-½`, `=`, `0.5-0.5`) and `*`.
    pub fn parse(text: &str) -> Option<Outcome> {
        match text.trim() {
            "1-0" => Some(Outcome::WhiteWins),
            "0-1" => Some(Outcome::BlackWins),
            "1/2-1/2" | "½-½" | "=" | "0.5-0.5" => Some(Outcome::Draw),
            "*" => Some(Outcome::Unknown),
            _ => None,
        }
    }

    /// The PGN form: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn as_pgn(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1-0",
            Outcome::BlackWins => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::Unknown => "*",
        }
    }
}

/// One ply as recorded.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordedPly {
    /// The move as written (SAN in the record's language, long algebraic or UCI).
    pub text: String,
    /// The mover's clock after the move, in milliseconds (Art. 8.1.2), when recorded.
    pub clock_ms: Option<u64>,
    /// The mover offered a draw with this move, `(=)` (Art. 8.1.5, 9.1.2.1).
    pub draw_offer: bool,
    /// The mover wrote this move and claimed a draw with it instead of playing it
    /// (Art. 9.2.1.1, 9.3.1). A valid claim ends the game before the move; an incorrect one
    /// obliges the player to play it (9.5.3).
    pub claim: Option<ClaimKind>,
    /// The opponent of the mover claimed that this move was illegal before making their own
    /// move (A.5.2). Under supervision an illegal move is always dealt with.
    pub illegal_claimed: bool,
}

impl RecordedPly {
    /// A plain move with nothing else recorded.
    pub fn new(text: impl Into<String>) -> RecordedPly {
        RecordedPly {
            text: text.into(),
            ..RecordedPly::default()
        }
    }
}

/// How a game ended off the board, when the record says so (PGN `Termination`, arbiter notes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeclaredEnd {
    /// Nothing declared: infer from the position, the clocks and the result.
    Unspecified,
    /// The loser resigned (Art. 5.1.2).
    Resignation,
    /// The players agreed a draw (Art. 5.2.3, 9.1).
    Agreement,
    /// A flag fell (Art. 6.9), when no clock readings show it.
    TimeForfeit,
}

/// A whole game record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The start position as FEN (X-FEN / Shredder-FEN for Chess960); `None` for the standard
    /// start.
    pub start_fen: Option<String>,
    /// Whether the game is Chess960 (castling written by the king and rook squares in UCI).
    pub chess960: bool,
    /// The plies in order.
    pub plies: Vec<RecordedPly>,
    /// Both clocks when the game stopped (White, Black), in milliseconds, when known.
    pub final_clocks_ms: Option<(u64, u64)>,
    /// A draw claim by the player to move after the last ply, on the position on the board.
    pub final_claim: Option<ClaimKind>,
    /// The time control, when known.
    pub time_control: Option<TimeControl>,
    /// The category; when `None`, taken from the time control, else standard.
    pub category: Option<Category>,
    /// Adequate supervision (A.4: one arbiter for at most three games); standard play is
    /// always supervised.
    pub supervised: bool,
    /// The event's rule that no draw may be agreed before this move number (9.1.1).
    pub no_draw_offers_before: Option<u32>,
    /// How the game ended, when the record says so.
    pub declared_end: DeclaredEnd,
    /// The result as signed (Art. 8.7).
    pub result: Outcome,
}

impl Default for GameRecord {
    fn default() -> GameRecord {
        GameRecord {
            start_fen: None,
            chess960: false,
            plies: Vec::new(),
            final_clocks_ms: None,
            final_claim: None,
            time_control: None,
            category: None,
            supervised: true,
            no_draw_offers_before: None,
            declared_end: DeclaredEnd::Unspecified,
            result: Outcome::Unknown,
        }
    }
}

impl GameRecord {
    /// A record of the given moves from the standard start, everything else unknown.
    pub fn from_moves<S: AsRef<str>>(moves: &[S]) -> GameRecord {
        GameRecord {
            plies: moves.iter().map(|m| RecordedPly::new(m.as_ref())).collect(),
            ..GameRecord::default()
        }
    }

    /// The category in force: as given, else from the time control, else standard play.
    pub fn category(&self) -> Category {
        self.category
            .or_else(|| self.time_control.as_ref().map(TimeControl::category))
            .unwrap_or(Category::Standard)
    }

    /// Whether the game counts as adequately supervised (standard play always does).
    pub fn is_supervised(&self) -> bool {
        self.supervised || self.category() == Category::Standard
    }
}

/// Reads `[%clk 1:29:45]` or `[%clk 0:00:09.5]` from a PGN comment: milliseconds.
fn clock_in_comment(comment: &str) -> Option<u64> {
    let start = comment.find("[%clk")? + "[%clk".len();
    let rest = &comment[start..];
    let end = rest.find(']')?;
    let text = rest[..end].trim();
    let mut total_ms: u64 = 0;
    for (index, part) in text.split(':').enumerate() {
        if index > 2 {
            return None;
        }
        let (whole, fraction) = part.split_once('.').unwrap_or((part, ""));
        let value: u64 = whole.parse().ok()?;
        // h:m:s: each earlier field is worth 60 of the next.
        total_ms = total_ms
            .checked_mul(60)?
            .checked_add(value.checked_mul(1000)?)?;
        if !fraction.is_empty() {
            let digits: String = fraction.chars().take(3).collect();
            let scale = 10u64.pow(3 - digits.len() as u32);
            total_ms += digits.parse::<u64>().ok()? * scale;
        }
    }
    Some(total_ms)
}

impl GameRecord {
    /// Builds a record from a PGN game: the `FEN`/`Variant`, `Result`, `TimeControl` (PGN
    /// seconds form, or the organiser form) and `Termination` (`time forfeit`) tags; clock
    /// readings from `[%clk h:mm:ss]` comments; in a comment after a move, `(=)` marks a draw
    /// offer made with it, `claim threefold` / `claim fifty` a draw claim made with it (the
    /// move written, not played if the claim is valid), and `illegal claimed` an opponent's
    /// claim that it was illegal (A.5.2).
    pub fn from_pgn(game: &PgnGame) -> GameRecord {
        let mut record = GameRecord {
            start_fen: game.tag("FEN").map(str::to_owned),
            chess960: game
                .tag("Variant")
                .is_some_and(|variant| variant.to_ascii_lowercase().contains("960")),
            ..GameRecord::default()
        };
        record.result = game
            .result
            .as_deref()
            .or_else(|| game.tag("Result"))
            .and_then(Outcome::parse)
            .unwrap_or(Outcome::Unknown);
        record.time_control = game.tag("TimeControl").and_then(|tag| {
            TimeControl::from_pgn_tag(tag)
                .ok()
                .or_else(|| tag.parse().ok())
        });
        if let Some(termination) = game.tag("Termination") {
            let termination = termination.to_ascii_lowercase();
            if termination.contains("time") {
                record.declared_end = DeclaredEnd::TimeForfeit;
            }
        }
        record.plies = game
            .moves
            .iter()
            .map(|m| {
                let mut ply = RecordedPly::new(m.text.clone());
                for comment in &m.comments {
                    let lower = comment.to_ascii_lowercase();
                    if let Some(ms) = clock_in_comment(comment) {
                        ply.clock_ms = Some(ms);
                    }
                    if lower.contains("(=)") || lower.contains("draw offer") {
                        ply.draw_offer = true;
                    }
                    if lower.contains("claim threefold") {
                        ply.claim = Some(ClaimKind::Threefold);
                    } else if lower.contains("claim fifty") {
                        ply.claim = Some(ClaimKind::Fifty);
                    }
                    if lower.contains("illegal claimed") {
                        ply.illegal_claimed = true;
                    }
                }
                ply
            })
            .collect();
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_8_1_2_clock_readings_in_pgn_comments() {
        assert_eq!(clock_in_comment("[%clk 1:29:45]"), Some(5_385_000));
        assert_eq!(clock_in_comment("x [%clk 0:00:09.5] y"), Some(9_500));
        assert_eq!(clock_in_comment("[%clk 0:03]"), Some(3_000));
        assert_eq!(clock_in_comment("[%clk x]"), None);
        assert_eq!(clock_in_comment("no clock"), None);
    }
}
