//! Maximum-weight matching on a general graph (Edmonds' blossom algorithm with Galil's
//! O(n³) dual updates). It knows nothing about chess: vertices are `0..n`, edges carry weights
//! of any [`MatchWeight`] type, and the answer is a matching of largest total weight.
//!
//! Pairing systems encode their criteria, in priority order, as bit fields of one wide integer
//! (see [`Wide`]): a heavier edge set always wins on the first criterion where they differ.
//!
//! [`MaxWeightMatcher`] is incremental: it keeps the matching, the dual variables and the
//! blossoms between solves, and after weight changes re-augments only from the vertices whose
//! edges changed. It stores no weights: it reads them from an [`EdgeWeights`] (a function of
//! the two ends, which may compute them on demand) and is told of every change
//! ([`MaxWeightMatcher::note_weight`]), so its memory grows with the vertices, not the edges.
//! [`DenseMatcher`] pairs it with a weight matrix. Files: `dense.rs` (weights in a matrix),
//! `weight` (the weight types),
//! `detached.rs` (vertices taken out after weight changes, and their new duals),
//! `shortcuts.rs` (dual hints, `try_pair`, `isolate_pair`: cheaper answers for callers that
//! change weights in known ways), `tests.rs` (against brute force).

mod dense;
mod detached;
mod shortcuts;
mod weight;

pub use dense::{DenseMatcher, DenseWeights};
pub use weight::{MatchWeight, Wide};

const NONE: usize = usize::MAX;

/// Computes a maximum-weight matching of the graph with `vertex_count` vertices and the given
/// edges `(u, v, weight)`. Edges of weight zero or less are never needed (they may be left out;
/// of parallel edges the heaviest counts). Returns, per vertex, its partner or `None`.
pub fn max_weight_matching<W: MatchWeight>(
    vertex_count: usize,
    edges: &[(usize, usize, W)],
) -> Vec<Option<usize>> {
    let mut matcher = DenseMatcher::new(vertex_count);
    for &(u, v, w) in edges {
        if u < vertex_count && v < vertex_count && w > matcher.weight(u, v) {
            matcher.set_weight(u, v, w);
        }
    }
    matcher.solve();
    (0..vertex_count).map(|v| matcher.mate(v)).collect()
}

/// The weights of a graph's edges, as the matcher reads them: `weight(a, b)` for two distinct
/// vertices below the matcher's `n`, the same both ways; zero or less means no edge. Between
/// two changes reported to the matcher ([`MaxWeightMatcher::note_weight`]) it must answer
/// the same.
pub trait EdgeWeights<W> {
    /// The weight of edge `ab`.
    fn weight(&self, a: usize, b: usize) -> W;

    /// A weight no edge at `v` exceeds, when that is cheap to tell (`None`: not known). The
    /// matcher then spares whole-row reads where the bound settles the answer.
    fn row_bound(&self, _v: usize) -> Option<W> {
        None
    }
}

/// A maximum-weight matching kept up to date while edge weights change (the primal-dual
/// blossom algorithm, warm-started).
///
/// Between solves the matching, the dual variables and the blossoms are kept. Changing a weight
/// that the current duals still cover costs nothing; otherwise one endpoint is taken out of its
/// blossoms and unmatched, its dual raised until every edge at it is feasible again, and the
/// next [`solve`](Self::solve) runs one augmentation stage per such vertex (and its old mate):
/// O(k·n²) for k touched vertices instead of O(n³) from scratch.
///
/// Invariants kept between solves (with weights doubled, slack = uᵢ + uⱼ − 2w plus the duals
/// of the blossoms holding both ends): every edge has slack ≥ 0, matched and blossom edges are
/// tight, and every unmatched vertex has dual zero, so the matching is optimal.
pub struct MaxWeightMatcher<W: MatchWeight> {
    n: usize,
    /// Vertices taken out since the last solve; their duals are recomputed by it.
    dirty: Vec<usize>,
    /// Vertices whose matched edge may have lost its tightness since the last solve.
    check: Vec<usize>,
    is_dirty: Vec<bool>,
    // The blossom algorithm's state. An endpoint `p = from * n + to` names the end `to` of the
    // edge `from`–`to`; `flip(p)` is the other end.
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    /// The slack of `bestedge[x]` when the stage's dual steps so far (`shift`) are added back
    /// (twice for an edge between S-blossoms), so that keys stay comparable as duals move.
    bestkey: Vec<W>,
    shift: W,
    blossombestedges: Vec<Option<Vec<usize>>>,
    /// Scratch of [`find_best_edges`](Self::find_best_edges), all `NONE` between calls: the
    /// least-slack edge from the blossom to each S-blossom, and that slack.
    bestedgeto: Vec<usize>,
    bestslack: Vec<W>,
    /// S-blossoms formed in this stage whose best edges are not known yet
    /// ([`find_best_edges`](Self::find_best_edges)).
    best_unknown: Vec<bool>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    queue: Vec<usize>,
}

