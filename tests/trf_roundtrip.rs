//! TRF16 / TRF-2026 reading and writing: every fixture file reads, writes back to the same
//! text, and reads again into the same tournament; broken files give line, column and reason.

use std::path::{Path, PathBuf};

use arbiter::formats::trf::{self, TrfError};
use arbiter::tournament::{Color, GameResult, PlayerId, Points};

/// The full fixtures folder when present (`ARBITER_FIXTURES` or `../shared/fixtures`).
fn full_fixtures() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("ARBITER_FIXTURES").map(PathBuf::from),
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures")),
        // A git worktree one level deeper (`wt/NAME`) than the main checkout.
        Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/fixtures")),
    ];
    candidates
        .into_iter()
        .flatten()
        .find(|p| p.join("dutch").is_dir())
}

fn trf_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "trf") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn check_round_trip(path: &Path) {
    let text = std::fs::read_to_string(path).expect("fixture readable");
    let tournament = trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let written = trf::write(&tournament);
    let again = trf::parse(&written)
        .unwrap_or_else(|e| panic!("{}: written file unreadable: {e}", path.display()));
    assert_eq!(
        tournament,
        again,
        "{}: round trip changed it",
        path.display()
    );
    // Player lines come back column for column, except the rank (86-89), which we recompute.
    let players = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| {
                let chars: Vec<char> = l.trim_end().chars().collect();
                let mut masked = chars.clone();
                for c in masked.iter_mut().take(89).skip(85) {
                    *c = ' ';
                }
                masked.into_iter().collect()
            })
            .collect()
    };
    let (original, ours) = (players(&text), players(&written));
    assert_eq!(original.len(), ours.len());
    for (a, b) in original.iter().zip(&ours) {
        assert_eq!(a, b, "{}: player line differs", path.display());
    }
}

