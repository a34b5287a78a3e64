//! TRF files as the programs that write them do: Swiss-Manager (TRF16 with CRLF and trailing
//! spaces, TRF-2026 with records we do not use), Vega (`0000 - -` absences, `0000 - =`
//! half-point byes), Sharly Chess (TRF-2026 with `XXZ`), JaVaFo and bbpPairings (their
//! extension records, unplayed pairings with the `-` colour, byes requested for the round to
//! pair). Each is read and ranked by `arbiter standings`; byes requested for rounds not paired
//! yet are not a round and score nothing yet. Mutated files are read or refused with a line and
//! column, never a panic.

use std::path::PathBuf;
use std::process::Command;

use arbiter::formats::trf::{self, TrfRead};
use arbiter::tournament::board::boards_of_round;
use arbiter::tournament::model::{Color, GameResult, PlayerId};
use arbiter::tournament::scoring::Points;
use arbiter::tournament::tiebreak::{Calculator, Lots, TieBreakSettings, rank::rank_with};
use proptest::prelude::*;

/// Every file of `tests/data/trf-styles/`, with the number of rounds paired in it.
const STYLES: &[(&str, u32)] = &[
    ("swiss-manager-trf16.trf", 5),
    ("swiss-manager-trf26.trf", 5),
    ("vega-trf16.trf", 4),
    ("sharly-chess-trf26.trf", 3),
    ("javafo-trfx.trf", 3),
    ("bbppairings-trf16.trf", 4),
    ("bbppairings-trf26.trf", 2),
    ("fide-trf26-example.trf", 3),
];
// Also held, each read by its own test below: `swiss-manager-trf26-teams-310-and-013.trf` (a
// team file with its teams as `310` and again as `013`), `vega-trf26-team-byes.trf` (team byes
// in `240` records) and `vega-points-column-off.trf` (a
// points column that disagrees with the results, dates written day first).

fn path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/trf-styles")
        .join(name)
}

fn text(name: &str) -> String {
    std::fs::read_to_string(path(name)).expect("style file")
}

fn read(name: &str) -> TrfRead {
    trf::read(&text(name)).unwrap_or_else(|error| panic!("{name}: {error}"))
}

fn has_warning(read: &TrfRead, needle: &str) -> bool {
    read.warnings.iter().any(|w| w.reason.contains(needle))
}

