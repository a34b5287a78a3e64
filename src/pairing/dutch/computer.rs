//! The weights over the players still to pair, with pairs fixed one by one, and their
//! maximum-weight matching, kept up to date between decisions (only the players whose edges
//! changed are re-matched, as bbpPairings does).
//!
//! No weight is stored per edge: the matcher reads each weight when it needs it, computed from
//! the two players ([`BracketEdges`] inside the bracket, a constant plus one part per end
//! outside it), and is told of every change. Memory grows with the players, not their pairs.
//!
//! # Brackets solved on their own, the rest of the round proved completable
//!
//! The decisions for one bracket change only the edges between its players (the bracket and
//! the next score group). Every other edge, at a player of the rest of the round `R`, weighs
//! `K + φ(u) + φ(v)` when the two may meet: the C4 completion field `K` plus one part per end
//! (C5 and C9: how much the player would rather not be left out for the PAB). So for any
//! matching `M` of the players still to pair
//!
//! ```text
//! weight(M) = |M|·K + Σ φ(v) over matched v + Σ (w(e) − K − φ(u) − φ(v)) over e ∈ M inside the bracket
//!           ≤ ⌊n/2⌋·K + Σ φ − [n odd]·min φ + best(bracket)
//! ```
//!
//! where `best(bracket)` is the maximum-weight matching of the bracket alone under the reduced
//! weights `w − K − φ(u) − φ(v)` (players may stay unpaired there: they float down). When the
//! players this local matching leaves unpaired, together with `R`, can be paired completely by
//! edges at `R` (leaving out, when the number is odd, a player of smallest `φ` for the PAB),
//! the bound is met: the union is a maximum-weight matching of the whole round, the same
//! answer as a matching over everybody, at a fraction of the cost (the matcher scans whole
//! rows, so a bracket of `b` players among `n` costs `b²` instead of `n²` per step).
//!
//! The completion is searched with augmenting paths that do not go through odd cycles, which
//! is enough in practice (the rest of a round is nearly a complete graph) and always sound;
//! when it finds none, or when the rest of the round is empty, the bracket is solved over
//! everybody instead, with the full weights.
//!
//! # The weights each matcher holds
//!
//! The weights read are those the matcher was told of, change by change, so that it answers
//! as it would over a matrix written edge by edge: the local matcher holds the reduced weight
//! of each edge set inside the bracket (none between two moved-down players the previous
//! bracket left without one), and a matcher over everybody, made when the completion fails,
//! holds the outside weights and the bracket's current ones. A player paired for good loses
//! his other edges in the matcher of the time; the few that weighed no more than outside when
//! he was fixed in the local matcher are kept, as the matcher over everybody would copy them.
//!
//! This file is the one in `src` over the house's 900 lines: one algorithm (the local and the
//! full matcher kept in step across decisions), whose invariants read best in one place.

use super::edges::{BitMatrix, BracketEdges, Sums};
use super::entrants::Context;
use super::weights::ByeRule;
use crate::pairing::matching::{EdgeWeights, MatchWeight, MaxWeightMatcher, Wide};
use std::collections::HashMap;

const NONE: usize = usize::MAX;

/// The matchings over the players still to pair, with pairs fixed one by one.
pub(super) struct Computer<'c, const L: usize> {
    context: &'c Context,
    n: usize,
    fixed: Vec<Option<usize>>,
    /// Compatibility (C1–C3).
    compatible: BitMatrix,
    outside: Option<Outside<L>>,
    bracket: Option<Bracket<L>>,
}

/// What the edges outside the bracket weigh: `edge_fields` with neither end in the current or
/// the next bracket, fixed once the PAB's score is known.
struct Outside<const L: usize> {
    bye_key: Vec<(bool, usize)>,
    sums: Sums<L>,
}

struct Bracket<const L: usize> {
    /// The bracket's vertices; a vertex's local number is its position here.
    vertices: Vec<usize>,
    /// Local number of each vertex (`NONE` outside the bracket).
    local: Vec<usize>,
    /// The rest of the round: players still to pair outside the bracket.
    rest: Vec<usize>,
    inside: Inside<L>,
    mode: Mode<L>,
    /// A matching of the rest (`n` stands for "left out for the PAB"), computed once.
    rest_mate: Vec<usize>,
    /// Whether the number of players still to pair is odd (one is left out for the PAB).
    odd: bool,
}

