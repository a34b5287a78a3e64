//! Which rating pairs and which is reported. A registration carries its FIDE rating and its
//! national rating side by side (a national list fills the national one and never overwrites
//! the FIDE one; the FIDE rating list fills the FIDE one and never the national one). The
//! tournament says which of them ranks the players for pairing (the "strength" of C.04.2
//! Art. 2.2.1, hence the starting numbers) and which one its reports carry (the rating
//! column of the TRF, the rating calculations of B.02, the ratings in standings and on
//! printed lists).
//!
//! A national federation's own events commonly pair on the national rating, or on the FIDE
//! rating where the player has one and the national rating otherwise; the "higher of the two"
//! rule is offered as other tournament programs offer it.

/// A registration's two ratings (0 = unrated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Ratings {
    /// The FIDE rating (of the event's rating type).
    pub fide: u16,
    /// The national rating.
    pub national: u16,
}

/// The rating C.04.2 Art. 2.2.1 ranks the players by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PairingRating {
    /// The FIDE rating.
    #[default]
    Fide,
    /// The national rating.
    National,
    /// The FIDE rating, or the national rating of a player without one.
    FideElseNational,
    /// The higher of the two.
    Higher,
}

impl PairingRating {
    /// Every choice, in the order forms list them.
    pub const ALL: [PairingRating; 4] = [
        PairingRating::Fide,
        PairingRating::National,
        PairingRating::FideElseNational,
        PairingRating::Higher,
    ];

    /// The code stored and used in forms.
    pub fn as_str(self) -> &'static str {
        match self {
            PairingRating::Fide => "fide",
            PairingRating::National => "national",
            PairingRating::FideElseNational => "fide_else_national",
            PairingRating::Higher => "higher",
        }
    }

    /// The choice of a code written by [`PairingRating::as_str`].
    pub fn parse(code: &str) -> Option<PairingRating> {
        PairingRating::ALL
            .into_iter()
            .find(|choice| choice.as_str() == code)
    }

    /// The rating this choice ranks a registration by.
    pub fn of(self, ratings: Ratings) -> u16 {
        match self {
            PairingRating::Fide => ratings.fide,
            PairingRating::National => ratings.national,
            PairingRating::FideElseNational if ratings.fide > 0 => ratings.fide,
            PairingRating::FideElseNational => ratings.national,
            PairingRating::Higher => ratings.fide.max(ratings.national),
        }
    }
}

/// The rating a tournament's reports carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ReportedRating {
    /// The FIDE rating: the event is rated by FIDE.
    #[default]
    Fide,
    /// The national rating: the event is rated by the national federation only.
    National,
}

impl ReportedRating {
    /// Every choice, in the order forms list them.
    pub const ALL: [ReportedRating; 2] = [ReportedRating::Fide, ReportedRating::National];

    /// The code stored and used in forms.
    pub fn as_str(self) -> &'static str {
        match self {
            ReportedRating::Fide => "fide",
            ReportedRating::National => "national",
        }
    }

    /// The choice of a code written by [`ReportedRating::as_str`].
    pub fn parse(code: &str) -> Option<ReportedRating> {
        ReportedRating::ALL
            .into_iter()
            .find(|choice| choice.as_str() == code)
    }

    /// The rating reported of a registration.
    pub fn of(self, ratings: Ratings) -> u16 {
        match self {
            ReportedRating::Fide => ratings.fide,
            ReportedRating::National => ratings.national,
        }
    }
}

/// A tournament's two choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RatingBasis {
    /// The rating that ranks the players (C.04.2 Art. 2.2.1).
    pub pairing: PairingRating,
    /// The rating the reports carry.
    pub reported: ReportedRating,
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOTH: Ratings = Ratings {
        fide: 1850,
        national: 1920,
    };
    const NATIONAL_ONLY: Ratings = Ratings {
        fide: 0,
        national: 1500,
    };

    #[test]
    fn c04_2_art_2_2_1_pairing_rating_of_each_choice() {
        assert_eq!(PairingRating::Fide.of(BOTH), 1850);
        assert_eq!(PairingRating::Fide.of(NATIONAL_ONLY), 0);
        assert_eq!(PairingRating::National.of(BOTH), 1920);
        assert_eq!(PairingRating::FideElseNational.of(BOTH), 1850);
        assert_eq!(PairingRating::FideElseNational.of(NATIONAL_ONLY), 1500);
        assert_eq!(PairingRating::Higher.of(BOTH), 1920);
        assert_eq!(PairingRating::Higher.of(NATIONAL_ONLY), 1500);
    }

    #[test]
    fn reported_rating_of_each_choice() {
        assert_eq!(ReportedRating::Fide.of(BOTH), 1850);
        assert_eq!(ReportedRating::National.of(BOTH), 1920);
        assert_eq!(ReportedRating::National.of(NATIONAL_ONLY), 1500);
    }

    #[test]
    fn codes_read_back() {
        for choice in PairingRating::ALL {
            assert_eq!(PairingRating::parse(choice.as_str()), Some(choice));
        }
        for choice in ReportedRating::ALL {
            assert_eq!(ReportedRating::parse(choice.as_str()), Some(choice));
        }
        assert_eq!(PairingRating::parse("elo"), None);
        assert_eq!(ReportedRating::parse(""), None);
    }
}
