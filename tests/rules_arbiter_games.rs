//! Art. 5, 9.2, 9.3, 9.6 over whole games, against python-chess 1.11.2
//! (`../shared/fixtures/rules/games.jsonl` and `positions.jsonl`): the plies after which the
//! player to move may claim a threefold repetition or a fifty-move draw (including on a written
//! move), every game's termination and result, and the flags of the final positions.
//!
//! python-chess's `insufficient_material` is a material-only test; the Laws' dead position is
//! wider (Art. 5.2.2), so a game python-chess ends by insufficient material must end here as a
//! dead position at the same ply, and a material-only "cannot mate" must be a "cannot mate" of
//! the exact test.
//!
//! The default run reads the sample in `tests/data/rules/`; when the shared fixtures are there
//! (`ARBITER_FIXTURES` or `../shared/fixtures`) all 1,000 games and 9,346 positions are checked.

use std::collections::HashMap;
use std::path::PathBuf;

use arbiter::rules::Position;
use arbiter::rules::arbiter::{ReportOptions, report};
use arbiter::rules::dead::{DeadPosition, Mater, Verdict};
use arbiter::rules::draw;
use arbiter::rules::game::{GameRecord, Outcome};
use serde_json::Value;

fn fixtures_dir() -> Option<PathBuf> {
    let from_env = std::env::var_os("ARBITER_FIXTURES").map(PathBuf::from);
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    from_env
        .into_iter()
        .chain(std::iter::once(beside))
        .find(|dir| dir.join("rules/games.jsonl").is_file())
}

fn plies(value: &Value) -> Vec<usize> {
    value
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(Value::as_u64)
                .map(|n| n as usize)
                .collect()
        })
        .unwrap_or_default()
}

fn termination_name(python: Option<&str>) -> Option<&'static str> {
    match python {
        Some("checkmate") => Some("checkmate"),
        Some("stalemate") => Some("stalemate"),
        Some("insufficient_material") => Some("dead_position"),
        Some("seventyfive_moves") => Some("seventyfive"),
        Some("fivefold_repetition") => Some("fivefold"),
        Some(_) => Some("unknown"),
        None => None,
    }
}

/// Checks every game line; returns (games, failures) and fills `fens` with the FEN after each
/// ply and whether a threefold claim was possible there.
fn check_games(
    text: &str,
    fens: &mut HashMap<String, bool>,
    earlier_dead: &mut usize,
) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut games = 0;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        games += 1;
        let game: Value = match serde_json::from_str(line) {
            Ok(game) => game,
            Err(error) => {
                failures.push(format!("line {}: {error}", index + 1));
                continue;
            }
        };
        let id = game["id"].as_str().unwrap_or("?").to_owned();
        let san: Vec<String> = game["san"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|m| m.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let record = GameRecord::from_moves(&san);
        let got = report(&record, ReportOptions::default());
        let mut fail = |what: String| failures.push(format!("{id}: {what}"));
        if got.first_bad_ply.is_some() || got.plies != san.len() {
            fail(format!(
                "stopped at {:?}: {:?}",
                got.first_bad_ply, got.error
            ));
            continue;
        }
        let threefold = plies(&game["threefold_claim_plies"]);
        if got.claimable.threefold != threefold {
            fail(format!(
                "threefold plies {:?}, python-chess {threefold:?}",
                got.claimable.threefold
            ));
        }
        let fifty = plies(&game["fifty_claim_plies"]);
        if got.claimable.fifty != fifty {
            fail(format!(
                "fifty plies {:?}, python-chess {fifty:?}",
                got.claimable.fifty
            ));
        }
        let expected = termination_name(game["outcome"]["termination"].as_str());
        let termination = got.termination.map(|t| t.name());
        if termination != expected {
            fail(format!(
                "termination {termination:?} at {:?}, python-chess {expected:?}",
                got.termination_ply
            ));
        } else if expected == Some("dead_position")
            && got.termination_ply.is_some_and(|ply| ply < san.len())
        {
            // Art. 5.2.2 is wider than python-chess's material count: e.g. after `Qg6+` with
            // `Kxg6` the only reply, the position is already dead. Such a game must still end
            // dead at python-chess's ply, which the walk confirms by reaching it.
            *earlier_dead += 1;
        } else if expected.is_some() && got.termination_ply != Some(san.len()) {
            fail(format!(
                "termination at ply {:?}, python-chess at {}",
                got.termination_ply,
                san.len()
            ));
        }
        let result = game["outcome"]["result"]
            .as_str()
            .and_then(Outcome::parse)
            .unwrap_or(Outcome::Unknown);
        if got.result_by_laws != result {
            fail(format!(
                "result {:?}, python-chess {result:?}",
                got.result_by_laws
            ));
        }
        if game["final_fen"].as_str() != Some(got.final_fen.as_str()) {
            fail(format!(
                "final FEN {}, python-chess {}",
                got.final_fen, game["final_fen"]
            ));
        }
        // Every position of the game, for positions.jsonl.
        let mut position = Position::new();
        for (ply, text) in san.iter().enumerate() {
            let Ok(m) = arbiter::rules::san::parse_move(&position, text, Default::default()) else {
                break;
            };
            position.play_unchecked(m);
            fens.insert(
                position.to_fen(),
                got.claimable.threefold.contains(&(ply + 1)),
            );
        }
    }
    (games, failures)
}

