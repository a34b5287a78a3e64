//! The weight matrix over the players still to pair, with pairs fixed one by one, and its
//! maximum-weight matching, kept up to date between decisions (only the players whose edges
//! changed are re-matched, as bbpPairings does).
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
//! answer as a matching over everybody, at a fraction of the cost (the matcher scans dense
//! rows, so a bracket of `b` players among `n` costs `b²` instead of `n²` per step).
//!
//! The completion is searched with augmenting paths that do not go through odd cycles, which
//! is enough in practice (the rest of a round is nearly a complete graph) and always sound;
//! when it finds none, or when the rest of the round is empty, the bracket is solved over
//! everybody instead, with the full weights.

use super::entrants::Context;
use super::weights::ByeRule;
use crate::pairing::matching::{MatchWeight, MaxWeightMatcher, Wide};
use std::collections::HashMap;

const NONE: usize = usize::MAX;

/// A weight matrix over the players still to pair, with pairs fixed one by one.
pub(super) struct Computer<'c, const L: usize> {
    context: &'c Context,
    n: usize,
    fixed: Vec<Option<usize>>,
    /// Compatibility (C1–C3) as a bit matrix, `words` 64-bit words per row.
    compatible: Vec<u64>,
    words: usize,
    /// Before the first bracket: one matcher over everybody.
    whole: Option<MaxWeightMatcher<Wide<L>>>,
    outside: Option<Outside>,
    /// `K + φ(a) + φ(b) = part[a] + part[b] − part0` (see [`Self::localize`]).
    part: Vec<Wide<L>>,
    part0: Wide<L>,
    bracket: Option<Bracket<L>>,
}

/// What the edges outside the bracket weigh: `edge_weight` with neither end in the current or
/// the next bracket, fixed once the PAB's score is known.
struct Outside {
    bye: ByeRule,
    bye_key: Vec<(bool, usize)>,
}

struct Bracket<const L: usize> {
    /// The bracket's vertices; a vertex's local number is its position here.
    vertices: Vec<usize>,
    /// Local number of each vertex (`NONE` outside the bracket).
    local: Vec<usize>,
    /// The rest of the round: players still to pair outside the bracket.
    rest: Vec<usize>,
    mode: Mode<L>,
    /// Edges of the bracket with a positive weight no larger than the outside weight (the
    /// local matcher holds them as absent), by local numbers, smaller first.
    low: HashMap<(usize, usize), Wide<L>>,
    /// A matching of the rest (`n` stands for "left out for the PAB"), computed once.
    rest_mate: Vec<usize>,
    /// Whether the number of players still to pair is odd (one is left out for the PAB).
    odd: bool,
}

enum Mode<const L: usize> {
    /// The local matcher, reduced weights.
    Local(MaxWeightMatcher<Wide<L>>),
    /// Everybody still to pair (bracket first, then the rest), full weights.
    Whole(MaxWeightMatcher<Wide<L>>),
}

