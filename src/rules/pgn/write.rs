//! Writing games back as PGN: tag pairs with escapes, movetext wrapped at 80 columns with move
//! numbers (`12.` / `12...`), NAGs, comments and variations, and the result.

use std::fmt::Write as _;

use super::{PgnGame, PgnMove, PgnReader, ReadOptions};
use crate::rules::replay::replay;
use crate::rules::san::to_san;
use crate::rules::{Lang, Position};

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

/// The score for PGN export: English piece letters, as PGN requires. An English score is kept
/// as entered (with its comments and clock readings); one in another language is replayed and
/// rewritten in English SAN from the standard start, and whatever follows a move that cannot be
/// played is kept in a comment. A score with its own start position (`FEN` tag) is kept as
/// entered.
pub fn english_movetext(text: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return text.to_owned();
    }
    let options = ReadOptions {
        keep_variations: false,
        keep_comments: false,
    };
    let Some(Ok(game)) = PgnReader::new(text, options).next() else {
        return format!("{{{}}}", text.replace(['{', '}'], ""));
    };
    if game.tag("FEN").is_some() {
        return text.to_owned();
    }
    let written: Vec<&str> = game.moves.iter().map(|m| m.text.as_str()).collect();
    let played = replay(Position::new(), &written, lang);
    let mut position = Position::new();
    let mut out = Vec::with_capacity(played.moves.len() + 1);
    for (index, m) in played.moves.iter().enumerate() {
        let san = to_san(&position, *m, Lang::En);
        if index % 2 == 0 {
            out.push(format!("{}. {san}", index / 2 + 1));
        } else {
            out.push(san);
        }
        position.play_unchecked(*m);
    }
    if let Some((ply, _)) = played.failure {
        let rest = written[ply - 1..].join(" ").replace(['{', '}'], "");
        out.push(format!("{{not readable from here: {rest}}}"));
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appendix_c_export_rewrites_a_german_move_list_in_english() {
        let got = english_movetext("1. e4 e5 2. Sf3 Sc6 3. Lb5 Dxb5", Lang::De);
        assert_eq!(
            got,
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 {not readable from here: Dxb5}"
        );
        assert_eq!(english_movetext("1. e4 {ok} e5", Lang::En), "1. e4 {ok} e5");
    }
}
