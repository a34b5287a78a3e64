//! Shortcuts around the blossom algorithm for callers that change weights in known ways:
//! dual hints before and after every edge at a vertex moves by the same amount, a cheap
//! answer to "is this edge in some maximum matching?", and fixing a matched pair without a
//! new solve. None of them changes what [`MaxWeightMatcher::solve`] returns; they only spare
//! it work (tests in `tests.rs` check each against brute force).

use super::{EdgeWeights, MatchWeight, MaxWeightMatcher, NONE};
use std::collections::HashMap;

impl<W: MatchWeight> MaxWeightMatcher<W> {
    /// Takes note that every edge at `a` and `b` but theirs is about to be taken away: `g`
    /// still holds the weights before, and the caller's weights must read zero for those
    /// edges from now on. When they are matched to each other (after a solve), the blossoms
    /// holding them are dissolved first (their duals moved onto their vertices, so every edge
    /// stays feasible and every matched edge tight): the matching stays maximum and the next
    /// solve has nothing to do for them.
    pub fn isolate_pair<G: EdgeWeights<W>>(&mut self, a: usize, b: usize, g: &G) {
        let n = self.n;
        if a == b || a >= n || b >= n {
            return;
        }
        if self.mate[a] == a * n + b {
            self.lift_pair(a, b);
        }
        let paired = self.mate[a] == a * n + b
            && !self.is_dirty[a]
            && !self.is_dirty[b]
            && self.inblossom[a] != self.inblossom[b];
        if paired {
            // Each is the base of every blossom holding it (its matched edge leaves them).
            self.dissolve_around(a);
            self.dissolve_around(b);
        }
        // Taking an edge away changes something only inside a blossom or at a matched edge
        // (every dual is at least zero, so the edge stays covered): the others need no read.
        for x in 0..n {
            if x != a && x != b {
                for v in [a, b] {
                    let matched = self.mate[v] != NONE && self.endpoint(self.mate[v]) == x;
                    if self.inblossom[v] == self.inblossom[x] || matched {
                        self.note_weight(v, x, g.weight(v, x), W::zero());
                    }
                }
            }
        }
    }

    /// Takes the matched pair `ab` out of the blossoms it closes: while the two are the
    /// non-base children of a top-level blossom of three, the blossom gives way to its base
    /// child, which takes over its dual (the edges inside that child keep their slack, the
    /// others never counted it), so every invariant holds.
    fn lift_pair(&mut self, a: usize, b: usize) {
        let n = self.n;
        let top = self.inblossom[a];
        if top < n || top != self.inblossom[b] || self.blossomchilds[top].len() != 3 {
            return;
        }
        let childs = self.blossomchilds[top].clone();
        let (x, y) = (childs[1], childs[2]);
        if !((x == a && y == b) || (x == b && y == a)) {
            return;
        }
        let base_child = childs[0];
        if base_child >= n {
            self.dualvar[base_child] = self.dualvar[base_child].plus(self.dualvar[top]);
            for leaf in self.leaves_of(base_child) {
                self.inblossom[leaf] = base_child;
            }
        } else {
            self.inblossom[base_child] = base_child;
        }
        for c in childs {
            self.blossomparent[c] = NONE;
        }
        self.inblossom[a] = a;
        self.inblossom[b] = b;
        self.release_blossom(top);
    }

    /// Whether edge `ab` is in a maximum-weight matching of the current weights, when that
    /// is cheap to tell right after a [`solve`](Self::solve) (only lowered weights since):
    ///
    /// - `Some(false)`: the edge is not tight under the current duals, which are optimal, so
    ///   no maximum matching holds it;
    /// - `Some(true)`: the matching now holds it and is still maximum: the old partners of `a`
    ///   and `b` were re-paired along an alternating path of tight edges (outside blossoms,
    ///   scanning at most `budget` rows), so the weight is unchanged;
    /// - `None`: not shown either way without a solve; the matching is unchanged.
    pub fn try_pair<G: EdgeWeights<W>>(
        &mut self,
        a: usize,
        b: usize,
        budget: usize,
        g: &G,
    ) -> Option<bool> {
        let n = self.n;
        // Matched edges still to check are fine when tight (then nothing is pending).
        let loose = self.check.iter().any(|&v| {
            let p = self.mate[v];
            p != NONE && self.slack(g, self.flip(p)) != W::zero()
        });
        if !loose {
            self.check.clear();
        }
        if a == b || a >= n || b >= n || !self.dirty.is_empty() || !self.check.is_empty() {
            return None;
        }
        let p = a * n + b;
        if Self::doubled(g, a, b) <= W::zero() || self.full_slack(g, a, b) != W::zero() {
            return Some(false);
        }
        if self.mate[a] == p {
            return Some(true);
        }
        if self.inblossom[a] != a || self.inblossom[b] != b {
            return None;
        }
        let saved = self.mate.clone();
        let orphans: Vec<usize> = [self.mate[a], self.mate[b]]
            .iter()
            .filter(|&&q| q != NONE)
            .map(|&q| self.endpoint(q))
            .collect();
        for &o in &orphans {
            self.mate[o] = NONE;
        }
        self.mate[a] = p;
        self.mate[b] = self.flip(p);
        let mut rows = 0usize;
        for &o in &orphans {
            // A free vertex must have dual zero: an orphan with a positive dual is re-paired.
            if self.mate[o] != NONE || self.dualvar[o] == W::zero() {
                continue;
            }
            if self.inblossom[o] != o || !self.tight_path(g, o, a, b, budget, &mut rows) {
                self.mate = saved;
                return None;
            }
        }
        Some(true)
    }

