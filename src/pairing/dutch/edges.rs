//! The weights of a bracket's edges (C.04.3 C4–C21, see `weights.rs`), computed when the
//! matcher reads them instead of being stored per edge.
//!
//! The weight of an edge between two players of the bracket is a function of the two players
//! and of where they stand in it (current or next score group), so it is looked up in a table
//! over the players' [`EdgeClass`](super::weights::EdgeClass)es: a bracket holds a few dozen
//! classes, not thousands of players. On top of the table the decisions of C.04.3 Art. 3 leave
//! only a little to remember:
//!
//! - pairs taken away (exchanges, fixed S1/S2), one bit per pair;
//! - the ordering of transpositions and exchanges, one addend per player of the remainder
//!   (it goes to the edges from him to the later players of the remainder);
//! - a few single weights (a moved-down player's row, the current S1 player's opponents).
//!
//! Edges between two moved-down players keep what the previous bracket left them.

use super::entrants::Context;
use super::weights::ByeRule;
use crate::pairing::matching::{MatchWeight, Wide};
use std::collections::HashMap;

const NONE: usize = usize::MAX;

/// A symmetric relation over `0..size`, one bit per ordered pair.
pub(super) struct BitMatrix {
    words: usize,
    bits: Vec<u64>,
}

impl BitMatrix {
    /// The empty relation.
    pub(super) fn new(size: usize) -> Self {
        let words = size.div_ceil(64).max(1);
        BitMatrix {
            words,
            bits: vec![0; size * words],
        }
    }

