//! The points scale of a series: by place in each event, or by the game points scored.
//!
//! **Shared places.** When an event's standings give one place to several players (the same
//! rank after every tie-break, or a shared place the standings left shared), those players
//! hold the places from that rank on together and each takes the *average* of those places'
//! values, rounded down to the hundredth: two players sharing 2nd on the scale 25, 20, 16
//! take (20 + 16) / 2 = 18 each; three sharing 3rd on 16, 13, 11 take 13.33 each. No FIDE
//! text covers series; this is the rule most Grand Prix regulations write for shared prize
//! money (compare the split of C.04.2-era prize rules in [`crate::tournament::prizes`]).

use std::fmt;

use crate::tournament::scoring::Points;

/// Series points in hundredths (`SeriesPoints(2500)` = 25, `SeriesPoints(1333)` = 13.33), so
/// that a shared place's average is exact enough to read and to compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SeriesPoints(pub i64);

impl SeriesPoints {
    /// Whole points.
    pub fn whole(points: i64) -> SeriesPoints {
        SeriesPoints(points * 100)
    }

    /// Reads `25`, `22.5`, `13.33` (a comma as decimal sign too); `None` for anything else or
    /// a negative value.
    pub fn parse(text: &str) -> Option<SeriesPoints> {
        let text = text.trim();
        let (whole, fraction) = text.split_once(['.', ',']).unwrap_or((text, ""));
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 9 {
            return None;
        }
        if fraction.len() > 2 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let hundredths = match fraction.len() {
            0 => 0,
            1 => fraction.parse::<i64>().ok()? * 10,
            _ => fraction.parse::<i64>().ok()?,
        };
        Some(SeriesPoints(whole.parse::<i64>().ok()? * 100 + hundredths))
    }
}

impl std::ops::Add for SeriesPoints {
    type Output = SeriesPoints;
    fn add(self, other: SeriesPoints) -> SeriesPoints {
        SeriesPoints(self.0 + other.0)
    }
}

impl std::iter::Sum for SeriesPoints {
    fn sum<I: Iterator<Item = SeriesPoints>>(iter: I) -> SeriesPoints {
        SeriesPoints(iter.map(|p| p.0).sum())
    }
}

impl fmt::Display for SeriesPoints {
    /// `25`, `22.5`, `13.33`: decimals only as many as needed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let value = self.0.abs();
        match value % 100 {
            0 => write!(f, "{sign}{}", value / 100),
            n if n % 10 == 0 => write!(f, "{sign}{}.{}", value / 100, n / 10),
            n => write!(f, "{sign}{}.{n:02}", value / 100),
        }
    }
}

/// How an event's result becomes series points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scale {
    /// By the place in the event's standings: `values[0]` for 1st, `values[1]` for 2nd, …;
    /// a place beyond the list takes `beyond` (0, or a value for taking part).
    ByPlace {
        /// The values of the places from 1st on.
        values: Vec<SeriesPoints>,
        /// What a place beyond the list takes.
        beyond: SeriesPoints,
    },
    /// By the game points scored in the event (byes and points outside the games included, as
    /// the event's standings count them), times `multiplier`.
    ByGamePoints {
        /// A whole number, 1 or more.
        multiplier: u32,
    },
}

impl Scale {
    /// The codes stored and sent by the form.
    pub const KINDS: [&'static str; 2] = ["place", "game_points"];

    /// The scale's code ([`Scale::KINDS`]).
    pub fn kind(&self) -> &'static str {
        match self {
            Scale::ByPlace { .. } => "place",
            Scale::ByGamePoints { .. } => "game_points",
        }
    }

    /// The value of `place` alone (1 = first).
    pub fn place_value(&self, place: u32) -> SeriesPoints {
        match self {
            Scale::ByPlace { values, beyond } => usize::try_from(place)
                .ok()
                .and_then(|place| place.checked_sub(1))
                .and_then(|index| values.get(index))
                .copied()
                .unwrap_or(*beyond),
            Scale::ByGamePoints { .. } => SeriesPoints::default(),
        }
    }

    /// What a player takes for `place` held together by `sharing` players (1 when alone) with
    /// `points` in the event (see the module doc for shared places).
    pub fn value(&self, place: u32, sharing: u32, points: Points) -> SeriesPoints {
        match self {
            Scale::ByPlace { .. } => {
                let sharing = sharing.max(1);
                let sum: i64 = (place..place.saturating_add(sharing))
                    .map(|p| self.place_value(p).0)
                    .sum();
                SeriesPoints(sum / i64::from(sharing))
            }
            Scale::ByGamePoints { multiplier } => {
                // Points are tenths: tenths × 10 = hundredths.
                SeriesPoints(i64::from(points.0) * 10 * i64::from(*multiplier))
            }
        }
    }
}

/// Reads a list of place values (`25, 20, 16, 13`, or separated by spaces, semicolons or
/// lines; a decimal with a point: `12.5`); `None` when one does not read as a number of points
/// (at most two decimals) or the list is empty.
pub fn parse_values(text: &str) -> Option<Vec<SeriesPoints>> {
    let values: Vec<SeriesPoints> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .map(SeriesPoints::parse)
        .collect::<Option<_>>()?;
    (!values.is_empty()).then_some(values)
}

/// The values as the form shows them and the database keeps them: `25, 20, 16`.
pub fn values_text(values: &[SeriesPoints]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_places_take_the_average_of_their_values() {
        let scale = Scale::ByPlace {
            values: [25, 20, 16, 13, 11].map(SeriesPoints::whole).to_vec(),
            beyond: SeriesPoints::whole(1),
        };
        assert_eq!(scale.value(1, 1, Points::ZERO), SeriesPoints(2500));
        assert_eq!(scale.value(2, 2, Points::ZERO), SeriesPoints(1800));
        assert_eq!(scale.value(3, 3, Points::ZERO), SeriesPoints(1333));
        assert_eq!(scale.value(5, 2, Points::ZERO), SeriesPoints(600));
        assert_eq!(scale.value(9, 1, Points::ZERO), SeriesPoints(100));
        assert_eq!(SeriesPoints(1333).to_string(), "13.33");
        assert_eq!(SeriesPoints(2250).to_string(), "22.5");
        assert_eq!(SeriesPoints(2500).to_string(), "25");
    }

    #[test]
    fn values_read_and_write_back() {
        let values = parse_values("25, 20,16\n13;11 10.5").expect("reads");
        assert_eq!(values_text(&values), "25, 20, 16, 13, 11, 10.5");
        assert_eq!(parse_values("25, x"), None);
        assert_eq!(parse_values(" "), None);
        assert_eq!(SeriesPoints::parse("-1"), None);
        assert_eq!(SeriesPoints::parse("1.234"), None);
    }
}
