//! Positions, legal moves, SAN (Laws Art. 3–4, Appendix C) and scoresheet checking, against
//! data computed by python-chess (`../shared/fixtures/rules/{positions,notation,scoresheets}.jsonl`).
//!
//! The default run reads the samples in `tests/data/rules/`; when the fixtures are present
//! (`ARBITER_FIXTURES` or `../shared/fixtures`) the full files are read as well.

use std::path::PathBuf;

use arbiter::rules::replay::replay;
use arbiter::rules::san::{parse_move, to_san};
use arbiter::rules::{Lang, Position};
use serde_json::Value;

fn fixtures_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("ARBITER_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures"));
    dir.join("rules").is_dir().then_some(dir)
}

fn read_jsonl(path: &PathBuf) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{} line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

fn sample(name: &str) -> Vec<Value> {
    read_jsonl(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/rules")
            .join(name),
    )
}

fn full(name: &str) -> Option<Vec<Value>> {
    fixtures_dir().map(|dir| read_jsonl(&dir.join("rules").join(name)))
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("array")
        .iter()
        .map(|v| v.as_str().expect("string").to_string())
        .collect()
}

fn check_position(case: &Value) {
    let fen = case["fen"].as_str().expect("fen");
    let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(position.to_fen(), fen, "FEN round trip");
    let mut moves = position.legal_moves();
    moves.sort_by_key(|m| m.to_uci(false));
    let uci: Vec<String> = moves.iter().map(|m| m.to_uci(false)).collect();
    assert_eq!(uci, strings(&case["legal_uci"]), "{fen}: legal moves");
    let san: Vec<String> = moves
        .iter()
        .map(|&m| to_san(&position, m, Lang::En))
        .collect();
    assert_eq!(san, strings(&case["legal_san"]), "{fen}: SAN");
    assert_eq!(
        position.count_legal_moves(),
        moves.len() as u64,
        "{fen}: count"
    );
    for (m, text) in moves.iter().zip(&san) {
        assert_eq!(
            parse_move(&position, text, Lang::En).as_ref(),
            Ok(m),
            "{fen}: parse {text}"
        );
    }
    assert_eq!(
        position.is_check(),
        case["check"].as_bool().expect("check"),
        "{fen}"
    );
    assert_eq!(
        position.is_checkmate(),
        case["checkmate"].as_bool().expect("mate"),
        "{fen}"
    );
    assert_eq!(
        position.is_stalemate(),
        case["stalemate"].as_bool().expect("stalemate"),
        "{fen}"
    );
    assert_eq!(
        u64::from(position.halfmoves()),
        case["halfmove_clock"].as_u64().expect("clock"),
        "{fen}"
    );
}

#[test]
fn art_3_legal_moves_and_san_of_sample_positions() {
    let cases = sample("positions-sample.jsonl");
    cases.iter().for_each(check_position);
    println!("positions sample: {} cases", cases.len());
}

#[test]
fn art_3_legal_moves_and_san_of_all_positions() {
    let Some(cases) = full("positions.jsonl") else {
        println!("fixtures not found: full positions run skipped");
        return;
    };
    cases.iter().for_each(check_position);
    println!("positions.jsonl: {} cases passed", cases.len());
}

fn check_notation(case: &Value) {
    let id = case["id"].as_str().unwrap_or("?");
    let code = case["lang"].as_str().expect("lang");
    let lang = Lang::from_code(code).unwrap_or_else(|| panic!("{id}: language {code}"));
    let san = strings(&case["san"]);
    let uci = strings(&case["uci"]);
    assert_eq!(san.len(), uci.len(), "{id}");
    let mut position = Position::new();
    for (ply, (text, expected)) in san.iter().zip(&uci).enumerate() {
        let m = parse_move(&position, text, lang)
            .unwrap_or_else(|e| panic!("{id} ({code}) ply {}: {e}", ply + 1));
        assert_eq!(
            &m.to_uci(false),
            expected,
            "{id} ({code}) ply {}: {text}",
            ply + 1
        );
        assert_eq!(
            &to_san(&position, m, lang),
            text,
            "{id} ({code}) ply {}: printed back",
            ply + 1
        );
        position.play_unchecked(m);
    }
}

#[test]
fn appendix_c_notation_in_every_language_sample() {
    let cases = sample("notation-sample.jsonl");
    cases.iter().for_each(check_notation);
    println!("notation sample: {} games", cases.len());
}

#[test]
fn appendix_c_notation_in_every_language_full() {
    let Some(cases) = full("notation.jsonl") else {
        println!("fixtures not found: full notation run skipped");
        return;
    };
    cases.iter().for_each(check_notation);
    println!("notation.jsonl: {} games passed", cases.len());
}

fn check_scoresheets(cases: &[Value]) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| std::panic::catch_unwind(|| check_scoresheet(case)).err())
        .map(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .unwrap_or_else(|| "panic".to_string())
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Illegal moves whose text is exactly another piece's legal move with the letter changed
/// (`Qc6` where only `Bc6` is legal): the same text as a planted wrong-piece defect, so no
/// reader can tell them apart; we report `wrong_piece` and the fixture says `illegal`.
const KNOWN_KIND_DEVIATIONS: [&str; 3] = ["s1-168", "s1-520", "s1-832"];

fn check_scoresheet(case: &Value) {
    let id = case["id"].as_str().unwrap_or("?");
    let san = strings(&case["san"]);
    let expected_ply = case["first_bad_ply"].as_u64().expect("ply") as usize;
    let expected_kind = case["kind"].as_str().expect("kind");
    let outcome = replay(Position::new(), &san, Lang::En);
    let (ply, error) = outcome
        .failure
        .unwrap_or_else(|| panic!("{id}: no bad move found, expected ply {expected_ply}"));
    assert_eq!(ply, expected_ply, "{id}: first bad ply ({error})");
    if KNOWN_KIND_DEVIATIONS.contains(&id) {
        assert_eq!(
            (expected_kind, error.kind.name()),
            ("illegal", "wrong_piece"),
            "{id}"
        );
        return;
    }
    assert_eq!(
        error.kind.name(),
        expected_kind,
        "{id}: kind of `{}` ({error})",
        san[ply - 1]
    );
}

#[test]
fn appendix_c_scoresheet_defects_sample() {
    let cases = sample("scoresheets-sample.jsonl");
    check_scoresheets(&cases);
    println!("scoresheets sample: {} cases", cases.len());
}

#[test]
fn appendix_c_scoresheet_defects_full() {
    let Some(cases) = full("scoresheets.jsonl") else {
        println!("fixtures not found: full scoresheets run skipped");
        return;
    };
    check_scoresheets(&cases);
    println!("scoresheets.jsonl: {} cases passed", cases.len());
}
