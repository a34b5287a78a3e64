//! Individual tie-breaks of the FIDE Tie-Break Regulations (C.07, applied from 1 March 2026).
//!
//! - Art. 4.2: ranking by the ordered tie-break list, then drawing of lots ([`rank`](fn@rank)).
//! - Art. 6: direct encounter (DE) ([`direct`]).
//! - Art. 7: the participant's own record: WIN, WON, BPG, BWG, PS, REP, STD, TPN ([`own`]).
//! - Art. 8–9: Buchholz (BH), average of opponents' Buchholz (AOB), Fore Buchholz (FB),
//!   Sonneborn-Berger (SB), Koya (KS) ([`opponents`]).
//! - Art. 10: ARO, TPR, PTP, APRO, APPO, RTNG ([`ratings`]).
//! - Art. 14: modifiers Cut-1, Cut-2, Median-1, Median-2 and the Koya limit ([`cut`]).
//! - Art. 15–16: unplayed rounds (voluntary unplayed rounds, adjusted scores, the dummy
//!   opponent and its caps, the Cut-1 exception) ([`unplayed`]).
//!
//! Codes are read as FIDE writes them (`BH-C1`) and as TRF-2026 writes them (`BH/C1`).
//! Team tie-breaks (Art. 11–13) are not implemented.

use std::cmp::Ordering;
use std::fmt;

pub mod calculator;
pub mod cut;
pub mod direct;
pub mod opponents;
pub mod own;
pub mod rank;
pub mod ratings;
pub mod unplayed;

pub use calculator::{Calculator, Working};
pub use rank::{Lots, Standing, Standings, TieBreakSettings, rank};
pub use unplayed::Record;

/// A tie-break family, by its C.07 acronym (Art. 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreakKind {
    /// Direct encounter (Art. 6).
    DirectEncounter,
    /// Number of wins, with or without playing (Art. 7.1).
    Wins,
    /// Number of games won over the board (Art. 7.2).
    GamesWon,
    /// Number of games played with black (Art. 7.3).
    GamesWithBlack,
    /// Number of games won with black (Art. 7.4).
    WinsWithBlack,
    /// Sum of progressive scores (Art. 7.5).
    ProgressiveScores,
    /// Rounds one elected to play in (Art. 7.6).
    RoundsElectedToPlay,
    /// Standard points (Art. 7.7).
    StandardPoints,
    /// Tournament pairing number (Art. 7.8), lower first.
    PairingNumber,
    /// Buchholz (Art. 8.1).
    Buchholz,
    /// Average of opponents' Buchholz (Art. 8.2).
    AverageOpponentsBuchholz,
    /// Fore Buchholz (Art. 8.3).
    ForeBuchholz,
    /// Sonneborn-Berger (Art. 9.1).
    SonnebornBerger,
    /// Koya system (Art. 9.2).
    Koya,
    /// Average rating of opponents (Art. 10.1).
    AverageRatingOfOpponents,
    /// Tournament performance rating (Art. 10.2).
    PerformanceRating,
    /// Perfect tournament performance (Art. 10.3).
    PerfectPerformance,
    /// Average performance rating of opponents (Art. 10.4).
    AveragePerformanceOfOpponents,
    /// Average perfect performance of opponents (Art. 10.5).
    AveragePerfectPerformanceOfOpponents,
    /// Rating (Art. 10.6), higher first.
    Rating,
}

impl TieBreakKind {
    /// Every individual tie-break, in the order of C.07 Art. 6–10.
    pub const ALL: [TieBreakKind; 20] = [
        TieBreakKind::DirectEncounter,
        TieBreakKind::Wins,
        TieBreakKind::GamesWon,
        TieBreakKind::GamesWithBlack,
        TieBreakKind::WinsWithBlack,
        TieBreakKind::ProgressiveScores,
        TieBreakKind::RoundsElectedToPlay,
        TieBreakKind::StandardPoints,
        TieBreakKind::PairingNumber,
        TieBreakKind::Buchholz,
        TieBreakKind::AverageOpponentsBuchholz,
        TieBreakKind::ForeBuchholz,
        TieBreakKind::SonnebornBerger,
        TieBreakKind::Koya,
        TieBreakKind::AverageRatingOfOpponents,
        TieBreakKind::PerformanceRating,
        TieBreakKind::PerfectPerformance,
        TieBreakKind::AveragePerformanceOfOpponents,
        TieBreakKind::AveragePerfectPerformanceOfOpponents,
        TieBreakKind::Rating,
    ];

