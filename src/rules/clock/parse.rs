//! Reading time controls the ways organisers write them (Laws Art. 6.3, 6.4): `40/90+30, 30+30`,
//! `90 min + 30 s/move`, `G/60 d5`, `3+2`, `40/120, SD/60 d5`; errors say at which character
//! and why.

use std::str::FromStr;

use super::{Period, TimeControl, TimeControlError};

/// A token of the organiser notation, with its character offset.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Number(u32),
    Slash,
    Plus,
    Separator,
    Hours,
    Minutes,
    Seconds,
    Moves,
    PerMove,
    Game,
    Delay,
    Increment,
}

fn tokenize(text: &str) -> Result<Vec<(usize, Token)>, TimeControlError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut index = 0;
    while index < chars.len() {
        let start = index;
        let symbol = chars[index];
        if symbol.is_whitespace() {
            index += 1;
            continue;
        }
        if symbol.is_ascii_digit() {
            let mut value: u32 = 0;
            while index < chars.len() && chars[index].is_ascii_digit() {
                let digit = chars[index].to_digit(10).unwrap_or(0);
                value = value
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(digit))
                    .ok_or_else(|| TimeControlError {
                        offset: start,
                        reason: "number too large".to_owned(),
                    })?;
                index += 1;
            }
            tokens.push((start, Token::Number(value)));
            continue;
        }
        if symbol.is_alphabetic() {
            while index < chars.len() && chars[index].is_alphabetic() {
                index += 1;
            }
            let word: String = chars[start..index]
                .iter()
                .collect::<String>()
                .to_lowercase();
            let token = match word.as_str() {
                "h" | "hr" | "hrs" | "hour" | "hours" => Some(Token::Hours),
                "m" | "min" | "mins" | "minute" | "minutes" => Some(Token::Minutes),
                "s" | "sec" | "secs" | "second" | "seconds" => Some(Token::Seconds),
                "move" | "moves" | "mv" | "mvs" => Some(Token::Moves),
                "g" | "game" | "sd" => Some(Token::Game),
                "d" | "delay" => Some(Token::Delay),
                "inc" | "increment" | "i" => Some(Token::Increment),
                // Words organisers put around the figures; they carry no value.
                "in" | "for" | "the" | "first" | "rest" | "of" | "with" | "an" | "addition"
                | "added" | "starting" | "start" | "from" | "one" | "plus" | "and" | "each"
                | "then" | "followed" | "by" | "all" | "remaining" | "per" | "a" | "to"
                | "bonus" | "fischer" | "us" | "bronstein" | "simple" => None,
                _ => {
                    return Err(TimeControlError {
                        offset: start,
                        reason: format!("unknown word {word:?}"),
                    });
                }
            };
            if word == "per" {
                // "per move": the next word must be a move word.
                tokens.push((start, Token::PerMove));
            } else if let Some(token) = token {
                tokens.push((start, token));
            }
            continue;
        }
        index += 1;
        let token = match symbol {
            '/' => Token::Slash,
            '+' => Token::Plus,
            ',' | ';' | ':' => Token::Separator,
            '\'' | '′' | '’' => {
                if chars.get(index) == Some(&'\'') {
                    index += 1;
                    Token::Seconds
                } else {
                    Token::Minutes
                }
            }
            '"' | '″' | '”' => Token::Seconds,
            '.' | '(' | ')' | '-' => continue,
            other => {
                return Err(TimeControlError {
                    offset: start,
                    reason: format!("unexpected character {other:?}"),
                });
            }
        };
        tokens.push((start, token));
    }
    // "per" followed by a move word, or "/" followed by a move word, is one PerMove.
    let mut merged: Vec<(usize, Token)> = Vec::with_capacity(tokens.len());
    let mut iter = tokens.into_iter().peekable();
    while let Some((offset, token)) = iter.next() {
        let next_is_move = matches!(iter.peek(), Some((_, Token::Moves)));
        match token {
            Token::PerMove | Token::Slash if next_is_move => {
                iter.next();
                merged.push((offset, Token::PerMove));
            }
            Token::PerMove => {}
            other => merged.push((offset, other)),
        }
    }
    Ok(merged)
}

