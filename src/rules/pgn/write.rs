//! Writing games back as PGN: tag pairs with escapes, movetext wrapped at 80 columns with move
//! numbers (`12.` / `12...`), NAGs, comments and variations, and the result.

use std::fmt::Write as _;

use super::{PgnGame, PgnMove};

/// Escapes a tag value (`\` and `"`).
fn escape_tag(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a game as PGN (tags, a blank line, movetext wrapped at 80 columns, the result).
/// `first_move_number` and `black_first` place the move numbers (from a FEN tag).
#[must_use]
pub fn write_game(game: &PgnGame, first_move_number: u32, black_first: bool) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape_tag(value));
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    for comment in &game.leading_comments {
        tokens.push(format!("{{{}}}", comment.replace('}', ")")));
    }
    write_line(&game.moves, first_move_number, black_first, &mut tokens);
    tokens.push(game.result.clone().unwrap_or_else(|| "*".to_string()));
    let mut width = 0;
    for token in tokens {
        if width > 0 && width + 1 + token.chars().count() > 80 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += token.chars().count();
        out.push_str(&token);
    }
    out.push_str("\n\n");
    out
}

fn write_line(moves: &[PgnMove], mut number: u32, mut black: bool, tokens: &mut Vec<String>) {
    let mut need_number = true;
    for m in moves {
        if !black {
            tokens.push(format!("{number}."));
        } else if need_number {
            tokens.push(format!("{number}..."));
        }
        tokens.push(m.text.clone());
        need_number = false;
        for nag in &m.nags {
            tokens.push(format!("${nag}"));
        }
        for comment in &m.comments {
            tokens.push(format!("{{{}}}", comment.replace('}', ")")));
            need_number = true;
        }
        for variation in &m.variations {
            tokens.push("(".to_string());
            write_line(variation, number, black, tokens);
            tokens.push(")".to_string());
            need_number = true;
        }
        if black {
            number += 1;
        }
        black = !black;
    }
}