    /// The FIDE acronym (C.07 Art. 5).
    pub fn code(self) -> &'static str {
        match self {
            TieBreakKind::DirectEncounter => "DE",
            TieBreakKind::Wins => "WIN",
            TieBreakKind::GamesWon => "WON",
            TieBreakKind::GamesWithBlack => "BPG",
            TieBreakKind::WinsWithBlack => "BWG",
            TieBreakKind::ProgressiveScores => "PS",
            TieBreakKind::RoundsElectedToPlay => "REP",
            TieBreakKind::StandardPoints => "STD",
            TieBreakKind::PairingNumber => "TPN",
            TieBreakKind::Buchholz => "BH",
            TieBreakKind::AverageOpponentsBuchholz => "AOB",
            TieBreakKind::ForeBuchholz => "FB",
            TieBreakKind::SonnebornBerger => "SB",
            TieBreakKind::Koya => "KS",
            TieBreakKind::AverageRatingOfOpponents => "ARO",
            TieBreakKind::PerformanceRating => "TPR",
            TieBreakKind::PerfectPerformance => "PTP",
            TieBreakKind::AveragePerformanceOfOpponents => "APRO",
            TieBreakKind::AveragePerfectPerformanceOfOpponents => "APPO",
            TieBreakKind::Rating => "RTNG",
        }
    }

    /// The English name used in C.07 Art. 5.
    pub fn name(self) -> &'static str {
        match self {
            TieBreakKind::DirectEncounter => "Direct Encounter",
            TieBreakKind::Wins => "Number of Wins",
            TieBreakKind::GamesWon => "Number of Games Won",
            TieBreakKind::GamesWithBlack => "Number of Games Played with Black",
            TieBreakKind::WinsWithBlack => "Number of Games Won with Black",
            TieBreakKind::ProgressiveScores => "Sum of Progressive Scores",
            TieBreakKind::RoundsElectedToPlay => "Rounds one Elected to Play in",
            TieBreakKind::StandardPoints => "Standard Points",
            TieBreakKind::PairingNumber => "Tournament Pairing Number",
            TieBreakKind::Buchholz => "Buchholz",
            TieBreakKind::AverageOpponentsBuchholz => "Average of Opponents' Buchholz",
            TieBreakKind::ForeBuchholz => "Fore Buchholz",
            TieBreakKind::SonnebornBerger => "Sonneborn-Berger",
            TieBreakKind::Koya => "Koya System",
            TieBreakKind::AverageRatingOfOpponents => "Average Rating of Opponents",
            TieBreakKind::PerformanceRating => "Tournament Performance Rating",
            TieBreakKind::PerfectPerformance => "Perfect Tournament Performance",
            TieBreakKind::AveragePerformanceOfOpponents => {
                "Average Performance Rating of Opponents"
            }
            TieBreakKind::AveragePerfectPerformanceOfOpponents => {
                "Average Perfect Performance of Opponents"
            }
            TieBreakKind::Rating => "Rating",
        }
    }

    /// The C.07 article that defines it.
    pub fn article(self) -> &'static str {
        match self {
            TieBreakKind::DirectEncounter => "6",
            TieBreakKind::Wins => "7.1",
            TieBreakKind::GamesWon => "7.2",
            TieBreakKind::GamesWithBlack => "7.3",
            TieBreakKind::WinsWithBlack => "7.4",
            TieBreakKind::ProgressiveScores => "7.5",
            TieBreakKind::RoundsElectedToPlay => "7.6",
            TieBreakKind::StandardPoints => "7.7",
            TieBreakKind::PairingNumber => "7.8",
            TieBreakKind::Buchholz => "8.1",
            TieBreakKind::AverageOpponentsBuchholz => "8.2",
            TieBreakKind::ForeBuchholz => "8.3",
            TieBreakKind::SonnebornBerger => "9.1",
            TieBreakKind::Koya => "9.2",
            TieBreakKind::AverageRatingOfOpponents => "10.1",
            TieBreakKind::PerformanceRating => "10.2",
            TieBreakKind::PerfectPerformance => "10.3",
            TieBreakKind::AveragePerformanceOfOpponents => "10.4",
            TieBreakKind::AveragePerfectPerformanceOfOpponents => "10.5",
            TieBreakKind::Rating => "10.6",
        }
    }

    /// Whether a Cut/Median modifier (Art. 14.1–14.4) makes sense: the value is a sum or an
    /// average of per-round elements.
    pub fn accepts_cuts(self) -> bool {
        matches!(
            self,
            TieBreakKind::ProgressiveScores
                | TieBreakKind::Buchholz
                | TieBreakKind::AverageOpponentsBuchholz
                | TieBreakKind::ForeBuchholz
                | TieBreakKind::SonnebornBerger
                | TieBreakKind::AverageRatingOfOpponents
                | TieBreakKind::AveragePerformanceOfOpponents
                | TieBreakKind::AveragePerfectPerformanceOfOpponents
        )
    }

    fn from_code(code: &str) -> Option<TieBreakKind> {
        let upper = code.to_ascii_uppercase();
        let kind = match upper.as_str() {
            "KOYA" => TieBreakKind::Koya,
            "GNW" => TieBreakKind::Wins,
            "GNB" => TieBreakKind::GamesWithBlack,
            "RAT" | "RATING" => TieBreakKind::Rating,
            other => *TieBreakKind::ALL.iter().find(|k| k.code() == other)?,
        };
        Some(kind)
    }
}

