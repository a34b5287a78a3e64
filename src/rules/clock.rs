//! Time controls and flag falls: Laws 2023 Art. 6 (6.3 increment and delay, 6.4 moves of a
//! period, 6.8 flag fall, 6.9 loss on time unless the opponent cannot mate, 6.11 both flags),
//! Guidelines III.3.1 (both flags in the last period), Appendices A.1 / B.1 (rapid and blitz by
//! the time for 60 moves) and Art. 8.4 (when a player may stop recording).
//!
//! A [`TimeControl`] is a list of [`Period`]s. It reads the ways organisers write time controls
//! (`40/90+30, 30+30`, `90 min + 30 s/move`, `90 min/40 moves + 30 min + 30 s/move`,
//! `G/60 d5`, `G/90;inc30`, `40/120, SD/60 d5`, `3+2`) and the PGN `TimeControl` tag
//! (`40/5400+30:1800+30`), and prints back in the compact organiser form (`40/90+30, 30+30`),
//! which reads again to the same value.

use std::fmt;
use std::str::FromStr;

/// One player of the game, as the clock sees them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The player of the white pieces.
    White,
    /// The player of the black pieces.
    Black,
}

impl Side {
    /// The other player.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// One period of a time control (Art. 6.4): a number of moves (or the rest of the game) in a
/// given time, with an increment or a delay per move (Art. 6.3.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// Moves to complete in this period; `None` for all remaining moves (the last period).
    pub moves: Option<u32>,
    /// Time added to the clock for this period, in seconds.
    pub seconds: u32,
    /// Fischer increment added after each move of the period, in seconds.
    pub increment: u32,
    /// Delay before the clock starts to count down on each move, in seconds.
    pub delay: u32,
}

/// A whole time control: its periods in order; only the last may be for the rest of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControl {
    periods: Vec<Period>,
}

/// The category of play the time control belongs to (Appendix A.1, Appendix B.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// Standard play: 60 minutes or more for 60 moves.
    Standard,
    /// Rapid (Appendix A): more than 10 and less than 60 minutes for 60 moves.
    Rapid,
    /// Blitz (Appendix B): 10 minutes or less for 60 moves.
    Blitz,
}

impl Category {
    /// The lower-case name used in reports and JSON (`standard`, `rapid`, `blitz`).
    pub fn name(self) -> &'static str {
        match self {
            Category::Standard => "standard",
            Category::Rapid => "rapid",
            Category::Blitz => "blitz",
        }
    }
}

/// Why a time control could not be read: the character offset (0-based) and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeControlError {
    /// 0-based character offset in the text where reading stopped.
    pub offset: usize,
    /// What was wrong there.
    pub reason: String,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "time control, character {}: {}",
            self.offset + 1,
            self.reason
        )
    }
}

impl std::error::Error for TimeControlError {}

impl TimeControl {
    /// Builds a time control from periods: there must be at least one, every period but the
    /// last must have a move count, the last must be for the rest of the game, and some time
    /// must be given.
    pub fn new(periods: Vec<Period>) -> Result<TimeControl, TimeControlError> {
        let error = |reason: &str| TimeControlError {
            offset: 0,
            reason: reason.to_owned(),
        };
        let Some(last) = periods.last() else {
            return Err(error("no period"));
        };
        if last.moves.is_some() {
            return Err(error(
                "the last period must be for the rest of the game (no move count)",
            ));
        }
        if periods[..periods.len() - 1]
            .iter()
            .any(|period| period.moves.is_none_or(|moves| moves == 0))
        {
            return Err(error(
                "every period but the last needs a positive number of moves",
            ));
        }
        if periods
            .iter()
            .all(|period| period.seconds == 0 && period.increment == 0)
        {
            return Err(error("no time at all"));
        }
        Ok(TimeControl { periods })
    }

    /// A single period for the whole game: `minutes` plus `increment` seconds per move.
    pub fn sudden_death(minutes: u32, increment: u32) -> TimeControl {
        TimeControl {
            periods: vec![Period {
                moves: None,
                seconds: minutes * 60,
                increment,
                delay: 0,
            }],
        }
    }

