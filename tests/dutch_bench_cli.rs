//! `arbiter bench dutch`: one line per round with time, agreement with bbpPairings (C.04.3
//! pairings of the sample fixtures) and peak memory; a wrong reference makes it fail.

use std::process::Command;

fn arbiter(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("arbiter runs")
}

fn sample(folder: &str) -> String {
    format!("{}/tests/data/dutch/{folder}", env!("CARGO_MANIFEST_DIR"))
}

/// A temporary folder holding one sample round and a made-up reference for it.
fn folder_with_reference(tag: &str, round: &str, reference: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-bench-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let from = std::path::Path::new(&sample("n30_r7_s1")).join(format!("{round}.trf"));
    std::fs::copy(from, dir.join(format!("{round}.trf"))).expect("copy");
    std::fs::write(dir.join(format!("{round}.pairs")), reference).expect("write");
    dir
}

#[test]
fn dutch_bench_reports_time_memory_and_agreement_per_round() {
    let output = arbiter(&["bench", "dutch", &sample("n30_r7_s1"), "--rounds", "2,5"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    for (line, round) in lines.iter().zip([2, 5]) {
        assert!(
            line.starts_with(&format!("round {round}: 30 players, ")),
            "{line}"
        );
        assert!(line.contains("same as reference: yes"), "{line}");
        assert!(line.contains(" MB"), "{line}");
    }
    assert!(String::from_utf8_lossy(&output.stderr).contains("pairing "));
}

#[test]
fn dutch_bench_fails_when_the_reference_differs() {
    let dir = folder_with_reference("differs", "r03", "1\n1 2\n");
    let output = arbiter(&["bench", "dutch", dir.to_str().expect("utf-8")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(!output.status.success(), "{stdout}");
    assert!(stdout.contains("round 3: 30 players") && stdout.contains("same as reference: no"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dutch_bench_synthetic_pairs_round_two() {
    let output = arbiter(&["bench", "dutch", "--synthetic", "40"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.starts_with("synthetic n40 round 2: 40 players, "),
        "{stdout}"
    );
    assert!(stdout.contains("20 games"), "{stdout}");
}

#[test]
fn dutch_bench_rejects_a_bad_reference_line() {
    let dir = folder_with_reference("bad", "r02", "15\n1 x\n");
    let output = arbiter(&["bench", "dutch", dir.to_str().expect("utf-8")]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(stderr.contains("r02.pairs line 2"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