/// A Cut/Median modifier (C.07 Art. 14.1–14.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Cut {
    /// Every element counts.
    #[default]
    None,
    /// Cut-1: the least significant value (Art. 14.1).
    Cut1,
    /// Cut-2: the two least significant values (Art. 14.2).
    Cut2,
    /// Median-1: the least, then the most significant value (Art. 14.3).
    Median1,
    /// Median-2: the two least, then the two most significant values (Art. 14.4).
    Median2,
}

impl Cut {
    /// How many least and most significant values are cut.
    pub fn counts(self) -> (usize, usize) {
        match self {
            Cut::None => (0, 0),
            Cut::Cut1 => (1, 0),
            Cut::Cut2 => (2, 0),
            Cut::Median1 => (1, 1),
            Cut::Median2 => (2, 2),
        }
    }

    fn code(self) -> Option<&'static str> {
        match self {
            Cut::None => None,
            Cut::Cut1 => Some("C1"),
            Cut::Cut2 => Some("C2"),
            Cut::Median1 => Some("M1"),
            Cut::Median2 => Some("M2"),
        }
    }
}

/// One entry of a tie-break list: a family with its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TieBreak {
    /// The family.
    pub kind: TieBreakKind,
    /// Cut or Median modifier (Art. 14.1–14.4).
    pub cut: Cut,
    /// Koya limit change in tenths of a point (Art. 14.5): positive raises the 50 % limit
    /// (fewer opponents count), negative lowers it.
    pub limit: i32,
    /// Reverse order (Art. 7.8 TPN descending, Art. 10.6 RTNG lowest first).
    pub reverse: bool,
}

impl TieBreak {
    /// The plain tie-break of `kind`, without modifiers.
    pub fn new(kind: TieBreakKind) -> TieBreak {
        TieBreak {
            kind,
            cut: Cut::None,
            limit: 0,
            reverse: false,
        }
    }

    /// The same tie-break with `cut`.
    pub fn with_cut(self, cut: Cut) -> TieBreak {
        TieBreak { cut, ..self }
    }

    /// The code as FIDE writes it (`BH-C1`).
    pub fn fide_code(&self) -> String {
        self.code_with('-')
    }

    /// The code as TRF-2026 writes it (`BH/C1`).
    pub fn trf_code(&self) -> String {
        self.code_with('/')
    }

