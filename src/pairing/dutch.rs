//! The FIDE (Dutch) Swiss system, C.04.3 as applied from 1 February 2026, with the basic rules
//! of C.04.1 and the general handling rules of C.04.2.
//!
//! The criteria are encoded, in priority order, as bit fields of one wide edge weight, and the
//! pairing is found bracket by bracket with a maximum-weight matching over all players still to
//! be paired (so that C4, completion, always holds for the rest of the round):
//!
//! - absolute criteria C1–C3 (no rematch, no forbidden pair, no two players with the same
//!   absolute colour preference, except topscorers in the last round) make an edge absent;
//! - C4 completion and C5 the pairing-allocated bye (PAB: lowest score group, eligible player;
//!   C.04.1 c: never a second bye that scored as a win) form the top fields;
//! - then, for the current bracket: C6 the number of pairs, C7 the scores paired (moved-down
//!   players), the next bracket's pairs and scores (look-ahead), C9 unplayed games of the PAB
//!   assignee, C10–C13 colour preferences (absolute imbalance, absolute, preference, strong),
//!   C14–C17 repeated floats one and two rounds back, C18–C21 their scores;
//! - and the lowest bits order the candidates as C.04.3 Art. 3 (transpositions and exchanges:
//!   which moved-down players are paired, with whom, then S1/S2 exchanges with the smallest
//!   difference of BSNs, then the transposition order), fixed one decision at a time.
//!
//! Colours follow C.04.3 Art. 5 (colour allocation rules), and board order C.04.2 D.
//! Baku acceleration (C.04.7) enters through fictitious points ([`crate::tournament::PairingSetup`]).
//!
//! The order of the criteria in weights follows the way bbpPairings (the FIDE-endorsed engine)
//! arranges them, so our pairings are the same as its pairings.

use crate::pairing::matching::{MatchWeight, Wide, max_weight_matching};
use crate::tournament::model::{Color, GameResult, PlayerId, Tournament};

/// The pairing of one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundPairing {
    /// Games as `(white, black)`, in board order (C.04.2 D).
    pub games: Vec<(PlayerId, PlayerId)>,
    /// The player who receives the pairing-allocated bye, if any.
    pub bye: Option<PlayerId>,
}

/// Why no pairing was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// The absolute criteria cannot all be met (C.04.3 C1–C4).
    #[error("no pairing satisfies the absolute criteria (C.04.3 C1-C4)")]
    NoValidPairing,
    /// The tournament is too large for this build.
    #[error("the tournament is too large to pair ({0} bits of weight needed)")]
    TooLarge(u32),
}