impl<'c, const L: usize> Computer<'c, L> {
    pub(super) fn new(context: &'c Context, n: usize) -> Self {
        let words = n.div_ceil(64).max(1);
        let mut compatible = vec![0u64; n * words];
        for a in 0..n {
            for b in 0..a {
                if context.compatible(context.player(a), context.player(b)) {
                    compatible[a * words + b / 64] |= 1 << (b % 64);
                    compatible[b * words + a / 64] |= 1 << (a % 64);
                }
            }
        }
        Computer {
            context,
            n,
            fixed: vec![None; n],
            compatible,
            words,
            whole: None,
            outside: None,
            part: Vec::new(),
            part0: Wide::ZERO,
            bracket: None,
        }
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        self.compatible[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// Whether everybody (but `left_out`) can be paired, shown by greedy choice and simple
    /// augmenting paths: `true` is certain, `false` may be wrong (then ask the matcher).
    pub(super) fn completable(&self, left_out: Option<usize>) -> bool {
        let n = self.n;
        let universe: Vec<usize> = (0..n).filter(|&v| Some(v) != left_out).collect();
        let mut mate = vec![NONE; n];
        cover(&universe, &mut mate, |a, b| self.compatible(a, b))
    }

    /// From now on the edges outside the bracket weigh `edge_weight(.., false, false, bye)`:
    /// the weights set so far are forgotten.
    pub(super) fn localize(&mut self, bye: &ByeRule) {
        let n = self.n;
        let bye_key = (0..n)
            .map(|v| self.context.bye_key(self.context.player(v), bye))
            .collect();
        self.outside = Some(Outside {
            bye: bye.clone(),
            bye_key,
        });
        self.whole = None;
        // The outside weight is a constant plus one part per end, so one row of it gives all:
        // with d(v) = fields(v, 0), fields(a, b) = d(a) + d(b) − d(0).
        self.part = (0..n).map(|v| self.fields_by_rule(v, 0)).collect();
        self.part0 = self.part.first().copied().unwrap_or(Wide::ZERO);
        debug_assert!(
            n > 40
                || (0..n).all(|a| (0..n)
                    .all(|b| a == b || self.fields_by_rule(a, b) == self.outside_fields(a, b))),
            "the outside weight splits into one part per end"
        );
    }

    /// The weight of an edge outside the bracket (zero when the players may not meet).
    fn outside_weight(&self, a: usize, b: usize) -> Wide<L> {
        if !self.compatible(a, b) {
            return Wide::ZERO;
        }
        self.outside_fields(a, b)
    }

    /// `K + φ(a) + φ(b)`, whether or not the players may meet.
    fn outside_fields(&self, a: usize, b: usize) -> Wide<L> {
        self.part[a].plus(self.part[b]).minus(self.part0)
    }

    /// [`Self::outside_fields`] straight from the weight rule.
    fn fields_by_rule(&self, a: usize, b: usize) -> Wide<L> {
        let o = self.outside.as_ref().expect("localized");
        let (hi, lo) = (a.min(b), a.max(b));
        self.context.edge_fields(
            self.context.player(hi),
            self.context.player(lo),
            false,
            false,
            &o.bye,
        )
    }

    /// The current weight of an edge between two players of the bracket.
    fn inside_weight(&self, br: &Bracket<L>, a: usize, b: usize) -> Wide<L> {
        let (la, lb) = (br.local[a], br.local[b]);
        match &br.mode {
            Mode::Whole(m) => m.weight(la, lb),
            Mode::Local(m) => {
                let w = m.weight(la, lb);
                if !w.is_zero() {
                    w.plus(self.outside_fields(a, b))
                } else {
                    br.low
                        .get(&(la.min(lb), la.max(lb)))
                        .copied()
                        .unwrap_or(Wide::ZERO)
                }
            }
        }
    }

    /// Starts the decisions for a bracket: `vertices` are its players and the next score
    /// group's. Edges between two of the first `settled` keep their weights from the previous
    /// bracket; the caller sets every other edge between two of them before computing.
    pub(super) fn begin_bracket(&mut self, vertices: &[usize], settled: usize) {
        let n = self.n;
        let settled: Vec<usize> = vertices[..settled.min(vertices.len())]
            .iter()
            .copied()
            .filter(|&v| self.fixed[v].is_none())
            .collect();
        let vertices: Vec<usize> = vertices
            .iter()
            .copied()
            .filter(|&v| self.fixed[v].is_none())
            .collect();
        let mut local = vec![NONE; n];
        for (i, &v) in vertices.iter().enumerate() {
            local[v] = i;
        }
        // Weights carried over from the previous bracket (where they differ from outside).
        let mut carried = Vec::new();
        if let Some(old) = &self.bracket {
            for (i, &a) in settled.iter().enumerate() {
                if old.local[a] == NONE {
                    continue;
                }
                for &b in &settled[..i] {
                    if old.local[b] == NONE {
                        continue;
                    }
                    let w = self.inside_weight(old, a, b);
                    if w != self.outside_weight(a, b) {
                        carried.push((a, b, w));
                    }
                }
            }
        }
        // The previous bracket's matcher is no longer needed: free it before the next one.
        self.bracket = None;
        let rest: Vec<usize> = (0..n)
            .filter(|&v| local[v] == NONE && self.fixed[v].is_none())
            .collect();
        let size = vertices.len();
        let mut bracket = Bracket {
            vertices,
            local,
            rest,
            mode: Mode::Local(MaxWeightMatcher::new(size)),
            low: HashMap::new(),
            rest_mate: Vec::new(),
            odd: false,
        };
        bracket.odd = (bracket.vertices.len() + bracket.rest.len()) % 2 == 1;
        if bracket.rest.is_empty() {
            // Everybody left is in the bracket: full weights, set by the caller but between
            // the settled players.
            let mut m = MaxWeightMatcher::new(size);
            for (i, &a) in settled.iter().enumerate() {
                for &b in &settled[..i] {
                    let w = self.outside_weight(a, b);
                    if !w.is_zero() {
                        m.set_weight(bracket.local[a], bracket.local[b], w);
                    }
                }
            }
            for &(a, b, w) in &carried {
                m.set_weight(bracket.local[a], bracket.local[b], w);
            }
            bracket.mode = Mode::Whole(m);
        } else {
            for &(a, b, w) in &carried {
                self.set_local(&mut bracket, a, b, w);
            }
            bracket.rest_mate = self.rest_matching(&bracket);
        }
        self.bracket = Some(bracket);
    }

    /// A matcher over the bracket and the rest with full weights: `carried` for edges inside
    /// the bracket that differ from the outside weight.
    fn whole_matcher(
        &self,
        br: &Bracket<L>,
        carried: &[(usize, usize, Wide<L>)],
    ) -> MaxWeightMatcher<Wide<L>> {
        let all: Vec<usize> = br.vertices.iter().chain(&br.rest).copied().collect();
        let mut m = MaxWeightMatcher::new(all.len());
        for (i, &a) in all.iter().enumerate() {
            for (j, &b) in all[..i].iter().enumerate() {
                let w = self.outside_weight(a, b);
                if !w.is_zero() {
                    m.set_weight(i, j, w);
                }
            }
        }
        for &(a, b, w) in carried {
            let (i, j) = (br.local[a], br.local[b]);
            m.set_weight(i, j, w);
        }
        m
    }

    fn set_local(&self, br: &mut Bracket<L>, a: usize, b: usize, w: Wide<L>) {
        let (la, lb) = (br.local[a], br.local[b]);
        let key = (la.min(lb), la.max(lb));
        let reduced = if w.is_zero() {
            br.low.remove(&key);
            Wide::ZERO
        } else {
            let o = self.outside_fields(a, b);
            if w > o {
                br.low.remove(&key);
                w.minus(o)
            } else {
                br.low.insert(key, w);
                Wide::ZERO
            }
        };
        if let Mode::Local(m) = &mut br.mode {
            m.set_weight(la, lb, reduced);
        }
    }

    pub(super) fn set(&mut self, a: usize, b: usize, w: Wide<L>) {
        if a == b || self.fixed[a].is_some() || self.fixed[b].is_some() {
            return;
        }
        if self.outside.is_none() {
            let n = self.n;
            self.whole
                .get_or_insert_with(|| MaxWeightMatcher::new(n))
                .set_weight(a, b, w);
            return;
        }
        let mut br = self.bracket.take().expect("a bracket");
        if br.local[a] == NONE || br.local[b] == NONE {
            // Only edges inside the bracket change; anything else is set over everybody.
            self.go_whole(&mut br);
            self.set_whole(&mut br, a, b, w);
        } else {
            match &mut br.mode {
                Mode::Whole(m) => m.set_weight(br.local[a], br.local[b], w),
                Mode::Local(_) => self.set_local(&mut br, a, b, w),
            }
        }
        self.bracket = Some(br);
    }

    fn set_whole(&self, br: &mut Bracket<L>, a: usize, b: usize, w: Wide<L>) {
        if let (Some(i), Some(j)) = (whole_index(br, a), whole_index(br, b))
            && let Mode::Whole(m) = &mut br.mode
        {
            m.set_weight(i, j, w);
        }
    }

    /// Switches the bracket to one matcher over everybody still to pair.
    fn go_whole(&self, br: &mut Bracket<L>) {
        if matches!(br.mode, Mode::Whole(_)) {
            return;
        }
        let mut carried = Vec::new();
        for (i, &a) in br.vertices.iter().enumerate() {
            for &b in &br.vertices[..i] {
                let w = self.inside_weight(br, a, b);
                if w != self.outside_weight(a, b) {
                    carried.push((a, b, w));
                }
            }
        }
        br.mode = Mode::Whole(self.whole_matcher(br, &carried));
    }

    /// A hint that every edge at `v` is about to gain `amount` (see
    /// [`MaxWeightMatcher::raise_dual`]); the matchings computed do not depend on it.
    pub(super) fn raise_dual(&mut self, v: usize, amount: Wide<L>) {
        self.hint(v, |m, v| m.raise_dual(v, amount));
    }

    /// A hint that every edge at `v` has just lost `amount` (see
    /// [`MaxWeightMatcher::lower_dual`]); the matchings computed do not depend on it.
    pub(super) fn lower_dual(&mut self, v: usize, amount: Wide<L>) {
        self.hint(v, |m, v| m.lower_dual(v, amount));
    }

    fn hint(&mut self, v: usize, f: impl FnOnce(&mut MaxWeightMatcher<Wide<L>>, usize)) {
        if self.fixed[v].is_some() {
            return;
        }
        if let Some(m) = &mut self.whole {
            f(m, v);
        } else if let Some(br) = &mut self.bracket
            && br.local[v] != NONE
        {
            match &mut br.mode {
                Mode::Local(m) | Mode::Whole(m) => f(m, br.local[v]),
            }
        }
    }

    /// Whether the pair `ab` is in a maximum-weight matching (see
    /// [`MaxWeightMatcher::try_pair`]): `Some(true)` leaves the matching holding it, `None`
    /// when that is not cheap to tell. Right after [`compute`](Self::compute) only.
    pub(super) fn try_pair(&mut self, a: usize, b: usize) -> Option<bool> {
        const ROWS: usize = 64;
        if self.fixed[a].is_some() || self.fixed[b].is_some() {
            return None;
        }
        if let Some(m) = &mut self.whole {
            return m.try_pair(a, b, ROWS);
        }
        let mut br = self.bracket.take()?;
        let (la, lb) = (br.local[a], br.local[b]);
        let mut answer = None;
        if la != NONE && lb != NONE {
            answer = match &mut br.mode {
                Mode::Local(m) | Mode::Whole(m) => m.try_pair(la, lb, ROWS),
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
        if let Some(m) = &mut self.whole {
            m.isolate_pair(a, b);
        } else if let Some(mut br) = self.bracket.take() {
            // Pairs are fixed inside the bracket; any other is fixed over everybody.
            if br.local[a] == NONE || br.local[b] == NONE {
                self.go_whole(&mut br);
            }
            if let (Some(i), Some(j)) = (whole_index(&br, a), whole_index(&br, b)) {
                match &mut br.mode {
                    Mode::Local(m) | Mode::Whole(m) => m.isolate_pair(i, j),
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
        if self.outside.is_none() {
            let m = self.whole.get_or_insert_with(|| MaxWeightMatcher::new(n));
            m.solve();
            for (v, r) in result.iter_mut().enumerate() {
                *r = self.fixed[v].or_else(|| m.mate(v)).unwrap_or(v);
            }
            return result;
        }
        let mut br = self.bracket.take().expect("a bracket");
        if let Mode::Local(m) = &mut br.mode {
            m.solve();
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
        if let Mode::Whole(m) = &mut br.mode {
            m.solve();
            let all: Vec<usize> = br.vertices.iter().chain(&br.rest).copied().collect();
            for (i, &v) in all.iter().enumerate() {
                if let Some(j) = m.mate(i) {
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
