//! Requested byes, withdrawals and returns, late entries (FIDE C.04.2 General Handling Rules
//! for Swiss tournaments, 2026, and C.04.1 Art. 3–4), expressed as [`RoundEntry`] values so that
//! TRF export, pairing and tie-breaks all see the same thing.
//!
//! - C.04.2 Art. 3.3: a participant known in advance not to play a round is not paired and
//!   scores zero unless the tournament rules say otherwise: a requested zero-point bye (`Z`) or,
//!   where the rules offer it, a half-point bye (`H`). The organiser limits them
//!   ([`ByePolicy`]): how many per player, and none in the last rounds.
//! - C.04.2 Art. 3.2: a participant who withdraws is no longer paired; C.07 Art. 16.1 counts
//!   every round after a withdrawal as a zero-point bye. A withdrawn player may return (the
//!   arbiter decides): from that round on they are paired again.
//! - C.04.2 Art. 2.4: a late entry is paired only from the round they arrive in and gets no
//!   points for the rounds missed unless the tournament rules say otherwise
//!   ([`LateEntryPoints`]).
//!
//! [`plan_round`] turns all of this into the list of players to pair in a round and the entries
//! of those who are not paired; [`apply_round_plan`] writes those entries into a
//! [`Tournament`] in the shape a TRF file has for a round's known absences.

use std::collections::BTreeMap;

use crate::tournament::model::{GameResult, PlayerId, RoundEntry, Tournament};

/// The kind of bye a player may ask for (C.04.2 Art. 3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// Half-point bye (`H`), only where the tournament rules offer it.
    HalfPoint,
    /// Zero-point bye (`Z`): an announced absence.
    ZeroPoint,
    /// Full-point bye (`F`), given where the tournament rules say so (a player away on a
    /// federation's duty, say): the arbiter's decision, or read from a file another program
    /// wrote (TRF-2026 `240 F`). A player cannot ask for it; no limit applies.
    FullPoint,
}

impl ByeKind {
    /// The round result the bye gives.
    pub fn result(self) -> GameResult {
        match self {
            ByeKind::HalfPoint => GameResult::HalfPointBye,
            ByeKind::ZeroPoint => GameResult::ZeroPointBye,
            ByeKind::FullPoint => GameResult::FullPointBye,
        }
    }

    /// The TRF letter (`H`, `Z` or `F`).
    pub fn code(self) -> char {
        self.result().trf_code()
    }

    /// Parses `H`/`half` or `Z`/`zero` (any case): the byes a player may ask for.
    pub fn parse(text: &str) -> Option<ByeKind> {
        match text.trim().to_ascii_lowercase().as_str() {
            "h" | "half" | "half-point" => Some(ByeKind::HalfPoint),
            "z" | "zero" | "zero-point" => Some(ByeKind::ZeroPoint),
            _ => None,
        }
    }

    /// The kind stored as its TRF letter (`F`, `H` or `Z`), as the database keeps it.
    pub fn from_code(code: &str) -> Option<ByeKind> {
        match code {
            "H" => Some(ByeKind::HalfPoint),
            "Z" => Some(ByeKind::ZeroPoint),
            "F" => Some(ByeKind::FullPoint),
            _ => None,
        }
    }
}

/// The organiser's limits on requested byes (tournament rules, C.04.2 Art. 3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByePolicy {
    /// Half-point byes a player may take in the whole event (0 = half-point byes not offered).
    pub max_half_point_byes: u32,
    /// Zero-point byes (announced absences) a player may take; `None` = no limit.
    pub max_zero_point_byes: Option<u32>,
    /// No half-point bye may be requested for the last this-many rounds (0 = no restriction).
    /// Zero-point byes stay possible there: an absence cannot be forbidden, only not rewarded.
    pub no_half_point_byes_in_last_rounds: u32,
}

impl Default for ByePolicy {
    /// One half-point bye, not in the last two rounds, announced absences unlimited: a common
    /// open-tournament rule (compare C.05 General Regulations for Competitions, Art. 6.7).
    fn default() -> Self {
        ByePolicy {
            max_half_point_byes: 1,
            max_zero_point_byes: None,
            no_half_point_byes_in_last_rounds: 2,
        }
    }
}

/// A bye a player asked for (or the organiser entered for them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ByeRequest {
    /// Who.
    pub player: PlayerId,
    /// Which round (1-based).
    pub round: u32,
    /// Half- or zero-point.
    pub kind: ByeKind,
}

