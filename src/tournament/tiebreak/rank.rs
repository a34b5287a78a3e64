//! Final standings (C.07 Art. 4.2): participants ranked by points, then each group still tied
//! by the first tie-break, the next, and so on; when the list is exhausted the remaining ties
//! are broken by drawing of lots, reproducibly (a recorded seed), unless the tournament's
//! rules say ties are shared.

use crate::tournament::model::{PlayerId, Tournament};
use crate::tournament::scoring::Points;
use crate::tournament::tiebreak::{Calculator, TieBreak, TieBreakKind, Value, direct};

/// What happens to participants still tied after the whole list (Art. 4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lots {
    /// The tie is not broken: tied participants share the rank.
    Shared,
    /// Drawing of lots from this seed (the same seed gives the same draw).
    Draw {
        /// The seed, to be published with the standings.
        seed: u64,
    },
}

/// How a tournament breaks ties.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TieBreakSettings {
    /// The ordered tie-break list (Art. 4.1).
    pub list: Vec<TieBreak>,
    /// A Swiss tournament (Art. 16) rather than pre-determined pairings (Art. 15.2).
    pub swiss: bool,
    /// What to do with ties left after the list.
    pub lots: Lots,
}

impl TieBreakSettings {
    /// The usual Swiss list: BH-C1, BH, SB, DE (then lots).
    pub fn swiss_default() -> TieBreakSettings {
        TieBreakSettings {
            list: vec![
                TieBreak::new(TieBreakKind::Buchholz).with_cut(super::Cut::Cut1),
                TieBreak::new(TieBreakKind::Buchholz),
                TieBreak::new(TieBreakKind::SonnebornBerger),
                TieBreak::new(TieBreakKind::DirectEncounter),
            ],
            swiss: true,
            lots: Lots::Draw { seed: 0 },
        }
    }

    /// The usual round-robin list: DE, SB, WIN, KS (then lots).
    pub fn round_robin_default() -> TieBreakSettings {
        TieBreakSettings {
            list: vec![
                TieBreak::new(TieBreakKind::DirectEncounter),
                TieBreak::new(TieBreakKind::SonnebornBerger),
                TieBreak::new(TieBreakKind::Wins),
                TieBreak::new(TieBreakKind::Koya),
            ],
            swiss: false,
            lots: Lots::Draw { seed: 0 },
        }
    }
}

/// One row of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The rank (shared ranks repeat when lots are not drawn).
    pub rank: u32,
    /// The player.
    pub player: PlayerId,
    /// The tournament score.
    pub points: Points,
    /// One value per tie-break of the list (`None` when not computable).
    pub values: Vec<Option<Value>>,
    /// The index of the tie-break that separated this player from the next tied one, if any.
    pub decided_by: Option<usize>,
    /// The position drawn by lot within the group still tied after the list, if lots decided.
    pub lot: Option<u32>,
}

/// Ranked standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    /// The tie-break list used.
    pub tie_breaks: Vec<TieBreak>,
    /// Rows in rank order.
    pub rows: Vec<Standing>,
    /// The rounds counted.
    pub rounds: u32,
    /// The seed of the drawing of lots, when lots were drawn.
    pub seed: Option<u64>,
}

/// Ranks `tournament` after the rounds played by `settings` (Art. 4.2).
pub fn rank(tournament: &Tournament, settings: &TieBreakSettings) -> Standings {
    let calculator = Calculator::new(tournament, settings.swiss);
    rank_with(&calculator, settings)
}

/// Ranks `tournament` as it stood after round `after_round` (Art. 4.2).
pub fn rank_after(
    tournament: &Tournament,
    settings: &TieBreakSettings,
    after_round: u32,
) -> Standings {
    let calculator = Calculator::after_round(tournament, settings.swiss, after_round);
    rank_with(&calculator, settings)
}