    /// The slack of edge `ab` with the duals of the blossoms holding both ends (zero exactly
    /// when the edge is tight, wherever its ends are).
    fn full_slack<G: EdgeWeights<W>>(&self, g: &G, a: usize, b: usize) -> W {
        let ancestors = |mut t: usize| {
            let mut out = Vec::new();
            while self.blossomparent[t] != NONE {
                t = self.blossomparent[t];
                out.push(t);
            }
            out
        };
        let (up_a, up_b) = (ancestors(a), ancestors(b));
        let mut slack = self.slack(g, a * self.n + b);
        for (x, y) in up_a.iter().rev().zip(up_b.iter().rev()) {
            if x != y {
                break;
            }
            slack = slack.plus(self.dualvar[*x]).plus(self.dualvar[*x]);
        }
        slack
    }

    /// Pairs the free vertex `o` with a free vertex by an alternating path of tight edges
    /// through vertices outside blossoms, avoiding `a` and `b`.
    fn tight_path<G: EdgeWeights<W>>(
        &mut self,
        g: &G,
        o: usize,
        a: usize,
        b: usize,
        budget: usize,
        rows: &mut usize,
    ) -> bool {
        let n = self.n;
        let mut via: HashMap<usize, (usize, usize)> = HashMap::new();
        let mut seen: std::collections::HashSet<usize> = [o, a, b].into_iter().collect();
        let mut queue = std::collections::VecDeque::from([o]);
        while let Some(outer) = queue.pop_front() {
            *rows += 1;
            if *rows > budget {
                return false;
            }
            for y in 0..n {
                if seen.contains(&y) || self.inblossom[y] != y {
                    continue;
                }
                let w = Self::doubled(g, outer, y);
                if w <= W::zero() || self.slack_of(outer, y, w) != W::zero() {
                    continue;
                }
                seen.insert(y);
                if self.mate[y] == NONE {
                    // Flip the path o … outer – y.
                    let (mut x, mut y) = (outer, y);
                    loop {
                        self.mate[x] = x * n + y;
                        self.mate[y] = y * n + x;
                        if x == o {
                            return true;
                        }
                        let (back, inner) = via[&x];
                        x = back;
                        y = inner;
                    }
                }
                let z = self.endpoint(self.mate[y]);
                if self.inblossom[z] == z && seen.insert(z) {
                    via.insert(z, (outer, y));
                    queue.push_back(z);
                }
            }
        }
        false
    }

    /// Unpairs the matched edges at the vertices in `check` that are no longer tight (their
    /// ends keep feasible duals and become roots of the next stage).
    pub(super) fn release_loose_pairs<G: EdgeWeights<W>>(&mut self, g: &G) {
        let check = std::mem::take(&mut self.check);
        for v in check {
            let p = self.mate[v];
            if p != NONE && self.slack(g, self.flip(p)) != W::zero() {
                let u = self.endpoint(p);
                self.mate[v] = NONE;
                self.mate[u] = NONE;
            }
        }
    }

    /// A hint after weights fell: lowers the dual of `v` by `amount` (in weight units) when
    /// every edge at `v` stays feasible, so that its matched edge, if its weight fell by as
    /// much, stays tight. Like [`raise_dual`](Self::raise_dual), it never changes the result
    /// of the next solve, only its cost.
    pub fn lower_dual<G: EdgeWeights<W>>(&mut self, v: usize, amount: W, g: &G) {
        let n = self.n;
        if v >= n || amount <= W::zero() || self.is_dirty[v] || self.inblossom[v] != v {
            return;
        }
        let d = amount.plus(amount);
        if self.dualvar[v] < d {
            return;
        }
        for u in 0..n {
            if u == v || self.is_dirty[u] {
                continue;
            }
            let w = Self::doubled(g, v, u);
            if w > W::zero() && self.slack_of(v, u, w) < d {
                return;
            }
        }
        self.dualvar[v] = self.dualvar[v].minus(d);
        self.check.push(v);
    }

    /// A hint before weights change: raises the dual of `v` by `amount` (in weight units), so
    /// that edges at `v` whose weight will grow by as much stay feasible, and its matched edge
    /// stays tight if its weight grows by `amount` too. Any hint leaves the next
    /// [`solve`](Self::solve) exact; a good one spares it re-matching `v`. A vertex inside a
    /// blossom is detached instead.
    pub fn raise_dual(&mut self, v: usize, amount: W) {
        if v >= self.n || amount <= W::zero() || self.is_dirty[v] {
            return;
        }
        if self.inblossom[v] != v {
            self.detach(v);
            return;
        }
        self.dualvar[v] = self.dualvar[v].plus(amount.plus(amount));
        self.check.push(v);
    }
}
