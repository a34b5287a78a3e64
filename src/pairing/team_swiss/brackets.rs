//! The pairing process of C.04.6 Art. 3.3.2: the pairing-allocated bye (Art. 3.4), then bracket
//! by bracket from the top scoregroup down, each bracket's upfloaters chosen by Art. 3.5 and the
//! bracket paired by Art. 3.6 (`weights.rs`).
//!
//! There are no downfloaters in C.04.6: every team of the top scoregroup is paired in its own
//! bracket, and a bracket that cannot be paired takes more (or other) upfloaters instead. [C3]
//! (Art. 2.2.1) is that the teams left after a bracket can all be paired among themselves: a
//! perfect matching of the graph of [C1]. That is also enough, since a later bracket may take
//! its upfloaters from any scoregroup below.

use crate::pairing::matching::max_weight_matching;

use super::{ColourPreferences, NoPairingReason, Round, TeamPairingError, weights};

/// A team's colour preference (Art. 1.7): the colour and whether it is strong (type A's only
/// strength counts as strong) or mild (type B).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Preference {
    /// The colour wanted.
    pub colour: crate::tournament::model::Color,
    /// A strong (type B) or simple (type A) preference, not a mild one.
    pub strong: bool,
}

/// A paired round: the team given the bye, if any, and the matches (entrant indices).
pub(super) type RoundPairs = (Option<usize>, Vec<(usize, usize)>);

/// The round being paired, indexed: entrant `i` of [`Round::entrants`] is vertex `i`.
pub(super) struct Field<'a> {
    /// The round.
    pub round: &'a Round,
    /// Each entrant's scoregroup: 0 the lowest score, rising with the score.
    pub level: Vec<usize>,
    /// `meet[a * n + b]`: [C1] lets `a` and `b` meet.
    meet: Vec<bool>,
    /// Each entrant's colour preference (Art. 1.7).
    pub preference: Vec<Option<Preference>>,
    /// [C7] and [C10] are off: one of the last two rounds (Art. 2.3.4, 2.3.7).
    pub last_two_rounds: bool,
}

impl<'a> Field<'a> {
    /// Indexes `round`.
    pub fn new(round: &'a Round) -> Field<'a> {
        let entrants = &round.entrants;
        let n = entrants.len();
        let mut scores: Vec<_> = entrants.iter().map(|e| e.primary).collect();
        scores.sort();
        scores.dedup();
        let level = entrants
            .iter()
            .map(|e| scores.binary_search(&e.primary).unwrap_or(0))
            .collect();
        let mut meet = vec![false; n * n];
        for a in 0..n {
            for b in 0..n {
                meet[a * n + b] = a != b
                    && !entrants[a].opponents.contains(&entrants[b].team)
                    && !entrants[b].opponents.contains(&entrants[a].team);
            }
        }
        let preference = entrants
            .iter()
            .map(|e| super::colours::preference(round, e))
            .collect();
        Field {
            round,
            level,
            meet,
            preference,
            last_two_rounds: round.number + 2 > round.total_rounds,
        }
    }

    /// The number of entrants.
    pub fn size(&self) -> usize {
        self.round.entrants.len()
    }

    /// [C1]: `a` and `b` may meet.
    pub fn can_meet(&self, a: usize, b: usize) -> bool {
        self.meet[a * self.size() + b]
    }

    /// The entrant's pairing number.
    pub fn tpn(&self, a: usize) -> u32 {
        self.round.entrants[a].tpn
    }

    /// Type B colour preferences.
    pub fn type_b(&self) -> bool {
        self.round.options.colours == ColourPreferences::TypeB
    }

    /// Every team of `teams` can be paired with another of them ([C1], [C3]).
    pub fn pairable(&self, teams: &[usize]) -> bool {
        if teams.len() % 2 == 1 {
            return false;
        }
        if teams.is_empty() {
            return true;
        }
        let mut edges = Vec::new();
        for (i, &a) in teams.iter().enumerate() {
            for (j, &b) in teams.iter().enumerate().skip(i + 1) {
                if self.can_meet(a, b) {
                    edges.push((i, j, 1i64));
                }
            }
        }
        if edges.len() < teams.len() / 2 {
            return false;
        }
        max_weight_matching(teams.len(), &edges)
            .iter()
            .all(Option::is_some)
    }

    /// The whole round (Art. 3.3.2): the team given the bye, if any, and the pairs.
    pub fn pair_round(&self) -> Result<RoundPairs, TeamPairingError> {
        let mut left: Vec<usize> = (0..self.size()).collect();
        let bye = self.pairing_allocated_bye()?;
        if let Some(bye) = bye {
            left.retain(|&t| t != bye);
        }
        let mut pairs = Vec::new();
        let top = left.iter().map(|&t| self.level[t]).max();
        for level in (0..=top.unwrap_or(0)).rev() {
            let residents: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&t| self.level[t] == level)
                .collect();
            if residents.is_empty() {
                continue;
            }
            let bracket = self.choose_upfloaters(level, &residents, &left)?;
            let paired = weights::pair_bracket(self, level, &bracket)?;
            left.retain(|t| !bracket.contains(t));
            pairs.extend(paired);
        }
        if !left.is_empty() {
            return Err(TeamPairingError::NoPairing(NoPairingReason::LeftUnpaired {
                teams: left.len(),
            }));
        }
        Ok((bye, pairs))
    }