    /// Whether `a` and `b` are related.
    #[inline]
    pub(super) fn get(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// Relates `a` and `b` (or not).
    pub(super) fn put(&mut self, a: usize, b: usize, value: bool) {
        for (x, y) in [(a, b), (b, a)] {
            let word = &mut self.bits[x * self.words + y / 64];
            if value {
                *word |= 1 << (y % 64);
            } else {
                *word &= !(1 << (y % 64));
            }
        }
    }
}

/// Weights that are a constant plus one part per end, `constant + part[a] + part[b]`, where
/// the players may meet: edges that leave the bracket (`computer.rs` says why), and the
/// completion weights of C4 and C5 before the first bracket.
pub(super) struct Sums<const L: usize> {
    pub(super) constant: Wide<L>,
    pub(super) part: Vec<Wide<L>>,
    /// One more when the later of the two ends has this flag.
    pub(super) later_bonus: Vec<bool>,
}

impl<const L: usize> Sums<L> {
    /// The sum for `ab`, whether or not they may meet.
    #[inline]
    pub(super) fn fields(&self, a: usize, b: usize) -> Wide<L> {
        let w = self.constant.plus(self.part[a]).plus(self.part[b]);
        if self.later_bonus[a.max(b)] {
            w.plus(Wide::from_u64(1))
        } else {
            w
        }
    }
}

/// The edges between the players of a bracket (local numbers: the bracket's order, moved-down
/// players first).
pub(super) struct BracketEdges<const L: usize> {
    /// The moved-down players (`0..settled`): edges between two of them keep their weights.
    settled: usize,
    /// Whether an edge between two moved-down players not in `carried` has the outside weight
    /// (else none).
    settled_outside: bool,
    carried: HashMap<(usize, usize), Wide<L>>,
    compatible: BitMatrix,
    /// Pairs taken away since the bracket began.
    zeroed: BitMatrix,
    class: Vec<usize>,
    classes: usize,
    /// `table[class(h) * classes + class(l)]`: the edge between `h` and a later `l`.
    table: Vec<Wide<L>>,
    /// The same, reduced (see [`Self::reduce`]); empty when players of one class differ in
    /// their outside part.
    reduced_table: Vec<Wide<L>>,
    outside: Sums<L>,
    /// Single weights, by the earlier end and then the later one.
    overrides: Vec<HashMap<usize, Wide<L>>>,
    /// Position in the remainder (S1 and S2) while its ordering counts, else `NONE`.
    remainder_position: Vec<usize>,
    addend: Vec<Wide<L>>,
    /// Per class, the heaviest edge of the table at a player of that class, and the same
    /// reduced: bounds of a player's row while no weight was raised above the table.
    class_bound: Vec<Wide<L>>,
    reduced_class_bound: Vec<Wide<L>>,
    /// Whether a single weight or the ordering of the remainder was set since the bracket
    /// began (the table no longer bounds the rows).
    raised: bool,
}

impl<const L: usize> BracketEdges<L> {
    /// The edges of `vertices` (global numbers), the first `settled` moved down, the next score
    /// group from `next_begin`; `carried` gives edges between moved-down players.
    #[expect(clippy::too_many_arguments, reason = "the bracket's whole description")]
    pub(super) fn new(
        context: &Context,
        vertices: &[usize],
        settled: usize,
        next_begin: usize,
        bye: &ByeRule,
        compatible: impl Fn(usize, usize) -> bool,
        outside: Sums<L>,
        settled_outside: bool,
        carried: HashMap<(usize, usize), Wide<L>>,
    ) -> Self {
        let size = vertices.len();
        let mut ids: HashMap<(super::weights::EdgeClass, bool), usize> = HashMap::new();
        let mut representative = Vec::new();
        let class: Vec<usize> = vertices
            .iter()
            .enumerate()
            .map(|(l, &v)| {
                let key = (context.edge_class(context.player(v)), l >= next_begin);
                *ids.entry(key).or_insert_with(|| {
                    representative.push((v, l >= next_begin));
                    representative.len() - 1
                })
            })
            .collect();
        let classes = representative.len();
        let mut table = Vec::with_capacity(classes * classes);
        for &(h, _) in &representative {
            for &(l, in_next) in &representative {
                table.push(context.edge_fields(
                    context.player(h),
                    context.player(l),
                    !in_next,
                    in_next,
                    bye,
                ));
            }
        }
        // The outside part is a function of the class too (C5 and C9 read the score, the bye
        // eligibility and the played games): then the reduced weights make a table as well.
        let mut class_part: Vec<Option<Wide<L>>> = vec![None; classes];
        let mut parts_agree = true;
        for (l, &c) in class.iter().enumerate() {
            match class_part[c] {
                None => class_part[c] = Some(outside.part[l]),
                Some(p) => parts_agree &= p == outside.part[l],
            }
        }
        let reduced_table = if parts_agree {
            let part = |c: usize| class_part[c].unwrap_or(Wide::ZERO);
            let mut reduced = Vec::with_capacity(classes * classes);
            for h in 0..classes {
                for l in 0..classes {
                    let w = table[h * classes + l];
                    let o = outside.constant.plus(part(h)).plus(part(l));
                    reduced.push(if w > o { w.minus(o) } else { Wide::ZERO });
                }
            }
            reduced
        } else {
            Vec::new()
        };
        let bound_of = |table: &[Wide<L>]| -> Vec<Wide<L>> {
            if table.is_empty() {
                return Vec::new();
            }
            (0..classes)
                .map(|c| {
                    (0..classes)
                        .flat_map(|d| [table[c * classes + d], table[d * classes + c]])
                        .max()
                        .unwrap_or(Wide::ZERO)
                })
                .collect()
        };
        let class_bound = bound_of(&table);
        let reduced_class_bound = bound_of(&reduced_table);
        let mut compatible_bits = BitMatrix::new(size);
        for a in 0..size {
            for b in 0..a {
                if compatible(vertices[a], vertices[b]) {
                    compatible_bits.put(a, b, true);
                }
            }
        }
        BracketEdges {
            settled,
            settled_outside,
            carried,
            compatible: compatible_bits,
            zeroed: BitMatrix::new(size),
            class,
            classes,
            table,
            reduced_table,
            outside,
            overrides: vec![HashMap::new(); size],
            remainder_position: vec![NONE; size],
            addend: vec![Wide::ZERO; size],
            class_bound,
            reduced_class_bound,
            raised: false,
        }
    }