/// Why a bye request is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ByeRequestError {
    /// The round does not exist.
    #[error("round {round} does not exist (the tournament has {total_rounds} rounds)")]
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// Rounds announced.
        total_rounds: u32,
    },
    /// The round is already paired: byes are for future rounds only.
    #[error("round {round} is already paired; a bye can only be requested for a later round")]
    AlreadyPaired {
        /// The round asked for.
        round: u32,
    },
    /// Half-point byes are not offered by this tournament.
    #[error("this tournament does not offer half-point byes")]
    HalfPointNotOffered,
    /// The player already has the maximum number of byes of this kind.
    #[error("the limit of {limit} {kind} bye(s) per player is reached")]
    LimitReached {
        /// `half-point` or `zero-point`.
        kind: &'static str,
        /// The organiser's limit.
        limit: u32,
    },
    /// Half-point byes are closed for the last rounds.
    #[error("no half-point byes in the last {last_rounds} round(s)")]
    InLastRounds {
        /// The organiser's number of closed rounds.
        last_rounds: u32,
    },
    /// There is already a bye for this player and round.
    #[error("a bye for round {round} is already recorded")]
    Duplicate {
        /// The round.
        round: u32,
    },
    /// The player is withdrawn for that round (or has not entered yet).
    #[error("the player does not take part in round {round}")]
    NotParticipating {
        /// The round.
        round: u32,
    },
}

/// A withdrawal (C.04.2 Art. 3.2), possibly followed by a return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Withdrawal {
    /// The first round the player is no longer paired in.
    pub from_round: u32,
    /// The round the player is paired again in, if they came back.
    pub returns_in_round: Option<u32>,
}

impl Withdrawal {
    /// True when the player is withdrawn in `round`.
    pub fn covers(&self, round: u32) -> bool {
        round >= self.from_round && self.returns_in_round.is_none_or(|back| round < back)
    }
}

/// What a late entry scores for the rounds they missed (C.04.2 Art. 2.4: zero unless the
/// tournament rules say otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LateEntryPoints {
    /// Nothing: each missed round is a zero-point bye (`Z`), the C.04.2 default.
    #[default]
    Zero,
    /// Half a point for each missed round (`H`).
    HalfPointEach,
    /// Half a point for each of the first `n` missed rounds, zero for the rest.
    HalfPointForFirst(u32),
}

impl LateEntryPoints {
    /// The result for the `missed`-th (1-based) round a late entry missed.
    pub fn result_for_missed(self, missed: u32) -> GameResult {
        match self {
            LateEntryPoints::Zero => GameResult::ZeroPointBye,
            LateEntryPoints::HalfPointEach => GameResult::HalfPointBye,
            LateEntryPoints::HalfPointForFirst(n) if missed <= n => GameResult::HalfPointBye,
            LateEntryPoints::HalfPointForFirst(_) => GameResult::ZeroPointBye,
        }
    }
}

/// Who plays when: one player's entry round, byes and withdrawals.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Participation {
    /// The first round the player can be paired in (1 = from the start; more = late entry).
    pub first_round: u32,
    /// Requested byes by round.
    pub byes: BTreeMap<u32, ByeKind>,
    /// Withdrawals, in order.
    pub withdrawals: Vec<Withdrawal>,
    /// Expelled from the competition (FIDE Laws Art. 12.9.9; 12.9 g of older editions) from
    /// this round on: never paired again and no return ([`Participation::expel`]); the games
    /// already played stand.
    pub expelled_from: Option<u32>,
}

impl Participation {
    /// A player who takes part from round 1 with no byes.
    pub fn from_start() -> Participation {
        Participation {
            first_round: 1,
            ..Participation::default()
        }
    }

    /// A late entry first paired in `round`.
    pub fn late_entry(round: u32) -> Participation {
        Participation {
            first_round: round.max(1),
            ..Participation::default()
        }
    }

    /// True when the player is withdrawn in `round`.
    pub fn is_withdrawn(&self, round: u32) -> bool {
        self.withdrawals.iter().any(|w| w.covers(round))
    }

    /// True when the player has left the tournament: expelled (Laws Art. 12.9.9), or withdrawn
    /// (C.04.2 Art. 3.2) without a return.
    pub fn has_left(&self) -> bool {
        self.expelled_from.is_some()
            || self
                .withdrawals
                .iter()
                .any(|withdrawal| withdrawal.returns_in_round.is_none())
    }

