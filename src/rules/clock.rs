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
mod parse;

/// One player of the game, as the clock sees them: the colour of their pieces (an alias kept
/// for older call sites; it is [`super::Color`]).
pub type Side = super::Color;

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