    fn code_with(&self, separator: char) -> String {
        let mut code = self.kind.code().to_string();
        if let Some(cut) = self.cut.code() {
            code.push(separator);
            code.push_str(cut);
        }
        if self.limit != 0 {
            code.push(separator);
            code.push('L');
            let sign = if self.limit > 0 { '+' } else { '-' };
            code.push(sign);
            code.push_str(&crate::tournament::Points(self.limit.abs()).to_string());
        }
        if self.reverse {
            code.push(separator);
            code.push('R');
        }
        code
    }

    /// Reads one code: `BH`, `BH-C1`, `BH/C1`, `BH C1`, `ARO/M2`, `KS/L+0.5`, `TPN/R`
    /// (case-insensitive).
    pub fn parse(text: &str) -> Result<TieBreak, TieBreakParseError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(TieBreakParseError::Empty);
        }
        let mut parts = trimmed
            .split(['-', '/', ' '])
            .filter(|p| !p.is_empty())
            .peekable();
        // A Koya limit written `KS-L-0.5` splits the sign off: glue it back below.
        let head = parts.next().ok_or(TieBreakParseError::Empty)?;
        let kind = TieBreakKind::from_code(head).ok_or_else(|| TieBreakParseError::Unknown {
            code: trimmed.to_string(),
            part: head.to_string(),
        })?;
        let mut tie_break = TieBreak::new(kind);
        let rest: Vec<&str> = parts.collect();
        let mut index = 0;
        while index < rest.len() {
            let part = rest[index].to_ascii_uppercase();
            index += 1;
            let bad = || TieBreakParseError::BadModifier {
                code: trimmed.to_string(),
                modifier: part.clone(),
            };
            match part.as_str() {
                "C1" | "M1" | "C2" | "M2" | "M" => {
                    if !kind.accepts_cuts() || tie_break.cut != Cut::None {
                        return Err(bad());
                    }
                    tie_break.cut = match part.as_str() {
                        "C1" => Cut::Cut1,
                        "C2" => Cut::Cut2,
                        "M1" | "M" => Cut::Median1,
                        _ => Cut::Median2,
                    };
                }
                "R" => {
                    if !matches!(kind, TieBreakKind::PairingNumber | TieBreakKind::Rating) {
                        return Err(bad());
                    }
                    tie_break.reverse = true;
                }
                _ if part.starts_with('L') && kind == TieBreakKind::Koya => {
                    let mut value = part[1..].to_string();
                    if value.is_empty() && index < rest.len() {
                        // `KS-L-0.5`: the '-' was taken as a separator.
                        value = format!("-{}", rest[index]);
                        index += 1;
                    }
                    let value = value.strip_prefix('+').unwrap_or(&value).to_string();
                    let points = crate::tournament::Points::parse(&value).ok_or_else(bad)?;
                    if points.0 % 5 != 0 {
                        return Err(bad());
                    }
                    tie_break.limit = points.0;
                }
                _ => return Err(bad()),
            }
        }
        Ok(tie_break)
    }

    /// Reads a comma-separated list (`BH-C1,BH,SB,DE` or a TRF `202` value `BH/C1, BH, SB`).
    /// A leading `PTS` (TRF `212`: the points themselves) is skipped.
    pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, TieBreakParseError> {
        text.split([',', ';'])
            .map(str::trim)
            .filter(|code| !code.is_empty() && !code.eq_ignore_ascii_case("PTS"))
            .map(TieBreak::parse)
            .collect()
    }

    /// True when a higher value ranks higher.
    pub fn higher_is_better(&self) -> bool {
        match self.kind {
            TieBreakKind::PairingNumber => self.reverse,
            TieBreakKind::Rating => !self.reverse,
            _ => true,
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fide_code())
    }
}

/// Why a tie-break code could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TieBreakParseError {
    /// Nothing to read.
    #[error("empty tie-break code")]
    Empty,
    /// Not a C.07 acronym.
    #[error(
        "{code}: `{part}` is not a C.07 individual tie-break (known: DE, WIN, WON, BPG, BWG, PS, REP, STD, TPN, BH, AOB, FB, SB, KS, ARO, TPR, PTP, APRO, APPO, RTNG)"
    )]
    Unknown {
        /// The whole code.
        code: String,
        /// The part not understood.
        part: String,
    },
    /// A modifier that does not exist or does not apply to this tie-break.
    #[error(
        "{code}: modifier `{modifier}` does not apply (C1, C2, M1, M2 on sums; L±x on KS; R on TPN/RTNG)"
    )]
    BadModifier {
        /// The whole code.
        code: String,
        /// The modifier.
        modifier: String,
    },
}