impl<W: MatchWeight> MaxWeightMatcher<W> {
    /// A graph of `n` vertices without edges.
    pub fn new(n: usize) -> Self {
        MaxWeightMatcher {
            n,
            dirty: Vec::new(),
            check: Vec::new(),
            is_dirty: vec![false; n],
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            bestkey: vec![W::zero(); 2 * n],
            shift: W::zero(),
            blossombestedges: vec![None; 2 * n],
            bestedgeto: vec![NONE; 2 * n],
            bestslack: vec![W::zero(); 2 * n],
            best_unknown: vec![false; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar: vec![W::zero(); 2 * n],
            queue: Vec::new(),
        }
    }

    /// Twice the weight of edge `ab` as the matcher counts it (zero when there is none).
    #[inline]
    fn doubled<G: EdgeWeights<W>>(g: &G, a: usize, b: usize) -> W {
        twice(g.weight(a, b))
    }

    /// Takes note that the weight of edge `ab` went from `old` to `new` (zero or less: no
    /// edge). The caller's [`EdgeWeights`] may answer either before or after: nothing else is
    /// read. Out-of-range vertices and loops are ignored.
    pub fn note_weight(&mut self, a: usize, b: usize, old: W, new: W) {
        let n = self.n;
        if a == b || a >= n || b >= n {
            return;
        }
        let doubled = twice(new);
        if doubled == twice(old) {
            return;
        }
        // Still feasible and not inside a blossom: nothing to repair, but a matched edge must
        // still be tight when the next solve starts.
        let between = self.inblossom[a] != self.inblossom[b];
        let covered = doubled <= self.dualvar[a].plus(self.dualvar[b]);
        if between && covered {
            if self.mate[a] != NONE && self.endpoint(self.mate[a]) == b {
                self.check.push(a);
            }
        } else {
            let v = if self.is_dirty[b] && !self.is_dirty[a] {
                b
            } else {
                a
            };
            self.detach(v);
        }
    }

    /// Whether `v` was detached since the last solve (the next one recomputes its dual).
    ///
    /// Before the first solve every dual is zero and nothing is matched: then a note about an
    /// edge `ab` ([`note_weight`](Self::note_weight)) with `a` detached changes nothing, and
    /// callers telling of many new edges may skip those.
    pub fn is_detached(&self, v: usize) -> bool {
        self.is_dirty[v]
    }

    /// The partner of `v` in the matching of the last [`solve`](Self::solve).
    pub fn mate(&self, v: usize) -> Option<usize> {
        let p = self.mate[v];
        (p != NONE).then(|| self.endpoint(p))
    }

    fn endpoint(&self, p: usize) -> usize {
        p % self.n
    }

    fn flip(&self, p: usize) -> usize {
        (p % self.n) * self.n + p / self.n
    }

    fn edge(&self, p: usize) -> (usize, usize) {
        (p / self.n, p % self.n)
    }

    fn slack<G: EdgeWeights<W>>(&self, g: &G, p: usize) -> W {
        let (i, j) = self.edge(p);
        self.slack_of(i, j, Self::doubled(g, i, j))
    }

    /// The slack of edge `ij` of doubled weight `doubled`.
    #[inline]
    fn slack_of(&self, i: usize, j: usize, doubled: W) -> W {
        self.dualvar[i].plus(self.dualvar[j]).minus(doubled)
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &t in &self.blossomchilds[b] {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            if b < self.n {
                self.queue.push(b);
            } else {
                let leaves = self.leaves_of(b);
                self.queue.extend(leaves);
            }
        } else if t == 2 {
            let base = self.blossombase[b];
            let mate = self.mate[base];
            self.assign_label(self.endpoint(mate), 1, self.flip(mate));
        }
    }

    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint(self.labelend[b]);
                b = self.inblossom[v];
                v = self.endpoint(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    /// Forms a blossom from the S-blossoms joined by the tight edge `k` (`v` → `w`).
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.edge(k);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(self.flip(k));
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.flip(self.labelend[bw]));
            w = self.endpoint(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::zero();
        for leaf in self.leaves_of_path(&path) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        for &sub in &path {
            self.bestedge[sub] = NONE;
        }
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
        // Its least-slack edges to the other S-blossoms are found when a dual step needs them
        // (most stages end by an augmentation before any).
        self.bestedge[b] = NONE;
        self.blossombestedges[b] = None;
        self.best_unknown[b] = true;
    }

    /// Finds the least-slack edge from the top-level S-blossom `b` to each other S-blossom
    /// (from its children's lists, or their leaves' rows for those without), for the dual
    /// step: its best edge and the list kept for a blossom that will hold it.
    fn find_best_edges<G: EdgeWeights<W>>(&mut self, g: &G, b: usize) {
        let path = std::mem::take(&mut self.blossomchilds[b]);
        let n = self.n;
        // The slack of `bestedgeto[x]` is kept, so that each edge's weight is read once; only
        // the S-blossoms reached are touched (and cleared after).
        let mut bestedgeto = std::mem::take(&mut self.bestedgeto);
        let mut bestslack = std::mem::take(&mut self.bestslack);
        let mut reached = Vec::new();
        for &sub in &path {
            let mut offer = |this: &Self, k: usize, slack: W| {
                let (i, j) = this.edge(k);
                let j = if this.inblossom[j] == b { i } else { j };
                let bj = this.inblossom[j];
                if bj != b
                    && this.label[bj] == 1
                    && (bestedgeto[bj] == NONE || slack < bestslack[bj])
                {
                    if bestedgeto[bj] == NONE {
                        reached.push(bj);
                    }
                    bestedgeto[bj] = k;
                    bestslack[bj] = slack;
                }
            };
            match self.blossombestedges[sub].take() {
                Some(list) => {
                    for k in list {
                        offer(self, k, self.slack(g, k));
                    }
                }
                None => {
                    // Every edge from the sub-blossom to an S-blossom, in the order of its
                    // leaves and their rows.
                    for leaf in self.leaves_of(sub) {
                        let row = leaf * n;
                        for u in 0..n {
                            let bu = self.inblossom[u];
                            if bu == b || self.label[bu] != 1 || u == leaf {
                                continue;
                            }
                            let w = Self::doubled(g, leaf, u);
                            if w != W::zero() {
                                offer(self, row + u, self.slack_of(leaf, u, w));
                            }
                        }
                    }
                }
            }
        }
        // In the order of the S-blossoms' numbers, as a scan of them all would list them.
        reached.sort_unstable();
        let best: Vec<(usize, W)> = reached
            .iter()
            .map(|&x| (bestedgeto[x], bestslack[x]))
            .collect();
        for &x in &reached {
            bestedgeto[x] = NONE;
        }
        self.bestedgeto = bestedgeto;
        self.bestslack = bestslack;
        self.bestedge[b] = NONE;
        for &(k, slack) in &best {
            let key = slack.plus(self.shift.plus(self.shift));
            if self.bestedge[b] == NONE || key < self.bestkey[b] {
                self.bestedge[b] = k;
                self.bestkey[b] = key;
            }
        }
        self.blossombestedges[b] = Some(best.into_iter().map(|(k, _)| k).collect());
        self.blossomchilds[b] = path;
        self.best_unknown[b] = false;
    }

    fn leaves_of_path(&self, path: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &b in path {
            self.leaves(b, &mut out);
        }
        out
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::zero() {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let endps = self.blossomendps[b].clone();
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let entrychild = self.inblossom[self.endpoint(self.flip(self.labelend[b]))];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, bool) = if j & 1 == 1 {
                j -= len;
                (1, false)
            } else {
                (-1, true)
            };
            let trick = |s: &Self, p: usize| if endptrick { s.flip(p) } else { p };
            let shift = isize::from(endptrick);
            let mut p = self.labelend[b];
            while j != 0 {
                let a = self.endpoint(self.flip(p));
                self.label[a] = 0;
                let q = self.flip(trick(self, endps[at(j - shift)]));
                let c = self.endpoint(q);
                self.label[c] = 0;
                self.assign_label(a, 2, p);
                j += jstep;
                p = trick(self, endps[at(j - shift)]);
                j += jstep;
            }
            let bv = childs[at(j)];
            let a = self.endpoint(self.flip(p));
            self.label[a] = 2;
            self.label[bv] = 2;
            self.labelend[a] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.leaves_of(bv);
                if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    let e = self.endpoint(m);
                    self.label[e] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.release_blossom(b);
    }

    /// Clears blossom slot `b` (its children already taken out) and returns it to the pool.
    fn release_blossom(&mut self, b: usize) {
        self.dualvar[b] = W::zero();
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.best_unknown[b] = false;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    /// Swaps matched and unmatched edges in blossom `b` so that vertex `v` becomes its base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, bool) = if i & 1 == 1 {
            j -= len;
            (1, false)
        } else {
            (-1, true)
        };
        let shift = isize::from(endptrick);
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let e = self.blossomendps[b][at(j - shift)];
            let p = if endptrick { self.flip(e) } else { e };
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(p));
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint(self.flip(p)));
            }
            let (x, y) = (self.endpoint(p), self.endpoint(self.flip(p)));
            self.mate[x] = self.flip(p);
            self.mate[y] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    /// Flips the alternating path from `s` (reached by endpoint `p`, or `NONE`) back to the
    /// root of its tree.
    fn augment_side(&mut self, mut s: usize, mut p: usize) {
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.endpoint(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.endpoint(self.labelend[bt]);
            let j = self.endpoint(self.flip(self.labelend[bt]));
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.flip(self.labelend[bt]);
        }
    }

    /// Looks at edge `v`–`w` from S-vertex `v` (in another top-level blossom than `w`): labels,
    /// forms a blossom or augments when it is tight, else records it as a best edge. Returns
    /// true when the matching was augmented.
    ///
    /// `doubled` is twice the edge's weight; `tight` when a dual step has just made it tight.
    /// Otherwise an edge is tight when its slack is zero: the dual steps of a stage keep the
    /// tight edges it has seen tight, so the slack tells it anew.
    #[inline]
    fn consider<G: EdgeWeights<W>>(
        &mut self,
        g: &G,
        v: usize,
        w: usize,
        doubled: W,
        tight: bool,
    ) -> bool {
        let p = v * self.n + w;
        let kslack = if tight {
            W::zero()
        } else {
            self.slack_of(v, w, doubled)
        };
        let bw = self.inblossom[w];
        if tight || kslack <= W::zero() {
            if self.label[bw] == 0 {
                if self.mate[self.blossombase[bw]] == NONE {
                    // A free vertex with dual zero: augment to it.
                    self.augment_side(v, p);
                    self.augment_side(w, self.flip(p));
                    return true;
                }
                self.assign_label(w, 2, self.flip(p));
            } else if self.label[bw] == 1 {
                let base = self.scan_blossom(v, w);
                if base == NONE {
                    self.augment_side(v, p);
                    self.augment_side(w, self.flip(p));
                    return true;
                }
                self.add_blossom(base, p);
            } else if self.label[w] == 0 {
                self.label[w] = 2;
                self.labelend[w] = self.flip(p);
            }
        } else if self.label[bw] == 1 {
            // Both ends lose the dual steps: the slack falls by twice their sum.
            let b = self.inblossom[v];
            let key = kslack.plus(self.shift.plus(self.shift));
            if self.bestedge[b] == NONE || key < self.bestkey[b] {
                self.bestedge[b] = p;
                self.bestkey[b] = key;
            }
        } else if self.label[bw] == 0 {
            // Only the S end loses the dual steps.
            let key = kslack.plus(self.shift);
            if self.bestedge[w] == NONE || key < self.bestkey[w] {
                self.bestedge[w] = p;
                self.bestkey[w] = key;
            }
        } else if self.label[w] == 0
            && (self.bestedge[w] == NONE || kslack < self.slack(g, self.bestedge[w]))
        {
            // A vertex inside a T-blossom: its key is recomputed if the blossom is expanded.
            self.bestedge[w] = p;
        }
        false
    }

    /// Brings the matching to maximum weight for the edge weights `g`.
    pub fn solve<G: EdgeWeights<W>>(&mut self, g: &G) {
        let n = self.n;
        self.release_loose_pairs(g);
        self.raise_dirty_duals(g);
        self.even_free_duals();
        loop {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.labelend.iter_mut().for_each(|l| *l = NONE);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            self.shift = W::zero();
            for b in n..2 * n {
                self.blossombestedges[b] = None;
                self.best_unknown[b] = false;
            }
            self.queue.clear();
            // Roots: the free vertices whose dual is still positive.
            for v in 0..n {
                if self.mate[v] == NONE
                    && self.dualvar[v] > W::zero()
                    && self.label[self.inblossom[v]] == 0
                {
                    self.assign_label(v, 1, NONE);
                }
            }
            if self.queue.is_empty() {
                break;
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    for w in 0..n {
                        // Cheap tests first: the weight row is the costly read.
                        let bw = self.inblossom[w];
                        if bw == self.inblossom[v] || (self.label[bw] == 2 && self.label[w] != 0) {
                            continue;
                        }
                        let doubled = Self::doubled(g, v, w);
                        if doubled == W::zero() {
                            continue;
                        }
                        if self.consider(g, v, w, doubled, false) {
                            augmented = true;
                            break;
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path with the current duals: update them. An S-vertex whose
                // dual would fall below zero bounds the step (it then becomes free instead).
                // First the best edges of the blossoms formed since the last step.
                for b in n..2 * n {
                    if self.best_unknown[b] && self.blossomparent[b] == NONE && self.label[b] == 1 {
                        self.find_best_edges(g, b);
                    }
                }
                let mut deltatype = 0;
                let mut delta = W::zero();
                let mut deltavertex = NONE;
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 1
                        && (deltatype == 0 || self.dualvar[v] < delta)
                    {
                        delta = self.dualvar[v];
                        deltatype = 1;
                        deltavertex = v;
                    }
                }
                for v in 0..n {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.bestkey[v].minus(self.shift);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.bestkey[b].minus(self.shift.plus(self.shift)).half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v].minus(delta),
                        2 => self.dualvar[v] = self.dualvar[v].plus(delta),
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b].plus(delta),
                            2 => self.dualvar[b] = self.dualvar[b].minus(delta),
                            _ => {}
                        }
                    }
                }
                self.shift = self.shift.plus(delta);
                match deltatype {
                    1 => {
                        // Its dual is zero: it may stay free; the path to its root flips.
                        self.augment_side(deltavertex, NONE);
                        break;
                    }
                    2 | 3 => {
                        // The edge is tight now: take it at once instead of rescanning.
                        let (mut i, mut j) = self.edge(deltaedge);
                        if self.label[self.inblossom[i]] != 1 {
                            std::mem::swap(&mut i, &mut j);
                        }
                        let doubled = Self::doubled(g, i, j);
                        if self.consider(g, i, j, doubled, true) {
                            break;
                        }
                    }
                    _ => {
                        self.expand_blossom(deltablossom, false);
                        // Vertices it leaves unlabelled kept best edges from before they
                        // were T-vertices: their keys are recomputed.
                        for v in 0..n {
                            if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                                self.bestkey[v] = self.slack(g, self.bestedge[v]).plus(self.shift);
                            }
                        }
                    }
                }
            }
            for b in n..2 * n {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;

/// Twice a weight, zero for no edge (the matcher works with doubled weights so that duals stay
/// integral).
#[inline]
fn twice<W: MatchWeight>(w: W) -> W {
    if w > W::zero() { w.plus(w) } else { W::zero() }
}