#[test]
fn every_style_is_ranked_by_arbiter_standings_after_the_rounds_paired() {
    for &(name, paired) in STYLES {
        let read = read(name);
        let tournament = &read.tournament;
        assert_eq!(tournament.rounds_paired(), paired, "{name}");
        let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("standings")
            .arg(path(name))
            .args(["--json", "--shared"])
            .output()
            .expect("arbiter runs");
        assert!(
            output.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let rows: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        let rows = rows.as_array().expect("rows");
        assert_eq!(rows.len(), tournament.players.len(), "{name}");
        // The points column of each file is the score after the rounds paired: a bye requested
        // for a round to come is not in it, and not in the standings either.
        for row in rows {
            let start = row["start"].as_u64().expect("start") as u32;
            let player = tournament.player(PlayerId(start)).expect("player");
            let declared = player.declared_points.expect("points column");
            assert_eq!(
                row["points"].as_f64(),
                Some(declared.as_f64()),
                "{name}: player {start}"
            );
        }
        let ranks: Vec<u64> = rows.iter().filter_map(|r| r["rank"].as_u64()).collect();
        assert!(ranks.windows(2).all(|w| w[0] <= w[1]), "{name}: {ranks:?}");
    }
}

#[test]
fn swiss_manager_trf16_with_crlf_trailing_spaces_and_a_bye_requested_ahead() {
    let read = read("swiss-manager-trf16.trf");
    let tournament = &read.tournament;
    assert_eq!(tournament.name, "Velká cena Brna 2026");
    assert_eq!(tournament.players.len(), 10);
    assert_eq!(tournament.players[0].name, "Dvořák, Jan");
    // Round 6 is not paired: player 3 asked for a half-point bye, player 7 will be absent.
    assert_eq!(tournament.rounds_played(), 6);
    assert_eq!(tournament.rounds_paired(), 5);
    assert_eq!(
        tournament.players[2].rounds[5].result,
        GameResult::HalfPointBye
    );
    assert_eq!(
        tournament.players[6].rounds[5].result,
        GameResult::ZeroPointBye
    );
    // A half-point bye requested in round 3, inside the rounds paired.
    assert_eq!(
        tournament.players[4].rounds[2].result,
        GameResult::HalfPointBye
    );
    // Header records of the event are kept for the import (place, dates, arbiter, round dates).
    assert!(
        tournament
            .other_records
            .iter()
            .any(|r| r.starts_with("132"))
    );
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
}

#[test]
fn unplayed_pairing_with_the_dash_colour_is_a_forfeit_not_an_error() {
    // The pairing was made but not played: an opponent, no colour, `+` or `-`.
    let mut found = 0;
    for &(name, _) in STYLES {
        for player in &read(name).tournament.players {
            for entry in &player.rounds {
                if entry.opponent.is_some() && entry.color.is_none() {
                    assert!(
                        matches!(
                            entry.result,
                            GameResult::ForfeitWin | GameResult::ForfeitLoss
                        ),
                        "{name}: {entry:?}"
                    );
                    found += 1;
                }
            }
        }
    }
    assert!(
        found >= 4,
        "only {found} unplayed pairings in the style files"
    );
    // As a line: `  153 - -` on one side, `  ... - +` on the other.
    let text = format!(
        "012 Unplayed\n{}\n{}\n",
        line(1, "1.0", "   2 - +"),
        line(2, "0.0", "   1 - -")
    );
    let tournament = trf::parse(&text).expect("unplayed pairing");
    assert_eq!(tournament.players[1].rounds[0].opponent, Some(PlayerId(1)));
    assert_eq!(tournament.players[1].rounds[0].color, None);
    assert_eq!(
        tournament.players[1].rounds[0].result,
        GameResult::ForfeitLoss
    );
    // A game played over the board still needs its colour, and the error says where.
    let text = format!(
        "{}\n{}\n",
        line(1, "1.0", "   2 - 1"),
        line(2, "0.0", "   1 - 0")
    );
    let error = trf::parse(&text).expect_err("a played game without colour");
    assert_eq!((error.line, error.column), (1, 97), "{error}");
}

/// A player line with `rounds` from column 90 on (each entry `  OOOO C R`).
fn line(rank: u32, points: &str, rounds: &str) -> String {
    format!(
        "001 {rank:>4} m    {:<33} {:>4} CZE {:>11} {:>10} {points:>4} {rank:>4}  {rounds}",
        format!("Player {rank}"),
        2000,
        "",
        ""
    )
}

#[test]
fn vega_absences_and_half_points_without_opponent_are_byes_with_a_warning() {
    let read = read("vega-trf16.trf");
    let tournament = &read.tournament;
    // `0000 - -` in round 2 for player 4, `0000 - =` in round 3 for player 8.
    assert_eq!(
        tournament.players[3].rounds[1].result,
        GameResult::ZeroPointBye
    );
    assert_eq!(
        tournament.players[7].rounds[2].result,
        GameResult::HalfPointBye
    );
    assert!(has_warning(&read, "`-` without an opponent"));
    assert!(has_warning(&read, "`=` without an opponent"));
    let warning = read
        .warnings
        .iter()
        .find(|w| w.reason.contains("`=` without"))
        .expect("warning");
    assert_eq!(warning.column, 119, "{warning}");
    assert_eq!(tournament.total_rounds, 7);
    assert_eq!(tournament.setup.initial_color, Some(Color::White));
}

#[test]
fn trf26_records_not_used_are_kept_and_reported() {
    let read = read("swiss-manager-trf26.trf");
    // National rating records (`CZE`) are not used here: kept for the export, reported.
    assert!(
        has_warning(&read, "record `CZE` is not used"),
        "{:?}",
        read.warnings
    );
    assert!(
        read.tournament
            .other_records
            .iter()
            .any(|r| r.starts_with("CZE    1"))
    );
    // Records this program reads elsewhere (tie-break list, time control) are not reported.
    assert!(!has_warning(&read, "`202`") && !has_warning(&read, "`222`"));
    assert_eq!(read.tournament.total_rounds, 7);
    // 240 records for round 6: requested byes of the round to pair.
    let tournament = &read.tournament;
    assert_eq!(tournament.rounds_paired(), 5);
    assert_eq!(
        tournament.players[1].rounds[5].result,
        GameResult::HalfPointBye
    );
    assert_eq!(
        tournament.players[10].rounds[5].result,
        GameResult::ZeroPointBye
    );
}

#[test]
fn xxz_absences_belong_to_the_round_after_the_last_paired() {
    let tournament = read("sharly-chess-trf26.trf").tournament;
    assert_eq!(tournament.rounds_paired(), 3);
    for id in [4, 6] {
        let player = tournament.player(PlayerId(id)).expect("player");
        assert_eq!(player.rounds.len(), 4);
        assert_eq!(player.rounds[3].result, GameResult::ZeroPointBye);
    }
    assert_eq!(tournament.setup.initial_color, Some(Color::White));
}

#[test]
fn bbppairings_trf26_accelerations_forbidden_pairs_and_byes_ahead() {
    let tournament = read("bbppairings-trf26.trf").tournament;
    // Two 250 records: rounds 1-2 and 3-4, players 1-6.
    assert_eq!(tournament.setup.accelerations.len(), 2 * 6 + 2 * 6);
    assert_eq!(tournament.setup.forbidden_pairs.len(), 2);
    assert_eq!(tournament.rounds_paired(), 2);
    let full = tournament.player(PlayerId(12)).expect("player 12");
    assert_eq!(full.rounds[2].result, GameResult::FullPointBye);
    // A bye requested for round 3 scores nothing before round 3 is paired.
    let calculator = Calculator::new(&tournament, true);
    let standings = rank_with(
        &calculator,
        &TieBreakSettings {
            list: Vec::new(),
            swiss: true,
            lots: Lots::Shared,
        },
    );
    let row = standings
        .rows
        .iter()
        .find(|r| r.player == PlayerId(12))
        .expect("row");
    assert_eq!(Some(row.points), full.declared_points);
}

#[test]
fn the_fide_trf26_example_records_are_read() {
    let read = read("fide-trf26-example.trf");
    let tournament = &read.tournament;
    assert_eq!(tournament.total_rounds, 9);
    assert_eq!(tournament.setup.accelerations.len(), 3 * 5 + 3 * 5);
    let first = &tournament.setup.accelerations[0];
    assert_eq!(
        (first.round, first.points),
        (1, Points::parse("2.0").expect("2.0"))
    );
    assert_eq!(tournament.setup.forbidden_pairs.len(), 2);
    assert_eq!(tournament.setup.forbidden_pairs[1].players.len(), 3);
    // 240 H in round 4 for two players, after three rounds paired.
    for id in [2, 7] {
        let player = tournament.player(PlayerId(id)).expect("player");
        assert_eq!(player.rounds[3].result, GameResult::HalfPointBye);
    }
    assert_eq!(
        tournament.points.pairing_allocated_bye,
        Points::parse("1.0").expect("1")
    );
}

#[test]
fn line_ends_tabs_and_missing_headers_do_not_change_what_is_read() {
    let original = text("bbppairings-trf16.trf");
    let expected = trf::parse(&original).expect("original");
    // Old Mac line ends (CR alone), CRLF, a byte-order mark.
    for variant in [
        original.replace('\n', "\r"),
        original.replace('\n', "\r\n"),
        format!("\u{feff}{original}"),
    ] {
        let tournament = trf::parse(&variant).expect("line ends");
        assert_eq!(tournament, expected);
    }
    // A tab after a header tag: read as spaces, and said so.
    let tabbed = original.replacen("XXR 6", "XXR\t6", 1);
    let read = trf::read(&tabbed).expect("tab");
    assert_eq!(read.tournament, expected);
    assert!(has_warning(&read, "tabs"), "{:?}", read.warnings);
    // No header records at all: players and results only.
    let bare: String = original
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| format!("{l}\n"))
        .collect();
    let tournament = trf::parse(&bare).expect("no header");
    assert_eq!(tournament.players, expected.players);
    assert_eq!(tournament.total_rounds, 0);
}