    /// The periods in order.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// The period in force for a player's `move_number`-th move (1-based), and its index.
    pub fn period_of_move(&self, move_number: u32) -> (usize, &Period) {
        let mut first_move_after = 0u32;
        for (index, period) in self.periods.iter().enumerate() {
            match period.moves {
                Some(moves) => {
                    first_move_after += moves;
                    if move_number <= first_move_after {
                        return (index, period);
                    }
                }
                None => return (index, period),
            }
        }
        let last = self.periods.len() - 1;
        (last, &self.periods[last])
    }

    /// The move numbers after which a new period's time is added (40 for `40/90, 30`).
    pub fn period_boundaries(&self) -> Vec<u32> {
        let mut boundaries = Vec::new();
        let mut total = 0;
        for period in &self.periods {
            if let Some(moves) = period.moves {
                total += moves;
                boundaries.push(total);
            }
        }
        boundaries
    }

    /// Seconds one player has for the first 60 moves: the periods that start within them plus
    /// 60 increments (Appendix A.1 and B.1 measure rapid and blitz this way).
    pub fn seconds_for_60_moves(&self) -> u64 {
        let mut total = 0u64;
        let mut first_move = 1u32;
        for period in &self.periods {
            if first_move > 60 {
                break;
            }
            total += u64::from(period.seconds);
            let last_move = period
                .moves
                .map_or(60, |moves| (first_move + moves - 1).min(60));
            total += u64::from(last_move + 1 - first_move) * u64::from(period.increment);
            first_move = last_move + 1;
        }
        total
    }

    /// Appendix A.1 / B.1: standard, rapid or blitz.
    pub fn category(&self) -> Category {
        let seconds = self.seconds_for_60_moves();
        if seconds <= 600 {
            Category::Blitz
        } else if seconds < 3600 {
            Category::Rapid
        } else {
            Category::Standard
        }
    }

    /// Reads a PGN `TimeControl` tag (seconds: `40/5400+30:1800+30`, `300+2`, `5400`).
    /// `?` (unknown), `-` (none) and sandglass `*N` controls have no period model and are
    /// errors.
    pub fn from_pgn_tag(tag: &str) -> Result<TimeControl, TimeControlError> {
        let mut periods = Vec::new();
        let mut offset = 0;
        for field in tag.trim().split(':') {
            let error = |reason: String| TimeControlError { offset, reason };
            let (moves, rest) = match field.split_once('/') {
                Some((moves, rest)) => (
                    Some(
                        moves
                            .parse::<u32>()
                            .map_err(|_| error(format!("move count {moves:?} is not a number")))?,
                    ),
                    rest,
                ),
                None => (None, field),
            };
            let (seconds, increment) = match rest.split_once('+') {
                Some((seconds, increment)) => (seconds, Some(increment)),
                None => (rest, None),
            };
            let seconds = seconds
                .parse::<u32>()
                .map_err(|_| error(format!("time {seconds:?} is not a number of seconds")))?;
            let increment = match increment {
                Some(text) => text
                    .parse::<u32>()
                    .map_err(|_| error(format!("increment {text:?} is not a number of seconds")))?,
                None => 0,
            };
            periods.push(Period {
                moves,
                seconds,
                increment,
                delay: 0,
            });
            offset += field.chars().count() + 1;
        }
        TimeControl::new(periods)
    }

    /// Writes the PGN `TimeControl` tag (seconds; delays cannot be expressed there and are
    /// left out).
    pub fn to_pgn_tag(&self) -> String {
        let fields: Vec<String> = self
            .periods
            .iter()
            .map(|period| {
                let mut field = String::new();
                if let Some(moves) = period.moves {
                    field.push_str(&format!("{moves}/"));
                }
                field.push_str(&period.seconds.to_string());
                if period.increment > 0 {
                    field.push_str(&format!("+{}", period.increment));
                }
                field
            })
            .collect();
        fields.join(":")
    }
}

/// Writes `seconds` as minutes when whole, else as seconds with an `s`.
fn write_time(f: &mut fmt::Formatter<'_>, seconds: u32) -> fmt::Result {
    if seconds.is_multiple_of(60) {
        write!(f, "{}", seconds / 60)
    } else {
        write!(f, "{seconds}s")
    }
}