/// A period being read.
#[derive(Debug, Clone, Copy, Default)]
struct Draft {
    moves: Option<u32>,
    seconds: Option<u32>,
    increment: Option<u32>,
    delay: u32,
    game: bool,
    increment_per_move_words: bool,
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads the organiser notation (see the module documentation for the forms).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let tokens = tokenize(text)?;
        let end = text.chars().count();
        let mut drafts: Vec<Draft> = Vec::new();
        let mut current = Draft::default();
        let mut plus = false;
        let mut index = 0;
        let error = |offset: usize, reason: &str| TimeControlError {
            offset,
            reason: reason.to_owned(),
        };
        let finish = |current: &mut Draft, drafts: &mut Vec<Draft>| {
            if current.seconds.is_some() || current.moves.is_some() || current.game {
                drafts.push(*current);
            } else if let Some(previous) = drafts.last_mut() {
                // A trailing "inc30" or "d5" piece belongs to the period before it.
                if current.increment.is_some() {
                    previous.increment = current.increment;
                    previous.increment_per_move_words |= current.increment_per_move_words;
                }
                if current.delay > 0 {
                    previous.delay = current.delay;
                }
            }
            *current = Draft::default();
        };
        while index < tokens.len() {
            let (offset, token) = tokens[index].clone();
            index += 1;
            match token {
                Token::Separator => {
                    finish(&mut current, &mut drafts);
                    plus = false;
                }
                Token::Plus => plus = true,
                Token::Game => {
                    // "G/60" opens a period; "1 hour for the rest of the game" closes one.
                    if current.moves.is_some() && current.seconds.is_some() {
                        finish(&mut current, &mut drafts);
                    }
                    current.game = true;
                    if matches!(tokens.get(index), Some((_, Token::Slash))) {
                        index += 1;
                    }
                }
                Token::Delay | Token::Increment => {
                    let Some((_, Token::Number(value))) = tokens.get(index).cloned() else {
                        return Err(error(offset, "a number must follow a delay or increment"));
                    };
                    index += 1;
                    let value = match tokens.get(index) {
                        Some((_, Token::Seconds)) => {
                            index += 1;
                            value
                        }
                        Some((_, Token::Minutes)) => {
                            index += 1;
                            value * 60
                        }
                        _ => value,
                    };
                    if token == Token::Delay {
                        current.delay = value;
                    } else {
                        current.increment = Some(value);
                    }
                    if matches!(tokens.get(index), Some((_, Token::PerMove))) {
                        index += 1;
                    }
                    plus = false;
                }
                Token::Number(value) => {
                    let next = tokens.get(index).map(|(_, token)| token.clone());
                    let after_next = tokens.get(index + 1).map(|(_, token)| token.clone());
                    match next {
                        // "40/90": a move count before a slash and a number.
                        Some(Token::Slash) if matches!(after_next, Some(Token::Number(_))) => {
                            if current.seconds.is_some() || current.moves.is_some() {
                                finish(&mut current, &mut drafts);
                            }
                            current.moves = Some(value);
                            index += 1;
                            plus = false;
                        }
                        // "40 moves": a move count, for the period being read if it has none.
                        Some(Token::Moves) => {
                            index += 1;
                            if current.moves.is_some() {
                                finish(&mut current, &mut drafts);
                            }
                            current.moves = Some(value);
                            plus = false;
                        }
                        Some(Token::Hours) => {
                            index += 1;
                            let mut seconds = value * 3600;
                            // "1h30": minutes may follow without a unit.
                            if let Some((_, Token::Number(minutes))) = tokens.get(index).cloned()
                                && !matches!(
                                    tokens.get(index + 1),
                                    Some((_, Token::Seconds | Token::Slash | Token::PerMove))
                                )
                            {
                                seconds += minutes * 60;
                                index += 1;
                                if matches!(tokens.get(index), Some((_, Token::Minutes))) {
                                    index += 1;
                                }
                            }
                            start_time(&mut current, &mut drafts, seconds, &finish);
                            plus = false;
                        }
                        Some(Token::Minutes) => {
                            index += 1;
                            if matches!(tokens.get(index), Some((_, Token::PerMove))) {
                                return Err(error(
                                    offset,
                                    "minutes per move is not a time control",
                                ));
                            }
                            start_time(&mut current, &mut drafts, value * 60, &finish);
                            plus = false;
                        }
                        Some(Token::Seconds) => {
                            index += 1;
                            let per_move = matches!(tokens.get(index), Some((_, Token::PerMove)));
                            if per_move {
                                index += 1;
                            }
                            if per_move || (plus && current.seconds.is_some()) {
                                current.increment = Some(value);
                                current.increment_per_move_words |= per_move;
                            } else {
                                start_time(&mut current, &mut drafts, value, &finish);
                            }
                            plus = false;
                        }
                        Some(Token::PerMove) => {
                            index += 1;
                            current.increment = Some(value);
                            current.increment_per_move_words = true;
                            plus = false;
                        }
                        _ => {
                            // A bare number: after "+" it is the increment in seconds,
                            // otherwise the period's time in minutes.
                            if plus && current.seconds.is_some() {
                                current.increment = Some(value);
                            } else {
                                start_time(&mut current, &mut drafts, value * 60, &finish);
                            }
                            plus = false;
                        }
                    }
                }
                Token::Slash => {
                    // "90 min / 40 moves": the count follows; handled by the Number arm.
                }
                Token::Hours | Token::Minutes | Token::Seconds | Token::Moves | Token::PerMove => {
                    return Err(error(offset, "a unit without a number before it"));
                }
            }
        }
        finish(&mut current, &mut drafts);
        if drafts.is_empty() {
            return Err(error(end, "no time given"));
        }
        // "90 min/40 moves + 30 min + 30 s/move": an increment written per move after the last
        // period only applies from move one.
        let last = drafts.len() - 1;
        if drafts[last].increment_per_move_words
            && drafts[..last].iter().all(|d| d.increment.is_none())
        {
            let increment = drafts[last].increment;
            for draft in &mut drafts[..last] {
                draft.increment = increment;
            }
        }
        let mut periods = Vec::with_capacity(drafts.len());
        for (position, draft) in drafts.iter().enumerate() {
            let Some(seconds) = draft.seconds else {
                return Err(error(end, &format!("period {} has no time", position + 1)));
            };
            let moves = if position == last {
                if draft.moves.is_some() && !draft.game && drafts.len() > 1 {
                    return Err(error(
                        end,
                        "the last period must be for the rest of the game",
                    ));
                }
                None
            } else {
                if draft.game {
                    return Err(error(end, "only the last period can be for the whole game"));
                }
                draft.moves
            };
            periods.push(Period {
                moves,
                seconds,
                increment: draft.increment.unwrap_or(0),
                delay: draft.delay,
            });
        }
        // A single "40/90" (moves with no follow-up period) reads as 90 minutes for the game.
        TimeControl::new(periods).map_err(|mut problem| {
            problem.offset = end;
            problem
        })
    }
}

/// Sets the time of the period being read, or starts the next period if it already has one.
fn start_time(
    current: &mut Draft,
    drafts: &mut Vec<Draft>,
    seconds: u32,
    finish: &dyn Fn(&mut Draft, &mut Vec<Draft>),
) {
    if current.seconds.is_some() {
        finish(current, drafts);
    }
    current.seconds = Some(seconds);
}
