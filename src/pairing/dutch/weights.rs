//! The criteria as edge weights: absolute criteria C1–C3 make an edge absent; C4–C21 are bit
//! fields of one wide weight, in priority order (C.04.3 Art. 2).

use super::entrants::{Context, Entrant, Float};
use super::{compatible_preferences, invert};
use crate::pairing::matching::{MatchWeight, Wide};
use crate::tournament::model::Color;

/// What C5 and C9 ask of the PAB in the round being paired: its score group, whether the
/// single player moved down from the current bracket would take it, and the rank of each
/// number of played games in that group (C9: the PAB goes to the fewest unplayed games).
#[derive(Debug, Clone, Default)]
pub(super) struct ByeRule {
    pub(super) score: i32,
    pub(super) single_downfloater_is_bye: bool,
    pub(super) unplayed_ranks: std::collections::HashMap<usize, usize>,
}

/// What C3 reads of a player: an absolute colour preference, and whether he is a topscorer
/// in the last round (excepted).
#[derive(Debug, Clone, Copy)]
pub(super) struct ColourKey {
    absolute: bool,
    preference: Option<Color>,
    excepted: bool,
}

impl ColourKey {
    /// C3: the two may meet unless both have the same absolute colour preference (neither
    /// excepted).
    pub(super) fn meets(&self, other: &ColourKey) -> bool {
        !self.absolute
            || !other.absolute
            || self.preference != other.preference
            || self.excepted
            || other.excepted
    }
}

/// The part of a player that [`Context::edge_fields`] reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) struct EdgeClass {
    score: i32,
    bye_eligible: bool,
    played_games: usize,
    preference: Option<Color>,
    colour_imbalance: usize,
    repeated: Option<Color>,
    strong: bool,
    floats: [Float; 2],
}

impl Context {
    /// What C3 reads of a player.
    pub(super) fn colour_key(&self, p: &Entrant) -> ColourKey {
        // C3, with the exception for topscorers (over 50 % of the maximum) in the last round.
        let threshold = (self.played_rounds as i32 * self.win.max(self.draw)) >> 1;
        let last_round = self.expected_rounds > 0 && self.played_rounds + 1 >= self.expected_rounds;
        ColourKey {
            absolute: p.absolute_preference(),
            preference: p.preference,
            excepted: last_round && p.acc[0] > threshold,
        }
    }

    pub(super) fn bye_candidate(&self, p: &Entrant, bye_score: i32) -> bool {
        p.bye_eligible && p.acc[0] <= bye_score
    }

    pub(super) fn one_at<const L: usize>(&self, score: i32) -> Wide<L> {
        let shift = self.group_shift.get(&score).copied().unwrap_or(0);
        Wide::from_u64(1).shifted_left(shift)
    }

    /// The PAB's place in the order of players left unpaired: who would rather be left out by
    /// C5 (a bye candidate) and C9 (fewest unplayed games), smallest first. Edges outside the
    /// bracket weigh a constant plus one part per end that grows with this key.
    pub(super) fn bye_key(&self, p: &Entrant, bye: &ByeRule) -> (bool, usize) {
        let rank = if bye.single_downfloater_is_bye && p.acc[0] == bye.score {
            bye.unplayed_ranks
                .get(&p.played_games)
                .copied()
                .unwrap_or(0)
        } else {
            0
        };
        (!self.bye_candidate(p, bye.score), rank)
    }

    /// What [`Self::edge_fields`] reads of a player: two players of the same class weigh the
    /// same against anybody, so a bracket's weights are a table over the classes of its
    /// players (C.04.3 A: score, colour preference, floats; C.04.1 byes).
    pub(super) fn edge_class(&self, p: &Entrant) -> EdgeClass {
        EdgeClass {
            score: p.acc[0],
            bye_eligible: p.bye_eligible,
            played_games: p.played_games,
            preference: p.preference,
            colour_imbalance: p.colour_imbalance,
            repeated: p.repeated,
            strong: p.strong,
            floats: [p.float[1], p.float[2]],
        }
    }

