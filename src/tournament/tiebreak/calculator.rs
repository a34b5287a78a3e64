//! Computes any tie-break value of any player, with its working (C.07 Art. 7–10, 14, 16).
//!
//! A [`Calculator`] reads the tournament once ([`Record`]) and keeps what several tie-breaks
//! share (the Fore Buchholz record, every player's Buchholz for AOB, every player's TPR and PTP
//! for APRO and APPO), so standings with many tie-breaks stay linear in players × rounds.

use std::cell::OnceCell;

use crate::tournament::model::Tournament;
use crate::tournament::tiebreak::cut::{self, Element};
use crate::tournament::tiebreak::unplayed::Record;
use crate::tournament::tiebreak::{TieBreak, TieBreakKind, Value, opponents, own, ratings};

/// How the kept elements make the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregate {
    /// The sum divided by `denominator` (the elements' scale).
    Sum {
        /// The scale of the element values (10 for tenths of a point).
        denominator: i64,
    },
    /// The average of the kept elements divided by `denominator`, exact.
    Average {
        /// The scale of the element values.
        denominator: i64,
    },
    /// The average of the kept elements, rounded to a whole number with 0.5 up (Art. 10.1).
    RoundedAverage,
    /// The value is computed from the elements by a formula (TPR, PTP): given here.
    Formula(Option<Value>),
}

/// A tie-break value with the elements it was made of.
#[derive(Debug, Clone, PartialEq)]
pub struct Working {
    /// The tie-break.
    pub tie_break: TieBreak,
    /// Per-round elements, cut ones marked.
    pub elements: Vec<Element>,
    /// How they combine.
    pub aggregate: Aggregate,
    /// The value (`None` when it cannot be computed, e.g. TPR without rated games).
    pub value: Option<Value>,
}

impl Working {
    /// An element's value written in the tie-break's own unit (points, ratings).
    pub fn element_value(&self, element: &Element) -> Value {
        match self.aggregate {
            Aggregate::Sum { denominator } | Aggregate::Average { denominator } => {
                Value::ratio(element.value, denominator)
            }
            Aggregate::RoundedAverage | Aggregate::Formula(_) => Value::whole(element.value),
        }
    }
}

/// Tie-break values of one tournament.
#[derive(Debug)]
pub struct Calculator<'a> {
    tournament: &'a Tournament,
    /// The tournament as the tie-breaks read it.
    pub record: Record,
    /// Art. 16 applies (Swiss); otherwise Art. 15.2 (pre-determined pairings).
    pub swiss: bool,
    fore: OnceCell<Record>,
    buchholz: OnceCell<Vec<i64>>,
    fore_buchholz: OnceCell<Vec<i64>>,
    performance: OnceCell<Vec<Option<i32>>>,
    perfect: OnceCell<Vec<Option<i32>>>,
}

impl<'a> Calculator<'a> {
    /// Prepares `tournament` after the rounds paired so far (byes requested for rounds not
    /// paired yet count nowhere, [`Tournament::rounds_paired`]); `swiss` selects Art. 16
    /// (Swiss) rather than Art. 15.2 (round robin) for unplayed rounds.
    pub fn new(tournament: &'a Tournament, swiss: bool) -> Calculator<'a> {
        Calculator::after_round(tournament, swiss, tournament.rounds_paired())
    }

    /// Prepares `tournament` as it stood after round `after_round` (later rounds ignored).
    pub fn after_round(
        tournament: &'a Tournament,
        swiss: bool,
        after_round: u32,
    ) -> Calculator<'a> {
        let rounds = after_round.min(tournament.rounds_played()) as usize;
        Calculator {
            tournament,
            record: Record::with_rounds(tournament, rounds),
            swiss,
            fore: OnceCell::new(),
            buchholz: OnceCell::new(),
            fore_buchholz: OnceCell::new(),
            performance: OnceCell::new(),
            perfect: OnceCell::new(),
        }
    }

