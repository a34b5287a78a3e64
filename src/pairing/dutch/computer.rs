//! The weight matrix over the players still to pair, with pairs fixed one by one, and its
//! maximum-weight matching, kept up to date between decisions (only the players whose edges
//! changed are re-matched, as bbpPairings does).

use crate::pairing::matching::{MatchWeight, MaxWeightMatcher, Wide};

/// A weight matrix over the players still to pair, with pairs fixed one by one.
pub(super) struct Computer<const L: usize> {
    n: usize,
    matcher: MaxWeightMatcher<Wide<L>>,
    fixed: Vec<Option<usize>>,
}

impl<const L: usize> Computer<L> {
    pub(super) fn new(n: usize) -> Self {
        Computer {
            n,
            matcher: MaxWeightMatcher::new(n),
            fixed: vec![None; n],
        }
    }

    pub(super) fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        if a == b || self.fixed[a].is_some() || self.fixed[b].is_some() {
            return;
        }
        self.matcher.set_weight(a, b, w);
    }

    /// Fixes the pair: they have no other edge, so they stay paired (when their edge has
    /// weight) and nobody else can be matched to them.
    pub(super) fn finalize(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        for x in 0..self.n {
            if x != a && x != b {
                self.matcher.set_weight(a, x, Wide::zero());
                self.matcher.set_weight(b, x, Wide::zero());
            }
        }
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
    }

    /// The current maximum-weight matching: each vertex's partner (itself when unmatched).
    pub(super) fn compute(&mut self) -> Vec<usize> {
        self.matcher.solve();
        (0..self.n)
            .map(|v| self.fixed[v].or_else(|| self.matcher.mate(v)).unwrap_or(v))
            .collect()
    }
}