    /// The weight of an edge between two players who may meet (C1–C3 are checked apart: an
    /// edge between players who may not meet is absent).
    /// It reads only the players' [`EdgeClass`]es.
    pub(super) fn edge_fields<const L: usize>(
        &self,
        higher: &Entrant,
        lower: &Entrant,
        lower_in_current: bool,
        lower_in_next: bool,
        bye: &ByeRule,
    ) -> Wide<L> {
        let s = self.group_size_bits;
        let g = self.groups_shift;
        let small = |v: usize| Wide::<L>::from_u64(v as u64);
        // C4, C5.
        let mut w = small(
            1 + usize::from(!self.bye_candidate(higher, bye.score))
                + usize::from(!self.bye_candidate(lower, bye.score)),
        );
        // C6: pairs in the current bracket; C7: scores paired.
        w = w.shifted_left(s).plus(small(usize::from(lower_in_current)));
        w = w.shifted_left(g);
        if lower_in_current {
            w = w.plus(self.one_at(higher.acc[0]));
        }
        // The same for the next bracket.
        w = w.shifted_left(s).plus(small(usize::from(lower_in_next)));
        w = w.shifted_left(g);
        if lower_in_next {
            w = w.plus(self.one_at(higher.acc[0]));
        }
        // C9: unplayed games of the PAB assignee.
        w = w.shifted_left(2 * s);
        if bye.single_downfloater_is_bye {
            for p in [higher, lower] {
                if p.acc[0] == bye.score {
                    w = w.plus(small(
                        bye.unplayed_ranks
                            .get(&p.played_games)
                            .copied()
                            .unwrap_or(0),
                    ));
                }
            }
        }
        // C10–C13: colour preferences, between `lower` (player) and `higher` (opponent).
        let (p, o) = (lower, higher);
        let same = p.preference == o.preference;
        let c10 = !p.absolute_imbalance() || !o.absolute_imbalance() || !same;
        let c11 = !p.absolute_preference()
            || !o.absolute_preference()
            || !same
            || if p.colour_imbalance == o.colour_imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let smaller = if p.colour_imbalance > o.colour_imbalance {
                    o
                } else {
                    p
                };
                smaller.repeated != invert(p.preference)
            };
        let c12 = compatible_preferences(p.preference, o.preference);
        let c13 = (!p.strong && !p.absolute_preference())
            || (!o.strong && !o.absolute_preference())
            || (p.absolute_preference() && o.absolute_preference())
            || !same;
        for bit in [c10, c11, c12, c13] {
            w = w
                .shifted_left(s)
                .plus(small(usize::from(lower_in_current && bit)));
        }
        let (h, l) = (higher, lower);
        // C14–C17: repeated floats.
        for back in 1..=2usize {
            if self.played_rounds < back {
                continue;
            }
            w = w.shifted_left(s);
            if lower_in_current {
                w = w.plus(small(usize::from(l.float[back] == Float::Down)));
                w = w.plus(small(usize::from(
                    h.acc[0] <= l.acc[0] && h.float[back] == Float::Down,
                )));
            }
            w = w.shifted_left(s);
            if lower_in_current {
                w = w.plus(small(usize::from(
                    !(h.acc[0] > l.acc[0] && l.float[back] == Float::Up),
                )));
            }
        }
        // C18–C21: scores of repeated floaters.
        for back in 1..=2usize {
            if self.played_rounds < back {
                continue;
            }
            w = w.shifted_left(g);
            if lower_in_current {
                if l.float[back] == Float::Down {
                    w = w.plus(self.one_at(l.acc[0]));
                }
                if h.float[back] == Float::Down {
                    w = w.plus(self.one_at(h.acc[0]));
                }
            }
            w = w.shifted_left(g);
            if lower_in_current && !(l.float[back] == Float::Up && h.acc[0] > l.acc[0]) {
                w = w.plus(self.one_at(h.acc[0]));
            }
        }
        // Room for the ordering of transpositions and exchanges.
        w.shifted_left(3 * s + 1)
    }
}
