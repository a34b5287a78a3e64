//! Edge weights in a matrix, and the matcher over them: the simple interface, for small graphs
//! and tests.

use super::{EdgeWeights, MatchWeight, MaxWeightMatcher};

/// Edge weights in an `n × n` matrix.
pub struct DenseWeights<W> {
    n: usize,
    weights: Vec<W>,
}

impl<W: MatchWeight> DenseWeights<W> {
    /// No edges between `n` vertices.
    pub fn new(n: usize) -> Self {
        DenseWeights {
            n,
            weights: vec![W::zero(); n * n],
        }
    }

    /// Sets the weight of edge `ab` (both ways).
    pub fn set(&mut self, a: usize, b: usize, weight: W) {
        self.weights[a * self.n + b] = weight;
        self.weights[b * self.n + a] = weight;
    }
}

impl<W: MatchWeight> EdgeWeights<W> for DenseWeights<W> {
    fn weight(&self, a: usize, b: usize) -> W {
        self.weights[a * self.n + b]
    }
}

/// A [`MaxWeightMatcher`] with its weights in a matrix: the simple interface, for small graphs
/// and tests.
pub struct DenseMatcher<W: MatchWeight> {
    matcher: MaxWeightMatcher<W>,
    weights: DenseWeights<W>,
}

impl<W: MatchWeight> DenseMatcher<W> {
    /// A graph of `n` vertices without edges.
    pub fn new(n: usize) -> Self {
        DenseMatcher {
            matcher: MaxWeightMatcher::new(n),
            weights: DenseWeights::new(n),
        }
    }

    /// The weight of edge `ab` (zero when there is none).
    pub fn weight(&self, a: usize, b: usize) -> W {
        let w = self.weights.weight(a, b);
        if w > W::zero() { w } else { W::zero() }
    }

    /// Sets the weight of edge `ab`; zero or less removes it. Out-of-range vertices and loops
    /// are ignored.
    pub fn set_weight(&mut self, a: usize, b: usize, weight: W) {
        let n = self.matcher.n;
        if a == b || a >= n || b >= n {
            return;
        }
        let old = self.weights.weight(a, b);
        self.weights.set(a, b, weight);
        self.matcher.note_weight(a, b, old, weight);
    }

    /// See [`MaxWeightMatcher::solve`].
    pub fn solve(&mut self) {
        self.matcher.solve(&self.weights);
    }

    /// See [`MaxWeightMatcher::mate`].
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.matcher.mate(v)
    }

    /// See [`MaxWeightMatcher::try_pair`].
    pub fn try_pair(&mut self, a: usize, b: usize, budget: usize) -> Option<bool> {
        self.matcher.try_pair(a, b, budget, &self.weights)
    }

    /// Takes every edge at `a` and `b` away but theirs (see [`MaxWeightMatcher::isolate_pair`]).
    pub fn isolate_pair(&mut self, a: usize, b: usize) {
        let n = self.matcher.n;
        if a == b || a >= n || b >= n {
            return;
        }
        self.matcher.isolate_pair(a, b, &self.weights);
        for x in 0..n {
            if x != a && x != b {
                self.weights.set(a, x, W::zero());
                self.weights.set(b, x, W::zero());
            }
        }
    }

    /// See [`MaxWeightMatcher::raise_dual`].
    pub fn raise_dual(&mut self, v: usize, amount: W) {
        self.matcher.raise_dual(v, amount);
    }

    /// See [`MaxWeightMatcher::lower_dual`].
    pub fn lower_dual(&mut self, v: usize, amount: W) {
        self.matcher.lower_dual(v, amount, &self.weights);
    }
}
