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