/// The edges between the bracket's players, as a matcher holds them.
struct Inside<const L: usize> {
    edges: BracketEdges<L>,
    /// The partner of each player paired for good in the local matcher (`NONE`: not so).
    isolated: Vec<usize>,
    /// The edges of those players, when fixed, that weighed no more than outside.
    isolated_low: HashMap<(usize, usize), Wide<L>>,
}

enum Mode<const L: usize> {
    /// The local matcher, reduced weights.
    Local(MaxWeightMatcher<Wide<L>>),
    /// Everybody still to pair (bracket first, then the rest), full weights.
    Whole {
        matcher: MaxWeightMatcher<Wide<L>>,
        /// The players, by the matcher's numbers.
        all: Vec<usize>,
        /// The partner of each player paired for good in this matcher (`NONE`: not so).
        isolated: Vec<usize>,
    },
}

impl<const L: usize> Inside<L> {
    /// The weight of the edge between local players `a` and `b`, in full.
    #[inline]
    fn full(&self, a: usize, b: usize) -> Wide<L> {
        let i = &self.isolated;
        if (i[a] != NONE && i[a] != b) || (i[b] != NONE && i[b] != a) {
            if self.isolated_low.is_empty() {
                return Wide::ZERO;
            }
            return self
                .isolated_low
                .get(&(a.min(b), a.max(b)))
                .copied()
                .unwrap_or(Wide::ZERO);
        }
        self.edges.weight(a, b)
    }

    /// Pairs `a` and `b` for good in the local matcher (after it has been told).
    fn isolate(&mut self, a: usize, b: usize) {
        for x in 0..self.isolated.len() {
            if x == a || x == b || self.isolated[x] != NONE {
                continue;
            }
            for v in [a, b] {
                if !self.edges.reduced_weight(v, x).is_zero() {
                    continue;
                }
                let w = self.edges.weight(v, x);
                if !w.is_zero() {
                    self.isolated_low.insert((v.min(x), v.max(x)), w);
                }
            }
        }
        self.isolated[a] = b;
        self.isolated[b] = a;
    }
}

/// The local matcher's weights.
struct LocalView<'a, const L: usize>(&'a Inside<L>);

impl<const L: usize> EdgeWeights<Wide<L>> for LocalView<'_, L> {
    /// An edge at a player paired for good with somebody else is none here: the only ones
    /// kept ([`Inside::isolate`]) weighed no more than outside, so their reduced weight is
    /// zero (and they no longer change).
    #[inline]
    fn weight(&self, a: usize, b: usize) -> Wide<L> {
        let i = &self.0.isolated;
        if (i[a] != NONE && i[a] != b) || (i[b] != NONE && i[b] != a) {
            debug_assert!(self.0.edges.reduce(a, b, self.0.full(a, b)).is_zero());
            return Wide::ZERO;
        }
        self.0.edges.reduced_weight(a, b)
    }

    fn row_bound(&self, v: usize) -> Option<Wide<L>> {
        self.0.edges.reduced_row_bound(v)
    }
}

/// Weights that are a constant plus one part per end, where the players may meet.
struct SumView<'a, const L: usize> {
    compatible: &'a BitMatrix,
    sums: &'a Sums<L>,
}

impl<const L: usize> EdgeWeights<Wide<L>> for SumView<'_, L> {
    #[inline]
    fn weight(&self, a: usize, b: usize) -> Wide<L> {
        if self.compatible.get(a, b) {
            self.sums.fields(a, b)
        } else {
            Wide::ZERO
        }
    }
}

/// The weights of a matcher over everybody still to pair.
struct WholeView<'a, const L: usize> {
    inside: &'a Inside<L>,
    outside: SumView<'a, L>,
    all: &'a [usize],
    isolated: &'a [usize],
}

impl<const L: usize> EdgeWeights<Wide<L>> for WholeView<'_, L> {
    #[inline]
    fn weight(&self, i: usize, j: usize) -> Wide<L> {
        let x = self.isolated;
        if (x[i] != NONE && x[i] != j) || (x[j] != NONE && x[j] != i) {
            return Wide::ZERO;
        }
        let size = self.inside.isolated.len();
        if i < size && j < size {
            self.inside.full(i, j)
        } else {
            self.outside.weight(self.all[i], self.all[j])
        }
    }

    /// Known when everybody left is in the bracket and none of them was paired for good.
    fn row_bound(&self, v: usize) -> Option<Wide<L>> {
        let size = self.inside.isolated.len();
        if self.all.len() != size || !self.inside.isolated_low.is_empty() {
            return None;
        }
        self.inside.edges.row_bound(v)
    }
}

