//! `arbiter check --moves-only` (Laws Art. 3–4, Appendix C) reads and checks each game in one
//! pass, playing every move as the PGN reader reaches it. Its reports must be exactly those of
//! reading each game whole ([`read_games`]) and checking it with [`check_game_at`]: on
//! hand-written PGN with every feature the reader knows, on the scoresheet and notation
//! fixtures (the samples in `tests/data/rules/`, the full files when `ARBITER_FIXTURES` or
//! `../shared/fixtures` has them), and on randomly damaged PGN.

use std::path::PathBuf;

use arbiter::cli::check::{GameReport, Level, check_game_at, check_text_at, unreadable_game};
use arbiter::rules::Lang;
use arbiter::rules::pgn::{ReadOptions, read_games};
use serde_json::Value;

/// The reports of reading every game whole, then checking it (the reference).
fn whole_game_reports(text: &str, lang: Lang) -> Vec<GameReport> {
    let options = ReadOptions {
        keep_variations: false,
        keep_comments: true,
    };
    read_games(text, options)
        .iter()
        .map(|game| match game {
            Ok(game) => check_game_at(game, lang, Level::Moves),
            Err(error) => GameReport {
                laws: None,
                ..unreadable_game(error)
            },
        })
        .collect()
}

fn assert_same_reports(text: &str, lang: Lang) -> usize {
    let streamed = check_text_at(text, lang, Level::Moves);
    let whole = whole_game_reports(text, lang);
    assert_eq!(streamed, whole, "{lang:?}: {text:?}");
    streamed.len()
}

const HAND_WRITTEN: &str = "\u{feff}[Event \"Club \\\"A\\\" ch\"]\r\n[White \"Erdős, Pál\"]\r\n\r\n\
1. e4 {best by test} e5 2. Nf3 $1 (2. f4 exf4 (2... d5)) 2... Nc6 3.Bb5 a6!? 4.Ba4 ; rest\n\
4... Nf6 5. O-O Be7 1-0\r\n\r\n% escaped line\n\
[Event \"Black starts\"]\n[FEN \"4k3/4P3/8/8/8/8/7r/4K3 b - - 0 40\"]\n\n40... Kxe7 41. Kd2 *\n\n\
[Event \"Bad FEN\"]\n[FEN \"4k3/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n\
[Event \"Chess960\"]\n[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/RK5R w HA - 0 1\"]\n\n1. O-O Kd7 2. Rf7+ *\n\n\
[Event \"Illegal\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n\
[Event \"Ambiguous\"]\n[FEN \"4k3/8/8/8/3p4/1N3N2/8/R4RK1 w - - 0 1\"]\n\n1. Nxd4 Kd7 *\n\n\
[Event \"Wrong piece\"]\n\n1. Qc3 *\n\n\
[Event \"Garbage\"]\n\n1. e4 e9 *\n\n\
[Event \"Promotion forms\"]\n[FEN \"3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. exd8(Q) Ka1 *\n\n\
[Event \"En passant\"]\n[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n1. exd6 e.p. Kd7 1/2-1/2\n\n\
[Event \"Broken\"]\n\n1. e4 e5 2. Nf3 ) 1-0\n\n\
[Event \"After broken\"]\n\n1. d4 d5 2.c4 dxc4 3. nf3 *\n\n\
[Event \"No result\"]\n\n1. e4 e5\n\n\
[Event \"Last\"]\n\n1. e4 {never closed\n";

#[test]
fn appendix_c_moves_only_streaming_matches_whole_games_hand_written() {
    assert_eq!(assert_same_reports(HAND_WRITTEN, Lang::En), 14);
    let reports = check_text_at(HAND_WRITTEN, Lang::En, Level::Moves);
    let found: Vec<(usize, Option<usize>, Option<&str>)> = reports
        .iter()
        .map(|report| (report.plies, report.first_bad_ply, report.error.as_deref()))
        .collect();
    assert_eq!(
        found,
        [
            (10, None, None),
            (1, Some(2), Some("illegal")),
            (0, None, Some("bad_fen")),
            (3, None, None),
            (2, Some(3), Some("illegal")),
            (0, Some(1), Some("ambiguous")),
            (0, Some(1), Some("wrong_piece")),
            (1, Some(2), Some("garbage")),
            (2, None, None),
            (2, None, None),
            (0, None, Some("pgn")),
            (5, None, None),
            (2, None, None),
            (0, None, Some("pgn")),
        ]
    );
    assert_same_reports("e4 e5 Nf3 Nc6 a8(Q) e.p.", Lang::En);
    assert_same_reports("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 *", Lang::De);
    assert_same_reports("", Lang::En);
    assert_same_reports("\n\n   \n", Lang::En);
}