fn flag(value: &Value, key: &str) -> bool {
    value[key].as_bool().unwrap_or(false)
}

/// positions.jsonl: the flags that depend on the position alone, plus the threefold flag for
/// positions met while replaying the games.
fn check_positions(text: &str, threefold_by_fen: &HashMap<String, bool>) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut count = 0;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        count += 1;
        let Ok(entry) = serde_json::from_str::<Value>(line) else {
            failures.push(format!("line {}: not JSON", index + 1));
            continue;
        };
        let fen = entry["fen"].as_str().unwrap_or("");
        let Ok(position) = Position::from_fen(fen) else {
            failures.push(format!("line {}: FEN {fen} rejected", index + 1));
            continue;
        };
        let mut fail = |what: &str| failures.push(format!("line {}: {fen}: {what}", index + 1));
        if draw::fifty_claim(&position).is_some() != flag(&entry, "can_claim_fifty") {
            fail("can_claim_fifty differs");
        }
        if draw::is_seventyfive(&position) != flag(&entry, "seventyfive") {
            fail("seventyfive differs");
        }
        if position.is_checkmate() != flag(&entry, "checkmate")
            || position.is_stalemate() != flag(&entry, "stalemate")
        {
            fail("checkmate/stalemate differs");
        }
        match threefold_by_fen.get(fen) {
            Some(&claimable) if claimable != flag(&entry, "can_claim_threefold") => {
                fail("can_claim_threefold differs")
            }
            None if flag(&entry, "can_claim_threefold") => {
                fail("threefold claim possible but the position was not met in the games")
            }
            _ => {}
        }
        let Ok(dead) = DeadPosition::from_fen(fen) else {
            fail("the dead-position analysis rejected the FEN");
            continue;
        };
        for (key, mater) in [
            ("insufficient_white", Mater::White),
            ("insufficient_black", Mater::Black),
        ] {
            // Material-only "cannot mate" must be confirmed by the exact test (its cheap stage
            // suffices whenever the material alone decides).
            if flag(&entry, key)
                && dead.cheap_verdict(mater) != Some(Verdict::CannotMate)
                && dead.verdict(mater) != Verdict::CannotMate
            {
                fail(&format!("{key} but the exact test says the side can mate"));
            }
        }
    }
    (count, failures)
}

#[test]
fn art_9_claims_and_terminations_match_python_chess_sample() {
    let mut fens = HashMap::new();
    let mut earlier_dead = 0;
    let (games, failures) = check_games(
        include_str!("data/rules/games-sample.jsonl"),
        &mut fens,
        &mut earlier_dead,
    );
    println!(
        "games sample: {games} games, {} disagree, {earlier_dead} dead earlier than python-chess \
         sees it (Art. 5.2.2)",
        failures.len()
    );
    assert!(games >= 60);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn art_9_claims_and_terminations_match_python_chess_full() {
    let Some(dir) = fixtures_dir() else {
        println!("shared fixtures not found: full games run skipped");
        return;
    };
    let text = std::fs::read_to_string(dir.join("rules/games.jsonl")).expect("games.jsonl");
    let mut fens = HashMap::new();
    let mut earlier_dead = 0;
    let (games, failures) = check_games(&text, &mut fens, &mut earlier_dead);
    println!(
        "games full: {games} games, {} disagree, {earlier_dead} dead earlier than python-chess \
         sees it (Art. 5.2.2)",
        failures.len()
    );
    assert_eq!(games, 1000);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let text = std::fs::read_to_string(dir.join("rules/positions.jsonl")).expect("positions");
    let (positions, failures) = check_positions(&text, &fens);
    println!(
        "positions full: {positions} positions, {} disagree",
        failures.len()
    );
    assert_eq!(positions, 9346);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