impl<const L: usize> Bracket<L> {
    /// Tells the matcher that the edge between local players `a` and `b` went from `old` to
    /// `new` (full weights).
    fn note(
        mode: &mut Mode<L>,
        edges: &BracketEdges<L>,
        a: usize,
        b: usize,
        old: Wide<L>,
        new: Wide<L>,
    ) {
        match mode {
            Mode::Local(m) => m.note_weight(a, b, edges.reduce(a, b, old), edges.reduce(a, b, new)),
            Mode::Whole { matcher, .. } => matcher.note_weight(a, b, old, new),
        }
    }
}

impl<'c, const L: usize> Computer<'c, L> {
    pub(super) fn new(context: &'c Context, n: usize) -> Self {
        let mut compatible = BitMatrix::new(n);
        let keys: Vec<_> = (0..n)
            .map(|v| context.colour_key(context.player(v)))
            .collect();
        for a in 0..n {
            for b in 0..a {
                if keys[a].meets(&keys[b]) {
                    compatible.put(a, b, true);
                }
            }
        }
        // Then C1 and the forbidden pairs, taken away pair by pair: they are few, and a look-up
        // in their set for each of the n² pairs cost more than the rest of this.
        let vertex_of: HashMap<u32, usize> = (0..n).map(|v| (context.player(v).id.0, v)).collect();
        for &(x, y) in &context.forbidden {
            if let (Some(&a), Some(&b)) = (vertex_of.get(&x), vertex_of.get(&y))
                && a != b
            {
                compatible.put(a, b, false);
            }
        }
        Computer {
            context,
            n,
            fixed: vec![None; n],
            compatible,
            outside: None,
            bracket: None,
        }
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        self.compatible.get(a, b)
    }

    /// Whether everybody (but `left_out`) can be paired, shown by greedy choice and simple
    /// augmenting paths: `true` is certain, `false` may be wrong (then ask the matcher).
    pub(super) fn completable(&self, left_out: Option<usize>) -> bool {
        let n = self.n;
        let universe: Vec<usize> = (0..n).filter(|&v| Some(v) != left_out).collect();
        let mut mate = vec![NONE; n];
        cover(&universe, &mut mate, |a, b| self.compatible(a, b))
    }

    /// C4 completion and C5 over everybody, when they were not shown cheaply: a maximum-weight
    /// matching where an edge weighs, with an odd number of players, the pair's C4/C5 fields,
    /// their score groups' offsets and one for a topscorer at the lower end (`top` is the top
    /// score); with an even number, its weight with neither end in a bracket. Each vertex's
    /// partner (itself when unmatched).
    pub(super) fn initial_matching(&self, top: i32) -> Vec<usize> {
        let n = self.n;
        let context = self.context;
        let sums = if n % 2 == 1 {
            let s = context.group_size_bits;
            let g = context.groups_shift;
            Sums {
                constant: Wide::<L>::from_u64(1).shifted_left(g).shifted_left(s),
                part: (0..n)
                    .map(|v| {
                        let p = context.player(v);
                        Wide::<L>::from_u64(u64::from(!p.bye_eligible))
                            .shifted_left(g)
                            .plus(Wide::from_u64(u64::from(context.group_shift[&p.acc[0]])))
                            .shifted_left(s)
                    })
                    .collect(),
                later_bonus: (0..n).map(|v| context.player(v).acc[0] >= top).collect(),
            }
        } else {
            self.sums_by_rule(&ByeRule::default())
        };
        let view = SumView {
            compatible: &self.compatible,
            sums: &sums,
        };
        // The matcher has not solved yet: the rest of a detached player's row changes nothing.
        let mut m = MaxWeightMatcher::new(n);
        for v in 0..n {
            for u in 0..v {
                if m.is_detached(v) {
                    break;
                }
                m.note_weight(v, u, Wide::ZERO, view.weight(v, u));
            }
        }
        m.solve(&view);
        (0..n).map(|v| m.mate(v).unwrap_or(v)).collect()
    }

