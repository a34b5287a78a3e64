//! The pairing of one bracket (C.04.6 Art. 3.6) as one maximum-weight matching.
//!
//! Art. 3.6.1 numbers the bracket's teams by TPN (their bracket sequence numbers, BSN 1..B);
//! in a pair the team with the smaller BSN is the top member. Art. 3.6.2 identifies a pairing
//! by its top members in order followed by its bottom members in the order of their top
//! members; Art. 3.6.4 takes the first identifier, in lexicographic order, of the pairings that
//! comply with [C1] and are best for [C8], [C9] and [C10].
//!
//! The cost of a pair is a bit field, most significant first:
//!
//! ```text
//! [C8] same colour wanted | [C9] both strongly (type B) | [C10] floaters met | bottom-member
//! bits (one per BSN, the smallest BSN highest) | B digits: the bottom's BSN in the digit of
//! its top member (the smallest top highest)
//! ```
//!
//! The set of top members is lexicographically first exactly when the set of bottom members
//! avoids the small BSNs, which is what the bit per bottom member measures; given the tops, the
//! digits compare the bottoms in the order of their top members. No field can carry into the
//! next: a team is a top or a bottom member once, and each count is at most B. The weight of an
//! edge is `2^T − cost`, with `2^T` above any sum of costs, so a heavier matching is first a
//! larger one and then a cheaper one.

use crate::pairing::matching::{DenseMatcher, MatchWeight, Wide};

use super::brackets::Field;
use super::{NoPairingReason, TeamPairingError};

/// The pairs of `bracket` (teams of `field`) that Art. 3.6 chooses, or an error when it has no
/// perfect matching (the caller has checked it has).
pub(super) fn pair_bracket(
    field: &Field<'_>,
    level: usize,
    bracket: &[usize],
) -> Result<Vec<(usize, usize)>, TeamPairingError> {
    let layout = Layout::new(bracket.len());
    let bits = layout.total_bits + 2;
    if bits <= 64 * 12 {
        solve::<12>(field, level, bracket, &layout)
    } else if bits <= 64 * 64 {
        solve::<64>(field, level, bracket, &layout)
    } else if bits <= 64 * 256 {
        solve::<256>(field, level, bracket, &layout)
    } else {
        Err(TeamPairingError::TooLarge(bracket.len()))
    }
}

/// Where each field of the cost lies.
struct Layout {
    /// Teams in the bracket.
    teams: usize,
    /// Bits of one BSN digit.
    digit: usize,
    /// First bit of the bottom-member bits.
    tops: usize,
    /// First bit of [C10], [C9], [C8] (each `count` bits wide).
    c10: usize,
    c9: usize,
    c8: usize,
    /// The bit above every cost.
    total_bits: usize,
}

impl Layout {
    fn new(teams: usize) -> Layout {
        let digit = (usize::BITS - teams.leading_zeros()) as usize;
        let count = digit + 2;
        let tops = teams * digit;
        let c10 = tops + teams;
        let c9 = c10 + count;
        let c8 = c9 + count;
        Layout {
            teams,
            digit,
            tops,
            c10,
            c9,
            c8,
            total_bits: c8 + count,
        }
    }
}

fn solve<const L: usize>(
    field: &Field<'_>,
    level: usize,
    bracket: &[usize],
    layout: &Layout,
) -> Result<Vec<(usize, usize)>, TeamPairingError> {
    // Art. 3.6.1: the bracket in TPN order; position + 1 is the BSN.
    let mut order = bracket.to_vec();
    order.sort_by_key(|&t| field.tpn(t));
    let b = order.len();
    let entrants = &field.round.entrants;
    let upfloater = |t: usize| field.level[t] < level;
    let floated = |t: usize| entrants[t].floated_last_round;
    let value = |number: u64, at: usize| Wide::<L>::from_u64(number).shifted_left(at as u32);
    let ceiling = value(1, layout.total_bits);
    let mut matcher = DenseMatcher::<Wide<L>>::new(b);
    for top in 0..b {
        for bottom in top + 1..b {
            let (x, y) = (order[top], order[bottom]);
            if !field.can_meet(x, y) {
                continue;
            }
            let mut cost = Wide::<L>::ZERO;
            if let (Some(p), Some(q)) = (field.preference[x], field.preference[y])
                && p.colour == q.colour
            {
                cost = cost.plus(value(1, layout.c8));
                if field.type_b() && p.strong && q.strong {
                    cost = cost.plus(value(1, layout.c9));
                }
            }
            if !field.last_two_rounds {
                let c10 = [(x, y), (y, x)]
                    .iter()
                    .filter(|&&(team, opponent)| upfloater(team) && floated(opponent))
                    .count();
                cost = cost.plus(value(c10 as u64, layout.c10));
            }
            // BSNs are top + 1 and bottom + 1.
            cost = cost.plus(value(1, layout.tops + (layout.teams - (bottom + 1))));
            cost = cost.plus(value(
                (bottom + 1) as u64,
                (layout.teams - (top + 1)) * layout.digit,
            ));
            matcher.set_weight(top, bottom, ceiling.minus(cost));
        }
    }
    matcher.solve();
    let mut pairs = Vec::new();
    for top in 0..b {
        match matcher.mate(top) {
            Some(bottom) if bottom > top => pairs.push((order[top], order[bottom])),
            Some(_) => {}
            None => {
                return Err(TeamPairingError::NoPairing(NoPairingReason::Bracket));
            }
        }
    }
    Ok(pairs)
}
