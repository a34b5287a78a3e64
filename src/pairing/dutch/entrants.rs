//! What the engine knows of each player before the round (C.04.3 A: scores, colour
//! preferences, floats; C.04.1 byes), and the score groups that size the weight fields.

use super::{bits_to_represent, invert, next_round};
use crate::tournament::model::{Color, GameResult, PlayerId, Tournament};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Float {
    Down,
    Up,
    None,
}

/// What the engine needs to know of one player before the round.
#[derive(Debug, Clone)]
pub(super) struct Entrant {
    pub(super) id: PlayerId,
    /// Effective pairing number (0-based) among the players still in the event.
    pub(super) rank: usize,
    /// Score without acceleration.
    pub(super) score: i32,
    /// Score with acceleration, now, one and two rounds back.
    pub(super) acc: [i32; 3],
    /// Float one and two rounds back (index 1 and 2).
    pub(super) float: [Float; 3],
    pub(super) played_games: usize,
    pub(super) colour_imbalance: usize,
    pub(super) preference: Option<Color>,
    /// The colour played in each of the last two played games when they were the same.
    pub(super) repeated: Option<Color>,
    pub(super) strong: bool,
    pub(super) bye_eligible: bool,
    /// Colours of played games, oldest first.
    pub(super) colours: Vec<Color>,
    /// Opponents in played games (indices into the entrant list).
    pub(super) opponents: Vec<PlayerId>,
}