    /// Art. 3.4: for an odd number of teams, the team to receive the pairing-allocated bye: of
    /// those [C2] allows, the first that leaves a legal pairing of all the others (3.4.1) by
    /// lowest score (3.4.2), most matches played (3.4.3), largest TPN (3.4.4).
    fn pairing_allocated_bye(&self) -> Result<Option<usize>, TeamPairingError> {
        let n = self.size();
        if n.is_multiple_of(2) {
            return Ok(None);
        }
        let entrants = &self.round.entrants;
        let mut candidates: Vec<usize> = (0..n).filter(|&t| !entrants[t].bye_barred).collect();
        candidates.sort_by_key(|&t| {
            (
                self.level[t],
                std::cmp::Reverse(entrants[t].matches_played),
                std::cmp::Reverse(entrants[t].tpn),
            )
        });
        for candidate in candidates {
            let others: Vec<usize> = (0..n).filter(|&t| t != candidate).collect();
            if self.pairable(&others) {
                return Ok(Some(candidate));
            }
        }
        Err(TeamPairingError::NoPairing(NoPairingReason::NoBye))
    }

    /// Art. 3.5: the bracket of the scoregroup `level` (its `residents`), with the upfloaters
    /// chosen from the teams of `left` below it.
    ///
    /// The number of upfloaters grows from the fewest the parity allows ([C4]); for each number
    /// the score profiles are tried best first ([C5]: the scores in ascending order, largest
    /// first); within a profile the sets come in the order of Art. 3.5.3–3.5.4. A set is legal
    /// when the bracket can be paired and so can everybody left ([C3]); of the legal sets of the
    /// first profile that has any, the first best for [C6], then [C7], is chosen (Art. 3.5.5).
    fn choose_upfloaters(
        &self,
        level: usize,
        residents: &[usize],
        left: &[usize],
    ) -> Result<Vec<usize>, TeamPairingError> {
        let lower: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&t| self.level[t] < level)
            .collect();
        let mut count = residents.len() % 2;
        while count <= lower.len() {
            for profile in self.profiles(&lower, count) {
                let mut best: Option<((bool, usize), Vec<usize>)> = None;
                let mut sets = UpfloaterSets::new(self, &lower, &profile);
                while let Some(upfloaters) = sets.next_set() {
                    let mut bracket = residents.to_vec();
                    bracket.extend_from_slice(&upfloaters);
                    if !self.pairable(&bracket) {
                        continue;
                    }
                    let rest: Vec<usize> = left
                        .iter()
                        .copied()
                        .filter(|t| !bracket.contains(t))
                        .collect();
                    if !self.pairable(&rest) {
                        continue;
                    }
                    let c6_fails = !self.next_scoregroup_pairable(level, &rest);
                    let c7 = if self.last_two_rounds {
                        0
                    } else {
                        upfloaters
                            .iter()
                            .filter(|&&t| self.round.entrants[t].floated_last_round)
                            .count()
                    };
                    let key = (c6_fails, c7);
                    if best.as_ref().is_none_or(|(k, _)| key < *k) {
                        best = Some((key, bracket));
                    }
                    if key == (false, 0) {
                        break;
                    }
                }
                if let Some((_, bracket)) = best {
                    return Ok(bracket);
                }
            }
            count += 2;
        }
        Err(TeamPairingError::NoPairing(NoPairingReason::ScoreGroup {
            teams: residents.len(),
            points: self.round.entrants[residents[0]].primary,
        }))
    }

    /// [C6] (Art. 2.3.3): the scoregroup just below `level`, what is left of it in `rest`, can
    /// still be paired ([C1], [C3]) with the fewest upfloaters its size allows ([C4]): none
    /// when it is even, one when it is odd. An empty scoregroup complies.
    fn next_scoregroup_pairable(&self, level: usize, rest: &[usize]) -> bool {
        let Some(next) = level.checked_sub(1) else {
            return true;
        };
        let following: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&t| self.level[t] == next)
            .collect();
        if following.is_empty() {
            return true;
        }
        let lower: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&t| self.level[t] < next)
            .collect();
        let candidates: Vec<Option<usize>> = if following.len().is_multiple_of(2) {
            vec![None]
        } else {
            lower.iter().copied().map(Some).collect()
        };
        candidates.into_iter().any(|upfloater| {
            let mut bracket = following.clone();
            bracket.extend(upfloater);
            if !self.pairable(&bracket) {
                return false;
            }
            let others: Vec<usize> = rest
                .iter()
                .copied()
                .filter(|t| !bracket.contains(t))
                .collect();
            self.pairable(&others)
        })
    }

    /// [C5] (Art. 2.3.2): the score profiles of `count` upfloaters from `lower`, as scoregroup
    /// levels in descending order, best first: the profile whose scores, taken in ascending
    /// order, are the largest.
    fn profiles(&self, lower: &[usize], count: usize) -> Vec<Vec<usize>> {
        let mut available: Vec<(usize, usize)> = Vec::new(); // (level, teams), level descending
        for &t in lower {
            match available.iter_mut().find(|(l, _)| *l == self.level[t]) {
                Some((_, n)) => *n += 1,
                None => available.push((self.level[t], 1)),
            }
        }
        available.sort_by_key(|&(level, _)| std::cmp::Reverse(level));
        let mut profiles = Vec::new();
        let mut current = Vec::new();
        fn extend(
            available: &[(usize, usize)],
            count: usize,
            current: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
        ) {
            if current.len() == count {
                out.push(current.clone());
                return;
            }
            let Some((&(level, teams), rest)) = available.split_first() else {
                return;
            };
            let room = count - current.len();
            for take in (0..=teams.min(room)).rev() {
                current.extend(std::iter::repeat_n(level, take));
                extend(rest, count, current, out);
                current.truncate(current.len() - take);
            }
        }
        extend(&available, count, &mut current, &mut profiles);
        profiles.sort_by(|a, b| {
            let ascending = |p: &Vec<usize>| p.iter().rev().copied().collect::<Vec<usize>>();
            ascending(b).cmp(&ascending(a))
        });
        profiles
    }
}