/// The round the next pairing is for: one more than the last round in which anybody was
/// paired (played, forfeited or received the pairing-allocated bye).
pub fn next_round(tournament: &Tournament) -> u32 {
    tournament
        .players
        .iter()
        .flat_map(|p| p.rounds.iter().enumerate())
        .filter(|(_, e)| e.opponent.is_some() || e.result == GameResult::PairingAllocatedBye)
        .map(|(r, _)| r as u32 + 1)
        .max()
        .unwrap_or(0)
        + 1
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// What the engine needs to know of one player before the round.
#[derive(Debug, Clone)]
struct Entrant {
    id: PlayerId,
    /// Effective pairing number (0-based) among the players still in the event.
    rank: usize,
    /// Score without acceleration.
    score: i32,
    /// Score with acceleration, now, one and two rounds back.
    acc: [i32; 3],
    /// Float one and two rounds back (index 1 and 2).
    float: [Float; 3],
    played_games: usize,
    colour_imbalance: usize,
    preference: Option<Color>,
    /// The colour played in each of the last two played games when they were the same.
    repeated: Option<Color>,
    strong: bool,
    bye_eligible: bool,
    /// Colours of played games, oldest first.
    colours: Vec<Color>,
    /// Opponents in played games (indices into the entrant list).
    opponents: Vec<PlayerId>,
}

impl Entrant {
    fn absolute_imbalance(&self) -> bool {
        self.colour_imbalance > 1
    }
    fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

fn invert(colour: Option<Color>) -> Option<Color> {
    colour.map(Color::opposite)
}

fn compatible_preferences(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none() || b.is_none()
}

fn bits_to_represent(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// Pairs round `next_round(tournament)` by the Dutch system.
pub fn pair(tournament: &Tournament) -> Result<RoundPairing, PairingError> {
    let context = Context::new(tournament);
    let bits = context.weight_bits() + 6;
    match bits {
        0..=126 => context.run::<2>(),
        127..=254 => context.run::<4>(),
        255..=510 => context.run::<8>(),
        511..=1022 => context.run::<16>(),
        1023..=2046 => context.run::<32>(),
        2047..=4094 => context.run::<64>(),
        _ => Err(PairingError::TooLarge(bits)),
    }
}

struct Context {
    entrants: Vec<Entrant>,
    /// Positions in `entrants` of the players to pair, best first (the vertices).
    sorted: Vec<usize>,
    played_rounds: usize,
    expected_rounds: usize,
    round: u32,
    win: i32,
    draw: i32,
    initial_colour: Color,
    forbidden: std::collections::HashSet<(u32, u32)>,
    /// Bit offset of each score group (by accelerated score) in score fields.
    group_shift: std::collections::HashMap<i32, u32>,
    groups_shift: u32,
    group_size_bits: u32,
}

impl Context {
    fn new(tournament: &Tournament) -> Context {
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
            round,
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
    fn weight_bits(&self) -> u32 {
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

    fn player(&self, vertex: usize) -> &Entrant {
        &self.entrants[self.sorted[vertex]]
    }

    /// C1–C3: may the two players meet?
    fn compatible(&self, a: &Entrant, b: &Entrant) -> bool {
        let key = (a.id.0.min(b.id.0), a.id.0.max(b.id.0));
        if self.forbidden.contains(&key) {
            return false;
        }
        // C3, with the exception for topscorers (over 50 % of the maximum) in the last round.
        let threshold = (self.played_rounds as i32 * self.win.max(self.draw)) >> 1;
        let last_round = self.expected_rounds > 0 && self.played_rounds + 1 >= self.expected_rounds;
        !a.absolute_preference()
            || !b.absolute_preference()
            || a.preference != b.preference
            || (last_round && (a.acc[0] > threshold || b.acc[0] > threshold))
    }

    fn bye_candidate(&self, p: &Entrant, bye_score: i32) -> bool {
        p.bye_eligible && p.acc[0] <= bye_score
    }

    fn one_at<const L: usize>(&self, score: i32) -> Wide<L> {
        let shift = self.group_shift.get(&score).copied().unwrap_or(0);
        Wide::from_u64(1).shifted_left(shift)
    }

    fn maximum<const L: usize>(&self) -> Wide<L> {
        // All ones in the used bits: more than any edge.
        Wide::<L>::from_u64(1)
            .shifted_left(self.weight_bits())
            .minus(Wide::from_u64(1))
    }

    #[expect(clippy::too_many_arguments)]
    fn edge_weight<const L: usize>(
        &self,
        higher: &Entrant,
        lower: &Entrant,
        lower_in_current: bool,
        lower_in_next: bool,
        bye_score: i32,
        single_downfloater_is_bye: bool,
        unplayed_ranks: &std::collections::HashMap<usize, usize>,
    ) -> Wide<L> {
        if !self.compatible(higher, lower) {
            return Wide::ZERO;
        }
        let s = self.group_size_bits;
        let g = self.groups_shift;
        let small = |v: usize| Wide::<L>::from_u64(v as u64);
        // C4, C5.
        let mut w = small(
            1 + usize::from(!self.bye_candidate(higher, bye_score))
                + usize::from(!self.bye_candidate(lower, bye_score)),
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
        if single_downfloater_is_bye {
            for p in [higher, lower] {
                if p.acc[0] == bye_score {
                    w = w.plus(small(
                        unplayed_ranks.get(&p.played_games).copied().unwrap_or(0),
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

    #[expect(
        clippy::needless_range_loop,
        reason = "vertex numbers index several arrays at once"
    )]
    fn run<const L: usize>(&self) -> Result<RoundPairing, PairingError> {
        let n = self.sorted.len();
        if n == 0 {
            return Ok(RoundPairing::default());
        }
        let mut computer = Computer::<L>::new(n, self.maximum());
        let s = self.group_size_bits;
        let top = self.player(0).acc[0];
        let no_ranks = std::collections::HashMap::new();
        for v in 0..n {
            for u in 0..v {
                let (p, o) = (self.player(v), self.player(u));
                let w = if n % 2 == 1 {
                    if self.compatible(p, o) {
                        let mut w = Wide::<L>::from_u64(
                            1 + u64::from(!p.bye_eligible) + u64::from(!o.bye_eligible),
                        );
                        w = w.shifted_left(self.groups_shift);
                        let shifts = u64::from(self.group_shift[&p.acc[0]])
                            + u64::from(self.group_shift[&o.acc[0]]);
                        w = w.plus(Wide::from_u64(shifts));
                        w = w.shifted_left(s);
                        w.plus(Wide::from_u64(u64::from(p.acc[0] >= top)))
                    } else {
                        Wide::ZERO
                    }
                } else {
                    self.edge_weight(o, p, false, false, 0, false, &no_ranks)
                };
                computer.set(v, u, w);
            }
        }
        let matching = computer.compute();
        // C4 completion: everybody paired but at most one, who can take the PAB.
        let unmatched: Vec<usize> = (0..n).filter(|&v| matching[v] == v).collect();
        if unmatched.len() > 1 || unmatched.iter().any(|&v| !self.player(v).bye_eligible) {
            return Err(PairingError::NoValidPairing);
        }
        let mut bye_score = 0;
        let mut single_is_bye = false;
        let mut unplayed_ranks = std::collections::HashMap::new();
        if n % 2 == 1 {
            bye_score = unmatched.first().map_or(0, |&v| self.player(v).acc[0]);
            if bye_score >= top {
                single_is_bye = true;
                for v in 0..n {
                    if self.player(v).acc[0] < top {
                        break;
                    }
                    if self.player(matching[v]).acc[0] < top {
                        single_is_bye = false;
                        break;
                    }
                }
            }
            let mut counts: Vec<usize> = (0..n)
                .map(|v| self.player(v))
                .filter(|p| p.acc[0] == bye_score)
                .map(|p| p.played_games)
                .collect();
            counts.sort_unstable_by(|a, b| b.cmp(a));
            for (rank, count) in counts.into_iter().enumerate() {
                unplayed_ranks.insert(count, rank);
            }
            for v in 0..n {
                for u in 0..v {
                    let w = self.edge_weight(
                        self.player(u),
                        self.player(v),
                        false,
                        false,
                        bye_score,
                        single_is_bye,
                        &unplayed_ranks,
                    );
                    computer.set(v, u, w);
                }
            }
        }

        let mut partner: Vec<Option<usize>> = vec![None; n];
        // Brackets: `bracket` holds vertices, moved-down players first, then the score group,
        // then (from `next_begin`) the next score group for look-ahead.
        let mut bracket: Vec<usize> = (0..n)
            .take_while(|&v| self.player(v).acc[0] >= top)
            .collect();
        let mut next_start = bracket.len();
        let mut matched = vec![false; n];
        let mut group_begin = 0usize;
        let mut group_begin_vertex = 0usize;
        let mut stable;

        while bracket.len() > 1 || next_start < n {
            let next_begin = bracket.len();
            let next_begin_vertex = group_begin_vertex + (next_begin - group_begin);
            let group_start = next_start;
            while next_start < n
                && self.player(next_start).acc[0] >= self.player(group_start).acc[0]
            {
                bracket.push(next_start);
                next_start += 1;
            }
            let size = bracket.len();
            let in_bracket = |x: usize| x >= group_begin_vertex && x < next_begin_vertex;

            // base[l][s] for s < l, l >= group_begin.
            let mut base: Vec<Vec<Wide<L>>> = vec![Vec::new(); size];
            for l in group_begin..size {
                base[l] = (0..l)
                    .map(|s_| {
                        self.edge_weight(
                            self.player(bracket[s_]),
                            self.player(bracket[l]),
                            l < next_begin,
                            l >= next_begin,
                            bye_score,
                            single_is_bye,
                            &unplayed_ranks,
                        )
                    })
                    .collect();
            }
            for l in group_begin..size {
                for s_ in 0..l {
                    computer.set(bracket[l], bracket[s_], base[l][s_]);
                }
            }
            let ordering = |base: &Vec<Vec<Wide<L>>>,
                            smaller: usize,
                            larger: usize,
                            smaller_remainder_index: usize,
                            remainder_pairs: usize|
             -> Wide<L> {
                let result = base[larger][smaller];
                if result.is_zero() {
                    return result;
                }
                let addend =
                    Wide::<L>::from_u64(u64::from(smaller_remainder_index < remainder_pairs))
                        .shifted_left(2 * s)
                        .minus(Wide::from_u64(smaller_remainder_index as u64))
                        .shifted_left(1);
                result.plus(addend)
            };
            stable = computer.compute();

            // Which moved-down players are paired in this bracket (C.04.3 Art. 3, C7).
            let mut moved_down_score = 0;
            let mut remaining = 0usize;
            let mut remaining_matched = 0usize;
            for index in 0..group_begin {
                let score = self.player(bracket[index]).acc[0];
                if index == 0 || score < moved_down_score {
                    moved_down_score = score;
                    remaining = 0;
                    remaining_matched = 0;
                    let mut m = index;
                    while m < size && self.player(bracket[m]).acc[0] >= moved_down_score {
                        remaining += 1;
                        if in_bracket(stable[bracket[m]]) {
                            remaining_matched += 1;
                        }
                        m += 1;
                    }
                }
                if remaining_matched == 0 {
                    continue;
                }
                let vertex = bracket[index];
                if remaining <= remaining_matched {
                    matched[vertex] = true;
                    continue;
                }
                remaining -= 1;
                if !in_bracket(stable[vertex]) {
                    for opponent in group_begin..next_begin {
                        let w = base[opponent][index];
                        if !w.is_zero() {
                            computer.set(vertex, bracket[opponent], w.or(Wide::from_u64(1)));
                        }
                    }
                    stable = computer.compute();
                }
                if in_bracket(stable[vertex]) {
                    matched[vertex] = true;
                    remaining_matched -= 1;
                    for opponent in group_begin..next_begin {
                        let w = base[opponent][index];
                        if !w.is_zero() {
                            let w = w
                                .or(Wide::from_u64((next_begin - group_begin) as u64))
                                .plus(Wide::from_u64(1));
                            computer.set(vertex, bracket[opponent], w);
                        }
                    }
                }
            }
            // Their opponents.
            for index in 0..group_begin {
                let vertex = bracket[index];
                if !matched[vertex] {
                    continue;
                }
                let mut addend = size as u64;
                for opponent in (group_begin..next_begin).rev() {
                    let ov = bracket[opponent];
                    if matched[ov] {
                        continue;
                    }
                    let w = base[opponent][index];
                    if !w.is_zero() {
                        computer.set(vertex, ov, w.plus(Wide::from_u64(addend)));
                        addend += 1;
                    }
                }
                stable = computer.compute();
                let mate = stable[vertex];
                matched[mate] = true;
                computer.finalize(vertex, mate);
            }

            // The remainder (homogeneous part): S1 and S2, exchanges.
            let mut remainder: Vec<usize> = Vec::new();
            let mut remainder_pairs = 0usize;
            for index in group_begin..next_begin {
                let vertex = bracket[index];
                if stable[vertex] < group_begin_vertex {
                    continue;
                }
                remainder.push(index);
                if stable[vertex] < vertex {
                    remainder_pairs += 1;
                }
            }
            for (oi, &opponent) in remainder.iter().enumerate() {
                for (pi, &player) in remainder.iter().enumerate().take(oi) {
                    computer.set(
                        bracket[player],
                        bracket[opponent],
                        ordering(&base, player, opponent, pi, remainder_pairs),
                    );
                }
            }
            stable = computer.compute();
            let forward =
                |stable: &Vec<usize>, v: usize| stable[v] > v && stable[v] < next_begin_vertex;
            let mut exchange_count = 0usize;
            for &index in remainder.iter().take(remainder_pairs) {
                let v = bracket[index];
                exchange_count += usize::from(!forward(&stable, v));
            }
            // Lower players of S1 to exchange, where possible.
            let mut exchanges_remaining = exchange_count;
            let mut position = remainder_pairs;
            while position > 0 && exchanges_remaining > 0 {
                let opponents_from = position;
                position -= 1;
                let player = remainder[position];
                let v = bracket[player];
                if forward(&stable, v) {
                    for &opponent in &remainder[opponents_from..] {
                        let w = ordering(&base, player, opponent, position, remainder_pairs);
                        if !w.is_zero() {
                            computer.set(v, bracket[opponent], w.minus(Wide::from_u64(1)));
                        }
                    }
                    stable = computer.compute();
                }
                let exchange = !forward(&stable, v);
                exchanges_remaining -= usize::from(exchange);
                for &opponent in &remainder[position + 1..] {
                    if exchange {
                        base[opponent][player] = Wide::ZERO;
                    }
                    computer.set(
                        v,
                        bracket[opponent],
                        ordering(&base, player, opponent, position, remainder_pairs),
                    );
                }
            }
            // Higher players of S2 to exchange, where possible.
            let mut exchanges_remaining = exchange_count;
            let mut position = remainder_pairs;
            while position < remainder.len() && exchanges_remaining > 1 {
                let player = remainder[position];
                let v = bracket[player];
                let already = forward(&stable, v);
                if !already {
                    for &opponent in &remainder[position + 1..] {
                        let w = ordering(&base, player, opponent, position, remainder_pairs);
                        if !w.is_zero() {
                            computer.set(v, bracket[opponent], w.plus(Wide::from_u64(1)));
                        }
                    }
                    stable = computer.compute();
                }
                if forward(&stable, v) {
                    exchanges_remaining -= 1;
                    for &opponent in &remainder[..position] {
                        base[player][opponent] = Wide::ZERO;
                        computer.set(v, bracket[opponent], Wide::ZERO);
                    }
                    for opponent in next_begin..size {
                        base[opponent][player] = Wide::ZERO;
                        computer.set(v, bracket[opponent], Wide::ZERO);
                    }
                }
                if !already {
                    for &opponent in &remainder[position + 1..] {
                        computer.set(
                            v,
                            bracket[opponent],
                            ordering(&base, player, opponent, position, remainder_pairs),
                        );
                    }
                }
                position += 1;
            }
            // Fix S1 and S2.
            for (pi, &player) in remainder.iter().enumerate() {
                let v = bracket[player];
                for &opponent in &remainder[pi + 1..] {
                    let ov = bracket[opponent];
                    if !forward(&stable, v) || forward(&stable, ov) {
                        base[opponent][player] = Wide::ZERO;
                    }
                    computer.set(v, ov, base[opponent][player]);
                }
            }
            // S1 players, in order, get the best opponent still possible.
            for &player in &remainder {
                let v = bracket[player];
                if !forward(&stable, v) {
                    continue;
                }
                let mut addend = 0u64;
                for &opponent in remainder.iter().rev() {
                    let ov = bracket[opponent];
                    if opponent <= player || matched[ov] {
                        continue;
                    }
                    let w = base[opponent][player];
                    if !w.is_zero() {
                        computer.set(v, ov, w.plus(Wide::from_u64(addend)));
                    }
                    addend += 1;
                }
                stable = computer.compute();
                let mate = stable[v];
                matched[v] = true;
                matched[mate] = true;
                computer.finalize(v, mate);
            }

            // The next bracket: the unpaired players move down.
            let mut next_bracket = Vec::new();
            group_begin = 0;
            single_is_bye =
                n % 2 == 1 && group_start < n && bye_score >= self.player(group_start).acc[0];
            for (index, &v) in bracket.iter().enumerate() {
                if index < next_begin && matched[v] {
                    partner[v] = Some(stable[v]);
                    partner[stable[v]] = Some(v);
                } else {
                    next_bracket.push(v);
                    if index < next_begin {
                        group_begin += 1;
                    }
                    if single_is_bye
                        && self.player(stable[v]).acc[0] < self.player(group_start).acc[0]
                    {
                        single_is_bye = false;
                    }
                }
            }
            bracket = next_bracket;
            group_begin_vertex = next_begin_vertex;
        }

        let mut games = Vec::new();
        let mut bye = None;
        for v in 0..n {
            match partner[v] {
                Some(u) if self.player(v).id < self.player(u).id => {
                    let (a, b) = (self.player(v), self.player(u));
                    let colour = self.colour_of(a, b);
                    games.push(if colour == Color::White {
                        (a.id, b.id)
                    } else {
                        (b.id, a.id)
                    });
                }
                Some(_) => {}
                None => bye = Some(self.player(v).id),
            }
        }
        let _ = self.round;
        self.board_order(&mut games);
        Ok(RoundPairing { games, bye })
    }

    /// `a` ranks below `b` (accelerated score, then pairing number).
    fn ranks_below(a: &Entrant, b: &Entrant) -> bool {
        (a.acc[0], b.rank) < (b.acc[0], a.rank)
    }

    /// C.04.3 Art. 5: the colour of `player` against `opponent`.
    fn colour_of(&self, player: &Entrant, opponent: &Entrant) -> Color {
        if let Some(colour) = neutral_colour(player, opponent) {
            return colour;
        }
        let initial = self.initial_colour;
        match player.preference {
            None => {
                if Self::ranks_below(player, opponent) {
                    if opponent.rank % 2 == 1 {
                        initial
                    } else {
                        initial.opposite()
                    }
                } else if player.rank % 2 == 1 {
                    initial.opposite()
                } else {
                    initial
                }
            }
            Some(preference) => {
                if Self::ranks_below(player, opponent) {
                    opponent.preference.map_or(preference, Color::opposite)
                } else {
                    preference
                }
            }
        }
    }

    /// C.04.2 D: boards by the higher player's score, the lower player's score, then rank.
    fn board_order(&self, games: &mut [(PlayerId, PlayerId)]) {
        let by_id: std::collections::HashMap<PlayerId, &Entrant> =
            self.entrants.iter().map(|e| (e.id, e)).collect();
        let key = |&(w, b): &(PlayerId, PlayerId)| {
            let (w, b) = (by_id[&w], by_id[&b]);
            let below = (w.score, b.rank) < (b.score, w.rank);
            let (high, low) = if below { (b, w) } else { (w, b) };
            (
                std::cmp::Reverse(high.score),
                std::cmp::Reverse(low.score),
                high.rank,
            )
        };
        games.sort_by_key(key);
    }
}

/// The colour for `player` from the preferences alone (C.04.3 Art. 5.2.1–5.2.4), or `None`
/// when only the ranking can decide.
fn neutral_colour(player: &Entrant, opponent: &Entrant) -> Option<Color> {
    if compatible_preferences(player.preference, opponent.preference) {
        return player.preference.or(invert(opponent.preference));
    }
    if player.absolute_preference()
        && (player.colour_imbalance > opponent.colour_imbalance || !opponent.absolute_preference())
    {
        return player.preference;
    }
    if opponent.absolute_preference()
        && (opponent.colour_imbalance > player.colour_imbalance || !player.absolute_preference())
    {
        return invert(opponent.preference);
    }
    if player.strong && !opponent.strong {
        return player.preference;
    }
    if opponent.strong && !player.strong {
        return invert(opponent.preference);
    }
    // Alternate from the most recent round in which their colours differed.
    let mut a = player.colours.iter().rev();
    let mut b = opponent.colours.iter().rev();
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (Some(_), Some(y)) => return Some(*y),
            _ => return None,
        }
    }
}

/// A weight matrix over the players still to pair, with pairs fixed one by one.
struct Computer<const L: usize> {
    n: usize,
    /// Lower triangle: `weights[v][u]` for `u < v`.
    weights: Vec<Vec<Wide<L>>>,
    fixed: Vec<Option<usize>>,
    maximum: Wide<L>,
}

impl<const L: usize> Computer<L> {
    fn new(n: usize, maximum: Wide<L>) -> Self {
        Computer {
            n,
            weights: (0..n).map(|v| vec![Wide::ZERO; v]).collect(),
            fixed: vec![None; n],
            maximum,
        }
    }

    fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        if a == b || self.fixed[a].is_some() || self.fixed[b].is_some() {
            return;
        }
        let (v, u) = if a > b { (a, b) } else { (b, a) };
        self.weights[v][u] = w;
    }

    /// Fixes the pair: their edge outweighs everything and they have no other edge.
    fn finalize(&mut self, a: usize, b: usize) {
        let _ = self.maximum;
        if a == b {
            return;
        }
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
    }

    /// The current maximum-weight matching: each vertex's partner (itself when unmatched).
    #[expect(
        clippy::needless_range_loop,
        reason = "vertex numbers index several arrays at once"
    )]
    fn compute(&self) -> Vec<usize> {
        let free: Vec<usize> = (0..self.n).filter(|&v| self.fixed[v].is_none()).collect();
        let mut local = vec![usize::MAX; self.n];
        for (i, &v) in free.iter().enumerate() {
            local[v] = i;
        }
        let mut edges = Vec::new();
        for (i, &v) in free.iter().enumerate() {
            for &u in &free[..i] {
                let w = self.weights[v][u];
                if w > Wide::ZERO {
                    edges.push((local[v], local[u], w));
                }
            }
        }
        let mate = max_weight_matching(free.len(), &edges);
        let mut result: Vec<usize> = (0..self.n).collect();
        for v in 0..self.n {
            if let Some(u) = self.fixed[v] {
                result[v] = u;
            }
        }
        for (i, m) in mate.into_iter().enumerate() {
            if let Some(j) = m {
                result[free[i]] = free[j];
            }
        }
        result
    }
}

/// The tournament as it stood before `round` (1-based) was paired: earlier rounds, plus the
/// byes and absences already known for `round` (entries without an opponent that are not the
/// pairing-allocated bye). The initial colour, if not given, is read from round 1 (TRF26 `152`:
/// the colour of the highest-ranked player paired in round 1).
pub fn state_before_round(tournament: &Tournament, round: u32) -> Tournament {
    let mut before = tournament.clone();
    let keep = round as usize - 1;
    if before.setup.initial_color.is_none() {
        // The highest-ranked player paired in round 1 had the initial colour if his pairing
        // number is odd, the other colour if it is even (colours alternate down the boards).
        before.setup.initial_color = tournament.players.iter().enumerate().find_map(|(i, p)| {
            p.rounds
                .first()
                .filter(|e| e.opponent.is_some())
                .and_then(|e| e.color)
                .map(|c| if i % 2 == 0 { c } else { c.opposite() })
        });
    }
    for player in &mut before.players {
        let known = player
            .rounds
            .get(keep)
            .copied()
            .filter(|e| e.opponent.is_none() && e.result != GameResult::PairingAllocatedBye);
        player.rounds.truncate(keep);
        if let Some(entry) = known {
            while player.rounds.len() < keep {
                player.rounds.push(crate::tournament::RoundEntry {
                    opponent: None,
                    color: None,
                    result: GameResult::ZeroPointBye,
                });
            }
            player.rounds.push(entry);
        }
        player.declared_points = None;
    }
    before
}
