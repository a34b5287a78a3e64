//! The score page's report on a game score (Laws Art. 5, 7, 8 and 9, Appendix C.3), worded for
//! the reader: the rules core's verdicts in English and in the languages of our users.

use arbiter::rules::Lang;
use arbiter::rules::arbiter::SignedBoard;
use arbiter::web::i18n::Lang as Ui;
use arbiter::web::pages::game_score::check_score;

fn signed(result: &str) -> SignedBoard<'_> {
    SignedBoard {
        signed: Some(result),
        ..SignedBoard::default()
    }
}

#[test]
fn text_without_one_legal_move_is_not_a_game() {
    let garbage = check_score(
        "hello world, this is not chess",
        Lang::En,
        SignedBoard::default(),
        Ui::default(),
    );
    assert!(garbage.not_a_game().is_some(), "{garbage:?}");
    let short = check_score(
        "1. e4 e5 2. Kf9",
        Lang::En,
        SignedBoard::default(),
        Ui::default(),
    );
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
        SignedBoard::default(),
        Ui::default(),
    );
    assert_eq!(got.plies, 8);
    let bad = got.first_bad_move.expect("bad move");
    assert!(bad.starts_with("ply 9 (5. Dxe5)"), "{bad}");
    // Read as English, the first knight move is already wrong.
    let english = check_score(
        "1. e4 e5 2. Jf3",
        Lang::En,
        SignedBoard::default(),
        Ui::default(),
    );
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
        SignedBoard::default(),
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
        SignedBoard::default(),
        sr,
    );
    let bad = got.first_bad_move.expect("bad move");
    assert!(bad.starts_with("полупотез 9 (5. Dxe5): "), "{bad}");
}
