//! Move generation (Laws Art. 3, 4; Chess960 castling, FIDE Guideline II) checked by perft
//! node counts that python-chess computed.
//!
//! The default run reads `tests/data/rules/ours.perft`: positions we chose — castling
//! (Art. 3.8.2), en passant with pins and discovered checks (Art. 3.7.3.1), promotion with
//! captures and underpromotion (Art. 3.7.5), Chess960 castling corner cases (Guideline II) and
//! positions from our own random games — counted by python-chess with
//! `tests/data/rules/make_perft.py`, which writes the file (every depth up to 100,000 nodes).
//! When the fixtures are present (`ARBITER_FIXTURES` or `../shared/fixtures`), the public perft
//! collections there are read too, up to `ARBITER_PERFT_MAX_NODES` nodes per position (default
//! 200,000; set it to `0` for no cap — the random set then needs hours).

use std::path::PathBuf;

use arbiter::rules::Position;

struct PerftCase {
    id: String,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn parse_perft_file(text: &str) -> Vec<PerftCase> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(PerftCase {
                id: id.to_string(),
                fen: String::new(),
                counts: Vec::new(),
            });
        } else if let Some(fen) = line.strip_prefix("epd ") {
            let case = cases
                .last_mut()
                .unwrap_or_else(|| panic!("line {}: epd before id", number + 1));
            case.fen = fen.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace();
            let depth = parts.next().and_then(|d| d.parse().ok());
            let nodes = parts.next().and_then(|n| n.parse().ok());
            let (Some(depth), Some(nodes)) = (depth, nodes) else {
                panic!("line {}: bad perft line", number + 1);
            };
            let case = cases
                .last_mut()
                .unwrap_or_else(|| panic!("line {}: perft before id", number + 1));
            case.counts.push((depth, nodes));
        }
    }
    cases
}

/// Runs every case up to `max_nodes` nodes per position (0 = no cap); returns (positions, counts checked).
fn run_cases(name: &str, cases: &[PerftCase], max_nodes: u64) -> (usize, usize) {
    let mut checked = 0;
    for case in cases {
        let position = Position::from_fen(&case.fen)
            .unwrap_or_else(|e| panic!("{name} {}: {} does not parse: {e}", case.id, case.fen));
        for &(depth, nodes) in &case.counts {
            if max_nodes > 0 && nodes > max_nodes {
                break;
            }
            assert_eq!(
                position.perft(depth),
                nodes,
                "{name} {} ({}) perft {depth}",
                case.id,
                case.fen
            );
            checked += 1;
        }
    }
    (cases.len(), checked)
}

fn fixtures_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("ARBITER_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures"));
    dir.join("rules").is_dir().then_some(dir)
}

/// The cases of `ours.perft` whose id starts with `prefix`.
fn ours(prefix: &str) -> Vec<PerftCase> {
    parse_perft_file(include_str!("data/rules/ours.perft"))
        .into_iter()
        .filter(|case| case.id.starts_with(prefix))
        .collect()
}

/// Checks every count of the `ours.perft` cases named `prefix*`; at least `positions` of them.
fn check_ours(prefix: &str, positions: usize) {
    let cases = ours(prefix);
    let (found, counts) = run_cases(prefix, &cases, 0);
    println!("ours.perft {prefix}*: {found} positions, {counts} counts checked");
    assert!(found >= positions, "only {found} {prefix}* positions");
}

#[test]
fn art_3_8_2_perft_castling() {
    check_ours("castling-", 7);
}

#[test]
fn art_3_7_3_1_perft_en_passant_with_pins_and_discovered_checks() {
    check_ours("en-passant-", 9);
}

#[test]
fn art_3_7_5_perft_promotion_with_captures_and_underpromotion() {
    check_ours("promotion-", 4);
}

#[test]
fn guideline_ii_chess960_castling_perft() {
    check_ours("chess960-", 11);
}

#[test]
fn art_3_perft_positions_from_our_games() {
    check_ours("game-position-", 24);
}

#[test]
fn art_3_perft_full_fixtures() {
    let Some(dir) = fixtures_dir() else {
        println!("fixtures not found: full perft run skipped");
        return;
    };
    let max_nodes = std::env::var("ARBITER_PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200_000);
    for name in ["tricky.perft", "chess960.perft", "random.perft"] {
        let path = dir.join("rules").join(name);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let cases = parse_perft_file(&text);
        let (positions, counts) = run_cases(name, &cases, max_nodes);
        println!(
            "{name}: {positions} positions, {counts} perft counts checked (cap {max_nodes} nodes)"
        );
        assert!(positions > 0);
    }
}