    /// `edge_fields(.., false, false, bye)` as a constant plus one part per end: with
    /// d(v) = fields(v, 0), fields(a, b) = d(a) + d(b) − d(0).
    fn sums_by_rule(&self, bye: &ByeRule) -> Sums<L> {
        let n = self.n;
        let context = self.context;
        let fields = |a: usize, b: usize| {
            let (hi, lo) = (a.min(b), a.max(b));
            context.edge_fields(context.player(hi), context.player(lo), false, false, bye)
        };
        let part: Vec<Wide<L>> = (0..n).map(|v| fields(v, 0)).collect();
        let part0 = part.first().copied().unwrap_or(Wide::ZERO);
        let sums = Sums {
            constant: Wide::ZERO.minus(part0),
            part,
            later_bonus: vec![false; n],
        };
        debug_assert!(
            n > 40 || (0..n).all(|a| (0..n).all(|b| a == b || fields(a, b) == sums.fields(a, b))),
            "the outside weight splits into one part per end"
        );
        sums
    }

    /// From now on the edges outside the bracket weigh `edge_fields(.., false, false, bye)`
    /// (where the players may meet).
    pub(super) fn localize(&mut self, bye: &ByeRule) {
        let n = self.n;
        let bye_key = (0..n)
            .map(|v| self.context.bye_key(self.context.player(v), bye))
            .collect();
        self.outside = Some(Outside {
            bye_key,
            sums: self.sums_by_rule(bye),
        });
    }

