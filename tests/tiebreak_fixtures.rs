//! Standings with every individual C.07 tie-break over the Dutch fixtures' whole tournaments
//! (`dutch/*/full.trf`): the samples in `tests/data/dutch`, and all 220 tournaments when the
//! full fixtures are there (`ARBITER_FIXTURES` or `../shared/fixtures`).
//!
//! The fixtures carry no tie-break values, so this checks what must hold on any tournament:
//! every tie-break computes without panicking, the recomputed scores equal the file's points
//! column, standings are a permutation ordered by points and then by the first tie-break, and
//! Art. 16 leaves Buchholz unchanged for players without unplayed rounds whose opponents
//! have none either.

use std::path::{Path, PathBuf};

use arbiter::formats::trf;
use arbiter::tournament::tiebreak::{
    Calculator, Lots, TieBreak, TieBreakKind, TieBreakSettings, Value, rank,
};

fn full_fixtures() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("ARBITER_FIXTURES").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures")),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|p| p.join("dutch").is_dir())
}

fn full_trf_files(dutch: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dutch)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path().join("full.trf"))
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Every individual tie-break, and the cut variants.
fn every_tie_break() -> Vec<TieBreak> {
    let mut list: Vec<TieBreak> = TieBreakKind::ALL
        .iter()
        .map(|&k| TieBreak::new(k))
        .collect();
    for code in [
        "BH-C1", "BH-C2", "BH-M1", "BH-M2", "SB-C1", "FB-C1", "ARO-C1", "PS-C1",
    ] {
        list.push(TieBreak::parse(code).expect("code"));
    }
    list
}

fn check(path: &Path) {
    let text = std::fs::read_to_string(path).expect("fixture readable");
    let tournament = trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let calculator = Calculator::new(&tournament, true);
    let record = &calculator.record;
    for (index, player) in tournament.players.iter().enumerate() {
        if let Some(declared) = player.declared_points {
            assert_eq!(
                record.players[index].score,
                declared,
                "{}: points of {}",
                path.display(),
                index + 1
            );
        }
    }
    for tie_break in every_tie_break() {
        for player in 0..tournament.players.len() {
            let _ = calculator.working(player, &tie_break);
        }
    }
    // Without unplayed rounds around a player, Art. 16 changes nothing: BH is the plain sum.
    let buchholz = TieBreak::new(TieBreakKind::Buchholz);
    for (index, player) in record.players.iter().enumerate() {
        let clean = |p: usize| record.players[p].rounds.iter().all(|r| r.is_played());
        if !clean(index)
            || player
                .rounds
                .iter()
                .any(|r| r.opponent.is_some_and(|o| !clean(o)))
        {
            continue;
        }
        let plain: i64 = player
            .rounds
            .iter()
            .filter_map(|r| r.opponent)
            .map(|o| i64::from(record.players[o].score.0))
            .sum();
        assert_eq!(
            calculator.value(index, &buchholz),
            Some(Value::tenths(plain))
        );
    }
    let settings = TieBreakSettings {
        list: TieBreak::parse_list("BH-C1,BH,SB,DE,WIN,TPR").expect("list"),
        swiss: true,
        lots: Lots::Draw { seed: 1 },
    };
    let standings = rank(&tournament, &settings);
    assert_eq!(standings.rows.len(), tournament.players.len());
    for pair in standings.rows.windows(2) {
        assert!(pair[0].points >= pair[1].points, "{}", path.display());
        if pair[0].points == pair[1].points {
            assert!(pair[0].values[0] >= pair[1].values[0], "{}", path.display());
        }
    }
    let mut starts: Vec<u32> = standings.rows.iter().map(|r| r.player.0).collect();
    starts.sort_unstable();
    assert_eq!(
        starts,
        (1..=tournament.players.len() as u32).collect::<Vec<_>>()
    );
}

#[test]
fn c07_every_tie_break_on_sample_tournaments() {
    let dutch = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch");
    let files = full_trf_files(&dutch);
    assert!(!files.is_empty(), "samples in tests/data/dutch");
    for file in &files {
        check(file);
    }
    println!("tie-breaks computed on {} sample tournaments", files.len());
}

#[test]
fn c07_every_tie_break_on_all_fixture_tournaments() {
    let Some(root) = full_fixtures() else {
        println!("full fixtures not found: skipped");
        return;
    };
    let files = full_trf_files(&root.join("dutch"));
    for file in &files {
        check(file);
    }
    println!("tie-breaks computed on {} fixture tournaments", files.len());
}