fn fixture(name: &str) -> Vec<Value> {
    let sample = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/rules")
        .join(name.replace(".jsonl", "-sample.jsonl"));
    let full = std::env::var_os("ARBITER_FIXTURES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures"))
        .join("rules")
        .join(name);
    let path = if full.is_file() { full } else { sample };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("JSON line"))
        .collect()
}

/// One PGN game per case, its SAN moves numbered.
fn pgn_of(cases: &[&Value]) -> String {
    let mut text = String::new();
    for (i, case) in cases.iter().enumerate() {
        text.push_str(&format!("[Round \"{}\"]\n\n", i + 1));
        for (ply, m) in case["san"].as_array().expect("san").iter().enumerate() {
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(m.as_str().expect("move"));
            text.push(' ');
        }
        text.push_str("*\n\n");
    }
    text
}

#[test]
fn appendix_c_moves_only_streaming_matches_whole_games_on_scoresheets() {
    let cases = fixture("scoresheets.jsonl");
    let cases: Vec<&Value> = cases.iter().collect();
    let games = assert_same_reports(&pgn_of(&cases), Lang::En);
    assert_eq!(games, cases.len());
    println!("scoresheets: {games} games streamed alike");
}

#[test]
fn appendix_c_moves_only_streaming_matches_whole_games_in_every_language() {
    let cases = fixture("notation.jsonl");
    let mut games = 0;
    for lang in Lang::ALL {
        let in_lang: Vec<&Value> = cases
            .iter()
            .filter(|case| Lang::from_code(case["lang"].as_str().unwrap_or("")) == Some(lang))
            .collect();
        games += assert_same_reports(&pgn_of(&in_lang), lang);
        // The same games read in English letters: mostly errors, which must match too.
        games += assert_same_reports(&pgn_of(&in_lang), Lang::En);
    }
    assert_eq!(games, 2 * cases.len());
    println!("notation: {games} games streamed alike");
}

#[test]
fn appendix_c_moves_only_streaming_matches_whole_games_on_damaged_pgn() {
    const PIECES: &[&str] = &[
        " ", "\n", "\r\n", "{", "}", "(", ")", ";", "$", "$3", "[", "]", "\"", "%", "!", "?", "x",
        "e.p.", "=", "Q", "N", "K", "O-O", "1.", "1-0", "*", "8", "a", "é", "\u{b}", "\u{a0}",
    ];
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for _ in 0..3_000 {
        let mut text: Vec<char> = HAND_WRITTEN.chars().collect();
        for _ in 0..=next(4) {
            let at = next(text.len() + 1);
            if next(2) == 0 {
                let piece = PIECES[next(PIECES.len())];
                text.splice(at..at, piece.chars());
            } else {
                let end = (at + 1 + next(3)).min(text.len());
                text.drain(at..end);
            }
        }
        let text: String = text.into_iter().collect();
        assert_same_reports(&text, Lang::En);
    }
}

/// Against python-chess (`games.jsonl`): every game is legal to the end and stops in its
/// final position.
#[test]
fn art_3_moves_only_check_of_games_reaches_the_final_positions() {
    let cases = fixture("games.jsonl");
    let refs: Vec<&Value> = cases.iter().collect();
    let reports = check_text_at(&pgn_of(&refs), Lang::En, Level::Moves);
    assert_eq!(reports.len(), cases.len());
    for (case, report) in cases.iter().zip(&reports) {
        let id = case["id"].as_str().unwrap_or("?");
        let plies = case["san"].as_array().map_or(0, Vec::len);
        assert!(report.ok, "{id}: {report:?}");
        assert_eq!(report.plies, plies, "{id}");
        assert_eq!(
            Some(report.final_fen.as_str()),
            case["final_fen"].as_str(),
            "{id}"
        );
    }
    println!("games: {} final positions agree", reports.len());
}