    fn outside_view(&self) -> SumView<'_, L> {
        SumView {
            compatible: &self.compatible,
            sums: &self.outside.as_ref().expect("localized").sums,
        }
    }

    /// The weight of an edge outside the bracket (zero when the players may not meet).
    fn outside_weight(&self, a: usize, b: usize) -> Wide<L> {
        self.outside_view().weight(a, b)
    }

    /// Starts the decisions for a bracket: `vertices` are its players, the first `settled`
    /// moved down, and the next score group's from `next_begin`. Edges between two moved-down
    /// players keep their weights from the previous bracket; every other edge between two of
    /// them weighs `edge_fields` (`bye` for C5 and C9).
    pub(super) fn begin_bracket(
        &mut self,
        vertices: &[usize],
        settled: usize,
        next_begin: usize,
        bye: &ByeRule,
    ) {
        let n = self.n;
        debug_assert!(vertices.iter().all(|&v| self.fixed[v].is_none()));
        let settled = settled.min(vertices.len());
        let settled_players = &vertices[..settled];
        let mut local = vec![NONE; n];
        for (i, &v) in vertices.iter().enumerate() {
            local[v] = i;
        }
        // Weights carried over from the previous bracket (where they differ from outside).
        let mut carried = Vec::new();
        if let Some(old) = &self.bracket {
            for (i, &a) in settled_players.iter().enumerate() {
                if old.local[a] == NONE {
                    continue;
                }
                for &b in &settled_players[..i] {
                    if old.local[b] == NONE {
                        continue;
                    }
                    let w = old.inside.full(old.local[a], old.local[b]);
                    if w != self.outside_weight(a, b) {
                        carried.push((a, b, w));
                    }
                }
            }
        }
        // The previous bracket is no longer needed: free it before the next one.
        self.bracket = None;
        let rest: Vec<usize> = (0..n)
            .filter(|&v| local[v] == NONE && self.fixed[v].is_none())
            .collect();
        let size = vertices.len();
        let whole = rest.is_empty();
        let outside = &self.outside.as_ref().expect("localized").sums;
        let edges = BracketEdges::new(
            self.context,
            vertices,
            settled,
            next_begin,
            bye,
            |a, b| self.compatible(a, b),
            Sums {
                constant: outside.constant,
                part: vertices.iter().map(|&v| outside.part[v]).collect(),
                later_bonus: vec![false; size],
            },
            whole,
            carried
                .iter()
                .map(|&(a, b, w)| ((local[a].min(local[b]), local[a].max(local[b])), w))
                .collect(),
        );
        let inside = Inside {
            edges,
            isolated: vec![NONE; size],
            isolated_low: HashMap::new(),
        };
        let mut m = MaxWeightMatcher::new(size);
        let mut mode = if whole {
            // Everybody left is in the bracket: full weights.
            for (i, &a) in settled_players.iter().enumerate() {
                for &b in &settled_players[..i] {
                    let w = self.outside_weight(a, b);
                    if !w.is_zero() {
                        m.note_weight(local[a], local[b], Wide::ZERO, w);
                    }
                }
            }
            for &(a, b, w) in &carried {
                m.note_weight(local[a], local[b], self.outside_weight(a, b), w);
            }
            Mode::Whole {
                matcher: m,
                all: vertices.to_vec(),
                isolated: vec![NONE; size],
            }
        } else {
            for &(a, b, w) in &carried {
                let (la, lb) = (local[a], local[b]);
                m.note_weight(la, lb, Wide::ZERO, inside.edges.reduce(la, lb, w));
            }
            Mode::Local(m)
        };
        // Every other edge between two of them, as C4–C21 weigh it (the matcher has not
        // solved yet: the rest of a detached player's row changes nothing).
        for l in settled..size {
            for s in 0..l {
                let (Mode::Local(m) | Mode::Whole { matcher: m, .. }) = &mode;
                if m.is_detached(l) {
                    break;
                }
                let w = inside.edges.weight(l, s);
                Bracket::note(&mut mode, &inside.edges, l, s, Wide::ZERO, w);
            }
        }
        let mut bracket = Bracket {
            vertices: vertices.to_vec(),
            local,
            rest,
            inside,
            mode,
            rest_mate: Vec::new(),
            odd: false,
        };
        bracket.odd = (bracket.vertices.len() + bracket.rest.len()) % 2 == 1;
        if !whole {
            bracket.rest_mate = self.rest_matching(&bracket);
        }
        self.bracket = Some(bracket);
    }

    /// The weight of the edge between the bracket's players number `a` and `b` as C4–C21
    /// weighed it when the bracket began, or zero once it was taken away.
    pub(super) fn base(&self, a: usize, b: usize) -> Wide<L> {
        self.bracket
            .as_ref()
            .expect("a bracket")
            .inside
            .edges
            .base(a, b)
    }

    /// Sets the weight of the edge between two players of the bracket (nothing for players
    /// already paired).
    pub(super) fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        if a == b || self.fixed[a].is_some() || self.fixed[b].is_some() {
            return;
        }
        let br = self.bracket.as_mut().expect("a bracket");
        let (la, lb) = (br.local[a], br.local[b]);
        debug_assert!(
            la != NONE && lb != NONE,
            "only edges inside the bracket change"
        );
        if la == NONE || lb == NONE {
            return;
        }
        let old = br.inside.edges.set(la, lb, w);
        Bracket::note(&mut br.mode, &br.inside.edges, la, lb, old, w);
    }

    /// The ordering of transpositions and exchanges (C.04.3 Art. 3): each edge from the
    /// remainder's player at position `i` (the bracket's numbers, in order) to a later one
    /// gains `addends[i]`.
    pub(super) fn order_remainder(&mut self, remainder: &[usize], addends: &[Wide<L>]) {
        let br = self.bracket.as_mut().expect("a bracket");
        debug_assert!(remainder.iter().all(|&p| br.inside.isolated[p] == NONE));
        let Bracket { inside, mode, .. } = br;
        inside
            .edges
            .order_remainder(remainder, addends, |edges, p, o, old, new| {
                Bracket::note(mode, edges, p, o, old, new)
            });
    }

    /// S1 and S2 fixed (C.04.3 Art. 3): the ordering's addends are gone, and of the edges
    /// between players of the remainder only those from an S1 player (`s1[i]`) to a later S2
    /// player remain.
    pub(super) fn fix_remainder(&mut self, remainder: &[usize], s1: &[bool]) {
        let br = self.bracket.as_mut().expect("a bracket");
        let Bracket { inside, mode, .. } = br;
        inside.edges.fix_remainder(
            remainder,
            |i, j| s1[i] && !s1[j],
            |edges, p, o, old, new| Bracket::note(mode, edges, p, o, old, new),
        );
    }

    /// Switches the bracket to one matcher over everybody still to pair: the outside weights,
    /// then the bracket's edges where they differ.
    fn go_whole(&self, br: &mut Bracket<L>) {
        if matches!(br.mode, Mode::Whole { .. }) {
            return;
        }
        let all: Vec<usize> = br.vertices.iter().chain(&br.rest).copied().collect();
        // The matcher has not solved yet: the rest of a detached player's row changes nothing.
        let mut m = MaxWeightMatcher::new(all.len());
        for (i, &a) in all.iter().enumerate() {
            for (j, &b) in all[..i].iter().enumerate() {
                if m.is_detached(i) {
                    break;
                }
                let w = self.outside_weight(a, b);
                if !w.is_zero() {
                    m.note_weight(i, j, Wide::ZERO, w);
                }
            }
        }
        for (i, &a) in br.vertices.iter().enumerate() {
            for (j, &b) in br.vertices[..i].iter().enumerate() {
                if m.is_detached(i) {
                    break;
                }
                let w = br.inside.full(i, j);
                let o = self.outside_weight(a, b);
                if w != o {
                    m.note_weight(i, j, o, w);
                }
            }
        }
        let isolated = vec![NONE; all.len()];
        br.mode = Mode::Whole {
            matcher: m,
            all,
            isolated,
        };
    }

    fn whole_view<'a>(
        &'a self,
        inside: &'a Inside<L>,
        all: &'a [usize],
        isolated: &'a [usize],
    ) -> WholeView<'a, L> {
        WholeView {
            inside,
            outside: self.outside_view(),
            all,
            isolated,
        }
    }

    /// A hint that every edge at `v` is about to gain `amount` (see
    /// [`MaxWeightMatcher::raise_dual`]); the matchings computed do not depend on it.
    pub(super) fn raise_dual(&mut self, v: usize, amount: Wide<L>) {
        if self.fixed[v].is_some() {
            return;
        }
        if let Some(br) = &mut self.bracket
            && br.local[v] != NONE
        {
            match &mut br.mode {
                Mode::Local(m) | Mode::Whole { matcher: m, .. } => {
                    m.raise_dual(br.local[v], amount)
                }
            }
        }
    }

    /// A hint that every edge at `v` has just lost `amount` (see
    /// [`MaxWeightMatcher::lower_dual`]); the matchings computed do not depend on it.
    pub(super) fn lower_dual(&mut self, v: usize, amount: Wide<L>) {
        if self.fixed[v].is_some() {
            return;
        }
        let Some(mut br) = self.bracket.take() else {
            return;
        };
        let lv = br.local[v];
        if lv != NONE {
            match &mut br.mode {
                Mode::Local(m) => m.lower_dual(lv, amount, &LocalView(&br.inside)),
                Mode::Whole {
                    matcher,
                    all,
                    isolated,
                } => matcher.lower_dual(lv, amount, &self.whole_view(&br.inside, all, isolated)),
            }
        }
        self.bracket = Some(br);
    }

    /// Whether the pair `ab` is in a maximum-weight matching (see
    /// [`MaxWeightMatcher::try_pair`]): `Some(true)` leaves the matching holding it, `None`
    /// when that is not cheap to tell. Right after [`compute`](Self::compute) only.
    pub(super) fn try_pair(&mut self, a: usize, b: usize) -> Option<bool> {
        const ROWS: usize = 64;
        if self.fixed[a].is_some() || self.fixed[b].is_some() {
            return None;
        }
        let mut br = self.bracket.take()?;
        let (la, lb) = (br.local[a], br.local[b]);
        let mut answer = None;
        if la != NONE && lb != NONE {
            answer = match &mut br.mode {
                Mode::Local(m) => m.try_pair(la, lb, ROWS, &LocalView(&br.inside)),
                Mode::Whole {
                    matcher,
                    all,
                    isolated,
                } => matcher.try_pair(la, lb, ROWS, &self.whole_view(&br.inside, all, isolated)),
            };
        }
        // The local matcher shows the pair in a maximum matching of the bracket alone; that
        // is one of the whole round only when the rest of the round completes it (C4). When
        // it does not, the pair may still be in a maximum matching of the whole round, or
        // not: the caller must ask with the full weights (C.04.3 Art. 3, the first opponent
        // in order that a best pairing allows).
        if answer == Some(true)
            && let Mode::Local(m) = &br.mode
        {
            let unpaired = self.locally_unpaired(&br, m);
            if self.complete(&br, &unpaired).is_none() {
                self.go_whole(&mut br);
                answer = None;
            }
        }
        self.bracket = Some(br);
        answer
    }

    /// Fixes the pair: nobody else can be matched to them.
    pub(super) fn finalize(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        if let Some(mut br) = self.bracket.take() {
            // Pairs are fixed inside the bracket; any other is fixed over everybody.
            if br.local[a] == NONE || br.local[b] == NONE {
                self.go_whole(&mut br);
            }
            if let (Some(i), Some(j)) = (whole_index(&br, a), whole_index(&br, b)) {
                match &mut br.mode {
                    Mode::Local(m) => {
                        m.isolate_pair(i, j, &LocalView(&br.inside));
                        br.inside.isolate(i, j);
                    }
                    Mode::Whole {
                        matcher,
                        all,
                        isolated,
                    } => {
                        matcher.isolate_pair(i, j, &self.whole_view(&br.inside, all, isolated));
                        isolated[i] = j;
                        isolated[j] = i;
                    }
                }
                let size = br.vertices.len();
                if i < size && j < size {
                    br.inside.edges.forget_row(i, j);
                    br.inside.edges.forget_row(j, i);
                }
            }
            self.bracket = Some(br);
        }
        self.fixed[a] = Some(b);
        self.fixed[b] = Some(a);
    }

    /// The current maximum-weight matching: each vertex's partner (itself when unmatched).
    pub(super) fn compute(&mut self) -> Vec<usize> {
        let n = self.n;
        let mut result: Vec<usize> = (0..n).collect();
        let mut br = self.bracket.take().expect("a bracket");
        if let Mode::Local(m) = &mut br.mode {
            m.solve(&LocalView(&br.inside));
        }
        let mut whole = false;
        if let Mode::Local(m) = &br.mode {
            let unpaired = self.locally_unpaired(&br, m);
            match self.complete(&br, &unpaired) {
                Some(mate) => {
                    for (i, &v) in br.vertices.iter().enumerate() {
                        if let Some(j) = m.mate(i) {
                            result[v] = br.vertices[j];
                        }
                    }
                    for &v in unpaired.iter().chain(&br.rest) {
                        if mate[v] < n {
                            result[v] = mate[v];
                        }
                    }
                }
                None => whole = true,
            }
        }
        if whole {
            self.go_whole(&mut br);
        }
        if let Mode::Whole {
            matcher,
            all,
            isolated,
        } = &mut br.mode
        {
            matcher.solve(&self.whole_view(&br.inside, all, isolated));
            for (i, &v) in all.iter().enumerate() {
                if let Some(j) = matcher.mate(i) {
                    result[v] = all[j];
                }
            }
        }
        for (r, fixed) in result.iter_mut().zip(&self.fixed) {
            if let Some(p) = *fixed {
                *r = p;
            }
        }
        self.bracket = Some(br);
        result
    }

    /// Whether two vertices (`n` = left out for the PAB) may be paired in the completion.
    fn completion_edge(
        &self,
        leftout: &[bool],
        x: usize,
        y: usize,
        bye_ok: &dyn Fn(usize) -> bool,
    ) -> bool {
        let n = self.n;
        if x == n {
            return bye_ok(y);
        }
        if y == n {
            return bye_ok(x);
        }
        // Edges between two players the bracket leaves unpaired are inside the bracket.
        !(leftout[x] && leftout[y]) && self.compatible(x, y)
    }

    /// The players of smallest key may be left out for the PAB.
    fn bye_key_min(&self, br: &Bracket<L>) -> (bool, usize) {
        let o = self.outside.as_ref().expect("localized");
        br.vertices
            .iter()
            .chain(&br.rest)
            .filter(|&&v| self.fixed[v].is_none())
            .map(|&v| o.bye_key[v])
            .min()
            .unwrap_or((false, 0))
    }

    /// A matching of the rest of the round (and the PAB slot when the number is odd), as
    /// complete as greedy choice and simple augmenting paths make it.
    fn rest_matching(&self, br: &Bracket<L>) -> Vec<usize> {
        let n = self.n;
        let mut mate = vec![NONE; n + 1];
        let mut universe = br.rest.clone();
        if br.odd {
            universe.push(n);
        }
        let o = self.outside.as_ref().expect("localized");
        let min = self.bye_key_min(br);
        let bye_ok = |v: usize| o.bye_key[v] == min;
        let leftout = vec![false; n];
        // Some may stay unpaired: the players a bracket leaves unpaired can take them.
        cover(&universe, &mut mate, |a, b| {
            self.completion_edge(&leftout, a, b, &bye_ok)
        });
        mate
    }

    /// The bracket's players (global numbers) that the local matching leaves unpaired and no
    /// earlier decision fixed.
    fn locally_unpaired(&self, br: &Bracket<L>, m: &MaxWeightMatcher<Wide<L>>) -> Vec<usize> {
        br.vertices
            .iter()
            .enumerate()
            .filter(|&(i, &v)| self.fixed[v].is_none() && m.mate(i).is_none())
            .map(|(_, &v)| v)
            .collect()
    }

    /// Completes the local matching: the rest of the round and the players it leaves
    /// unpaired, all paired by edges at the rest (one left out for the PAB when the number is
    /// odd, a player of smallest key). `None` when no such completion was found.
    fn complete(&self, br: &Bracket<L>, unpaired: &[usize]) -> Option<Vec<usize>> {
        let n = self.n;
        let o = self.outside.as_ref().expect("localized");
        let min = self.bye_key_min(br);
        let bye_ok = |v: usize| o.bye_key[v] == min;
        let mut mate = br.rest_mate.clone();
        let mut leftout = vec![false; n];
        let mut universe = br.rest.clone();
        for &v in unpaired {
            leftout[v] = true;
            universe.push(v);
        }
        if br.odd {
            universe.push(n);
        }
        if universe.len() % 2 == 1 {
            return None;
        }
        // The PAB slot may have been given to a player who is no longer of smallest key.
        if mate[n] != NONE && !bye_ok(mate[n]) {
            let x = mate[n];
            mate[x] = NONE;
            mate[n] = NONE;
        }
        let mut search = Search::new(n + 1);
        for i in 0..universe.len() {
            let x = universe[i];
            if mate[x] == NONE
                && !search.augment(x, &universe, &mut mate, |a, b| {
                    self.completion_edge(&leftout, a, b, &bye_ok)
                })
            {
                return None;
            }
        }
        Some(mate)
    }
}

