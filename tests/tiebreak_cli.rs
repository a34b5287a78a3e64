//! `arbiter standings` on TRF files: the JSON schema, keys as given, the TRF-2026 `202` list,
//! standings after the rounds played, errors for unknown codes.

use std::process::Command;

fn arbiter(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("arbiter runs")
}

fn sample() -> String {
    format!(
        "{}/tests/data/dutch/n16_r9_s1/full.trf",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn c07_standings_json_in_rank_order_with_keys_as_given() {
    let output = arbiter(&["standings", &sample(), "--tb", "BH/C1,BH,SB,DE", "--json"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let rows = rows.as_array().expect("array");
    assert_eq!(rows.len(), 16);
    for (index, row) in rows.iter().enumerate() {
        assert_eq!(row["rank"], serde_json::json!(index + 1));
        assert!(row["start"].as_u64().is_some());
        assert!(row["name"].as_str().is_some());
        assert!(row["points"].as_f64().is_some());
        let tiebreaks = row["tiebreaks"].as_object().expect("tiebreaks");
        for key in ["BH/C1", "BH", "SB", "DE"] {
            assert!(tiebreaks.contains_key(key), "{key} in {tiebreaks:?}");
        }
    }
    let points: Vec<f64> = rows
        .iter()
        .map(|r| r["points"].as_f64().unwrap_or(0.0))
        .collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]));
}

#[test]
fn trf26_202_record_gives_the_list_and_xxr_beyond_rounds_played() {
    let text = std::fs::read_to_string(sample()).expect("sample");
    // Keep rounds 1-3 only (10 columns per round from column 92), leave XXR at 9 and give the
    // list in a 202 record.
    let mut cut = String::from("202 BH/C1, SB\n");
    for line in text.lines() {
        if line.starts_with("001") {
            let kept: String = line.chars().take(91 + 30).collect();
            // The points column (81-84) no longer matches: blank it.
            let mut chars: Vec<char> = kept.trim_end().chars().collect();
            for c in chars.iter_mut().take(84).skip(80) {
                *c = ' ';
            }
            cut.extend(chars);
        } else {
            cut.push_str(line);
        }
        cut.push('\n');
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("cut.trf");
    std::fs::write(&path, cut).expect("write");
    let path = path.to_str().expect("path");
    let output = arbiter(&["standings", path, "--json"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let first = &rows[0];
    assert!(first["points"].as_f64().unwrap_or(9.0) <= 3.0);
    let tiebreaks = first["tiebreaks"].as_object().expect("tiebreaks");
    assert_eq!(tiebreaks.len(), 2);
    assert!(tiebreaks.contains_key("BH-C1") && tiebreaks.contains_key("SB"));
    let table = arbiter(&["standings", path]);
    let table = String::from_utf8_lossy(&table.stdout);
    assert!(table.contains("Standings after round 3"), "{table}");
}

#[test]
fn unknown_tie_break_code_is_an_error() {
    let output = arbiter(&["standings", &sample(), "--tb", "BH,XYZ"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("XYZ"), "{stderr}");
}