    /// True when the player has not yet entered in `round`.
    pub fn is_not_yet_entered(&self, round: u32) -> bool {
        round < self.first_round
    }

    /// Withdraws the player from `from_round` on (C.04.2 Art. 3.2). Byes already requested for
    /// those rounds are dropped: a withdrawn player scores zero there (C.07 Art. 16.1).
    pub fn withdraw(&mut self, from_round: u32) {
        if self.is_withdrawn(from_round) {
            return;
        }
        self.withdrawals.push(Withdrawal {
            from_round,
            returns_in_round: None,
        });
        self.byes.retain(|&round, _| round < from_round);
    }

    /// Expels the player from the competition (Art. 12.9.9) from `from_round` on: withdrawn for
    /// good, byes requested from then on dropped. Returns false when already expelled.
    pub fn expel(&mut self, from_round: u32) -> bool {
        if self.expelled_from.is_some() {
            return false;
        }
        self.withdraw(from_round);
        self.expelled_from = Some(from_round);
        true
    }

    /// Lets a withdrawn player return in `round`. Returns false when they were not withdrawn
    /// then (nothing to undo), and always for an expelled player (Art. 12.9.9).
    pub fn return_in(&mut self, round: u32) -> bool {
        if self.expelled_from.is_some() {
            return false;
        }
        match self.withdrawals.iter_mut().rev().find(|w| w.covers(round)) {
            Some(open) if open.from_round == round => {
                // Withdrawn and back in the same round: the withdrawal never took effect.
                let from = open.from_round;
                self.withdrawals
                    .retain(|w| !(w.from_round == from && w.covers(round)));
                true
            }
            Some(open) => {
                open.returns_in_round = Some(round);
                true
            }
            None => false,
        }
    }

    /// The entry a player gets in `round` when not paired there, or `None` when they are to be
    /// paired. Order: not yet entered (late entry rule), then withdrawn (`Z`), then a requested
    /// bye (`H`/`Z`).
    pub fn unpaired_entry(&self, round: u32, late_entry: LateEntryPoints) -> Option<RoundEntry> {
        let result = if self.is_not_yet_entered(round) {
            late_entry.result_for_missed(round)
        } else if self.is_withdrawn(round) {
            GameResult::ZeroPointBye
        } else {
            self.byes.get(&round)?.result()
        };
        Some(RoundEntry {
            opponent: None,
            color: None,
            result,
        })
    }

    /// Checks a bye request against the organiser's policy and records it.
    ///
    /// `rounds_paired` is the number of rounds already paired (requests are for later rounds).
    pub fn request_bye(
        &mut self,
        round: u32,
        kind: ByeKind,
        policy: &ByePolicy,
        total_rounds: u32,
        rounds_paired: u32,
    ) -> Result<(), ByeRequestError> {
        self.check_bye(round, kind, policy, total_rounds, rounds_paired)?;
        self.byes.insert(round, kind);
        Ok(())
    }

    /// Cancels a requested bye for a round not yet paired. Returns true if there was one.
    pub fn cancel_bye(&mut self, round: u32, rounds_paired: u32) -> bool {
        round > rounds_paired && self.byes.remove(&round).is_some()
    }

    /// The number of requested byes of `kind`.
    pub fn byes_of(&self, kind: ByeKind) -> u32 {
        self.byes.values().filter(|&&k| k == kind).count() as u32
    }

    /// Checks a bye request without recording it.
    pub fn check_bye(
        &self,
        round: u32,
        kind: ByeKind,
        policy: &ByePolicy,
        total_rounds: u32,
        rounds_paired: u32,
    ) -> Result<(), ByeRequestError> {
        if round == 0 || round > total_rounds {
            return Err(ByeRequestError::NoSuchRound {
                round,
                total_rounds,
            });
        }
        if round <= rounds_paired {
            return Err(ByeRequestError::AlreadyPaired { round });
        }
        if self.is_withdrawn(round) || self.is_not_yet_entered(round) {
            return Err(ByeRequestError::NotParticipating { round });
        }
        if self.byes.contains_key(&round) {
            return Err(ByeRequestError::Duplicate { round });
        }
        match kind {
            ByeKind::HalfPoint => {
                if policy.max_half_point_byes == 0 {
                    return Err(ByeRequestError::HalfPointNotOffered);
                }
                if self.byes_of(ByeKind::HalfPoint) >= policy.max_half_point_byes {
                    return Err(ByeRequestError::LimitReached {
                        kind: "half-point",
                        limit: policy.max_half_point_byes,
                    });
                }
                let closed = policy.no_half_point_byes_in_last_rounds;
                if closed > 0 && round + closed > total_rounds {
                    return Err(ByeRequestError::InLastRounds {
                        last_rounds: closed,
                    });
                }
            }
            ByeKind::ZeroPoint => {
                if let Some(limit) = policy.max_zero_point_byes
                    && self.byes_of(ByeKind::ZeroPoint) >= limit
                {
                    return Err(ByeRequestError::LimitReached {
                        kind: "zero-point",
                        limit,
                    });
                }
            }
            // The arbiter's decision under the tournament rules: no player's limit applies.
            ByeKind::FullPoint => {}
        }
        Ok(())
    }
}

