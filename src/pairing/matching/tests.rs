//! The matcher against brute force on random graphs, from scratch and after incremental
//! weight changes.

use super::*;

/// Every matching of a small graph, by brute force: the best total weight.
fn brute_force(n: usize, edges: &[(usize, usize, i64)]) -> i64 {
    fn go(v: usize, used: &mut Vec<bool>, n: usize, w: &[Vec<i64>]) -> i64 {
        if v == n {
            return 0;
        }
        if used[v] {
            return go(v + 1, used, n, w);
        }
        used[v] = true;
        let mut best = go(v + 1, used, n, w);
        for u in v + 1..n {
            if !used[u] && w[v][u] > 0 {
                used[u] = true;
                best = best.max(w[v][u] + go(v + 1, used, n, w));
                used[u] = false;
            }
        }
        used[v] = false;
        best
    }
    let mut w = vec![vec![0; n]; n];
    for &(a, b, x) in edges {
        w[a][b] = w[a][b].max(x);
        w[b][a] = w[a][b];
    }
    go(0, &mut vec![false; n], n, &w)
}

fn total(edges: &[(usize, usize, i64)], mate: &[Option<usize>]) -> i64 {
    let mut sum = 0;
    for (v, m) in mate.iter().enumerate() {
        if let Some(u) = *m {
            assert_eq!(mate[u], Some(v), "matching is symmetric");
            if v < u {
                sum += edges
                    .iter()
                    .filter(|e| (e.0 == v && e.1 == u) || (e.0 == u && e.1 == v))
                    .map(|e| e.2)
                    .max()
                    .expect("matched along an edge");
            }
        }
    }
    sum
}

/// Asserts that the matcher's current matching has the best total weight of `w` (a symmetric
/// matrix of weights, zero for no edge).
fn assert_maximum(matcher: &DenseMatcher<i64>, w: &[Vec<i64>], what: &str) {
    let n = w.len();
    let edges: Vec<(usize, usize, i64)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .filter(|&(a, b)| w[a][b] > 0)
        .map(|(a, b)| (a, b, w[a][b]))
        .collect();
    let mate: Vec<Option<usize>> = (0..n).map(|v| matcher.mate(v)).collect();
    assert_eq!(
        total(&edges, &mate),
        brute_force(n, &edges),
        "{what}: {edges:?}"
    );
}

/// A matcher over `edges`, solved.
fn solved(n: usize, edges: &[(usize, usize, i64)]) -> DenseMatcher<i64> {
    let mut matcher = DenseMatcher::new(n);
    for &(a, b, x) in edges {
        matcher.set_weight(a, b, x);
    }
    matcher.solve();
    matcher
}

#[test]
fn matching_simple_path_takes_heavy_middle_edge() {
    let edges = [(0, 1, 5i64), (1, 2, 11), (2, 3, 5)];
    let mate = max_weight_matching(4, &edges);
    assert_eq!(mate, vec![None, Some(2), Some(1), None]);
}

#[test]
fn matching_blossom_with_stem() {
    // A triangle 1-2-3 with stems: needs a blossom to find the optimum.
    let edges = [
        (1, 2, 8i64),
        (1, 3, 9),
        (2, 3, 10),
        (3, 4, 7),
        (1, 6, 5),
        (4, 5, 6),
    ];
    let mate = max_weight_matching(7, &edges);
    assert_eq!(total(&edges, &mate), brute_force(7, &edges));
}

/// A random graph on `n` vertices: each edge present with probability `density`, weight
/// `1..=max_weight`.
fn random_edges(
    rng: &mut rand::rngs::StdRng,
    n: usize,
    density: f64,
    max_weight: i64,
) -> Vec<(usize, usize, i64)> {
    use rand::Rng;
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.random_bool(density) {
                edges.push((a, b, rng.random_range(1..=max_weight)));
            }
        }
    }
    edges
}

#[test]
fn matching_random_graphs_match_brute_force() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for case in 0..400 {
        let n = rng.random_range(1..=10);
        let edges = random_edges(&mut rng, n, 0.6, 20);
        let mate = max_weight_matching(n, &edges);
        assert_eq!(
            total(&edges, &mate),
            brute_force(n, &edges),
            "case {case}: {edges:?}"
        );
    }
}