#[test]
fn old_style_plus_without_opponent_is_the_pairing_allocated_bye() {
    let original = text("javafo-trfx.trf");
    let expected = trf::parse(&original).expect("original");
    assert!(original.contains("0000 - U"));
    let old = original.replace("0000 - U", "0000 - +");
    let read = trf::read(&old).expect("old style");
    assert_eq!(read.tournament, expected);
    assert!(has_warning(&read, "`+` without an opponent"));
}

#[test]
fn what_cannot_be_read_is_an_error_with_line_and_column() {
    let original = text("vega-trf16.trf");
    let cases = [
        // An opponent that is not a number.
        ("    8 b 1", "   x8 b 1", "opponent"),
        // A colour that is neither w, b nor -.
        ("    8 b 1", "    8 x 1", "colour"),
        // A result code nobody writes.
        ("    8 b 1", "    8 b ?", "result code"),
    ];
    for (from, to, what) in cases {
        assert!(original.contains(from), "{from}");
        let broken = original.replacen(from, to, 1);
        let error = trf::parse(&broken).expect_err(what);
        assert!(error.line > 1 && error.column >= 92, "{what}: {error}");
        assert!(error.reason.contains(what), "{what}: {error}");
    }
}

/// The reader and everything `arbiter standings` does after it, on one text: never a panic.
fn read_and_rank(text: &str) {
    let Ok(tournament) = trf::parse(text) else {
        return;
    };
    for round in 1..=tournament.rounds_played() {
        let _ = boards_of_round(&tournament, round);
    }
    let calculator = Calculator::new(&tournament, true);
    let _ = rank_with(&calculator, &TieBreakSettings::swiss_default());
    let _ = trf::parse(&trf::write(&tournament));
}