/// Ranks with an existing calculator (to reuse it for the working afterwards).
pub fn rank_with(calculator: &Calculator<'_>, settings: &TieBreakSettings) -> Standings {
    let record = &calculator.record;
    let count = record.players.len();
    let list = &settings.list;
    // Values of every non-DE tie-break, per player.
    let mut values: Vec<Vec<Option<Value>>> = vec![vec![None; list.len()]; count];
    for (t, tie_break) in list.iter().enumerate() {
        if tie_break.kind == TieBreakKind::DirectEncounter {
            continue;
        }
        for (player, row) in values.iter_mut().enumerate() {
            row[t] = calculator.value(player, tie_break);
        }
    }
    // Groups of equal points, best first.
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by(|&a, &b| {
        record.players[b]
            .score
            .cmp(&record.players[a].score)
            .then(a.cmp(&b))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for player in order {
        match groups.last_mut() {
            Some(group) if record.players[group[0]].score == record.players[player].score => {
                group.push(player)
            }
            _ => groups.push(vec![player]),
        }
    }
    let mut decided_by: Vec<Option<usize>> = vec![None; count];
    for (t, tie_break) in list.iter().enumerate() {
        let mut next: Vec<Vec<usize>> = Vec::with_capacity(groups.len());
        for group in groups {
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            let parts = if tie_break.kind == TieBreakKind::DirectEncounter {
                let outcome = direct::split(record, &group, settings.swiss);
                for (player, score) in outcome.scores {
                    values[player][t] = Some(score);
                }
                outcome.order
            } else {
                split_by_value(&group, |p| values[p][t], tie_break.higher_is_better())
            };
            if parts.len() > 1 {
                for part in &parts[..parts.len() - 1] {
                    if let Some(&last) = part.last() {
                        decided_by[last] = Some(t);
                    }
                }
            }
            next.extend(parts);
        }
        groups = next;
    }
    // DE for players it never had to separate: their encounter score in a group of one is 0.
    for (t, tie_break) in list.iter().enumerate() {
        if tie_break.kind == TieBreakKind::DirectEncounter {
            for row in values.iter_mut() {
                if row[t].is_none() {
                    row[t] = Some(Value::whole(0));
                }
            }
        }
    }
    let mut lots: Vec<Option<u32>> = vec![None; count];
    let seed = match settings.lots {
        Lots::Shared => None,
        Lots::Draw { seed } => {
            for (player, position) in draw_lots(&mut groups, seed) {
                lots[player] = Some(position);
            }
            Some(seed)
        }
    };
    let mut rows = Vec::with_capacity(count);
    let mut position = 0u32;
    for group in &groups {
        let shared = seed.is_none();
        let mut members = group.clone();
        if shared {
            members.sort_unstable();
        }
        for (i, &player) in members.iter().enumerate() {
            let rank = if shared {
                position + 1
            } else {
                position + i as u32 + 1
            };
            rows.push(Standing {
                rank,
                player: PlayerId(player as u32 + 1),
                points: record.players[player].score,
                values: values[player].clone(),
                decided_by: decided_by[player],
                lot: lots[player],
            });
        }
        position += members.len() as u32;
    }
    Standings {
        tie_breaks: list.clone(),
        rows,
        rounds: record.rounds as u32,
        seed,
    }
}

/// Orders `group` by `value` (`None` lowest) and splits it into runs of equal values.
fn split_by_value(
    group: &[usize],
    value: impl Fn(usize) -> Option<Value>,
    higher_is_better: bool,
) -> Vec<Vec<usize>> {
    let mut sorted: Vec<(usize, Option<Value>)> = group.iter().map(|&p| (p, value(p))).collect();
    sorted.sort_by(|a, b| {
        let order = match (a.1, b.1) {
            (Some(x), Some(y)) if higher_is_better => y.cmp(&x),
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        };
        order.then(a.0.cmp(&b.0))
    });
    let mut parts: Vec<Vec<usize>> = Vec::new();
    let mut previous: Option<Option<Value>> = None;
    for (player, v) in sorted {
        match (parts.last_mut(), previous) {
            (Some(part), Some(p)) if p == v => part.push(player),
            _ => parts.push(vec![player]),
        }
        previous = Some(v);
    }
    parts
}

/// Drawing of lots (Art. 4.2) in every group of `groups` with more than one member, from
/// `seed`: each such group is put in its drawn order, and each member's drawn position (1 for
/// the first) is returned. Individual and team standings draw the same way.
pub fn draw_lots(groups: &mut [Vec<usize>], seed: u64) -> Vec<(usize, u32)> {
    let mut generator = SplitMix64(seed);
    let mut drawn = Vec::new();
    for group in groups.iter_mut().filter(|g| g.len() > 1) {
        group.sort_unstable();
        for i in (1..group.len()).rev() {
            let j = (generator.next() % (i as u64 + 1)) as usize;
            group.swap(i, j);
        }
        drawn.extend(
            group
                .iter()
                .enumerate()
                .map(|(position, &member)| (member, position as u32 + 1)),
        );
    }
    drawn
}

/// A small, fixed pseudo-random generator (SplitMix64), so a published seed reproduces the
/// same draw on every machine and every version.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