    /// A weight no edge at `v` exceeds ([`Self::weight`]), while the table says so: `v` not
    /// moved down (edges between moved-down players keep weights of their own) and no weight
    /// raised since the bracket began.
    pub(super) fn row_bound(&self, v: usize) -> Option<Wide<L>> {
        (v >= self.settled && !self.raised).then(|| self.class_bound[self.class[v]])
    }

    /// The same for [`Self::reduced_weight`].
    pub(super) fn reduced_row_bound(&self, v: usize) -> Option<Wide<L>> {
        if v < self.settled || self.raised || self.reduced_class_bound.is_empty() {
            return None;
        }
        Some(self.reduced_class_bound[self.class[v]])
    }

    /// `K + φ(a) + φ(b)` (see `computer.rs`).
    #[inline]
    pub(super) fn outside_fields(&self, a: usize, b: usize) -> Wide<L> {
        self.outside.fields(a, b)
    }

    /// `w` less the outside weight of `ab`, zero when it is no larger (the local matcher's
    /// weight).
    #[inline]
    pub(super) fn reduce(&self, a: usize, b: usize, w: Wide<L>) -> Wide<L> {
        if w.is_zero() {
            return w;
        }
        let o = self.outside_fields(a, b);
        if w > o { w.minus(o) } else { Wide::ZERO }
    }

    fn outside_weight(&self, a: usize, b: usize) -> Wide<L> {
        if self.compatible.get(a, b) {
            self.outside_fields(a, b)
        } else {
            Wide::ZERO
        }
    }

    /// The weight of `ab` as the bracket began (C4–C21), zero when the players may not meet
    /// or the pair was taken away since; `a` or `b` not moved down.
    pub(super) fn base(&self, a: usize, b: usize) -> Wide<L> {
        let (h, l) = (a.min(b), a.max(b));
        if self.zeroed.get(h, l) || !self.compatible.get(h, l) {
            return Wide::ZERO;
        }
        self.table[self.class[h] * self.classes + self.class[l]]
    }

    /// The weight without single weights and taken pairs.
    #[inline]
    fn structural(&self, h: usize, l: usize) -> Wide<L> {
        if l < self.settled {
            return match self.carried.get(&(h, l)) {
                Some(&w) => w,
                None if self.settled_outside => self.outside_weight(h, l),
                None => Wide::ZERO,
            };
        }
        if !self.compatible.get(h, l) {
            return Wide::ZERO;
        }
        let w = self.table[self.class[h] * self.classes + self.class[l]];
        if self.remainder_position[h] != NONE && self.remainder_position[l] != NONE {
            w.plus(self.addend[h])
        } else {
            w
        }
    }

    /// The current weight of `ab` (zero: no edge).
    #[inline]
    pub(super) fn weight(&self, a: usize, b: usize) -> Wide<L> {
        let (h, l) = if a < b { (a, b) } else { (b, a) };
        let row = &self.overrides[h];
        if !row.is_empty()
            && let Some(&w) = row.get(&l)
        {
            return w;
        }
        if self.zeroed.get(h, l) {
            return Wide::ZERO;
        }
        self.structural(h, l)
    }

    /// [`Self::reduce`] of [`Self::weight`], by the table when nothing else applies (the
    /// local matcher's innermost read).
    #[inline]
    pub(super) fn reduced_weight(&self, a: usize, b: usize) -> Wide<L> {
        let (h, l) = if a < b { (a, b) } else { (b, a) };
        let row = &self.overrides[h];
        if !row.is_empty()
            && let Some(&w) = row.get(&l)
        {
            return self.reduce(h, l, w);
        }
        if self.zeroed.get(h, l) {
            return Wide::ZERO;
        }
        if l < self.settled
            || self.reduced_table.is_empty()
            || (self.remainder_position[h] != NONE && self.remainder_position[l] != NONE)
        {
            return self.reduce(h, l, self.structural(h, l));
        }
        if !self.compatible.get(h, l) {
            return Wide::ZERO;
        }
        self.reduced_table[self.class[h] * self.classes + self.class[l]]
    }