/// What a careless editor or another program may put in a TRF line.
const MUTATIONS: &[&str] = &[
    "", " ", "\t", "\r", "\n", "0", "9", "-", "+", "w", "b", "=", "U", "H", "Z", "Ő", "ř", "#",
    "0000", "9999", "001", "XXZ", "240 H", "   ",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_files_are_read_or_refused_never_a_panic(
        file in 0..STYLES.len(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0..MUTATIONS.len(), 0usize..4), 1..6),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let mut chars: Vec<char> = text(STYLES[file].0).chars().collect();
        for (at, mutation, removed) in edits {
            if chars.is_empty() {
                break;
            }
            let at = at.index(chars.len());
            let end = (at + removed).min(chars.len());
            chars.splice(at..end, MUTATIONS[mutation].chars());
        }
        if truncate && !chars.is_empty() {
            chars.truncate(cut.index(chars.len()));
        }
        let text: String = chars.into_iter().collect();
        read_and_rank(&text);
        // Every line cut short, one column at a time, as a file cut by a careless export.
        let short: String = text
            .lines()
            .map(|l| {
                let keep = l.chars().count().saturating_sub(1 + cut.index(13));
                format!("{}\n", l.chars().take(keep).collect::<String>())
            })
            .collect();
        read_and_rank(&short);
    }
}

#[test]
fn every_style_reads_the_same_in_each_encoding_it_may_be_saved_in() {
    use arbiter::formats::text::decode;
    for &(name, _) in STYLES {
        let original = text(name);
        let expected = trf::parse(&original).expect("original");
        let mut saved: Vec<(&str, Vec<u8>)> = vec![
            (
                "windows-1250",
                encoding_rs::WINDOWS_1250.encode(&original).0.into_owned(),
            ),
            (
                "ISO-8859-2",
                encoding_rs::ISO_8859_2.encode(&original).0.into_owned(),
            ),
        ];
        let mut bom = vec![0xef, 0xbb, 0xbf];
        bom.extend_from_slice(original.as_bytes());
        saved.push(("UTF-8", bom));
        let mut utf16 = vec![0xff, 0xfe];
        utf16.extend(original.encode_utf16().flat_map(u16::to_le_bytes));
        saved.push(("UTF-16LE", utf16));
        for (encoding, bytes) in saved {
            let decoded = decode(&bytes).unwrap_or_else(|e| panic!("{name} {encoding}: {e}"));
            assert_eq!(decoded.encoding, encoding, "{name}");
            let tournament = trf::parse(&decoded.text).expect("read");
            assert_eq!(tournament, expected, "{name} in {encoding}");
        }
    }
}