#[test]
fn matching_wide_weights_agree_with_i64() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    for _ in 0..100 {
        let n = rng.random_range(2..=9);
        let edges = random_edges(&mut rng, n, 0.7, 1000);
        // The same weights shifted into the high limb of a 256-bit integer.
        let wide: Vec<(usize, usize, Wide<4>)> = edges
            .iter()
            .map(|&(a, b, w)| (a, b, Wide::<4>::from_u64(w as u64).shifted_left(150)))
            .collect();
        let narrow = max_weight_matching(n, &edges);
        let broad = max_weight_matching(n, &wide);
        assert_eq!(total(&edges, &narrow), total(&edges, &broad));
    }
}

#[test]
fn matching_incremental_updates_match_brute_force() {
    // Weights change one vertex at a time (raised, lowered, removed) between solves, as a
    // pairing engine fixes its decisions; every solve must still be a maximum.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(23);
    for case in 0..1000 {
        let n = rng.random_range(2..=10);
        let mut matcher = DenseMatcher::<i64>::new(n);
        let mut w = vec![vec![0i64; n]; n];
        for step in 0..12 {
            let changes = if step == 0 {
                n * n
            } else {
                rng.random_range(1..=n)
            };
            for _ in 0..changes {
                let a = rng.random_range(0..n);
                let b = rng.random_range(0..n);
                if a == b {
                    continue;
                }
                let x = if rng.random_bool(0.3) {
                    0
                } else {
                    rng.random_range(1..=if case % 2 == 0 { 4 } else { 30 })
                };
                w[a][b] = x;
                w[b][a] = x;
                matcher.set_weight(a, b, x);
            }
            matcher.solve();
            assert_maximum(&matcher, &w, &format!("case {case} step {step}"));
        }
    }
}

#[test]
fn matching_dual_hints_never_change_the_maximum() {
    // `raise_dual` is only a hint: whether it matches the coming change (every edge at a
    // vertex raised by the same amount, as the Dutch engine's ordering addends do) or not
    // (random amounts, then random changes), every solve must still be a maximum.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(41);
    for case in 0..1000 {
        let n = rng.random_range(2..=10);
        let mut matcher = DenseMatcher::<i64>::new(n);
        let mut w = vec![vec![0i64; n]; n];
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        for &(a, b) in &pairs {
            if rng.random_bool(0.7) {
                w[a][b] = rng.random_range(1..=8) * 16;
                w[b][a] = w[a][b];
                matcher.set_weight(a, b, w[a][b]);
            }
        }
        for step in 0..8 {
            matcher.solve();
            assert_maximum(&matcher, &w, &format!("case {case} step {step}"));
            if step % 2 == 0 {
                // Each edge gains the addend of its smaller end; the hint says so.
                let addend: Vec<i64> = (0..n).map(|_| rng.random_range(0..=6)).collect();
                for (v, &x) in addend.iter().enumerate() {
                    matcher.raise_dual(v, x);
                }
                for &(a, b) in &pairs {
                    if w[a][b] > 0 {
                        w[a][b] += addend[a];
                        w[b][a] = w[a][b];
                        matcher.set_weight(a, b, w[a][b]);
                    }
                }
            } else {
                for _ in 0..rng.random_range(1..=n) {
                    matcher.raise_dual(rng.random_range(0..n), rng.random_range(1..=20));
                }
                for _ in 0..rng.random_range(1..=n) {
                    let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
                    if a != b {
                        let x = if rng.random_bool(0.3) {
                            0
                        } else {
                            rng.random_range(1..=200)
                        };
                        w[a][b] = x;
                        w[b][a] = x;
                        matcher.set_weight(a, b, x);
                    }
                }
            }
        }
    }
}

#[test]
fn matching_try_pair_is_exact_when_it_answers() {
    // `Some(false)`: no maximum matching holds the edge; `Some(true)`: the matching holds it
    // and is still a maximum. Checked against brute force with and without the edge forced.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(59);
    let (mut yes, mut no) = (0, 0);
    for case in 0..1500 {
        let n = rng.random_range(2..=10);
        let edges = random_edges(&mut rng, n, 0.7, if case % 2 == 0 { 3 } else { 12 });
        let mut matcher = solved(n, &edges);
        let best = brute_force(n, &edges);
        for _ in 0..3 {
            let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
            let Some(&(_, _, wab)) = edges.iter().find(|e| (e.0, e.1) == (a.min(b), a.max(b)))
            else {
                continue;
            };
            let rest: Vec<(usize, usize, i64)> = edges
                .iter()
                .copied()
                .filter(|e| ![e.0, e.1].iter().any(|&x| x == a || x == b))
                .collect();
            let best_with = wab + brute_force(n, &rest);
            match matcher.try_pair(a, b, 1000) {
                Some(false) => {
                    no += 1;
                    assert!(best_with < best, "case {case}: {a}-{b} {edges:?}");
                }
                Some(true) => {
                    yes += 1;
                    let mate: Vec<Option<usize>> = (0..n).map(|v| matcher.mate(v)).collect();
                    assert_eq!(mate[a], Some(b), "case {case}");
                    assert_eq!(total(&edges, &mate), best, "case {case}: {a}-{b} {edges:?}");
                }
                None => {}
            }
        }
    }
    assert!(
        yes > 100 && no > 100,
        "both answers exercised: {yes} yes, {no} no"
    );
}