/// An exact tie-break value: `numerator / denominator` (so averages compare exactly), or
/// `None` when it cannot be computed (e.g. TPR without games played over the board).
/// Equality is numeric: `1/3 == 2/6`.
#[derive(Debug, Clone, Copy)]
pub struct Value {
    /// Numerator.
    pub numerator: i64,
    /// Denominator, always positive.
    pub denominator: i64,
}

impl Value {
    /// A whole number.
    pub fn whole(value: i64) -> Value {
        Value {
            numerator: value,
            denominator: 1,
        }
    }

    /// A value in tenths of a point (as [`crate::tournament::Points`]).
    pub fn tenths(value: i64) -> Value {
        Value {
            numerator: value,
            denominator: 10,
        }
    }

    /// `numerator / denominator` (denominator > 0).
    pub fn ratio(numerator: i64, denominator: i64) -> Value {
        debug_assert!(denominator > 0);
        Value {
            numerator,
            denominator,
        }
    }

    /// As a decimal number.
    pub fn as_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// Written with at most two decimals (`28`, `28.5`, `2.33`).
    pub fn display(self) -> String {
        let hundredths =
            crate::tournament::rating::div_round_half_up(self.numerator * 100, self.denominator);
        let sign = if hundredths < 0 { "-" } else { "" };
        let magnitude = hundredths.abs();
        let (whole, fraction) = (magnitude / 100, magnitude % 100);
        if fraction == 0 {
            format!("{sign}{whole}")
        } else if fraction % 10 == 0 {
            format!("{sign}{whole}.{}", fraction / 10)
        } else {
            format!("{sign}{whole}.{fraction:02}")
        }
    }
}

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        let left = i128::from(self.numerator) * i128::from(other.denominator);
        let right = i128::from(other.numerator) * i128::from(self.denominator);
        left.cmp(&right)
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn art_14_codes_read_in_fide_and_trf_spelling() {
        let fide = TieBreak::parse("BH-C1").expect("FIDE spelling");
        let trf = TieBreak::parse("BH/C1").expect("TRF spelling");
        assert_eq!(fide, trf);
        assert_eq!(fide.kind, TieBreakKind::Buchholz);
        assert_eq!(fide.cut, Cut::Cut1);
        assert_eq!(fide.fide_code(), "BH-C1");
        assert_eq!(fide.trf_code(), "BH/C1");
        assert_eq!(TieBreak::parse("sb/m2").map(|t| t.cut), Ok(Cut::Median2));
    }

    #[test]
    fn art_14_5_koya_limit_both_signs() {
        let up = TieBreak::parse("KS/L+0.5").expect("raise");
        assert_eq!(up.limit, 5);
        let down = TieBreak::parse("KS-L-1").expect("lower");
        assert_eq!(down.limit, -10);
        assert_eq!(down.fide_code(), "KS-L-1");
        assert!(TieBreak::parse("KS/L+0.3").is_err());
    }

    #[test]
    fn art_14_cut_refused_where_meaningless() {
        assert!(matches!(
            TieBreak::parse("WIN/C1"),
            Err(TieBreakParseError::BadModifier { .. })
        ));
        assert!(matches!(
            TieBreak::parse("XYZ"),
            Err(TieBreakParseError::Unknown { .. })
        ));
    }

    #[test]
    fn trf_212_list_skips_points() {
        let list = TieBreak::parse_list("PTS, BH/C1, BH, SB, DE").expect("list");
        let codes: Vec<String> = list.iter().map(TieBreak::fide_code).collect();
        assert_eq!(codes, ["BH-C1", "BH", "SB", "DE"]);
    }

    #[test]
    fn values_compare_exactly() {
        assert_eq!(Value::ratio(1, 3).cmp(&Value::ratio(2, 6)), Ordering::Equal);
        assert!(Value::ratio(2, 3) > Value::tenths(6));
        assert_eq!(Value::ratio(7, 3).display(), "2.33");
        assert_eq!(Value::tenths(285).display(), "28.5");
    }
}