    /// Sets the weight of `ab`; returns the weight before.
    pub(super) fn set(&mut self, a: usize, b: usize, w: Wide<L>) -> Wide<L> {
        let old = self.weight(a, b);
        let (h, l) = (a.min(b), a.max(b));
        self.raised |= w > old;
        if w.is_zero() {
            self.overrides[h].remove(&l);
            self.zeroed.put(h, l, true);
        } else {
            self.zeroed.put(h, l, false);
            if w == self.structural(h, l) {
                self.overrides[h].remove(&l);
            } else {
                self.overrides[h].insert(l, w);
            }
        }
        old
    }

    /// Forgets the single weights from `v` to later players but `partner` (a player paired
    /// for good: nobody reads them).
    pub(super) fn forget_row(&mut self, v: usize, partner: usize) {
        let kept = self.overrides[v].get(&partner).copied();
        self.overrides[v] = HashMap::new();
        if let Some(w) = kept {
            self.overrides[v].insert(partner, w);
        }
    }

    /// Gives the edges between players of the remainder (local numbers, in order) their
    /// ordering: the earlier end's addend is added to each edge that is there. `note` hears of
    /// each edge, as (earlier, later, before, after), in the order of C.04.3 Art. 3's loops.
    pub(super) fn order_remainder(
        &mut self,
        remainder: &[usize],
        addends: &[Wide<L>],
        mut note: impl FnMut(&Self, usize, usize, Wide<L>, Wide<L>),
    ) {
        for (oi, &o) in remainder.iter().enumerate() {
            for (pi, &p) in remainder[..oi].iter().enumerate() {
                let old = self.weight(p, o);
                let base = self.base(p, o);
                let new = if base.is_zero() {
                    base
                } else {
                    base.plus(addends[pi])
                };
                note(self, p, o, old, new);
            }
        }
        self.clear_overrides_within(remainder);
        self.raised = true;
        for (pi, &p) in remainder.iter().enumerate() {
            self.remainder_position[p] = pi;
            self.addend[p] = addends[pi];
        }
    }

    /// Ends the ordering of the remainder: an edge from `remainder[i]` to a later
    /// `remainder[j]` keeps its weight as the bracket began when `keep(i, j)`, else is taken
    /// away. `note` as in [`Self::order_remainder`].
    pub(super) fn fix_remainder(
        &mut self,
        remainder: &[usize],
        keep: impl Fn(usize, usize) -> bool,
        mut note: impl FnMut(&Self, usize, usize, Wide<L>, Wide<L>),
    ) {
        for (pi, &p) in remainder.iter().enumerate() {
            for (k, &o) in remainder[pi + 1..].iter().enumerate() {
                let old = self.weight(p, o);
                let new = if keep(pi, pi + 1 + k) {
                    self.base(p, o)
                } else {
                    Wide::ZERO
                };
                note(self, p, o, old, new);
            }
        }
        self.clear_overrides_within(remainder);
        for &p in remainder {
            self.remainder_position[p] = NONE;
            self.addend[p] = Wide::ZERO;
        }
        for (pi, &p) in remainder.iter().enumerate() {
            for (k, &o) in remainder[pi + 1..].iter().enumerate() {
                if !keep(pi, pi + 1 + k) {
                    self.zeroed.put(p, o, true);
                }
            }
        }
    }

    fn clear_overrides_within(&mut self, vertices: &[usize]) {
        let mut inside = vec![false; self.overrides.len()];
        for &v in vertices {
            inside[v] = true;
        }
        for &v in vertices {
            if !self.overrides[v].is_empty() {
                self.overrides[v].retain(|&l, _| !inside[l]);
            }
        }
    }
}
