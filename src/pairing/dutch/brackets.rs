//! Bracket by bracket (C.04.3 Art. 3): which moved-down players are paired and with whom,
//! then the S1/S2 exchanges and transpositions, each decision fixed in turn while the whole
//! round stays completable (C4).

use super::PairingError;
use super::computer::Computer;
use super::entrants::Context;
use super::weights::ByeRule;
use crate::pairing::matching::{MatchWeight, Wide};
use crate::tournament::board::Board;
use crate::tournament::model::Color;
use crate::tournament::result::BoardResult;

impl Context {
    #[expect(
        clippy::needless_range_loop,
        reason = "vertex numbers index several arrays at once"
    )]
    pub(super) fn run<const L: usize>(&self) -> Result<Vec<Board>, PairingError> {
        let n = self.sorted.len();
        if n == 0 {
            return Ok(Vec::new());
        }
        let mut computer = Computer::<L>::new(self, n);
        let s = self.group_size_bits;
        let top = self.player(0).acc[0];
        let mut bye_score = 0;
        let mut single_is_bye = false;
        // C4 completion and the PAB's score group (C5), shown cheaply when possible: with an
        // even number everybody can be paired; with an odd number, somebody of the lowest
        // score among the players who may get the PAB can be left out and the others paired
        // (below the top score group, nothing else depends on who). Otherwise the matching
        // over everybody decides.
        let shown = if n.is_multiple_of(2) {
            computer.completable(None)
        } else {
            let lowest = (0..n)
                .filter(|&v| self.player(v).bye_eligible)
                .map(|v| self.player(v).acc[0])
                .min();
            match lowest {
                Some(score) if score < top => {
                    bye_score = score;
                    (0..n)
                        .rev()
                        .filter(|&v| self.player(v).bye_eligible && self.player(v).acc[0] == score)
                        .take(3)
                        .any(|v| computer.completable(Some(v)))
                }
                _ => false,
            }
        };
        if !shown {
            let matching = computer.initial_matching(top);
            // C4 completion: everybody paired but at most one, who can take the PAB.
            let unmatched: Vec<usize> = (0..n).filter(|&v| matching[v] == v).collect();
            if unmatched.len() > 1 || unmatched.iter().any(|&v| !self.player(v).bye_eligible) {
                return Err(PairingError::NoValidPairing);
            }
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
            }
        }
        let mut unplayed_ranks = std::collections::HashMap::new();
        if n % 2 == 1 {
            let mut counts: Vec<usize> = (0..n)
                .map(|v| self.player(v))
                .filter(|p| p.acc[0] == bye_score)
                .map(|p| p.played_games)
                .collect();
            counts.sort_unstable_by(|a, b| b.cmp(a));
            for (rank, count) in counts.into_iter().enumerate() {
                unplayed_ranks.insert(count, rank);
            }
        }
        let mut bye = ByeRule {
            score: bye_score,
            single_downfloater_is_bye: single_is_bye,
            unplayed_ranks,
        };
        computer.localize(&bye);

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
            // Every edge between the bracket's players as C4–C21 weigh it: `computer.base(l,
            // s)` for bracket positions `s < l`, `l >= group_begin` (zero once taken away).
            computer.begin_bracket(&bracket, group_begin, next_begin, &bye);
            let in_bracket = |x: usize| x >= group_begin_vertex && x < next_begin_vertex;
            // Transpositions and exchanges (C.04.3 Art. 3): S1 players are the higher ends,
            // the higher the better.
            let ordering_addend = |remainder_index: usize, remainder_pairs: usize| -> Wide<L> {
                Wide::<L>::from_u64(u64::from(remainder_index < remainder_pairs))
                    .shifted_left(2 * s)
                    .minus(Wide::from_u64(remainder_index as u64))
                    .shifted_left(1)
            };
            // The edge between bracket positions `smaller` and `larger` with its ordering.
            let ordering = |computer: &Computer<L>,
                            smaller: usize,
                            larger: usize,
                            smaller_remainder_index: usize,
                            remainder_pairs: usize|
             -> Wide<L> {
                let result = computer.base(larger, smaller);
                if result.is_zero() {
                    return result;
                }
                result.plus(ordering_addend(smaller_remainder_index, remainder_pairs))
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
                        let w = computer.base(opponent, index);
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
                        let w = computer.base(opponent, index);
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
                    let w = computer.base(opponent, index);
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
            // The ordering adds to each edge an amount set by its higher player: S1 players'
            // duals rise by theirs, so that pairs S1–S2 already matched stay optimal.
            for (pi, &player) in remainder.iter().enumerate().take(remainder_pairs) {
                computer.raise_dual(bracket[player], ordering_addend(pi, remainder_pairs));
            }
            let addends: Vec<Wide<L>> = (0..remainder.len())
                .map(|pi| ordering_addend(pi, remainder_pairs))
                .collect();
            computer.order_remainder(&remainder, &addends);
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
                        let w = ordering(&computer, player, opponent, position, remainder_pairs);
                        if !w.is_zero() {
                            computer.set(v, bracket[opponent], w.minus(Wide::from_u64(1)));
                        }
                    }
                    stable = computer.compute();
                }
                let exchange = !forward(&stable, v);
                exchanges_remaining -= usize::from(exchange);
                for &opponent in &remainder[position + 1..] {
                    // An exchange takes the pair away.
                    let w = if exchange {
                        Wide::ZERO
                    } else {
                        ordering(&computer, player, opponent, position, remainder_pairs)
                    };
                    computer.set(v, bracket[opponent], w);
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
                        let w = ordering(&computer, player, opponent, position, remainder_pairs);
                        if !w.is_zero() {
                            computer.set(v, bracket[opponent], w.plus(Wide::from_u64(1)));
                        }
                    }
                    stable = computer.compute();
                }
                if forward(&stable, v) {
                    exchanges_remaining -= 1;
                    for &opponent in &remainder[..position] {
                        computer.set(v, bracket[opponent], Wide::ZERO);
                    }
                    for opponent in next_begin..size {
                        computer.set(v, bracket[opponent], Wide::ZERO);
                    }
                }
                if !already {
                    for &opponent in &remainder[position + 1..] {
                        let w = ordering(&computer, player, opponent, position, remainder_pairs);
                        computer.set(v, bracket[opponent], w);
                    }
                }
                position += 1;
            }
            // Fix S1 and S2: only edges from S1 to a later S2 player remain.
            let s1: Vec<bool> = remainder
                .iter()
                .map(|&player| forward(&stable, bracket[player]))
                .collect();
            computer.fix_remainder(&remainder, &s1);
            // The ordering addends are gone: pairs of S1 and S2 already matched stay optimal
            // when the higher player's dual falls by his addend (an exchanged S2 player's
            // addend was negative).
            for (pi, &player) in remainder.iter().enumerate() {
                let v = bracket[player];
                if !forward(&stable, v) {
                    continue;
                }
                if pi < remainder_pairs {
                    computer.lower_dual(v, ordering_addend(pi, remainder_pairs));
                } else {
                    computer.raise_dual(v, Wide::from_u64(pi as u64).shifted_left(1));
                }
            }
            // S1 players, in order, get the best opponent still possible. Once `stable` is
            // optimal for the weights (after the first computation here), fixing a pair of it
            // leaves it optimal for the rest; and when a player's partner in it is already his
            // first choice (the largest addend), it stays optimal with the addends: then the
            // matching need not be computed again.
            let mut optimal = false;
            for &player in &remainder {
                let v = bracket[player];
                if !forward(&stable, v) {
                    continue;
                }
                let candidates: Vec<usize> = remainder
                    .iter()
                    .rev()
                    .copied()
                    .filter(|&opponent| opponent > player && !matched[bracket[opponent]])
                    .collect();
                // Cheaply, when the matching shows it: the first candidate in order that some
                // maximum matching pairs with him (those before are in none).
                let mut decided = false;
                if optimal {
                    for &opponent in candidates.iter().rev() {
                        if computer.base(opponent, player).is_zero() {
                            continue;
                        }
                        match computer.try_pair(v, bracket[opponent]) {
                            Some(false) => continue,
                            Some(true) => decided = true,
                            None => {}
                        }
                        break;
                    }
                }
                if decided {
                    stable = computer.compute();
                } else {
                    // Otherwise by the addends: the current partner's addend is a hint that
                    // keeps the pair optimal when he is the first choice.
                    if let Some(at) = candidates.iter().position(|&o| bracket[o] == stable[v]) {
                        computer.raise_dual(v, Wide::from_u64(at as u64));
                    }
                    let mut first_choice = None;
                    for (addend, &opponent) in candidates.iter().enumerate() {
                        let ov = bracket[opponent];
                        let w = computer.base(opponent, player);
                        if !w.is_zero() {
                            computer.set(v, ov, w.plus(Wide::from_u64(addend as u64)));
                            first_choice = Some(ov);
                        }
                    }
                    if !optimal || first_choice != Some(stable[v]) {
                        stable = computer.compute();
                        optimal = true;
                    }
                }
                let mate = stable[v];
                matched[v] = true;
                matched[mate] = true;
                computer.finalize(v, mate);
            }

            // The next bracket: the unpaired players move down.
            let mut next_bracket = Vec::new();
            group_begin = 0;
            bye.single_downfloater_is_bye =
                n % 2 == 1 && group_start < n && bye.score >= self.player(group_start).acc[0];
            for (index, &v) in bracket.iter().enumerate() {
                if index < next_begin && matched[v] {
                    partner[v] = Some(stable[v]);
                    partner[stable[v]] = Some(v);
                } else {
                    next_bracket.push(v);
                    if index < next_begin {
                        group_begin += 1;
                    }
                    if bye.single_downfloater_is_bye
                        && self.player(stable[v]).acc[0] < self.player(group_start).acc[0]
                    {
                        bye.single_downfloater_is_bye = false;
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
        self.board_order(&mut games);
        let mut boards: Vec<Board> = (1..)
            .zip(games)
            .map(|(number, (white, black))| Board::game(number, white, black))
            .collect();
        if let Some(player) = bye {
            let number = boards.len() as u32 + 1;
            boards.push(Board::bye(number, player, BoardResult::PairingAllocatedBye));
        }
        Ok(boards)
    }
}