impl Entrant {
    pub(super) fn absolute_imbalance(&self) -> bool {
        self.colour_imbalance > 1
    }
    pub(super) fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

pub(super) struct Context {
    pub(super) entrants: Vec<Entrant>,
    /// Positions in `entrants` of the players to pair, best first (the vertices).
    pub(super) sorted: Vec<usize>,
    pub(super) played_rounds: usize,
    pub(super) expected_rounds: usize,
    pub(super) win: i32,
    pub(super) draw: i32,
    pub(super) initial_colour: Color,
    pub(super) forbidden: std::collections::HashSet<(u32, u32)>,
    /// Bit offset of each score group (by accelerated score) in score fields.
    pub(super) group_shift: std::collections::HashMap<i32, u32>,
    pub(super) groups_shift: u32,
    pub(super) group_size_bits: u32,
}

impl Context {
    pub(super) fn new(tournament: &Tournament) -> Context {
        let round = next_round(tournament);
        let played_rounds = (round - 1) as usize;
        let points = &tournament.points;
        let setup = &tournament.setup;
        // C.04.2: players who have an entry for the round to pair (a requested bye or a known
        // absence) are not paired; players never paired and absent are not ranked.
        let mut entrants = Vec::new();
        let mut to_pair = Vec::new();
        let mut rank = 0usize;
        for player in &tournament.players {
            let entry_for_round = player.rounds.len() > played_rounds;
            let participated = player
                .rounds
                .iter()
                .any(|e| e.opponent.is_some() || e.result == GameResult::PairingAllocatedBye);
            if entry_for_round && !participated {
                continue;
            }
            let result_of =
                |r: usize| -> Option<&crate::tournament::RoundEntry> { player.rounds.get(r) };
            let score_of = |r: usize| -> i32 {
                result_of(r).map_or(points.zero_point_bye.0, |e| points.score(e.result).0)
            };
            let score: i32 = (0..played_rounds).map(score_of).sum();
            let acceleration = |r: usize| -> i32 { setup.acceleration(player.id, r as u32 + 1).0 };
            let mut acc = [0; 3];
            for (back, slot) in acc.iter_mut().enumerate() {
                if back > played_rounds {
                    continue;
                }
                let base: i32 = score
                    - (played_rounds - back..played_rounds)
                        .map(score_of)
                        .sum::<i32>();
                *slot = base + acceleration(played_rounds - back);
            }
            let mut colours = Vec::new();
            let mut opponents = Vec::new();
            let mut white = 0usize;
            let mut black = 0usize;
            let mut consecutive = 0usize;
            let mut repeated: Option<Color> = None;
            let mut bye_eligible = true;
            for r in 0..played_rounds {
                let Some(entry) = result_of(r) else {
                    continue;
                };
                if entry.result.is_played() {
                    let colour = entry.color.unwrap_or(Color::White);
                    colours.push(colour);
                    if let Some(o) = entry.opponent {
                        opponents.push(o);
                    }
                    match colour {
                        Color::White => white += 1,
                        Color::Black => black += 1,
                    }
                    if consecutive == 0 || Some(colour) != repeated {
                        consecutive = 1;
                    } else {
                        consecutive += 1;
                    }
                    repeated = Some(colour);
                } else if points.score(entry.result) >= points.win {
                    // C.04.1: a player who already received a bye or a win without playing
                    // (PAB, full-point bye, forfeit win) may not receive the PAB.
                    bye_eligible = false;
                }
            }
            let lower = if white > black {
                Color::Black
            } else {
                Color::White
            };
            let imbalance = white.abs_diff(black);
            let preference = if imbalance > 1 {
                Some(lower)
            } else if consecutive > 1 {
                invert(repeated)
            } else if imbalance > 0 {
                Some(lower)
            } else if consecutive > 0 {
                invert(repeated)
            } else {
                None
            };
            if consecutive <= 1 {
                repeated = None;
            }
            let mut entrant = Entrant {
                id: player.id,
                rank,
                score,
                acc,
                float: [Float::None; 3],
                played_games: colours.len(),
                colour_imbalance: imbalance,
                preference,
                repeated,
                strong: false,
                bye_eligible,
                colours,
                opponents,
            };
            entrant.strong = !entrant.absolute_preference() && imbalance > 0;
            rank += 1;
            if !entry_for_round {
                to_pair.push(entrants.len());
            }
            entrants.push(entrant);
        }
        // Floats (C.04.3 A.4): an unplayed round with points counts as a downfloat.
        let index_of: std::collections::HashMap<PlayerId, usize> = entrants
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, i))
            .collect();
        for i in 0..entrants.len() {
            for back in 1..=2usize {
                if back > played_rounds {
                    continue;
                }
                let r = played_rounds - back;
                let player = &tournament.players[entrants[i].id.0 as usize - 1];
                let entry = player.rounds.get(r);
                let float = match entry {
                    Some(e) if e.result.is_played() => {
                        let opponent = e.opponent.and_then(|o| index_of.get(&o).copied());
                        match opponent {
                            Some(o) => {
                                let mine = entrants[i].acc[back];
                                let theirs = entrants[o].acc[back];
                                if mine > theirs {
                                    Float::Down
                                } else if mine < theirs {
                                    Float::Up
                                } else {
                                    Float::None
                                }
                            }
                            None => Float::None,
                        }
                    }
                    Some(e) if points.score(e.result) > points.loss => Float::Down,
                    _ => Float::None,
                };
                entrants[i].float[back] = float;
            }
        }
        let mut forbidden = std::collections::HashSet::new();
        for e in &entrants {
            for o in &e.opponents {
                forbidden.insert((e.id.0.min(o.0), e.id.0.max(o.0)));
            }
        }
        for group in &setup.forbidden_pairs {
            if (group.first_round..=group.last_round).contains(&round) {
                for a in &group.players {
                    for b in &group.players {
                        if a != b {
                            forbidden.insert((a.0.min(b.0), a.0.max(b.0)));
                        }
                    }
                }
            }
        }
        let mut sorted = to_pair;
        sorted.sort_by(|&a, &b| {
            let (a, b) = (&entrants[a], &entrants[b]);
            b.acc[0].cmp(&a.acc[0]).then(a.rank.cmp(&b.rank))
        });
        // Score groups, lowest first, each with room for its size.
        let mut group_shift = std::collections::HashMap::new();
        let mut groups_shift = 0u32;
        let mut largest = 0usize;
        let mut at = sorted.len();
        while at > 0 {
            let score = entrants[sorted[at - 1]].acc[0];
            let mut start = at - 1;
            while start > 0 && entrants[sorted[start - 1]].acc[0] == score {
                start -= 1;
            }
            let size = at - start;
            group_shift.insert(score, groups_shift);
            groups_shift += bits_to_represent(size);
            largest = largest.max(size);
            at = start;
        }
        Context {
            entrants,
            sorted,
            played_rounds,
            expected_rounds: tournament.total_rounds as usize,
            win: points.win.0,
            draw: points.draw.0,
            initial_colour: setup.initial_color.unwrap_or(Color::White),
            forbidden,
            group_shift,
            groups_shift,
            group_size_bits: bits_to_represent(largest).max(1),
        }
    }

    /// The number of bits of the widest edge weight.
    pub(super) fn weight_bits(&self) -> u32 {
        let s = self.group_size_bits;
        let g = self.groups_shift;
        let mut bits = 2 + s + g + s + g + 2 * s + 4 * s;
        if self.played_rounds >= 1 {
            bits += 2 * s + 2 * g;
        }
        if self.played_rounds >= 2 {
            bits += 2 * s + 2 * g;
        }
        bits + 3 * s + 1
    }

    pub(super) fn player(&self, vertex: usize) -> &Entrant {
        &self.entrants[self.sorted[vertex]]
    }
}
