//! Modifiers (C.07 Art. 14) and the Cut-1 exception for voluntary unplayed rounds
//! (Art. 16.5).
//!
//! A tie-break built from per-round values is kept as a list of [`Element`]s: each with the
//! value it adds (its contribution) and its significance (for Buchholz the opponent's score,
//! for Sonneborn-Berger the opponent's score then the product, for ARO the rating, for PS the
//! round). Art. 14.1–14.4 cut the least significant values first, then the most significant
//! (Median). Art. 16.5: when the least significant value is cut and the participant has
//! voluntary unplayed rounds, the lowest contribution coming from such a round is cut instead,
//! as long as it is not lower than the least significant value (for Buchholz this is always
//! the case; for Sonneborn-Berger the higher of the two is cut). Each further cut applies the
//! rule again to the remaining elements (Art. 16.5.2).

use crate::tournament::scoring::Points;
use crate::tournament::tiebreak::Cut;
use crate::tournament::tiebreak::unplayed::Category;

/// Where an element's value comes from (for showing the working).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A game played over the board; `adjusted` is set when the opponent's score was adjusted
    /// for their unplayed rounds (Art. 16.3) and shows their real score.
    Played {
        /// The opponent's real score when it differs from the one used.
        real_score: Option<Points>,
    },
    /// An unplayed round evaluated against a dummy (Art. 16.4): the dummy has the participant's
    /// own score, at most `cap`.
    Dummy {
        /// The category of the round (Art. 16.2).
        category: Category,
        /// The participant's own score.
        own: Points,
        /// The cap (16.4.1 or 16.4.2).
        cap: Points,
    },
    /// A value of the participant's own round (Art. 7 tie-breaks).
    Own,
    /// A value that is not tied to a round (TPN, RTNG).
    Whole,
}

/// One per-round value of a tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Element {
    /// The round, 1-based (0 for values not tied to a round).
    pub round: u32,
    /// The opponent's starting number, if any.
    pub opponent: Option<u32>,
    /// Significance: which element is the least/most significant.
    pub key: i64,
    /// The contribution (scaled: see the tie-break's denominator).
    pub value: i64,
    /// From a voluntary unplayed round (Art. 16.1.2) in a tie-break under Art. 16.5.
    pub voluntary: bool,
    /// How the value was obtained.
    pub source: Source,
    /// Removed by a modifier.
    pub cut: bool,
}

/// Applies `cut` to `elements`; `voluntary_rule` switches on the Art. 16.5 exception
/// (Buchholz, Fore Buchholz and Sonneborn-Berger in Swiss tournaments).
pub fn apply(elements: &mut [Element], cut: Cut, voluntary_rule: bool) {
    let (least, most) = cut.counts();
    for _ in 0..least {
        let Some(lowest) = position_of(elements, |a, b| (a.key, a.value) < (b.key, b.value)) else {
            return;
        };
        let mut chosen = lowest;
        if voluntary_rule
            && let Some(voluntary) = elements
                .iter()
                .enumerate()
                .filter(|(_, e)| !e.cut && e.voluntary)
                .min_by_key(|(_, e)| e.value)
                .map(|(i, _)| i)
            && elements[voluntary].value >= elements[lowest].value
        {
            chosen = voluntary;
        }
        elements[chosen].cut = true;
    }
    for _ in 0..most {
        let Some(highest) = position_of(elements, |a, b| (a.key, a.value) > (b.key, b.value))
        else {
            return;
        };
        elements[highest].cut = true;
    }
}

/// The first uncut element that no other uncut element beats by `better`.
fn position_of(elements: &[Element], better: impl Fn(&Element, &Element) -> bool) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (index, element) in elements.iter().enumerate() {
        if element.cut {
            continue;
        }
        match best {
            Some(b) if !better(element, &elements[b]) => {}
            _ => best = Some(index),
        }
    }
    best
}

/// The sum of the uncut values.
pub fn kept_sum(elements: &[Element]) -> i64 {
    elements.iter().filter(|e| !e.cut).map(|e| e.value).sum()
}

/// The number of uncut elements.
pub fn kept_count(elements: &[Element]) -> usize {
    elements.iter().filter(|e| !e.cut).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn element(round: u32, value: i64, voluntary: bool) -> Element {
        Element {
            round,
            opponent: None,
            key: value,
            value,
            voluntary,
            source: Source::Own,
            cut: false,
        }
    }

    #[test]
    fn art_14_3_median_cuts_least_then_most() {
        let mut list = vec![
            element(1, 10, false),
            element(2, 30, false),
            element(3, 20, false),
        ];
        apply(&mut list, Cut::Median1, false);
        assert_eq!(kept_sum(&list), 20);
    }

    #[test]
    fn art_16_5_buchholz_cuts_the_voluntary_round_first() {
        // Lowest opponent 10, a VUR worth 25: Buchholz cuts the VUR.
        let mut list = vec![
            element(1, 10, false),
            element(2, 25, true),
            element(3, 40, false),
        ];
        apply(&mut list, Cut::Cut1, true);
        assert!(list[1].cut);
        assert_eq!(kept_sum(&list), 50);
    }

    #[test]
    fn art_16_5_2_second_cut_applies_the_rule_again() {
        let mut list = vec![
            element(1, 10, false),
            element(2, 25, true),
            element(3, 30, true),
            element(4, 40, false),
        ];
        apply(&mut list, Cut::Cut2, true);
        assert!(list[1].cut && list[2].cut);
        assert_eq!(kept_sum(&list), 50);
    }
}
