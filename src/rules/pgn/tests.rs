//! Tests of the PGN reader.

use super::*;

const TWO_GAMES: &str = "\u{feff}[Event \"Club \\\"A\\\" ch\"]\r\n[White \"Erdős, Pál\"]\r\n\r\n1. e4 {best by test} e5 2. Nf3 $1 (2. f4 exf4) 2... Nc6 3.Bb5 a6 1-0\r\n\r\n% escaped line\n[Event \"Second\"]\n\n1. d4 d5 ; rest of line\n2. c4 1/2-1/2\n";

#[test]
fn reads_tags_comments_nags_variations_bom_crlf() {
    let games = read_games(TWO_GAMES, ReadOptions::default());
    assert_eq!(games.len(), 2);
    let first = games[0].as_ref().expect("game 1");
    assert_eq!(first.tag("Event"), Some("Club \"A\" ch"));
    assert_eq!(first.tag("White"), Some("Erdős, Pál"));
    let texts: Vec<&str> = first.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(first.moves[0].comments, ["best by test"]);
    assert_eq!(first.moves[2].nags, [1]);
    assert_eq!(first.moves[2].variations.len(), 1);
    assert_eq!(first.result.as_deref(), Some("1-0"));
    let second = games[1].as_ref().expect("game 2");
    assert_eq!(second.moves.len(), 3);
    assert_eq!(second.moves[1].comments, ["rest of line"]);
    assert_eq!(second.result.as_deref(), Some("1/2-1/2"));
}

#[test]
fn a_broken_game_does_not_stop_the_others() {
    let text = "[Event \"a\"]\n\n1. e4 {never closed\n\n[Event \"b\"]\n\n1. d4 *\n";
    let games = read_games(text, ReadOptions::default());
    // The unclosed comment swallows the rest: one error, reported at its line.
    let error = games[0].as_ref().expect_err("broken");
    assert_eq!((error.game, error.line), (1, 3));
    let text = "[Event \"a\"]\n\n1. e4 e5 2. Nf3 ) 1-0\n\n[Event \"b\"]\n\n1. d4 *\n";
    let games = read_games(text, ReadOptions::default());
    assert_eq!(games.len(), 2);
    assert!(games[0].is_err());
    assert_eq!(games[1].as_ref().map(|g| g.moves.len()), Ok(1));
}

#[test]
fn nested_comments_and_null_moves_are_read() {
    let text = "[Event \"a\"]\n\n1. e4 {main {an aside} still the comment} e5 2. -- {pass} Nc6 \
                3. Z0 Nf6 1-0\n";
    let games = read_games(text, ReadOptions::default());
    let game = games[0].as_ref().expect("read");
    let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["e4", "e5", "--", "Nc6", "Z0", "Nf6"]);
    assert_eq!(
        game.moves[0].comments,
        ["main {an aside} still the comment"]
    );
    assert_eq!(game.result.as_deref(), Some("1-0"));
    // A lone `{` inside a comment is text, as the standard has it.
    let text = "1. e4 {a smiley :{ here} e5 *\n";
    let games = read_games(text, ReadOptions::default());
    let game = games[0].as_ref().expect("read");
    assert_eq!(game.moves[0].comments, ["a smiley :{ here"]);
    assert_eq!(game.moves.len(), 2);
}

fn without_positions(moves: &[PgnMove]) -> Vec<PgnMove> {
    moves
        .iter()
        .map(|m| PgnMove {
            line: 0,
            column: 0,
            variations: m.variations.iter().map(|v| without_positions(v)).collect(),
            ..m.clone()
        })
        .collect()
}

#[test]
fn writes_back_what_it_read() {
    let games = read_games(TWO_GAMES, ReadOptions::default());
    let first = games[0].as_ref().expect("game 1");
    let written = write_game(first, 1, false);
    let again = read_games(&written, ReadOptions::default());
    let again = again[0].as_ref().expect("again");
    assert_eq!(again.tags, first.tags);
    assert_eq!(again.result, first.result);
    assert_eq!(
        without_positions(&again.moves),
        without_positions(&first.moves)
    );
    assert!(written.contains("[Event \"Club \\\"A\\\" ch\"]"));
}

#[test]
fn plain_move_list_and_promotion_in_parentheses() {
    let games = read_games("e4 e5 Nf3 Nc6 a8(Q) e.p.", ReadOptions::default());
    let game = games[0].as_ref().expect("list");
    let texts: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["e4", "e5", "Nf3", "Nc6", "a8(Q)"]);
    assert_eq!(game.result, None);
}