impl fmt::Display for TimeControl {
    /// The compact organiser form: `40/90+30, 30+30`, `3+2`, `G/60 d5` (a delay is written
    /// `d5`; a single period with a delay uses the `G/` prefix).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, period) in self.periods.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            match period.moves {
                Some(moves) => write!(f, "{moves}/")?,
                None if period.delay > 0 => f.write_str("G/")?,
                None => {}
            }
            write_time(f, period.seconds)?;
            if period.increment > 0 {
                write!(f, "+{}", period.increment)?;
            }
            if period.delay > 0 {
                write!(f, " d{}", period.delay)?;
            }
        }
        Ok(())
    }
}

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
                    let Some((number_offset, Token::Number(value))) = tokens.get(index).cloned()
                    else {
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
                    let _ = number_offset;
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

/// Art. 8.4: a player may stop recording when under five minutes remain in a period and the
/// increment is under 30 seconds.
pub fn may_stop_recording(remaining_ms: u64, increment_seconds: u32) -> bool {
    remaining_ms < 5 * 60 * 1000 && increment_seconds < 30
}

/// How a flag fall was seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlagEvidence {
    /// The clock read zero after the player's move (Art. 6.8).
    ZeroReading,
    /// The player's clock read zero when the game stopped, the player having the move.
    FinalReading,
    /// The moves of a period were not completed within its time (Art. 6.4): the reading at the
    /// period's last move is smaller than the time the next period adds.
    PeriodNotCompleted,
}

/// A flag fall found in a game's clock readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FlagFall {
    /// Whose flag fell.
    pub side: Side,
    /// 1-based ply during which it fell (the ply the player was making; one past the last
    /// recorded ply for a final reading).
    pub ply: usize,
    /// How it was seen.
    pub evidence: FlagEvidence,
}

/// What the readings say about the flags.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FlagOutcome {
    /// No flag fell.
    None,
    /// One flag fell first.
    Fell(FlagFall),
    /// Both flags fell and which was first cannot be told (Art. 6.11.1): in the period where all
    /// remaining moves are made the game is drawn (6.11.1.2, Guidelines III.3.1); in an earlier
    /// period the game continues (6.11.1.1).
    Both {
        /// The two flag falls (White's first).
        flags: [FlagFall; 2],
        /// True when it happened in the last period (the game is drawn).
        last_period: bool,
    },
}

/// The clock readings of one game, as recorded (Art. 8.1.2).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClockReadings {
    /// Remaining time of the player who just moved, read after each ply (increment and any
    /// new period included, as the clock shows it), in milliseconds; `None` where not recorded.
    pub after_ply: Vec<Option<u64>>,
    /// Both clocks when the game stopped (White, Black), when known.
    pub at_end: Option<(u64, u64)>,
}

/// Finds the first flag fall in `readings`, given who made the first ply and the time control
/// (for the period checks of Art. 6.4; without it only zero readings count).
pub fn find_flag_fall(
    readings: &ClockReadings,
    first_mover: Side,
    control: Option<&TimeControl>,
) -> FlagOutcome {
    let boundaries = control
        .map(TimeControl::period_boundaries)
        .unwrap_or_default();
    for (index, reading) in readings.after_ply.iter().enumerate() {
        let Some(remaining) = *reading else { continue };
        let side = if index % 2 == 0 {
            first_mover
        } else {
            first_mover.other()
        };
        let ply = index + 1;
        if remaining == 0 {
            return FlagOutcome::Fell(FlagFall {
                side,
                ply,
                evidence: FlagEvidence::ZeroReading,
            });
        }
        if let Some(control) = control {
            // The player's own move number: plies of this side so far.
            let move_number = (index / 2 + 1) as u32;
            if let Some(position) = boundaries.iter().position(|&b| b == move_number) {
                let next = &control.periods()[position + 1];
                let current = &control.periods()[position];
                let added = u64::from(next.seconds) * 1000 + u64::from(current.increment) * 1000;
                if remaining < added {
                    return FlagOutcome::Fell(FlagFall {
                        side,
                        ply,
                        evidence: FlagEvidence::PeriodNotCompleted,
                    });
                }
            }
        }
    }
    let Some((white, black)) = readings.at_end else {
        return FlagOutcome::None;
    };
    let ply = readings.after_ply.len() + 1;
    let fall = |side| FlagFall {
        side,
        ply,
        evidence: FlagEvidence::FinalReading,
    };
    match (white == 0, black == 0) {
        (false, false) => FlagOutcome::None,
        (true, false) => FlagOutcome::Fell(fall(Side::White)),
        (false, true) => FlagOutcome::Fell(fall(Side::Black)),
        (true, true) => {
            let last_period = control.is_none_or(|control| {
                // Whoever is to move has made half the plies (rounded down).
                let moves_done = readings.after_ply.len() / 2;
                let next_move = moves_done as u32 + 1;
                control.period_of_move(next_move).1.moves.is_none()
            });
            FlagOutcome::Both {
                flags: [fall(Side::White), fall(Side::Black)],
                last_period,
            }
        }
    }
}