/// The number of vertex `v` in the bracket's matcher over everybody (the bracket first, then
/// the rest of the round); in the local matcher, bracket vertices have the same numbers.
fn whole_index<const L: usize>(br: &Bracket<L>, v: usize) -> Option<usize> {
    if br.local[v] != NONE {
        return Some(br.local[v]);
    }
    br.rest
        .iter()
        .position(|&r| r == v)
        .map(|i| br.vertices.len() + i)
}

/// Pairs the vertices of `universe` (numbers below `mate.len()`, all free) by greedy choice,
/// then by augmenting paths; whether all of them were paired.
fn cover(universe: &[usize], mate: &mut [usize], edge: impl Fn(usize, usize) -> bool) -> bool {
    for (i, &x) in universe.iter().enumerate() {
        if mate[x] != NONE {
            continue;
        }
        if let Some(&y) = universe[i + 1..]
            .iter()
            .find(|&&y| mate[y] == NONE && edge(x, y))
        {
            mate[x] = y;
            mate[y] = x;
        }
    }
    let mut search = Search::new(mate.len());
    let mut all = true;
    for &x in universe {
        if mate[x] == NONE && !search.augment(x, universe, mate, &edge) {
            all = false;
        }
    }
    all
}

/// Augmenting paths by breadth-first search without odd cycles: any path found is a real
/// augmenting path (each vertex is used once), but some may be missed.
struct Search {
    seen: Vec<u32>,
    epoch: u32,
    via: Vec<(usize, usize)>,
    queue: std::collections::VecDeque<usize>,
}