/// The sets of upfloaters of one score profile, in the order of Art. 3.5.3–3.5.4: the levels
/// from the highest score down, within a level the teams in TPN order, the sets compared as the
/// sequences of their TPNs (lexicographically) — an odometer whose last level turns fastest.
struct UpfloaterSets {
    /// Per level of the profile (descending score): its teams in TPN order.
    candidates: Vec<Vec<usize>>,
    /// Per level: the positions, in `candidates`, of the teams taken.
    chosen: Vec<Vec<usize>>,
    started: bool,
    done: bool,
}

impl UpfloaterSets {
    fn new(field: &Field<'_>, lower: &[usize], profile: &[usize]) -> UpfloaterSets {
        let mut levels: Vec<usize> = profile.to_vec();
        levels.dedup();
        let candidates: Vec<Vec<usize>> = levels
            .iter()
            .map(|&level| {
                let mut teams: Vec<usize> = lower
                    .iter()
                    .copied()
                    .filter(|&t| field.level[t] == level)
                    .collect();
                teams.sort_by_key(|&t| field.tpn(t));
                teams
            })
            .collect();
        let chosen = levels
            .iter()
            .map(|&level| (0..profile.iter().filter(|&&l| l == level).count()).collect())
            .collect();
        UpfloaterSets {
            candidates,
            chosen,
            started: false,
            done: false,
        }
    }

    /// The next set, or `None` after the last.
    fn next_set(&mut self) -> Option<Vec<usize>> {
        if self.done {
            return None;
        }
        if self.started {
            let mut level = self.chosen.len();
            loop {
                if level == 0 {
                    self.done = true;
                    return None;
                }
                level -= 1;
                if next_combination(&mut self.chosen[level], self.candidates[level].len()) {
                    for later in level + 1..self.chosen.len() {
                        let k = self.chosen[later].len();
                        self.chosen[later] = (0..k).collect();
                    }
                    break;
                }
            }
        }
        self.started = true;
        Some(
            self.chosen
                .iter()
                .zip(&self.candidates)
                .flat_map(|(positions, teams)| positions.iter().map(|&p| teams[p]))
                .collect(),
        )
    }
}

/// Advances `combination` (increasing positions below `n`) to the next in lexicographic order;
/// false after the last.
fn next_combination(combination: &mut [usize], n: usize) -> bool {
    let k = combination.len();
    for i in (0..k).rev() {
        if combination[i] < n - k + i {
            combination[i] += 1;
            for j in i + 1..k {
                combination[j] = combination[j - 1] + 1;
            }
            return true;
        }
    }
    false
}
