//! The rules core's report on a stored game score, as the score page shows it next to the
//! result (Laws Art. 8 with 5, 6, 7 and 9; [`crate::rules::arbiter::report`]): the first move
//! that cannot be read or played, how the game ended by the Laws, the claims and illegal moves,
//! and whether the signed result agrees. Art. 8.7: the signed result stands; a disagreement is
//! a warning for the arbiter, never a change.
//!
//! The game is read as PGN (a bare move list is PGN movetext too), with the piece letters of
//! the scoresheet's language (Appendix C.3).

use crate::rules::Lang;
use crate::rules::arbiter::{ReportOptions, report};
use crate::rules::game::{GameRecord, Outcome};
use crate::rules::pgn::{PgnReader, ReadOptions};
use crate::web::handlers::game_score::wording;
use crate::web::i18n::Lang as Ui;

/// What the page shows about one game score.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScoreReport {
    /// Legal plies read.
    pub plies: usize,
    /// The text could not be read as PGN: "line L, column C: reason".
    pub unreadable: Option<String>,
    /// The first record entry that is not a legal move: "ply N (12… Kxe5): reason".
    pub first_bad_move: Option<String>,
    /// Legal moves the writer may have meant there.
    pub candidates: Vec<String>,
    /// How the game ended by the Laws, with the article ("checkmate (Art. 5.1.1)").
    pub termination: Option<String>,
    /// The result the Laws give (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result_by_laws: String,
    /// The signed result checked against (`*` when none or a forfeit).
    pub signed_result: String,
    /// Whether they agree (`None` when either is unknown).
    pub agrees: Option<bool>,
    /// Draw claims and their verdicts.
    pub claims: Vec<String>,
    /// Illegal moves and what followed.
    pub illegal_moves: Vec<String>,
    /// Everything else the rules core asks the arbiter to look at.
    pub warnings: Vec<String>,
    /// The file's `White`, `Black` or `Result` tag that differs from the board.
    pub tag_mismatches: Vec<TagMismatch>,
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