#[test]
fn arbiter_standings_reads_a_windows_1250_file_and_says_so() {
    let original = text("swiss-manager-trf16.trf");
    let bytes = encoding_rs::WINDOWS_1250.encode(&original).0.into_owned();
    let folder = tempfile::tempdir().expect("temp dir");
    let file = folder.path().join("sm.trf");
    std::fs::write(&file, bytes).expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("standings")
        .arg(&file)
        .args(["--json", "--shared"])
        .output()
        .expect("arbiter runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("read as windows-1250"), "{stderr}");
    let rows: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let names: Vec<&str> = rows
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|r| r["name"].as_str())
        .collect();
    for name in [
        "Dvořák, Jan",
        "Šťastný, Petr",
        "Őry, Gábor",
        "Ďurica, Martin",
    ] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
}

#[test]
fn short_player_lines_leave_the_missing_columns_blank() {
    // Hand-written or cut lines: no FIDE id, birth date, points, rank or rounds.
    let text = "012 Short\r\n001    1 m    Dvořák, Jan\r\n001    2      Šťastný, Petr                     2330\r\n";
    let tournament = trf::parse(text).expect("short lines");
    assert_eq!(tournament.players.len(), 2);
    assert_eq!(tournament.players[0].name, "Dvořák, Jan");
    assert_eq!(tournament.players[0].rating, 0);
    assert_eq!(tournament.players[1].rating, 2330);
    assert!(tournament.players.iter().all(|p| p.rounds.is_empty()));
    assert_eq!(tournament.rounds_paired(), 0);
}

/// A TRF-2026 team file from a program in the transition lists its teams twice: as `310` and
/// as the older `013` (to be phased out). The teams are read once, from the `310` records, and
/// each `013` line not used is named.
#[test]
fn trf26_teams_listed_as_310_and_as_013_are_read_once_naming_the_013_lines() {
    let read = read("swiss-manager-trf26-teams-310-and-013.trf");
    let teams = &read.tournament.teams.teams;
    assert_eq!(teams.len(), 2, "{teams:?}");
    assert_eq!(teams[0].name, "Ostrava A");
    assert_eq!(teams[0].squad, [PlayerId(1), PlayerId(2)]);
    assert_eq!(teams[1].squad, [PlayerId(3), PlayerId(4)]);
    for line in [11, 12] {
        assert!(
            read.warnings
                .iter()
                .any(|w| w.line == line && w.reason.contains("013")),
            "line {line}: {:?}",
            read.warnings
        );
    }
}

/// A points column (81–84) that disagrees with the results is read, with a warning naming
/// the line and column; the standings rank by the results.
#[test]
fn points_column_that_disagrees_with_the_results_is_a_warning_naming_the_line() {
    let read = read("vega-points-column-off.trf");
    assert!(
        read.warnings
            .iter()
            .any(|w| (w.line, w.column) == (6, 81) && w.reason.contains("points column")),
        "{:?}",
        read.warnings
    );
    let tournament = &read.tournament;
    let calculator = Calculator::after_round(tournament, true, 1);
    let standings = rank_with(&calculator, &TieBreakSettings::swiss_default());
    let bruno = standings
        .rows
        .iter()
        .find(|row| row.player == PlayerId(2))
        .expect("Bruno ranked");
    assert_eq!(
        bruno.rank, 3,
        "ranked by his results (0), not the column (2.0)"
    );
}

/// Dates as some programs write them: `28. 07. 2026` (day, month, year, with spaces).
#[test]
fn dates_written_day_first_with_spaces_are_read() {
    let date = |text| trf::date(text).map(|d| (d.year(), u8::from(d.month()), d.day()));
    assert_eq!(date("28. 07. 2005"), Some((2005, 7, 28)));
    assert_eq!(date("28.07.2005"), Some((2005, 7, 28)));
    assert_eq!(date("2005/07/28"), Some((2005, 7, 28)));
    assert_eq!(date("2005-07-28"), Some((2005, 7, 28)));
    assert_eq!(date("31. 02. 2005"), None);
}

