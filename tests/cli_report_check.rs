//! `arbiter report check`: a tournament report checked as FIDE's rating officer checks it
//! (TRF-2026, records marked mandatory for rating). A complete report passes; copies with one
//! fault each are refused, the problem naming the line and field.

use std::process::Command;

/// The complete report (7 players, 3 rounds, a forfeit and pairing-allocated byes).
fn report() -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/report/open-report.trf",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture")
}

/// The 1-based line of player `start`'s `001` record in [`report`].
fn player_line(start: usize) -> usize {
    13 + start
}

/// `text` with line `line` (1-based) passed through `edit`.
fn with_line(text: &str, line: usize, edit: impl Fn(&str) -> String) -> String {
    text.lines()
        .enumerate()
        .map(|(index, l)| {
            if index + 1 == line {
                edit(l)
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `line` with the characters of columns `from..` (1-based) replaced by `new`.
fn set_columns(line: &str, from: usize, new: &str) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    for (offset, c) in new.chars().enumerate() {
        chars[from - 1 + offset] = c;
    }
    chars.into_iter().collect()
}

struct Checked {
    success: bool,
    stdout: String,
    problems: Vec<serde_json::Value>,
}

/// Runs `arbiter report check --json` on `text` (and the plain form, to see both agree).
fn check(name: &str, text: &str) -> Checked {
    let dir = std::env::temp_dir().join(format!("arbiter-report-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.trf"));
    std::fs::write(&path, text).expect("write");
    let run = |json: bool| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_arbiter"));
        command.args(["report", "check"]).arg(&path);
        if json {
            command.arg("--json");
        }
        command.output().expect("arbiter runs")
    };
    let json = run(true);
    let plain = run(false);
    assert_eq!(json.status.code(), plain.status.code(), "{name}");
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["ok"].as_bool(), Some(json.status.success()), "{name}");
    Checked {
        success: json.status.success(),
        stdout: String::from_utf8_lossy(&plain.stdout).into_owned(),
        problems: value["problems"].as_array().cloned().unwrap_or_default(),
    }
}

/// Asserts that the check failed with a problem on `line` whose field contains `field`.
fn assert_refused(checked: &Checked, line: usize, field: &str) {
    assert!(!checked.success, "accepted:\n{}", checked.stdout);
    assert!(
        checked
            .problems
            .iter()
            .any(|p| p["line"] == serde_json::json!(line)
                && p["field"].as_str().is_some_and(|f| f.contains(field))),
        "no problem on line {line} in field `{field}`:\n{}",
        checked.stdout
    );
    assert!(
        checked.stdout.contains(&format!("line {line}, ")),
        "{}",
        checked.stdout
    );
}

#[test]
fn trf26_complete_report_passes() {
    let checked = check("good", &report());
    assert!(checked.success, "{}", checked.stdout);
    assert!(checked.problems.is_empty());
    assert!(checked.stdout.contains("no problems found"));
}

#[test]
fn trf26_001_points_column_differing_from_the_results_is_refused() {
    // Player 3 has 1.5 from 1, 0, ½; the copy says 2.5.
    let line = player_line(3);
    let text = with_line(&report(), line, |l| set_columns(l, 81, " 2.5"));
    let checked = check("points", &text);
    assert_refused(&checked, line, "points");
}

#[test]
fn trf26_001_points_under_the_files_own_point_system() {
    // Under 3-1-0 (record 162) the same results give player 1 (win, draw, win) 7 points: the
    // report's 2.5 is refused, and a copy with 7.0 for everyone's real totals passes.
    let text = report().replacen(
        "XXR 3",
        "XXR 3\n162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0",
        1,
    );
    let checked = check("three-one-zero", &text);
    assert_refused(&checked, player_line(1) + 1, "points");
    let totals = [
        (1, " 7.0"),
        (2, " 5.0"),
        (3, " 4.0"),
        (4, " 6.0"),
        (5, " 6.0"),
        (6, " 3.0"),
        (7, " 3.0"),
    ];
    let mut fixed = text;
    for (start, points) in totals {
        fixed = with_line(&fixed, player_line(start) + 1, |l| {
            set_columns(l, 81, points)
        });
    }
    let checked = check("three-one-zero-fixed", &fixed);
    assert!(checked.success, "{}", checked.stdout);
}

#[test]
fn trf26_001_opponents_that_do_not_name_each_other_are_refused() {
    // Round 1: player 6 played 2; the copy says 6 played 3 (who played 7).
    let line = player_line(6);
    let text = with_line(&report(), line, |l| set_columns(l, 92, "   3"));
    let checked = check("opponents", &text);
    assert_refused(&checked, line, "round 1 opponent");
}

#[test]
fn trf26_001_a_game_with_two_whites_is_refused() {
    // Round 1: 6 (White) against 2 (Black); the copy gives 2 White as well.
    let line = player_line(2);
    let text = with_line(&report(), line, |l| set_columns(l, 97, "w"));
    let checked = check("two-whites", &text);
    assert_refused(&checked, line, "round 1 colour");
    assert_refused(&checked, player_line(6), "round 1 colour");
}

#[test]
fn trf26_001_result_codes_that_disagree_are_refused() {
    // Round 2: 2-1 drawn; the copy gives player 1 a win (1 and = for one game). Points are
    // made to match, so the result codes are the only fault.
    let line = player_line(1);
    let text = with_line(&report(), line, |l| {
        set_columns(&set_columns(l, 109, "1"), 81, " 3.0")
    });
    let checked = check("results", &text);
    assert_refused(&checked, line, "round 2 result");
    assert_eq!(
        checked
            .problems
            .iter()
            .filter(|p| p["field"].as_str().is_some_and(|f| f.contains("result")))
            .count(),
        2,
        "{}",
        checked.stdout
    );
}

#[test]
fn laws_12_9_penalty_score_half_zero_agrees_on_both_sides() {
    // Round 2, 2-1: the arbiter gave ½-0 (Laws Art. 12.9). Each side keeps its own code:
    // player 2 `=`, player 1 `0`; player 1's points become 2.0.
    let line = player_line(1);
    let text = with_line(&report(), line, |l| {
        set_columns(&set_columns(l, 109, "0"), 81, " 2.0")
    });
    let checked = check("penalty", &text);
    assert!(checked.success, "{}", checked.stdout);
    // 1-1 is never a score (a score above a win).
    let text = with_line(&text, line, |l| {
        set_columns(&set_columns(l, 109, "1"), 81, " 3.0")
    });
    let line_two = player_line(2);
    let text = with_line(&text, line_two, |l| {
        set_columns(&set_columns(l, 109, "1"), 81, " 2.5")
    });
    let checked = check("one-one", &text);
    assert_refused(&checked, line, "round 2 result");
}

#[test]
fn trf26_132_a_played_round_without_a_date_is_refused() {
    // Round 2's date (columns 102–109 of the 132 record, line 12) blanked.
    let text = with_line(&report(), 12, |l| set_columns(l, 102, "        "));
    let checked = check("no-date", &text);
    assert_refused(&checked, 12, "132 round 2 date");
    // No 132 record at all: each played round is missing its date.
    let text: String = report()
        .lines()
        .filter(|l| !l.starts_with("132"))
        .map(|l| format!("{l}\n"))
        .collect();
    let checked = check("no-132", &text);
    assert!(!checked.success);
    assert_eq!(
        checked
            .problems
            .iter()
            .filter(|p| p["field"]
                .as_str()
                .is_some_and(|f| f.starts_with("132 round")))
            .count(),
        3,
        "{}",
        checked.stdout
    );
}

#[test]
fn trf26_001_rated_player_without_fide_id_is_refused() {
    let line = player_line(5);
    let text = with_line(&report(), line, |l| set_columns(l, 58, "           "));
    let checked = check("no-fide-id", &text);
    assert_refused(&checked, line, "FIDE ID");
}

#[test]
fn trf26_102_report_without_chief_arbiter_is_refused() {
    let text: String = report()
        .lines()
        .filter(|l| !l.starts_with("102"))
        .map(|l| format!("{l}\n"))
        .collect();
    let checked = check("no-arbiter", &text);
    assert!(!checked.success);
    assert!(
        checked
            .problems
            .iter()
            .any(|p| p["line"].is_null() && p["field"].as_str().is_some_and(|f| f.contains("102"))),
        "{}",
        checked.stdout
    );
}

#[test]
fn a_file_that_is_not_a_report_is_refused_naming_the_line_not_a_panic() {
    for (name, text) in [
        ("garbage", "001 this is not a player line\n".to_owned()),
        (
            "bad-date",
            with_line(&report(), 12, |l| set_columns(l, 92, "xx/yy/zz")),
        ),
        (
            "bad-042",
            report().replacen("042 2026/11/20", "042 20 November", 1),
        ),
        ("empty", String::new()),
    ] {
        let checked = check(name, &text);
        assert!(!checked.success, "{name}: {}", checked.stdout);
        assert!(!checked.problems.is_empty(), "{name}");
    }
}