/// The board a score is checked against: its players' names and the signed result.
#[derive(Debug, Clone, Copy, Default)]
pub struct Board<'a> {
    /// White's name as registered ("Surname, Given").
    pub white: &'a str,
    /// Black's name.
    pub black: &'a str,
    /// The signed result (`1-0`, `1/2-1/2`, `0-1`; anything else counts as unknown).
    pub signed: Option<&'a str>,
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
fn tag_mismatches(game: &crate::rules::pgn::PgnGame, board: Board<'_>) -> Vec<TagMismatch> {
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
    let signed = board
        .signed
        .and_then(Outcome::parse)
        .unwrap_or(Outcome::Unknown);
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

/// Checks `text` (PGN or a move list in `letters`, the scoresheet's piece letters) against the
/// board: its signed result and, for a PGN file, the players its tags name. The report is
/// worded in `ui`, the reader's language.
pub fn check_score(text: &str, letters: Lang, board: Board<'_>, ui: Ui) -> ScoreReport {
    let signed_result = board
        .signed
        .and_then(Outcome::parse)
        .unwrap_or(Outcome::Unknown);
    let options = ReadOptions {
        keep_variations: false,
        keep_comments: true,
    };
    let game = match PgnReader::new(text, options).next() {
        None => {
            return ScoreReport {
                signed_result: signed_result.as_pgn().to_owned(),
                result_by_laws: Outcome::Unknown.as_pgn().to_owned(),
                ..ScoreReport::default()
            };
        }
        Some(Err(error)) => {
            return ScoreReport {
                unreadable: Some(format!(
                    "line {}, column {}: {}",
                    error.line, error.column, error.reason
                )),
                signed_result: signed_result.as_pgn().to_owned(),
                result_by_laws: Outcome::Unknown.as_pgn().to_owned(),
                ..ScoreReport::default()
            };
        }
        Some(Ok(game)) => game,
    };
    let tag_mismatches = tag_mismatches(&game, board);
    let mut record = GameRecord::from_pgn(&game);
    // The result signed on the board is what counts (Art. 8.7), not a tag in the text.
    record.result = signed_result;
    let got = report(&record, ReportOptions { lang: letters });
    let first_bad_move = got.first_bad_ply.map(|ply| {
        let written = game.moves.get(ply - 1).map_or("", |m| m.text.as_str());
        let reason = got
            .error
            .as_ref()
            .map(|e| wording::bad_move_reason(ui, e.kind, &e.reason))
            .unwrap_or_default();
        wording::bad_move(ui, ply, written, &reason)
    });
    ScoreReport {
        plies: got.plies,
        unreadable: None,
        first_bad_move,
        candidates: got
            .error
            .as_ref()
            .map(|e| e.candidates.clone())
            .unwrap_or_default(),
        termination: got
            .termination
            .map(|t| wording::termination(ui, t, got.termination_ply)),
        result_by_laws: got.result_by_laws.as_pgn().to_owned(),
        signed_result: got.recorded_result.as_pgn().to_owned(),
        agrees: got.result_agrees,
        claims: got.claims.iter().map(|c| wording::claim(ui, c)).collect(),
        illegal_moves: got
            .illegal_moves
            .iter()
            .map(|i| wording::illegal_move(ui, i))
            .collect(),
        warnings: got
            .warnings
            .iter()
            .map(|w| wording::warning(ui, w))
            .collect(),
        tag_mismatches,
    }
}

impl ScoreReport {
    /// Why the text is not a game score at all, if it is not: it cannot be read as PGN, or not
    /// one move of it is legal. Such a text is not saved.
    pub fn not_a_game(&self) -> Option<String> {
        if let Some(text) = &self.unreadable {
            return Some(text.clone());
        }
        if self.plies == 0 {
            return self.first_bad_move.clone();
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(result: &str) -> Board<'_> {
        Board {
            signed: Some(result),
            ..Board::default()
        }
    }

    #[test]
    fn art_8_7_the_files_own_players_and_result_are_compared_with_the_board() {
        let text = "[White \"Carlsen, Magnus\"]\n[Black \"Nepomniachtchi, Ian\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
        let board = Board {
            white: "Novák, Jan",
            black: "Nepomniachtchi, Ian",
            signed: Some("0-1"),
        };
        let got = check_score(text, Lang::En, board, Ui::default());
        let tags: Vec<(&str, &str, &str)> = got
            .tag_mismatches
            .iter()
            .map(|m| (m.tag, m.in_file.as_str(), m.on_board.as_str()))
            .collect();
        assert_eq!(
            tags,
            [
                ("White", "Carlsen, Magnus", "Novák, Jan"),
                ("Result", "1-0", "0-1")
            ]
        );
        // Same names written otherwise (case, no comma) are no mismatch.
        let board = Board {
            white: "Carlsen, Magnus",
            black: "nepomniachtchi ian",
            signed: Some("1-0"),
        };
        assert!(
            check_score(text, Lang::En, board, Ui::default())
                .tag_mismatches
                .is_empty()
        );
    }

    #[test]
    fn text_without_one_legal_move_is_not_a_game() {
        let garbage = check_score(
            "hello world, this is not chess",
            Lang::En,
            Board::default(),
            Ui::default(),
        );
        assert!(garbage.not_a_game().is_some(), "{garbage:?}");
        let short = check_score("1. e4 e5 2. Kf9", Lang::En, Board::default(), Ui::default());
        assert_eq!(short.not_a_game(), None, "two legal moves are a game score");
    }

    #[test]
    fn art_5_1_1_mate_agrees_with_signed_result() {
        let got = check_score(
            "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#",
            Lang::En,
            signed("1-0"),
            Ui::default(),
        );
        assert_eq!(got.plies, 7);
        assert_eq!(got.first_bad_move, None);
        assert!(got.termination.as_deref().unwrap_or("").contains("5.1.1"));
        assert_eq!(got.result_by_laws, "1-0");
        assert_eq!(got.agrees, Some(true));
    }

    #[test]
    fn art_8_7_disagreement_is_reported_not_changed() {
        let got = check_score(
            "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
            Lang::En,
            signed("0-1"),
            Ui::default(),
        );
        assert_eq!(got.signed_result, "0-1");
        assert_eq!(got.agrees, Some(false));
    }

    #[test]
    fn appendix_c3_czech_move_list_and_first_illegal_move() {
        // Czech letters: J = knight, S = bishop, D = queen.
        let got = check_score(
            "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sxc6 dxc6 5. Dxe5",
            Lang::Cs,
            Board::default(),
            Ui::default(),
        );
        assert_eq!(got.plies, 8);
        let bad = got.first_bad_move.expect("bad move");
        assert!(bad.starts_with("ply 9 (5. Dxe5)"), "{bad}");
        // Read as English, the first knight move is already wrong.
        let english = check_score("1. e4 e5 2. Jf3", Lang::En, Board::default(), Ui::default());
        assert!(
            english
                .first_bad_move
                .unwrap_or_default()
                .starts_with("ply 3")
        );
    }

    #[test]
    fn art_7_5_illegal_moves_are_named_by_their_player_and_move_number() {
        // White's illegal 2. Ke3 is replaced by 2. Nf3: from then on the record has one entry
        // more than the game has plies, and White's second illegal move, 5. Qd5, is the
        // record's 10th entry, which once read as Black's "5…".
        let got = check_score(
            "1. e4 e5 2. Ke3 Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Qd5 O-O",
            Lang::En,
            Board::default(),
            Ui::default(),
        );
        assert_eq!(got.illegal_moves.len(), 2, "{:?}", got.illegal_moves);
        assert!(
            got.illegal_moves[0].starts_with("2. Ke3"),
            "{:?}",
            got.illegal_moves
        );
        assert!(
            got.illegal_moves[1].starts_with("5. Qd5"),
            "{:?}",
            got.illegal_moves
        );
    }

    #[test]
    fn unreadable_text_says_where() {
        let got = check_score(
            "[Event \"x\"\n1. e4",
            Lang::En,
            Board::default(),
            Ui::default(),
        );
        assert!(got.unreadable.unwrap_or_default().starts_with("line 1"));
    }

    #[test]
    fn art_8_7_the_report_speaks_the_readers_language() {
        let score = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";
        let cs = Ui::from_code("cs").expect("cs");
        let got = check_score(score, Lang::En, signed("0-1"), cs);
        assert_eq!(
            got.termination.as_deref(),
            Some("mat (čl. 5.1.1), po půltahu 7")
        );
        assert!(
            got.warnings
                .iter()
                .any(|w| w.starts_with("podepsaný výsledek 0-1") && w.contains("(čl. 8.7)")),
            "{:?}",
            got.warnings
        );
        let hu = Ui::from_code("hu").expect("hu");
        let got = check_score(score, Lang::En, signed("1-0"), hu);
        assert_eq!(
            got.termination.as_deref(),
            Some("matt (5.1.1 cikkely), a(z) 7. féllépés után")
        );
        // Czech letters, Serbian reader: the kind of problem in Serbian.
        let sr = Ui::from_code("sr").expect("sr");
        let got = check_score(
            "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sxc6 dxc6 5. Dxe5",
            Lang::Cs,
            Board::default(),
            sr,
        );
        let bad = got.first_bad_move.expect("bad move");
        assert!(bad.starts_with("полупотез 9 (5. Dxe5): "), "{bad}");
    }
}
