//! The vertices whose edges changed since the last solve: taken out of the matching and their
//! blossoms (`detach`), then given duals that cover every edge at them
//! again before the next solve re-augments from them.

use super::{EdgeWeights, MatchWeight, MaxWeightMatcher, NONE};

impl<W: MatchWeight> MaxWeightMatcher<W> {
    /// Unmatches `v` (and its mate) and takes it out of its blossoms, keeping every invariant
    /// but the duals at `v`, which the next solve recomputes.
    pub(super) fn detach(&mut self, v: usize) {
        if self.is_dirty[v] {
            return;
        }
        let b = self.inblossom[v];
        let outside = self.mate[self.blossombase[b]];
        if b >= self.n {
            // Rotate the blossom so that `v` is its base (its edges stay tight).
            self.augment_blossom(b, v);
        }
        if outside != NONE {
            let x = self.endpoint(outside);
            self.mate[x] = NONE;
        }
        self.mate[v] = NONE;
        self.dissolve_around(v);
        self.is_dirty[v] = true;
        self.dirty.push(v);
    }

    /// Dissolves the blossoms holding `v`, which must be their base: their duals move onto
    /// their vertices, which leaves the slack of inner edges unchanged and only raises the
    /// others (the base's own matched edge, if any, leaves them all).
    pub(super) fn dissolve_around(&mut self, v: usize) {
        while self.inblossom[v] >= self.n {
            let b = self.inblossom[v];
            let z = self.dualvar[b];
            for leaf in self.leaves_of(b) {
                self.dualvar[leaf] = self.dualvar[leaf].plus(z);
            }
            self.dualvar[b] = W::zero();
            self.label[b] = 0;
            self.expand_blossom(b, true);
        }
    }

    /// Brings every free vertex with a positive dual to an even dual, so that the slack between
    /// two S-vertices stays even (their duals share the roots' parity).
    pub(super) fn even_free_duals(&mut self) {
        for v in 0..self.n {
            if self.mate[v] != NONE {
                continue;
            }
            loop {
                let d = self.dualvar[v];
                if d.minus(d.half().plus(d.half())) == W::zero() {
                    break;
                }
                let b = self.inblossom[v];
                if b == v {
                    self.dualvar[v] = d.plus(W::one());
                } else if self.dualvar[b] > W::zero() {
                    for leaf in self.leaves_of(b) {
                        self.dualvar[leaf] = self.dualvar[leaf].plus(W::one());
                    }
                    self.dualvar[b] = self.dualvar[b].minus(W::one());
                } else {
                    self.label[b] = 0;
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// Recomputes the duals of the detached vertices so that every edge at them is feasible
    /// (a detached neighbour counts as dual zero: its own dual will cover the edge).
    ///
    /// When few vertices stayed attached (a first solve), a vertex's row bound
    /// ([`EdgeWeights::row_bound`]) often spares its row: a detached neighbour needs at most the
    /// bound, so when an attached one needs as much, that is the dual; and a dual above the
    /// bound leaves no edge to a detached neighbour tight (that neighbour's dual covers half of
    /// it already), so only the attached ones are looked at for a tight pair.
    pub(super) fn raise_dirty_duals<G: EdgeWeights<W>>(&mut self, g: &G) {
        let n = self.n;
        let dirty = std::mem::take(&mut self.dirty);
        // Few vertices attached: a first solve.
        let shortcut = dirty.len() * 4 >= n * 3;
        let attached: Vec<usize> = if shortcut {
            (0..n).filter(|&u| !self.is_dirty[u]).collect()
        } else {
            Vec::new()
        };
        // Per detached vertex, whether its dual is above its row bound.
        let mut above_bound = vec![false; if shortcut { n } else { 0 }];
        for &v in &dirty {
            let need = |this: &Self, u: usize| -> Option<W> {
                let w = Self::doubled(g, v, u);
                if w <= W::zero() {
                    return None;
                }
                // Two detached ends share the edge: half each.
                Some(if this.is_dirty[u] {
                    w.half()
                } else {
                    w.minus(this.dualvar[u])
                })
            };
            let mut settled = None;
            // A need no other exceeds: the scan of the row may stop there.
            let mut cap = None;
            if shortcut && let Some(bound) = g.row_bound(v) {
                let mut dual = W::zero();
                for &u in &attached {
                    if let Some(x) = need(self, u)
                        && x > dual
                    {
                        dual = x;
                    }
                }
                if dual >= bound {
                    settled = Some(dual);
                    above_bound[v] = dual > bound;
                } else {
                    cap = Some(bound);
                }
            }
            let dual = settled.unwrap_or_else(|| {
                let mut dual = W::zero();
                for u in 0..n {
                    if u == v {
                        continue;
                    }
                    if let Some(x) = need(self, u)
                        && x > dual
                    {
                        dual = x;
                        if cap == Some(dual) {
                            break;
                        }
                    }
                }
                dual
            });
            self.dualvar[v] = dual;
        }
        for &v in &dirty {
            self.is_dirty[v] = false;
        }
        // Pair detached vertices along edges that are tight already: every invariant holds,
        // and each such pair saves an augmentation stage.
        for &v in &dirty {
            if self.mate[v] != NONE || self.inblossom[v] != v {
                continue;
            }
            let candidates: &mut dyn Iterator<Item = usize> = if shortcut && above_bound[v] {
                &mut attached.iter().copied()
            } else {
                &mut (0..n)
            };
            let row = v * n;
            for u in candidates {
                if u == v || self.mate[u] != NONE || self.inblossom[u] != u {
                    continue;
                }
                let w = Self::doubled(g, v, u);
                if w > W::zero() && self.slack_of(v, u, w) == W::zero() {
                    self.mate[v] = row + u;
                    self.mate[u] = u * n + v;
                    break;
                }
            }
        }
    }
}