/// The result Art. 6.9 gives to a flag fall.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlagResult {
    /// The player whose flag fell loses.
    Loss,
    /// Drawn: the opponent cannot checkmate by any series of legal moves.
    Draw,
    /// The opponent's ability to mate could not be decided.
    Undecided,
}

/// Art. 6.9: a flag fall loses unless the opponent cannot mate by any series of legal moves.
/// `opponent_can_mate` answers that question for the position at the flag fall (`None` when
/// undecided); it is only asked when needed.
pub fn flag_fall_result(opponent_can_mate: impl FnOnce() -> Option<bool>) -> FlagResult {
    match opponent_can_mate() {
        Some(true) => FlagResult::Loss,
        Some(false) => FlagResult::Draw,
        None => FlagResult::Undecided,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> TimeControl {
        match text.parse::<TimeControl>() {
            Ok(control) => control,
            Err(error) => panic!("{text:?}: {error}"),
        }
    }

    fn period(moves: Option<u32>, minutes: u32, increment: u32, delay: u32) -> Period {
        Period {
            moves,
            seconds: minutes * 60,
            increment,
            delay,
        }
    }

    #[test]
    fn art_6_3_fide_classical_compact() {
        let control = parse("40/90+30, 30+30");
        assert_eq!(
            control.periods(),
            &[period(Some(40), 90, 30, 0), period(None, 30, 30, 0)]
        );
        assert_eq!(control.to_string(), "40/90+30, 30+30");
        assert_eq!(control.category(), Category::Standard);
    }

    #[test]
    fn art_6_3_words_with_units() {
        let control = parse("90 min + 30 s/move");
        assert_eq!(control.periods(), &[period(None, 90, 30, 0)]);
        assert_eq!(control.to_string(), "90+30");
        let control = parse("90 min/40 moves + 30 min + 30 s/move");
        assert_eq!(
            control.periods(),
            &[period(Some(40), 90, 30, 0), period(None, 30, 30, 0)]
        );
        let control = parse("90' + 30''");
        assert_eq!(control.periods(), &[period(None, 90, 30, 0)]);
        let control = parse("40 moves in 2 hours, then 1 hour for the rest of the game");
        assert_eq!(
            control.periods(),
            &[period(Some(40), 120, 0, 0), period(None, 60, 0, 0)]
        );
    }

    #[test]
    fn art_6_3_2_delay_us_notation() {
        let control = parse("G/60 d5");
        assert_eq!(control.periods(), &[period(None, 60, 0, 5)]);
        assert_eq!(control.to_string(), "G/60 d5");
        let control = parse("40/120, SD/60 d5");
        assert_eq!(
            control.periods(),
            &[period(Some(40), 120, 0, 0), period(None, 60, 0, 5)]
        );
        let control = parse("G/90;inc30");
        assert_eq!(control.periods(), &[period(None, 90, 30, 0)]);
    }

    #[test]
    fn appendix_b_blitz_and_a_rapid_by_60_moves() {
        let control = parse("3+2");
        assert_eq!(control.periods(), &[period(None, 3, 2, 0)]);
        assert_eq!(control.to_string(), "3+2");
        assert_eq!(control.category(), Category::Blitz);
        // 5 + 60 × 5 s = 10 min: still blitz; 15+10 is 25 min: rapid; 50+10 = 60: standard.
        assert_eq!(parse("5+5").category(), Category::Blitz);
        assert_eq!(parse("15+10").category(), Category::Rapid);
        assert_eq!(parse("50+10").category(), Category::Standard);
        assert_eq!(parse("G/25 d5").category(), Category::Rapid);
    }

    #[test]
    fn printing_reads_back() {
        for text in [
            "40/90+30, 30+30",
            "90 min + 30 s/move",
            "G/60 d5",
            "3+2",
            "40/120, 20/60, 30",
            "90s+1",
            "1h30 + 30 s/move",
        ] {
            let control = parse(text);
            assert_eq!(parse(&control.to_string()), control, "{text}");
            assert_eq!(
                TimeControl::from_pgn_tag(&control.to_pgn_tag()).map(|c| c.to_pgn_tag()),
                Ok(control.to_pgn_tag())
            );
        }
    }

    #[test]
    fn pgn_time_control_tag() {
        let control = TimeControl::from_pgn_tag("40/5400+30:1800+30");
        assert_eq!(
            control.map(|c| c.to_string()),
            Ok("40/90+30, 30+30".to_owned())
        );
        assert!(TimeControl::from_pgn_tag("?").is_err());
        assert!(TimeControl::from_pgn_tag("40/x").is_err());
    }

    #[test]
    fn bad_time_controls_say_where() {
        let error = "90 minz".parse::<TimeControl>().err();
        assert_eq!(error.map(|e| e.offset), Some(3));
        assert!("".parse::<TimeControl>().is_err());
        assert!("40/90".parse::<TimeControl>().is_ok());
        assert!("min".parse::<TimeControl>().is_err());
        assert!("99999999999".parse::<TimeControl>().is_err());
        assert!("40/90 # 3".parse::<TimeControl>().is_err());
    }

    #[test]
    fn art_8_4_recording_may_stop_under_five_minutes_without_30s_increment() {
        assert!(may_stop_recording(299_000, 0));
        assert!(!may_stop_recording(300_000, 0));
        assert!(!may_stop_recording(100_000, 30));
        assert!(may_stop_recording(100_000, 10));
    }

    fn readings(values: &[u64]) -> ClockReadings {
        ClockReadings {
            after_ply: values.iter().map(|&v| Some(v)).collect(),
            at_end: None,
        }
    }

    #[test]
    fn art_6_8_zero_reading_is_a_flag_fall() {
        let outcome = find_flag_fall(&readings(&[60_000, 50_000, 0]), Side::White, None);
        assert_eq!(
            outcome,
            FlagOutcome::Fell(FlagFall {
                side: Side::White,
                ply: 3,
                evidence: FlagEvidence::ZeroReading
            })
        );
    }

    #[test]
    fn art_6_4_period_moves_not_completed() {
        let control = parse("2/10, 5");
        // White's 2nd move ends period 1: 5 minutes are added, so the reading must be ≥ 5 min.
        let ok = readings(&[500_000, 500_000, 400_000, 400_000]);
        assert_eq!(
            find_flag_fall(&ok, Side::White, Some(&control)),
            FlagOutcome::None
        );
        let late = readings(&[500_000, 500_000, 200_000, 400_000]);
        let FlagOutcome::Fell(fall) = find_flag_fall(&late, Side::White, Some(&control)) else {
            panic!("expected a flag fall")
        };
        assert_eq!((fall.side, fall.ply), (Side::White, 3));
        assert_eq!(fall.evidence, FlagEvidence::PeriodNotCompleted);
    }

    #[test]
    fn art_6_11_both_flags_last_period_draw_earlier_period_continues() {
        let mut both = readings(&[10_000, 10_000]);
        both.at_end = Some((0, 0));
        let sudden = parse("5");
        assert!(matches!(
            find_flag_fall(&both, Side::White, Some(&sudden)),
            FlagOutcome::Both {
                last_period: true,
                ..
            }
        ));
        let two_periods = parse("40/90, 30");
        assert!(matches!(
            find_flag_fall(&both, Side::White, Some(&two_periods)),
            FlagOutcome::Both {
                last_period: false,
                ..
            }
        ));
    }

    #[test]
    fn art_6_9_flag_fall_result() {
        assert_eq!(flag_fall_result(|| Some(true)), FlagResult::Loss);
        assert_eq!(flag_fall_result(|| Some(false)), FlagResult::Draw);
        assert_eq!(flag_fall_result(|| None), FlagResult::Undecided);
    }
}