impl Search {
    fn new(size: usize) -> Self {
        Search {
            seen: vec![0; size],
            epoch: 0,
            via: vec![(NONE, NONE); size],
            queue: std::collections::VecDeque::new(),
        }
    }

    /// Pairs the free vertex `x` with another free vertex of `universe` by an alternating
    /// path, if one is found.
    fn augment(
        &mut self,
        x: usize,
        universe: &[usize],
        mate: &mut [usize],
        edge: impl Fn(usize, usize) -> bool,
    ) -> bool {
        self.epoch += 1;
        let epoch = self.epoch;
        self.queue.clear();
        self.queue.push_back(x);
        self.seen[x] = epoch;
        while let Some(outer) = self.queue.pop_front() {
            for &y in universe {
                if self.seen[y] == epoch || !edge(outer, y) {
                    continue;
                }
                self.seen[y] = epoch;
                if mate[y] == NONE {
                    // Flip the path x … outer – y.
                    let (mut o, mut y) = (outer, y);
                    loop {
                        let previous = mate[o];
                        mate[o] = y;
                        mate[y] = o;
                        if o == x {
                            return true;
                        }
                        let (back, inner) = self.via[o];
                        debug_assert_eq!(inner, previous);
                        o = back;
                        y = inner;
                    }
                }
                let z = mate[y];
                if self.seen[z] != epoch {
                    self.seen[z] = epoch;
                    self.via[z] = (outer, y);
                    self.queue.push_back(z);
                }
            }
        }
        false
    }
}