/// TRF-2026's Bye Section is "for individuals and teams": in a team file a `240` record names
/// teams. Teams 5 and 6 sat out round 2 (zero-point byes, C.07 Art. 16: a round not played),
/// teams 1 and 2 announce their absence from round 3. Players 5 and 6, who played round 2 for
/// team 3, keep their games.
#[test]
fn trf26_team_byes_in_240_name_teams_not_players() {
    use arbiter::tournament::team::{TeamBye, TeamEvent, TeamId};
    let name = "vega-trf26-team-byes.trf";
    let read = read(name);
    let tournament = &read.tournament;
    let bye = |round, team| TeamBye {
        round,
        team: TeamId(team),
        kind: GameResult::ZeroPointBye,
    };
    assert_eq!(
        tournament.teams.byes,
        [bye(2, 5), bye(2, 6), bye(3, 1), bye(3, 2)]
    );
    for player in [5, 6] {
        let entry = tournament.player(PlayerId(player)).expect("player").rounds[1];
        assert!(entry.opponent.is_some(), "player {player}: {entry:?}");
    }
    let event = TeamEvent::from_tournament(tournament).expect("a team event");
    let round_2: Vec<(u32, Option<u32>)> = event
        .matches_of_round(2)
        .map(|m| (m.home.0, m.away.map(|t| t.0)))
        .collect();
    assert_eq!(round_2, [(1, Some(3)), (2, Some(4))]);

    // Written again, the byes are 240 records of teams.
    let written = trf::write(tournament);
    assert!(written.contains("240 Z 002    5    6\n"), "{written}");
    assert!(written.contains("240 Z 003    1    2\n"), "{written}");

    // A team bye that scores points has nowhere to be kept: refused in words, not dropped.
    let half = text(name).replace("240 Z 002", "240 H 002");
    let tournament = trf::read(&half).expect("read").tournament;
    assert_eq!(
        TeamEvent::from_tournament(&tournament).map(|_| ()),
        Err(arbiter::tournament::team::TeamFileError::ScoredTeamBye {
            round: 2,
            team: 5,
            code: 'H'
        })
    );

    // The next round is paired without the two teams that announced their absence.
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["pair", "--team"])
        .arg(path(name))
        .arg("-p")
        .output()
        .expect("arbiter runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("2"), "{stdout}");
    let mut teams: Vec<u32> = lines
        .flat_map(|line| {
            line.split_whitespace()
                .map(|t| t.parse::<u32>().expect("team"))
        })
        .collect();
    teams.sort_unstable();
    assert_eq!(teams, [3, 4, 5, 6], "{stdout}");
}

/// A team file written during round 2: board 2 of team 2's match against team 4 is paired
/// (both players name each other, with colours) and has no result. It is read as that match's
/// board still to play, the round under way; the plain reading leaves the board out.
#[test]
fn trf26_team_file_written_mid_round_has_the_boards_still_to_play() {
    use arbiter::tournament::team::TeamEvent;
    let text = text("vega-trf26-team-byes.trf")
        .replace("8 b =\n", "8 b  \n")
        .replace("4 w =\n", "4 w  \n");
    let read = trf::read(&text).expect("read");
    let games: Vec<(u32, PlayerId, PlayerId)> = read
        .games_to_play
        .iter()
        .map(|g| (g.round, g.white, g.black))
        .collect();
    assert_eq!(games, [(2, PlayerId(8), PlayerId(4))]);
    let event = TeamEvent::from_tournament_under_way(&read.tournament, &games).expect("teams");
    let second = event
        .matches_of_round(2)
        .find(|m| m.home.0 == 2)
        .expect("team 2's match");
    let boards: Vec<_> = second
        .boards
        .iter()
        .map(|b| {
            (
                b.white.map(|p| p.0),
                b.black.map(|p| p.0),
                b.result.is_some(),
            )
        })
        .collect();
    assert_eq!(
        boards,
        [(Some(3), Some(7), true), (Some(8), Some(4), false)]
    );
}