/// A round to be paired: who is paired, and what everybody else gets.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundPlan {
    /// The round (1-based).
    pub round: u32,
    /// Players to pair, in starting-rank order.
    pub to_pair: Vec<PlayerId>,
    /// Players not paired, with their entry for the round.
    pub not_paired: Vec<(PlayerId, RoundEntry)>,
}

/// Who is paired in `round` and what the others get. `participation[i]` belongs to
/// `tournament.players[i]`; a missing participation means "from the start, no byes".
pub fn plan_round(
    tournament: &Tournament,
    participation: &[Participation],
    round: u32,
    late_entry: LateEntryPoints,
) -> RoundPlan {
    let default = Participation::from_start();
    let mut plan = RoundPlan {
        round,
        ..RoundPlan::default()
    };
    for (index, player) in tournament.players.iter().enumerate() {
        let who = participation.get(index).unwrap_or(&default);
        match who.unpaired_entry(round, late_entry) {
            Some(entry) => plan.not_paired.push((player.id, entry)),
            None => plan.to_pair.push(player.id),
        }
    }
    plan
}

/// Fills in every unpaired round of every player up to `round - 1` (late entries' missed
/// rounds, withdrawals) and writes the plan's entries for `round`: the tournament then looks like
/// a TRF file prepared for pairing `round` (absences already in column `round`).
pub fn apply_round_plan(
    tournament: &mut Tournament,
    participation: &[Participation],
    plan: &RoundPlan,
    late_entry: LateEntryPoints,
) {
    let default = Participation::from_start();
    for (index, player) in tournament.players.iter_mut().enumerate() {
        let who = participation.get(index).unwrap_or(&default);
        let mut round = player.rounds.len() as u32 + 1;
        while round < plan.round {
            // A round that has no entry yet: the player was not paired in it.
            let entry = who.unpaired_entry(round, late_entry).unwrap_or(RoundEntry {
                opponent: None,
                color: None,
                result: GameResult::ZeroPointBye,
            });
            player.rounds.push(entry);
            round += 1;
        }
    }
    for (id, entry) in &plan.not_paired {
        if let Some(index) = (id.0 as usize).checked_sub(1)
            && let Some(player) = tournament.players.get_mut(index)
        {
            let slot = plan.round as usize - 1;
            if player.rounds.len() == slot {
                player.rounds.push(*entry);
            } else if let Some(existing) = player.rounds.get_mut(slot) {
                *existing = *entry;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::model::Player;
    use crate::tournament::scoring::{PointSystem, Points};

    fn tournament(players: u32, rounds: u32) -> Tournament {
        Tournament {
            name: "Test".into(),
            total_rounds: rounds,
            players: (1..=players)
                .map(|i| Player {
                    id: PlayerId(i),
                    name: format!("Player {i}"),
                    ..Player::default()
                })
                .collect(),
            points: PointSystem::default(),
            ..Tournament::default()
        }
    }

    #[test]
    fn c04_2_art_3_3_half_point_bye_limit_per_player() {
        let policy = ByePolicy {
            max_half_point_byes: 1,
            max_zero_point_byes: None,
            no_half_point_byes_in_last_rounds: 0,
        };
        let mut who = Participation::from_start();
        assert_eq!(
            who.request_bye(2, ByeKind::HalfPoint, &policy, 7, 0),
            Ok(())
        );
        assert_eq!(
            who.request_bye(3, ByeKind::HalfPoint, &policy, 7, 0),
            Err(ByeRequestError::LimitReached {
                kind: "half-point",
                limit: 1
            })
        );
        // A zero-point bye (announced absence) is still possible.
        assert_eq!(
            who.request_bye(3, ByeKind::ZeroPoint, &policy, 7, 0),
            Ok(())
        );
    }

    #[test]
    fn c04_2_art_3_3_no_half_point_bye_in_last_rounds() {
        let policy = ByePolicy {
            max_half_point_byes: 3,
            max_zero_point_byes: None,
            no_half_point_byes_in_last_rounds: 2,
        };
        let mut who = Participation::from_start();
        assert_eq!(
            who.request_bye(6, ByeKind::HalfPoint, &policy, 7, 0),
            Err(ByeRequestError::InLastRounds { last_rounds: 2 })
        );
        assert_eq!(
            who.request_bye(7, ByeKind::HalfPoint, &policy, 7, 0),
            Err(ByeRequestError::InLastRounds { last_rounds: 2 })
        );
        assert_eq!(
            who.request_bye(5, ByeKind::HalfPoint, &policy, 7, 0),
            Ok(())
        );
        assert_eq!(
            who.request_bye(7, ByeKind::ZeroPoint, &policy, 7, 0),
            Ok(())
        );
    }

    #[test]
    fn c04_2_art_3_3_half_point_byes_not_offered() {
        let policy = ByePolicy {
            max_half_point_byes: 0,
            ..ByePolicy::default()
        };
        let mut who = Participation::from_start();
        assert_eq!(
            who.request_bye(2, ByeKind::HalfPoint, &policy, 7, 0),
            Err(ByeRequestError::HalfPointNotOffered)
        );
    }

    #[test]
    fn c04_2_art_3_3_zero_point_bye_limit() {
        let policy = ByePolicy {
            max_zero_point_byes: Some(1),
            ..ByePolicy::default()
        };
        let mut who = Participation::from_start();
        assert_eq!(
            who.request_bye(2, ByeKind::ZeroPoint, &policy, 7, 0),
            Ok(())
        );
        assert!(matches!(
            who.request_bye(4, ByeKind::ZeroPoint, &policy, 7, 0),
            Err(ByeRequestError::LimitReached { limit: 1, .. })
        ));
    }

    #[test]
    fn c04_2_art_3_3_bye_only_for_rounds_not_yet_paired() {
        let policy = ByePolicy::default();
        let mut who = Participation::from_start();
        assert_eq!(
            who.request_bye(3, ByeKind::ZeroPoint, &policy, 7, 3),
            Err(ByeRequestError::AlreadyPaired { round: 3 })
        );
        assert_eq!(
            who.request_bye(8, ByeKind::ZeroPoint, &policy, 7, 3),
            Err(ByeRequestError::NoSuchRound {
                round: 8,
                total_rounds: 7
            })
        );
        assert_eq!(
            who.request_bye(4, ByeKind::ZeroPoint, &policy, 7, 3),
            Ok(())
        );
        assert_eq!(
            who.request_bye(4, ByeKind::ZeroPoint, &policy, 7, 3),
            Err(ByeRequestError::Duplicate { round: 4 })
        );
        assert!(who.cancel_bye(4, 3));
        assert!(!who.cancel_bye(4, 3));
    }

    #[test]
    fn c04_2_art_3_2_withdrawn_player_not_paired_and_scores_zero() {
        let t = tournament(4, 5);
        let mut parts = vec![Participation::from_start(); 4];
        parts[1].withdraw(3);
        let plan = plan_round(&t, &parts, 3, LateEntryPoints::Zero);
        assert_eq!(plan.to_pair, vec![PlayerId(1), PlayerId(3), PlayerId(4)]);
        assert_eq!(plan.not_paired.len(), 1);
        assert_eq!(plan.not_paired[0].0, PlayerId(2));
        assert_eq!(plan.not_paired[0].1.result, GameResult::ZeroPointBye);
        // Still withdrawn in round 5; a bye request there is refused.
        assert!(parts[1].is_withdrawn(5));
        assert_eq!(
            parts[1].check_bye(4, ByeKind::ZeroPoint, &ByePolicy::default(), 5, 2),
            Err(ByeRequestError::NotParticipating { round: 4 })
        );
    }

    #[test]
    fn c04_2_art_3_2_withdrawal_drops_later_byes() {
        let mut who = Participation::from_start();
        who.byes.insert(2, ByeKind::HalfPoint);
        who.byes.insert(5, ByeKind::HalfPoint);
        who.withdraw(4);
        assert_eq!(who.byes.len(), 1);
        assert!(who.byes.contains_key(&2));
    }

    #[test]
    fn c04_2_art_3_2_return_after_withdrawal() {
        let mut who = Participation::from_start();
        who.withdraw(2);
        assert!(who.return_in(4));
        assert!(who.is_withdrawn(2));
        assert!(who.is_withdrawn(3));
        assert!(!who.is_withdrawn(4));
        assert!(!who.is_withdrawn(7));
        assert!(!who.return_in(5), "not withdrawn in round 5");
        // Withdrawn and back before the round: no withdrawal at all.
        let mut same = Participation::from_start();
        same.withdraw(3);
        assert!(same.return_in(3));
        assert!(same.withdrawals.is_empty());
    }

    #[test]
    fn c04_2_art_2_4_late_entry_scores_zero_by_default() {
        let mut t = tournament(3, 5);
        let parts = vec![
            Participation::from_start(),
            Participation::from_start(),
            Participation::late_entry(3),
        ];
        let plan = plan_round(&t, &parts, 2, LateEntryPoints::Zero);
        assert_eq!(plan.to_pair, vec![PlayerId(1), PlayerId(2)]);
        apply_round_plan(&mut t, &parts, &plan, LateEntryPoints::Zero);
        // Rounds 1 and 2 missed, zero each.
        assert_eq!(t.players[2].rounds.len(), 2);
        let scored: Points = t.players[2]
            .rounds
            .iter()
            .map(|e| t.points.score(e.result))
            .sum();
        assert_eq!(scored, Points::ZERO);
        let round3 = plan_round(&t, &parts, 3, LateEntryPoints::Zero);
        assert_eq!(round3.to_pair.len(), 3);
    }

    #[test]
    fn c04_2_art_2_4_late_entry_with_half_points_for_missed_rounds() {
        let mut t = tournament(3, 7);
        let parts = vec![
            Participation::from_start(),
            Participation::from_start(),
            Participation::late_entry(4),
        ];
        let rule = LateEntryPoints::HalfPointForFirst(2);
        let plan = plan_round(&t, &parts, 4, rule);
        apply_round_plan(&mut t, &parts, &plan, rule);
        let codes: String = t.players[2]
            .rounds
            .iter()
            .map(|e| e.result.trf_code())
            .collect();
        assert_eq!(codes, "HHZ");
        let each: Vec<GameResult> = (1..=3)
            .map(|r| LateEntryPoints::HalfPointEach.result_for_missed(r))
            .collect();
        assert_eq!(each, vec![GameResult::HalfPointBye; 3]);
    }

    #[test]
    fn c04_2_art_3_3_requested_bye_written_into_round_column() {
        let mut t = tournament(4, 5);
        let mut parts = vec![Participation::from_start(); 4];
        parts[3]
            .request_bye(1, ByeKind::HalfPoint, &ByePolicy::default(), 5, 0)
            .expect("bye allowed");
        let plan = plan_round(&t, &parts, 1, LateEntryPoints::Zero);
        apply_round_plan(&mut t, &parts, &plan, LateEntryPoints::Zero);
        assert_eq!(t.players[3].rounds.len(), 1);
        assert_eq!(t.players[3].rounds[0].result, GameResult::HalfPointBye);
        assert!(
            t.players[0].rounds.is_empty(),
            "paired players get no entry yet"
        );
        assert_eq!(plan.to_pair.len(), 3);
    }

    #[test]
    fn bye_kind_parses_codes() {
        assert_eq!(ByeKind::parse("H"), Some(ByeKind::HalfPoint));
        assert_eq!(ByeKind::parse("zero"), Some(ByeKind::ZeroPoint));
        assert_eq!(ByeKind::parse("x"), None);
        assert_eq!(ByeKind::HalfPoint.code(), 'H');
    }

    #[test]
    fn art_12_9_9_an_expelled_player_is_never_paired_again_and_cannot_return() {
        let mut who = Participation::from_start();
        who.byes.insert(5, ByeKind::HalfPoint);
        assert!(who.expel(4));
        assert!(!who.expel(6), "expelled once");
        assert!(who.is_withdrawn(4) && who.is_withdrawn(9));
        assert!(!who.is_withdrawn(3), "the rounds before stand");
        assert!(who.byes.is_empty(), "byes ahead dropped");
        assert!(!who.return_in(6));
        assert!(who.is_withdrawn(6));
    }
}