#[test]
fn trf_round_trip_sample() {
    let files = trf_files(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch"));
    assert!(files.len() > 20);
    for path in &files {
        check_round_trip(path);
    }
    println!("TRF round trip: {} sample files", files.len());
}

#[test]
fn trf_round_trip_all_fixtures() {
    let Some(root) = full_fixtures() else {
        println!("TRF round trip: fixtures folder absent, 0 files");
        return;
    };
    let files = trf_files(&root.join("dutch"));
    for path in &files {
        check_round_trip(path);
    }
    println!("TRF round trip: {} fixture files", files.len());
}

const HEADER: &str = "012 Test\nXXR 3\n";

fn player_line(id: u32, points: &str, rounds: &str) -> String {
    let name = format!("Player {id}");
    format!(
        "001 {id:>4} {:<5}{name:<33} {:>4} {:>3} {:>11} {:>10} {points:>4} {id:>4}{rounds}\n",
        "", 2000, "", "", ""
    )
}

#[test]
fn trf_reads_columns_and_extensions() {
    let text = format!(
        "{HEADER}XXC white1\nBBW 3.0\nBBD 1.0\nXXP 1 3\n260 002 003    2    4\n240 H 002    3\nXXA    1  1.0  1.0\n{}{}{}{}",
        player_line(1, "3.0", "     2 w 1"),
        player_line(2, "0.0", "     1 b 0"),
        player_line(3, "3.0", "  0000 - U"),
        player_line(4, "0.0", "  0000 - Z"),
    );
    let t = trf::parse(&text).expect("valid file");
    assert_eq!(t.name, "Test");
    assert_eq!(t.total_rounds, 3);
    assert_eq!(t.setup.initial_color, Some(Color::White));
    assert_eq!(t.points.win, Points(30));
    assert_eq!(t.points.draw, Points(10));
    assert_eq!(t.players.len(), 4);
    assert_eq!(t.players[0].rounds[0].opponent, Some(PlayerId(2)));
    assert_eq!(t.players[0].rounds[0].color, Some(Color::White));
    assert_eq!(
        t.players[2].rounds[0].result,
        GameResult::PairingAllocatedBye
    );
    assert_eq!(t.players[2].rounds[1].result, GameResult::HalfPointBye);
    assert!(t.setup.is_forbidden(PlayerId(1), PlayerId(3), 5));
    assert!(t.setup.is_forbidden(PlayerId(4), PlayerId(2), 2));
    assert!(!t.setup.is_forbidden(PlayerId(4), PlayerId(2), 4));
    assert_eq!(t.setup.acceleration(PlayerId(1), 2), Points(10));
    assert_eq!(t.setup.acceleration(PlayerId(2), 2), Points(0));
    let again = trf::parse(&trf::write(&t)).expect("written file reads");
    assert_eq!(t, again);
}

fn error_of(text: &str) -> TrfError {
    trf::parse(text).expect_err("the file is invalid")
}

/// A points column that disagrees with the results is read with a warning naming its line
/// and column (the results are the record; files of other programs do this).
#[test]
fn trf_points_column_checked_against_results() {
    let text = format!(
        "{HEADER}{}{}",
        player_line(1, "0.5", "     2 w 1"),
        player_line(2, "0.0", "     1 b 0")
    );
    let read = trf::read(&text).expect("read with a warning");
    assert!(
        read.warnings
            .iter()
            .any(|w| (w.line, w.column) == (3, 81) && w.reason.contains("points column")),
        "{:?}",
        read.warnings
    );
}

#[test]
fn trf_unknown_result_code_gives_column() {
    let text = format!(
        "{HEADER}{}{}",
        player_line(1, "1.0", "     2 w 7"),
        player_line(2, "0.0", "     1 b 0")
    );
    let e = error_of(&text);
    assert_eq!((e.line, e.column), (3, 99), "{e}");
}

#[test]
fn trf_opponents_must_name_each_other() {
    let text = format!(
        "{HEADER}{}{}{}",
        player_line(1, "1.0", "     2 w 1"),
        player_line(2, "0.0", "     3 b 0"),
        player_line(3, "0.0", "     2 w 0")
    );
    let e = error_of(&text);
    assert_eq!((e.line, e.column), (3, 92), "{e}");
}

#[test]
fn trf_gap_in_starting_ranks_is_rejected() {
    let text = format!("{HEADER}{}", player_line(2, "", ""));
    let e = error_of(&text);
    assert_eq!((e.line, e.column), (3, 5), "{e}");
}

#[test]
fn trf_garbage_never_panics() {
    for text in [
        "001",
        "001 abcd",
        "XXR x",
        "001    1 x\n001    1 y",
        "240 Q 1 1",
        "250 1",
    ] {
        let _ = trf::parse(text);
    }
}

/// TRF-2026 `299` with a blank type in an individual event: a player's points outside the
/// games (points in columns 14–17, round 20–22, player 24–27), counted in the points column,
/// written back as read.
#[test]
fn trf26_299_points_outside_the_games_of_an_individual_event() {
    let text = format!(
        "{HEADER}299          -1.0  002    1\n299           0.5  000    2\n{}{}",
        player_line(1, "0.0", "     2 w 1"),
        player_line(2, "0.5", "     1 b 0"),
    );
    let t = trf::parse(&text).expect("valid file");
    let adjustments: Vec<(u32, Option<u32>, Points)> = t
        .adjustments
        .iter()
        .map(|a| (a.player.0, a.round, a.points))
        .collect();
    assert_eq!(
        adjustments,
        [(1, Some(2), Points(-10)), (2, None, Points(5))]
    );
    assert!(t.teams.penalties.is_empty());
    assert_eq!(t.adjustment(PlayerId(1), 1), Points(0));
    assert_eq!(t.adjustment(PlayerId(1), 3), Points(-10));
    let again = trf::parse(&trf::write(&t)).expect("written file reads");
    assert_eq!(t, again);
    // A player the file does not have: refused, naming the line.
    let text = format!(
        "{HEADER}299          -1.0  002    9\n{}{}",
        player_line(1, "1.0", "     2 w 1"),
        player_line(2, "0.0", "     1 b 0"),
    );
    let e = error_of(&text);
    assert_eq!((e.line, e.column), (3, 24), "{e}");
}

/// Laws Art. 12.9.9: an expulsion, which TRF-2026 has no field for, is written as a comment
/// after the player's record and read back; other comments stay comments.
#[test]
fn art_12_9_9_expulsion_comment_round_trips() {
    let text = format!(
        "{HEADER}{}### expelled    2   2 (FIDE Laws Art. 12.9.9)\n### expelled by nobody\n{}",
        player_line(1, "1.0", "     2 w 1"),
        player_line(2, "0.0", "     1 b 0"),
    );
    let t = trf::parse(&text).expect("valid file");
    assert_eq!(t.players[0].expelled_from, None);
    assert_eq!(t.players[1].expelled_from, Some(2));
    let written = trf::write(&t);
    assert!(written.contains("### expelled    2   2 (FIDE Laws Art. 12.9.9)"));
    assert_eq!(trf::parse(&written).expect("reads"), t);
}

/// C.04.2 Art. 3.2: a withdrawal after round 1 of 3 is written as what TRF-2026 can say (absent,
/// `240 Z`, in rounds 2 and 3) and our own comment, and read back as the withdrawal, not as
/// byes requested.
#[test]
fn c_04_2_withdrawal_written_as_240_z_and_a_comment_round_trips() {
    let text = format!(
        "{HEADER}{}{}{}",
        player_line(1, "1.0", "     2 w 1"),
        player_line(2, "0.0", "     1 b 0"),
        player_line(3, "1.0", "  0000 - U"),
    );
    let mut t = trf::parse(&text).expect("valid file");
    t.total_rounds = 3;
    t.players[1].withdrawn_from = Some(2);
    let written = trf::write(&t);
    for line in [
        "### withdrawn    2   2 (FIDE C.04.2 Art. 3.2)",
        "240 Z 002    2",
        "240 Z 003    2",
    ] {
        assert!(written.contains(line), "{line}:\n{written}");
    }
    let again = trf::parse(&written).expect("reads");
    assert_eq!(again.players[1].rounds.len(), 1);
    assert_eq!(again, t);
}