    /// The tournament.
    pub fn tournament(&self) -> &'a Tournament {
        self.tournament
    }

    /// The Fore Buchholz record (Art. 8.3).
    pub fn fore_record(&self) -> &Record {
        self.fore
            .get_or_init(|| Record::fore_with_rounds(self.tournament, self.record.rounds))
    }

    /// Every player's plain Buchholz in tenths (for AOB).
    pub fn all_buchholz(&self, fore: bool) -> &[i64] {
        let cell = if fore {
            &self.fore_buchholz
        } else {
            &self.buchholz
        };
        cell.get_or_init(|| {
            let record = if fore {
                self.fore_record()
            } else {
                &self.record
            };
            (0..record.players.len())
                .map(|p| cut::kept_sum(&opponents::buchholz_elements(record, p, self.swiss)))
                .collect()
        })
    }

    /// Every player's TPR (Art. 10.2).
    pub fn all_performances(&self) -> &[Option<i32>] {
        self.performance.get_or_init(|| {
            (0..self.record.players.len())
                .map(|p| ratings::performance(&self.record, p))
                .collect()
        })
    }

    /// Every player's PTP (Art. 10.3).
    pub fn all_perfect_performances(&self) -> &[Option<i32>] {
        self.perfect.get_or_init(|| {
            (0..self.record.players.len())
                .map(|p| ratings::perfect(&self.record, p))
                .collect()
        })
    }

    /// The value of `tie_break` for the player at index `player` (starting number − 1).
    /// Direct encounter depends on the tied group: see [`crate::tournament::tiebreak::direct`];
    /// here it is `None`.
    pub fn value(&self, player: usize, tie_break: &TieBreak) -> Option<Value> {
        self.working(player, tie_break).value
    }

    /// The value of `tie_break` for `player` with its working.
    pub fn working(&self, player: usize, tie_break: &TieBreak) -> Working {
        let (mut elements, aggregate, voluntary_rule) = self.elements(player, tie_break);
        cut::apply(&mut elements, tie_break.cut, voluntary_rule && self.swiss);
        let value = match aggregate {
            Aggregate::Sum { denominator } => {
                Some(Value::ratio(cut::kept_sum(&elements), denominator))
            }
            Aggregate::Average { denominator } => {
                let count = cut::kept_count(&elements) as i64;
                Some(if count == 0 {
                    Value::whole(0)
                } else {
                    Value::ratio(cut::kept_sum(&elements), denominator * count)
                })
            }
            Aggregate::RoundedAverage => {
                let count = cut::kept_count(&elements) as i64;
                (count > 0).then(|| {
                    Value::whole(crate::tournament::rating::div_round_half_up(
                        cut::kept_sum(&elements),
                        count,
                    ))
                })
            }
            Aggregate::Formula(value) => value,
        };
        Working {
            tie_break: *tie_break,
            elements,
            aggregate,
            value,
        }
    }

    /// The elements of a tie-break, how they combine, and whether Art. 16.5 applies to cuts.
    fn elements(&self, player: usize, tie_break: &TieBreak) -> (Vec<Element>, Aggregate, bool) {
        let record = &self.record;
        let swiss = self.swiss;
        let sum = |denominator| Aggregate::Sum { denominator };
        match tie_break.kind {
            TieBreakKind::DirectEncounter => (Vec::new(), Aggregate::Formula(None), false),
            TieBreakKind::Wins => (own::wins(record, player), sum(1), false),
            TieBreakKind::GamesWon => (own::games_won(record, player, swiss), sum(1), false),
            TieBreakKind::GamesWithBlack => {
                (own::games_with_black(record, player, swiss), sum(1), false)
            }
            TieBreakKind::WinsWithBlack => {
                (own::wins_with_black(record, player, swiss), sum(1), false)
            }
            TieBreakKind::ProgressiveScores => {
                (own::progressive_scores(record, player), sum(10), false)
            }
            TieBreakKind::RoundsElectedToPlay => {
                (own::rounds_elected_to_play(record, player), sum(1), false)
            }
            TieBreakKind::StandardPoints => (own::standard_points(record, player), sum(2), false),
            TieBreakKind::PairingNumber => (own::pairing_number(player), sum(1), false),
            TieBreakKind::Rating => (own::rating(record, player), sum(1), false),
            TieBreakKind::Buchholz => (
                opponents::buchholz_elements(record, player, swiss),
                sum(10),
                true,
            ),
            TieBreakKind::ForeBuchholz => (
                opponents::buchholz_elements(self.fore_record(), player, swiss),
                sum(10),
                true,
            ),
            TieBreakKind::AverageOpponentsBuchholz => (
                opponents::opponents_values(record, player, self.all_buchholz(false)),
                Aggregate::Average { denominator: 10 },
                false,
            ),
            TieBreakKind::SonnebornBerger => (
                opponents::sonneborn_berger_elements(record, player, swiss),
                sum(100),
                true,
            ),
            TieBreakKind::Koya => (
                opponents::koya_elements(record, player, tie_break.limit),
                sum(10),
                false,
            ),
            TieBreakKind::AverageRatingOfOpponents => (
                ratings::rated_opponents(record, player),
                Aggregate::RoundedAverage,
                false,
            ),
            TieBreakKind::PerformanceRating => (
                ratings::rated_opponents(record, player),
                Aggregate::Formula(
                    self.all_performances()[player].map(|v| Value::whole(i64::from(v))),
                ),
                false,
            ),
            TieBreakKind::PerfectPerformance => (
                ratings::rated_opponents(record, player),
                Aggregate::Formula(
                    self.all_perfect_performances()[player].map(|v| Value::whole(i64::from(v))),
                ),
                false,
            ),
            TieBreakKind::AveragePerformanceOfOpponents => (
                ratings::opponents_ratings(record, player, self.all_performances()),
                Aggregate::RoundedAverage,
                false,
            ),
            TieBreakKind::AveragePerfectPerformanceOfOpponents => (
                ratings::opponents_ratings(record, player, self.all_perfect_performances()),
                Aggregate::RoundedAverage,
                false,
            ),
        }
    }
}
