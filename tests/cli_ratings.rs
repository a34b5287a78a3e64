//! `arbiter ratings import FILE`: FIDE's list, zipped as downloaded (a list made here), loads
//! with a progress line per 100,000 lines; a bad line is reported with its line and field and
//! nothing is imported.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::Command;

use arbiter::formats::fide_list::layout::{COMBINED_HEADER, combined_line};

fn arbiter() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
}

#[test]
fn a_zipped_list_imports_with_progress_lines_and_a_bad_one_names_its_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let database = dir.path().join("arbiter.db");
    let zipped = dir.path().join("players_list.zip");
    let mut archive = zip::ZipWriter::new(BufWriter::new(File::create(&zipped).expect("zip")));
    archive
        .start_file(
            "players_list_foa.txt",
            zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated),
        )
        .expect("entry");
    writeln!(archive, "{COMBINED_HEADER}").expect("write");
    for fide_id in 1..=120_000u64 {
        let line = combined_line(
            fide_id,
            &format!("Hráč{fide_id}, Test"),
            "SVK",
            "M",
            "",
            [Some(1500 + (fide_id % 900) as u16), None, None],
            Some(1980),
            "",
        );
        writeln!(archive, "{line}").expect("write");
    }
    archive.finish().expect("finish");

    let output = arbiter()
        .args(["ratings", "import"])
        .arg(&zipped)
        .arg("--database-url")
        .arg(&database)
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(
        stderr.contains("ratings: 100000 players stored (100001 lines read)"),
        "a progress line: {stderr}"
    );
    assert!(
        stderr.contains("ratings: 120000 players imported"),
        "{stderr}"
    );

    let bad = dir.path().join("standard_rating_list.txt");
    let line = combined_line(
        7,
        "Zlý, Riadok",
        "SVK",
        "Q",
        "",
        [None, None, None],
        None,
        "",
    );
    std::fs::write(&bad, format!("{COMBINED_HEADER}\n{line}\n")).expect("write");
    let output = arbiter()
        .args(["ratings", "import"])
        .arg(&bad)
        .arg("--database-url")
        .arg(&database)
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("line 2, Sex \"Q\": must be M or F"),
        "{stderr}"
    );
}

/// `arbiter ratings find` looks a player up by FIDE ID or by the start of the name, in any case,
/// and prints the fields registration fills as JSON; `%` in a query is a letter, not a wildcard.
#[test]
fn ratings_find_by_fide_id_or_name_prints_json() {
    let dir = tempfile::tempdir().expect("temp dir");
    let database = dir.path().join("arbiter.db");
    let list = dir.path().join("players_list_foa.txt");
    let mut file = BufWriter::new(File::create(&list).expect("list"));
    writeln!(file, "{COMBINED_HEADER}").expect("write");
    let players = [
        (
            1503014u64,
            "Carlsen, Magnus",
            "NOR",
            "M",
            "GM",
            [Some(2833u16), Some(2819), Some(2886)],
            Some(1990u16),
        ),
        (
            1503015,
            "Carlsen, Ellen",
            "NOR",
            "F",
            "",
            [Some(1500), None, None],
            Some(1994),
        ),
        (
            310000,
            "Dvorak, Jan",
            "CZE",
            "M",
            "",
            [None, None, None],
            None,
        ),
    ];
    for (id, name, fed, sex, title, ratings, born) in players {
        let line = combined_line(id, name, fed, sex, title, ratings, born, "");
        writeln!(file, "{line}").expect("write");
    }
    drop(file);
    let imported = arbiter()
        .args(["ratings", "import"])
        .arg(&list)
        .arg("--database-url")
        .arg(&database)
        .output()
        .expect("run");
    assert!(
        imported.status.success(),
        "{}",
        String::from_utf8_lossy(&imported.stderr)
    );
    let find = |query: &str| -> serde_json::Value {
        let output = arbiter()
            .args(["ratings", "find", query, "--json", "--database-url"])
            .arg(&database)
            .output()
            .expect("run");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice(&output.stdout).expect("JSON")
    };
    let by_id = find("1503014");
    assert_eq!(
        by_id,
        serde_json::json!([{
            "fide_id": 1503014, "name": "Carlsen, Magnus", "federation": "NOR", "sex": "m",
            "title": "GM", "birth_year": 1990, "standard": 2833, "rapid": 2819, "blitz": 2886
        }])
    );
    let by_name = find("carlsen");
    let names: Vec<&str> = by_name
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(names, ["Carlsen, Ellen", "Carlsen, Magnus"]);
    assert_eq!(find("DVORAK")[0]["standard"], serde_json::Value::Null);
    assert_eq!(find("%"), serde_json::json!([]), "a % is not a wildcard");
    assert_eq!(find("9999999"), serde_json::json!([]));
}
