//! Direct encounter (C.07 Art. 6), a Type A tie-break: it ranks a group of tied participants
//! by the games among them only.
//!
//! - 6.1: the separate standings sum each participant's scores against the others of the
//!   group; forfeits are left out in a Swiss (6.1.1; in a round robin Art. 15.2 treats them
//!   as games); two participants who met more than once add the average of those games
//!   (6.1.2).
//! - 6.2: when everyone met everyone, the separate standings rank the group; each subset
//!   still tied is ranked again by Article 6 on its own games.
//! - 6.3 (Swiss): when some did not meet, a participant who would be alone at the top whatever
//!   the missing games' results is ranked first, then the same for second, and so on; then
//!   Article 6 is applied again to those left.

use std::collections::HashMap;

use crate::tournament::tiebreak::Value;
use crate::tournament::tiebreak::unplayed::{Category, Record};

/// Scale of the separate-standings scores: tenths of a point × 2520, so an average over up to
/// ten games (6.1.2) stays exact.
const SCALE: i64 = 2520;

/// The outcome of direct encounter on one tied group.
#[derive(Debug, Clone, PartialEq)]
pub struct DirectEncounter {
    /// The group split into ordered subgroups (still-tied participants share a subgroup).
    pub order: Vec<Vec<usize>>,
    /// Each participant's separate-standings score in the group (6.1).
    pub scores: Vec<(usize, Value)>,
}

/// Separate standings of `group` (6.1): per member, the score in scaled units, and for each
/// pair whether they met.
fn separate_standings(record: &Record, group: &[usize], swiss: bool) -> (Vec<i64>, Vec<Vec<bool>>) {
    let position: HashMap<usize, usize> = group.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let size = group.len();
    // (points in tenths, games) per ordered pair.
    let mut games: HashMap<(usize, usize), (i64, i64)> = HashMap::new();
    for (i, &player) in group.iter().enumerate() {
        for round in &record.players[player].rounds {
            let Some(opponent) = round.opponent else {
                continue;
            };
            let Some(&j) = position.get(&opponent) else {
                continue;
            };
            let counted = round.is_played()
                || (!swiss
                    && matches!(
                        round.unplayed,
                        Some(Category::ForfeitWin | Category::ForfeitLoss)
                    ));
            if !counted {
                continue;
            }
            let entry = games.entry((i, j)).or_insert((0, 0));
            entry.0 += i64::from(round.points.0);
            entry.1 += 1;
        }
    }
    let mut scores = vec![0i64; size];
    let mut met = vec![vec![false; size]; size];
    for (&(i, j), &(points, count)) in &games {
        scores[i] += points * SCALE / count;
        met[i][j] = true;
        met[j][i] = true;
    }
    (scores, met)
}

/// Applies Article 6 to `group` (indices into the record, all tied so far).
pub fn split(record: &Record, group: &[usize], swiss: bool) -> DirectEncounter {
    let (scores, _) = separate_standings(record, group, swiss);
    let scores = group
        .iter()
        .zip(&scores)
        .map(|(&p, &s)| (p, Value::ratio(s, SCALE * 10)))
        .collect();
    DirectEncounter {
        order: resolve(record, group, swiss),
        scores,
    }
}

fn resolve(record: &Record, group: &[usize], swiss: bool) -> Vec<Vec<usize>> {
    if group.len() < 2 {
        return vec![group.to_vec()];
    }
    let (scores, met) = separate_standings(record, group, swiss);
    let size = group.len();
    let any_met = met.iter().any(|row| row.iter().any(|&m| m));
    if !any_met {
        return vec![group.to_vec()];
    }
    let missing: Vec<i64> = (0..size)
        .map(|i| (0..size).filter(|&j| j != i && !met[i][j]).count() as i64)
        .collect();
    if missing.iter().all(|&m| m == 0) {
        // 6.2: everyone met everyone.
        let mut order: Vec<usize> = (0..size).collect();
        order.sort_by(|&a, &b| scores[b].cmp(&scores[a]).then(group[a].cmp(&group[b])));
        let mut result = Vec::new();
        let mut start = 0;
        while start < size {
            let mut end = start + 1;
            while end < size && scores[order[end]] == scores[order[start]] {
                end += 1;
            }
            let run: Vec<usize> = order[start..end].iter().map(|&i| group[i]).collect();
            if run.len() == size {
                return vec![group.to_vec()];
            }
            result.extend(resolve(record, &run, swiss));
            start = end;
        }
        return result;
    }
    if !swiss {
        return vec![group.to_vec()];
    }
    // 6.3: rank from the top whoever stays alone there whatever the missing results.
    let win = i64::from(record.points.win.0) * SCALE;
    let mut remaining: Vec<usize> = (0..size).collect();
    let mut ranked: Vec<Vec<usize>> = Vec::new();
    while remaining.len() > 1 {
        let leader = remaining.iter().copied().find(|&c| {
            remaining
                .iter()
                .filter(|&&q| q != c)
                .all(|&q| scores[c] > scores[q] + missing[q] * win)
        });
        match leader {
            Some(c) => {
                ranked.push(vec![group[c]]);
                remaining.retain(|&q| q != c);
            }
            None => break,
        }
    }
    if remaining.len() == 1 {
        ranked.push(vec![group[remaining[0]]]);
        return ranked;
    }
    let rest: Vec<usize> = remaining.iter().map(|&i| group[i]).collect();
    if ranked.is_empty() {
        return vec![rest];
    }
    ranked.extend(resolve(record, &rest, swiss));
    ranked
}
