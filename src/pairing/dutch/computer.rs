//! The weight matrix over the players still to pair, with pairs fixed one by one, and its
//! maximum-weight matching.

use crate::pairing::matching::{Wide, max_weight_matching};

/// A weight matrix over the players still to pair, with pairs fixed one by one.
pub(super) struct Computer<const L: usize> {
    n: usize,
    /// Lower triangle: `weights[v][u]` for `u < v`.
    weights: Vec<Vec<Wide<L>>>,
    fixed: Vec<Option<usize>>,
    maximum: Wide<L>,
}

impl<const L: usize> Computer<L> {
    pub(super) fn new(n: usize, maximum: Wide<L>) -> Self {
        Computer {
            n,
            weights: (0..n).map(|v| vec![Wide::ZERO; v]).collect(),
            fixed: vec![None; n],
            maximum,
        }
    }

    pub(super) fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        if a == b || self.fixed[a].is_some() || self.fixed[b].is_some() {
            return;
        }
        let (v, u) = if a > b { (a, b) } else { (b, a) };
        self.weights[v][u] = w;
    }

    /// Fixes the pair: their edge outweighs everything and they have no other edge.
    pub(super) fn finalize(&mut self, a: usize, b: usize) {
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
    pub(super) fn compute(&self) -> Vec<usize> {
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