#[test]
fn matching_isolated_pairs_keep_the_rest_maximum() {
    // Fixing a matched pair (every other edge at its ends removed) as the Dutch engine does
    // after each decision: the next solve is still a maximum of the remaining graph.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(71);
    for case in 0..800 {
        let n = rng.random_range(4..=10);
        let mut edges = random_edges(&mut rng, n, 0.8, if case % 2 == 0 { 2 } else { 9 });
        let mut matcher = solved(n, &edges);
        for _ in 0..2 {
            let Some((a, b)) = (0..n).find_map(|v| matcher.mate(v).map(|u| (v, u))) else {
                break;
            };
            if a > b {
                continue;
            }
            matcher.isolate_pair(a, b);
            edges.retain(|e| (e.0, e.1) == (a, b) || ![e.0, e.1].iter().any(|&x| x == a || x == b));
            matcher.solve();
            let mate: Vec<Option<usize>> = (0..n).map(|v| matcher.mate(v)).collect();
            assert_eq!(mate[a], Some(b), "case {case}");
            assert_eq!(
                total(&edges, &mate),
                brute_force(n, &edges),
                "case {case}: {edges:?}"
            );
        }
    }
}

/// Weights in a matrix with a bound of each row (at least its heaviest edge, `slack` more).
struct Bounded {
    weights: DenseWeights<i64>,
    bounds: Vec<i64>,
}

impl EdgeWeights<i64> for Bounded {
    fn weight(&self, a: usize, b: usize) -> i64 {
        self.weights.weight(a, b)
    }

    fn row_bound(&self, v: usize) -> Option<i64> {
        Some(self.bounds[v])
    }
}

#[test]
fn matching_row_bounds_change_nothing_in_a_first_solve() {
    // The callers' first solve: every vertex detached but the first, which keeps dual zero
    // (its edges told first, as a bracket's are). With row bounds (exact or loose) the duals
    // are the same, so the matching is the very one found without them, and a maximum.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(83);
    for case in 0..1500 {
        let n = rng.random_range(2..=10);
        let edges = random_edges(&mut rng, n, 0.75, if case % 3 == 0 { 3 } else { 40 });
        let mut weights = DenseWeights::new(n);
        for &(a, b, x) in &edges {
            weights.set(a, b, x);
        }
        let loose = rng.random_range(0..=2);
        let bounds = (0..n)
            .map(|v| (0..n).map(|u| weights.weight(v, u)).max().unwrap_or(0) + loose)
            .collect();
        let bounded = Bounded { weights, bounds };
        let first_solve = |g: &dyn Fn(&mut MaxWeightMatcher<i64>)| {
            let mut m = MaxWeightMatcher::new(n);
            for v in 1..n {
                for u in 0..v {
                    if m.is_detached(v) {
                        break;
                    }
                    m.note_weight(v, u, 0, bounded.weight(v, u));
                }
            }
            g(&mut m);
            (0..n).map(|v| m.mate(v)).collect::<Vec<_>>()
        };
        let with_bounds = first_solve(&|m| m.solve(&bounded));
        let without = first_solve(&|m| m.solve(&bounded.weights));
        assert_eq!(with_bounds, without, "case {case}: {edges:?}");
        assert_eq!(
            total(&edges, &with_bounds),
            brute_force(n, &edges),
            "case {case}: {edges:?}"
        );
    }
}

#[test]
fn wide_arithmetic() {
    let a = Wide::<2>::from_u64(u64::MAX);
    let b = a.plus(Wide::from_u64(1));
    assert_eq!(b.0, [0, 1]);
    assert_eq!(b.minus(Wide::from_u64(1)), a);
    assert_eq!(b.half().0, [1 << 63, 0]);
    assert!(b > a);
    assert!(Wide::<2>::ZERO.minus(Wide::from_u64(1)) < Wide::ZERO);
    assert_eq!(Wide::<2>::from_u64(3).shifted_left(64).0, [0, 3]);
    assert_eq!(Wide::<2>::from_u64(3).shifted_left(63).0, [1 << 63, 1]);
}
