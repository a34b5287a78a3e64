//! A game score as text, checked against the board it was played on (Laws Art. 8, the
//! scoresheet; Art. 8.7, the result signed on the board counts): the text is read as PGN (a bare
//! move list is PGN movetext too) in the scoresheet's piece letters (Appendix C.3), the
//! arbiter's report ([`report`]) is made with the signed result, and the PGN's own `White`,
//! `Black` and `Result` tags are compared with the board.

use super::{GameReport, ReportOptions, report};
use crate::rules::Lang;
use crate::rules::game::{GameRecord, Outcome};
use crate::rules::pgn::{PgnError, PgnGame, PgnReader, ReadOptions};

/// The board a score was played on: its players' names and the signed result.
#[derive(Debug, Clone, Copy, Default)]
pub struct SignedBoard<'a> {
    /// White's name as registered ("Surname, Given"; empty: not compared).
    pub white: &'a str,
    /// Black's name.
    pub black: &'a str,
    /// The signed result (`1-0`, `1/2-1/2`, `0-1`; anything else counts as unknown).
    pub signed: Option<&'a str>,
}

impl SignedBoard<'_> {
    /// The signed result (`Unknown` when none or not a game result).
    pub fn result(&self) -> Outcome {
        self.signed
            .and_then(Outcome::parse)
            .unwrap_or(Outcome::Unknown)
    }
}

/// A PGN tag that says something else than the board the score was saved on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagMismatch {
    /// `White`, `Black` or `Result`.
    pub tag: &'static str,
    /// What the file says.
    pub in_file: String,
    /// What the board says.
    pub on_board: String,
}

/// What a score text turned out to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScoreText {
    /// Nothing to read.
    Empty,
    /// Not PGN: where and why.
    Unreadable(PgnError),
    /// A game.
    Game {
        /// The arbiter's report, with the signed result.
        report: Box<GameReport>,
        /// The record's entries as written (the report's plies count into it).
        written: Vec<String>,
        /// The tags that contradict the board.
        tag_mismatches: Vec<TagMismatch>,
    },
}

/// Reads `text` (PGN or a move list in `letters`) and checks it against `board`.
pub fn check_score_text(text: &str, letters: Lang, board: SignedBoard<'_>) -> ScoreText {
    let options = ReadOptions {
        keep_variations: false,
        keep_comments: true,
    };
    let game = match PgnReader::new(text, options).next() {
        None => return ScoreText::Empty,
        Some(Err(error)) => return ScoreText::Unreadable(error),
        Some(Ok(game)) => game,
    };
    let tag_mismatches = tag_mismatches(&game, board);
    let mut record = GameRecord::from_pgn(&game);
    // The result signed on the board is what counts (Art. 8.7), not a tag in the text.
    record.result = board.result();
    ScoreText::Game {
        report: Box::new(report(&record, ReportOptions { lang: letters })),
        written: game.moves.iter().map(|m| m.text.clone()).collect(),
        tag_mismatches,
    }
}

/// A name compared loosely: case, diacritics' absence aside, commas and spaces.
fn same_name(a: &str, b: &str) -> bool {
    let key = |name: &str| -> String {
        name.chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect()
    };
    key(a) == key(b)
}

/// The tags of `game` that contradict `board` (an unknown `?` or missing tag is no mismatch).
fn tag_mismatches(game: &PgnGame, board: SignedBoard<'_>) -> Vec<TagMismatch> {
    let mut found = Vec::new();
    for (tag, on_board) in [("White", board.white), ("Black", board.black)] {
        if let Some(in_file) = game.tag(tag).map(str::trim)
            && !in_file.is_empty()
            && in_file != "?"
            && !on_board.is_empty()
            && !same_name(in_file, on_board)
        {
            found.push(TagMismatch {
                tag,
                in_file: in_file.to_owned(),
                on_board: on_board.to_owned(),
            });
        }
    }
    let signed = board.result();
    if let Some(in_file) = game.tag("Result").map(str::trim)
        && let Some(tagged) = Outcome::parse(in_file)
        && tagged != Outcome::Unknown
        && signed != Outcome::Unknown
        && tagged != signed
    {
        found.push(TagMismatch {
            tag: "Result",
            in_file: in_file.to_owned(),
            on_board: signed.as_pgn().to_owned(),
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mismatches(text: &str, board: SignedBoard<'_>) -> Vec<TagMismatch> {
        match check_score_text(text, Lang::En, board) {
            ScoreText::Game { tag_mismatches, .. } => tag_mismatches,
            other => panic!("not a game: {other:?}"),
        }
    }

    #[test]
    fn art_8_7_the_files_own_players_and_result_are_compared_with_the_board() {
        let text = "[White \"Carlsen, Magnus\"]\n[Black \"Nepomniachtchi, Ian\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
        let board = SignedBoard {
            white: "Novák, Jan",
            black: "Nepomniachtchi, Ian",
            signed: Some("0-1"),
        };
        let tags: Vec<(&str, String, String)> = mismatches(text, board)
            .into_iter()
            .map(|m| (m.tag, m.in_file, m.on_board))
            .collect();
        assert_eq!(
            tags,
            [
                ("White", "Carlsen, Magnus".into(), "Novák, Jan".into()),
                ("Result", "1-0".into(), "0-1".into())
            ]
        );
        // Same names written otherwise (case, no comma) are no mismatch.
        let board = SignedBoard {
            white: "Carlsen, Magnus",
            black: "nepomniachtchi ian",
            signed: Some("1-0"),
        };
        assert!(mismatches(text, board).is_empty());
    }

    #[test]
    fn art_8_7_the_signed_result_not_the_tag_is_checked() {
        let text = "[Result \"0-1\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1";
        let board = SignedBoard {
            signed: Some("1-0"),
            ..SignedBoard::default()
        };
        let ScoreText::Game { report, .. } = check_score_text(text, Lang::En, board) else {
            panic!("a game");
        };
        assert_eq!(report.recorded_result, Outcome::WhiteWins);
        assert_eq!(report.result_agrees, Some(true));
    }

    #[test]
    fn unreadable_text_says_where_and_empty_text_is_none() {
        let got = check_score_text("[Event \"x\"\n1. e4", Lang::En, SignedBoard::default());
        assert!(
            matches!(got, ScoreText::Unreadable(ref e) if e.line == 1),
            "{got:?}"
        );
        assert_eq!(
            check_score_text("  \n", Lang::En, SignedBoard::default()),
            ScoreText::Empty
        );
    }
}
