//! The Dutch engine (C.04.3) against bbpPairings v6: for each fixture case, our pairing of
//! `rNN.trf` must equal `rNN.pairs` as a set of coloured pairs, and our round 1 must equal
//! round 1 of `full.trf`. The default run uses the sample in `tests/data/dutch`. When the
//! fixtures folder is at `../shared/fixtures`, one tournament in twenty of it (up to 75
//! players) runs as well; when `ARBITER_FIXTURES` names it (as CI does), every case runs
//! (1,560 rounds plus the 220 round-1 checks; about 7 s in a release build).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use arbiter::formats::trf;
use arbiter::pairing::dutch;
use arbiter::pairing::dutch::{pairing_set, recorded_pairing};

fn full_fixtures() -> Option<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [
        std::env::var_os("ARBITER_FIXTURES").map(PathBuf::from),
        Some(root.join("../shared/fixtures")),
        Some(root.join("../../shared/fixtures")),
    ]
    .into_iter()
    .flatten()
    .find(|p| p.join("dutch").is_dir())
}

fn read_pairs(path: &Path) -> BTreeSet<(u32, u32)> {
    let text = std::fs::read_to_string(path).expect("pairs file");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let mut words = line.split_whitespace().map(|w| w.parse::<u32>().ok());
            Some((words.next()??, words.next()??))
        })
        .collect()
}

/// Runs every case of one tournament folder; returns (cases, discrepancies).
fn run_folder(folder: &Path) -> (usize, Vec<String>) {
    let mut cases = 0;
    let mut wrong = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
        .expect("folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    entries.sort();
    let mut initial = None;
    for trf_path in &entries {
        let name = trf_path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        if name == "full" {
            continue;
        }
        let text = std::fs::read_to_string(trf_path).expect("trf");
        let tournament = trf::parse(&text).expect("fixture parses");
        initial = initial.or(tournament.setup.initial_color);
        let expected = read_pairs(&trf_path.with_extension("pairs"));
        cases += 1;
        match dutch::pair(&tournament) {
            Ok(ours) => {
                let ours = pairing_set(&ours);
                if ours != expected {
                    let missing: Vec<_> = expected.difference(&ours).collect();
                    let extra: Vec<_> = ours.difference(&expected).collect();
                    wrong.push(format!(
                        "{}: expected {missing:?}, ours {extra:?}",
                        trf_path.display()
                    ));
                }
            }
            Err(e) => wrong.push(format!("{}: {e}", trf_path.display())),
        }
    }
    // Round 1 of full.trf.
    let full = folder.join("full.trf");
    if let Ok(text) = std::fs::read_to_string(&full) {
        let mut tournament = trf::parse(&text).expect("full.trf parses");
        tournament.setup.initial_color = initial;
        let before = dutch::state_before_round(&tournament, 1);
        let expected = recorded_pairing(&tournament, 1);
        cases += 1;
        match dutch::pair(&before) {
            Ok(ours) if pairing_set(&ours) == expected => {}
            Ok(ours) => wrong.push(format!(
                "{} round 1: expected {expected:?}, ours {:?}",
                full.display(),
                pairing_set(&ours)
            )),
            Err(e) => wrong.push(format!("{} round 1: {e}", full.display())),
        }
    }
    (cases, wrong)
}

fn run_all(root: &Path) -> (usize, Vec<String>) {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root)
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    let mut cases = 0;
    let mut wrong = Vec::new();
    for folder in folders {
        let (c, w) = run_folder(&folder);
        cases += c;
        wrong.extend(w);
    }
    (cases, wrong)
}

#[test]
fn dutch_sample_matches_bbppairings() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch");
    let (cases, wrong) = run_all(&root);
    println!("Dutch sample: {cases} cases, {} discrepancies", wrong.len());
    for line in &wrong {
        println!("  {line}");
    }
    assert!(cases > 40);
    assert!(wrong.is_empty(), "{} discrepancies", wrong.len());
}

#[test]
fn dutch_fixtures_match_bbppairings() {
    let Some(root) = full_fixtures() else {
        println!("Dutch fixtures: folder absent, 0 cases");
        return;
    };
    let everything = std::env::var_os("ARBITER_FIXTURES").is_some();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root.join("dutch"))
        .expect("fixtures")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    let mut cases = 0;
    let mut wrong = Vec::new();
    for (index, folder) in folders.iter().enumerate() {
        let large = folder
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("n150"));
        if !everything && (index % 20 != 3 || large) {
            continue;
        }
        let (c, w) = run_folder(folder);
        cases += c;
        wrong.extend(w);
    }
    println!(
        "Dutch fixtures ({}): {cases} cases, {} discrepancies",
        if everything {
            "all"
        } else {
            "one folder in twenty, up to 75 players"
        },
        wrong.len()
    );
    for line in &wrong {
        println!("  {line}");
    }
    assert!(wrong.is_empty(), "{} discrepancies", wrong.len());
}
