//! Random-input fuzzing of the parsers of the rules core (FEN, SAN/UCI, PGN) and of the file
//! formats (TRF, CSV player lists with and without a column mapping, spreadsheets, FIDE's
//! rating list as TXT and as XML): none may panic, and what they accept must be usable (a FEN
//! that parses writes back and parses again; a move that parses is legal and plays; a player
//! list that reads writes back and reads again the same; a rating list's player has an ID and
//! a name, and its errors name a line).
//!
//! Inputs are seeds (real-looking files) mutated by inserting tokens of the format, cutting
//! pieces out, or replacing the text with a run of tokens. The default run does a fixed number
//! of inputs per target. `ARBITER_FUZZ_SECONDS=N` runs each target for N seconds instead (a
//! long fuzzing session; `cargo fuzz` needs a nightly toolchain):
//!
//! ```sh
//! ARBITER_FUZZ_SECONDS=120 cargo test --test rules_fuzz -- --nocapture --test-threads 1
//! ```

use std::time::{Duration, Instant};

use arbiter::formats::fide_list::layout::{COMBINED_HEADER, SINGLE_HEADER, combined_line};
use arbiter::formats::fide_list::{ListReader, RatingKind, XmlListReader};
use arbiter::formats::spreadsheet::read_players_spreadsheet;
use arbiter::formats::spreadsheet::testing::{Cell, xlsx};
use arbiter::formats::{csv, trf};
use arbiter::rules::pgn::{ReadOptions, read_games};
use arbiter::rules::san::{parse_move, parse_uci};
use arbiter::rules::{Lang, Position};

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const ALPHABET: &[&str] = &[
    "K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", "a", "c", "d", "e", "f", "g", "h",
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "x", ":", "-", "=", "/", "(", ")", "+", "#",
    "!", "?", "O", "o", " ", "/", "w", "-", "e.p.", "♘", "Кр", "Д", "[", "]", "\"", "{", "}", ";",
    "$", "%", "\n", "\r\n", "\\", "1-0", "*", "1/2-1/2", "\u{feff}", "é", "\0",
];

const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "[Event \"x\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bb5 a6 1-0\n",
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O",
    "exd8=Q+",
    "0-0-0",
];

/// TRF16 and TRF-2026 files as programs write them: header records, point systems, requested
/// byes, accelerations, forbidden pairs and player lines with rounds.
const TRF_SEEDS: &[&str] = &[
    "012 Open Brno 2026\n022 Brno\n032 CZE\n042 2026/11/20\n052 2026/11/22\n092 Individual: Swiss-System\n102 IA Dvořáková, Petra\n122 90'+30\"\n142    5\n152 W\n\
     132                                                                                        26/11/20  26/11/21\n\
     001    1 m  GM Novák, Jan                       2600 CZE      310000 1990/01/01  1.5    1     3 w 1     2 b =\n\
     001    2 w  IM Kovács, Anna                     2450 HUN      720000 1995/05/05  1.5    2     4 b 1     1 w =\n\
     001    3 m     Šarović, Dušan                   2300 SRB      930000             0.0    4     1 b 0     4 w 0\n\
     001    4 m     Horváth, Ádám                    2200 HUN                         2.0    3     2 w 0     3 b 1\n",
    "012 Accelerated\nXXR 9\nXXC black1 rank\nBBW 1.0\nBBD 0.5\nBBU 1.0\n\
     250 00.0 01.0 001 002 0001 0002\n250      01.0 001 001 0003 0004\n\
     260 001 009    1    2\nXXP 3 4\n240 H 2    1    3\n240 F 3 2\nXXZ 4\nXXA    1  1.0  1.0\n\
     001    1      A, B                              2000                             1.0    1     2 w 1\n\
     001    2      C, D                              1900                             0.0    2     1 b 0\n\
     001    3      E, F                              1800                             1.0    3  0000 - U\n\
     001    4      G, H                              1700                             0.0    4  0000 - Z\n",
    "012 Points\nXXS WW=1 BW=1 WD=.5 BD=.5 WL=0 BL=0 FW=1 FL=0 PAB=1 HPB=.5 FPB=1 ZPB=0\n\
     162  W 3.0     D 1.0     L 0.0     A 0.0     P 3.0\n\
     ### comment\n\
     001    1      A, B                              2000                             3.0    1     2 w +\n\
     001    2      C, D                              1900                             0.0    2     1 b -\n",
];

/// Tokens of TRF files, and numbers that are too large.
const TRF_ALPHABET: &[&str] = &[
    "001",
    "012",
    "142",
    "152",
    "162",
    "240",
    "250",
    "260",
    "XXA",
    "XXC",
    "XXP",
    "XXR",
    "XXS",
    "XXZ",
    "BBW",
    "BBU",
    " ",
    "    ",
    "0000",
    "   1",
    "   2",
    "9999",
    "10000",
    "999",
    "1000",
    "4000000000",
    "2147483648",
    "-1",
    "1.0",
    "0.5",
    "½",
    "=",
    "+",
    "-",
    "w",
    "b",
    "1",
    "0",
    "H",
    "F",
    "U",
    "Z",
    "W",
    "D",
    "L",
    "\n",
    "\r\n",
    "\u{feff}",
    "\0",
    "é",
    "WW=",
    "rank",
];

/// Player lists as spreadsheets export them: comma and semicolon separated, quoted fields, a
/// byte-order mark, formula-like cells written by our own export.
const CSV_SEEDS: &[&str] = &[
    "name,fide_id,title,rating,federation,birth_year,sex,club\n\
     \"Novák, Jan\",310000,GM,2600,CZE,1990,m,ŠK Praha\n\
     \"Kovács, Anna\",720000,im,2450,hun,1995,w,\"Club \"\"Sakk\"\"\"\n",
    "\u{feff}Name;Rating;Federation\r\nŠarović, Dušan;2300;SRB\r\nHorváth, Ádám;;HUN\r\n",
    "name,club\n\"'=HYPERLINK(\"\"x\"\")\",'+1\n\"'-2, Minus\",'@SUM\n",
];

/// Tokens of CSV files.
const CSV_ALPHABET: &[&str] = &[
    ",",
    ";",
    "\"",
    "\"\"",
    "'",
    "\n",
    "\r\n",
    "\r",
    "name",
    "rating",
    "title",
    "fide_id",
    "birth_year",
    "sex",
    "club",
    "federation",
    "GM",
    "CZE",
    "2400",
    "99999",
    "-5",
    "1899",
    "m",
    "=",
    "+",
    "-",
    "@",
    "\t",
    "\u{feff}",
    "\0",
    "é",
    "Ж",
    "\u{200b}",
];

fn mutate(rng: &mut Rng) -> String {
    mutate_from(rng, SEEDS, ALPHABET)
}

/// A seed with up to six mutations: a token inserted, a few characters cut, or everything
/// replaced by a run of tokens.
fn mutate_from(rng: &mut Rng, seeds: &[&str], alphabet: &[&str]) -> String {
    let mut text: String = seeds[rng.below(seeds.len())].to_string();
    for _ in 0..=rng.below(6) {
        let chars: Vec<char> = text.chars().collect();
        let at = rng.below(chars.len() + 1);
        let prefix: String = chars[..at].iter().collect();
        let suffix: String = chars[at..].iter().collect();
        text = match rng.below(3) {
            0 => format!("{prefix}{}{suffix}", alphabet[rng.below(alphabet.len())]),
            1 => format!(
                "{prefix}{}",
                suffix.chars().skip(1 + rng.below(3)).collect::<String>()
            ),
            _ => {
                let mut s = String::new();
                for _ in 0..rng.below(12) {
                    s.push_str(alphabet[rng.below(alphabet.len())]);
                }
                s
            }
        };
    }
    text
}

fn budget() -> (Option<Duration>, u64) {
    match std::env::var("ARBITER_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        Some(seconds) => (Some(Duration::from_secs(seconds)), u64::MAX),
        None => (None, 20_000),
    }
}

fn run(name: &str, seed: u64, target: impl FnMut(&str)) {
    run_on(name, seed, mutate, target);
}

/// Feeds `target` the inputs `make` draws, for the budget; prints how many.
fn run_on(
    name: &str,
    seed: u64,
    mut make: impl FnMut(&mut Rng) -> String,
    mut target: impl FnMut(&str),
) {
    let (time, rounds) = budget();
    let started = Instant::now();
    let mut rng = Rng(seed);
    let mut done = 0u64;
    while done < rounds && time.is_none_or(|t| started.elapsed() < t) {
        let input = make(&mut rng);
        target(&input);
        done += 1;
    }
    println!(
        "fuzz {name}: {done} inputs in {:.1} s, no panic",
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn fuzz_fen_parser() {
    run("fen", 1, |input| {
        if let Ok(position) = Position::from_fen(input) {
            let again = Position::from_fen(&position.to_fen()).expect("written FEN reads back");
            assert_eq!(again.to_fen(), position.to_fen());
            let _ = position.legal_moves();
        }
        if let Ok(position) = Position::from_fen_unchecked(input) {
            for m in position.legal_moves() {
                let mut child = position.clone();
                child.play_unchecked(m);
                let _ = child.to_fen();
            }
        }
    });
}

#[test]
fn fuzz_san_parser() {
    let positions: Vec<Position> = SEEDS
        .iter()
        .filter_map(|fen| Position::from_fen(fen).ok())
        .collect();
    let mut which = 0;
    run("san", 2, |input| {
        which += 1;
        let position = &positions[which % positions.len()];
        let lang = Lang::ALL[which % Lang::ALL.len()];
        if let Ok(m) = parse_move(position, input, lang) {
            assert!(position.is_legal(m), "{input} gave an illegal move");
        }
        if let Ok(m) = parse_uci(position, input) {
            assert!(position.is_legal(m), "{input} gave an illegal move");
        }
    });
}

#[test]
fn fuzz_pgn_reader() {
    run("pgn", 3, |input| {
        for game in read_games(input, ReadOptions::default())
            .into_iter()
            .flatten()
        {
            let _ = arbiter::cli::check::check_game(&game, Lang::En);
        }
    });
}

/// Readings of sources of moves: PGN games and LiveChess Cloud files, mutated; each reading
/// that is read is given to one live game, as the feed's log gives them one after another.
#[test]
fn fuzz_move_source_readers_and_the_game_they_feed() {
    use arbiter::formats::move_source::{
        read_lcc_game, read_lcc_round, read_lcc_tournament, read_pgn,
    };
    use arbiter::rules::live::LiveGame;
    const SOURCE_SEEDS: &[&str] = &[
        "[White \"Novák, Jan\"]\n[Board \"3\"]\n\n1. e4 {[%clk 1:29:50]} e5 2. Nf3 (2. Nc3) Nc6 *\n",
        "[Round \"2.7\"]\n[WhiteFideId \"1503014\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
        r#"{"live": true, "chess960": 518, "result": null, "clock": {"run": true, "white": 5390, "black": 5400}, "moves": ["e4 5999+1", "e5 5980", "Nf3, 5990+30"]}"#,
        r#"{"moves": ["d4 100", "d5 90", "c4 80"], "result": "DRAW"}"#,
        r#"{"pairings": [{"white": {"fname": "Jan", "lname": "Novák", "fideid": 310000}, "black": null, "result": "*"}]}"#,
        r#"{"name": "Open", "rounds": [{"count": 4, "live": 4}]}"#,
    ];
    const SOURCE_ALPHABET: &[&str] = &[
        "e4",
        " ",
        "\"",
        "{",
        "}",
        "[%clk ",
        "9:99:99",
        "]",
        "(",
        ")",
        "1-0",
        "*",
        "Qh4#",
        "O-O",
        "\"moves\": [",
        "\"result\": \"WHITEWIN\"",
        ",",
        "null",
        "-1",
        "1e308",
        "\"fideid\": ",
        "\"chess960\": 7",
        "Nf3",
        "x",
        "=Q",
        "\n",
        "[Board \"",
        "999999999999",
    ];
    let mut game = LiveGame::new();
    run_on(
        "move sources",
        11,
        |rng| mutate_from(rng, SOURCE_SEEDS, SOURCE_ALPHABET),
        |input| {
            let mut readings = Vec::new();
            if let Ok(games) = read_pgn(input) {
                readings.extend(games.into_iter().flatten());
            }
            readings.extend(read_lcc_game(input, "game-1.json"));
            let _ = read_lcc_round(input);
            let _ = read_lcc_tournament(input);
            for reading in readings {
                if reading.entry().apply(&mut game).is_err() {
                    continue;
                }
                if game.result().is_some() {
                    game = LiveGame::new();
                }
            }
        },
    );
}

#[test]
fn fuzz_trf_reader() {
    let make = |rng: &mut Rng| mutate_from(rng, TRF_SEEDS, TRF_ALPHABET);
    let mut accepted = 0u64;
    run_on("trf", 4, make, |input| {
        if let Ok(tournament) = trf::parse(input) {
            accepted += 1;
            // What is accepted can be written (and the writer never panics).
            let _ = trf::write(&tournament);
        }
    });
    println!("fuzz trf: {accepted} inputs read as tournaments");
}

#[test]
fn fuzz_csv_reader() {
    let make = |rng: &mut Rng| mutate_from(rng, CSV_SEEDS, CSV_ALPHABET);
    let mut accepted = 0u64;
    run_on("csv", 5, make, |input| {
        if let Ok(players) =
            csv::read_players(input, &arbiter::formats::csv::ColumnMapping::default())
        {
            accepted += 1;
            let written = csv::write_players(&players);
            let again =
                csv::read_players(&written, &arbiter::formats::csv::ColumnMapping::default())
                    .unwrap_or_else(|errors| panic!("{written:?} does not read back: {errors:?}"));
            assert_eq!(again, players, "{input:?} -> {written:?}");
        }
        let _ = csv::read_players_bytes(
            input.as_bytes(),
            &arbiter::formats::csv::ColumnMapping::default(),
        );
    });
    println!("fuzz csv: {accepted} inputs read as player lists");
}

/// FIDE's TXT lists: the combined and the single list's header, lines as FIDE lays them out.
fn fide_txt_seeds() -> Vec<String> {
    let line = |id, name: &str, fed, sex, title, ratings, year, flag| {
        combined_line(id, name, fed, sex, title, ratings, year, flag)
    };
    vec![
        format!(
            "{COMBINED_HEADER}\n{}\n{}\n",
            line(
                1503014,
                "Berger, Johann",
                "AUT",
                "M",
                "GM",
                [Some(2750), Some(2801), None],
                Some(1990),
                ""
            ),
            line(
                34100077,
                "Nováková, Eva",
                "CZE",
                "F",
                "WFM",
                [None, Some(1902), Some(1855)],
                None,
                "wi"
            ),
        ),
        format!(
            "{SINGLE_HEADER}\r\n{}\r\n",
            line(
                4800017,
                "Özil, Jürgen",
                "GER",
                "M",
                "",
                [Some(1987), None, None],
                Some(1979),
                "i"
            ),
        ),
    ]
}

/// Tokens of FIDE's TXT list.
const FIDE_TXT_ALPHABET: &[&str] = &[
    " ",
    "          ",
    "\n",
    "\r\n",
    "ID Number",
    "Name",
    "Fed",
    "SRtng",
    "NOV26",
    "B-day",
    "Flag",
    "CZE",
    "M",
    "F",
    "GM",
    "WGM",
    "2750",
    "99999",
    "0000",
    "1850",
    "i",
    "w",
    ",",
    "é",
    "\u{feff}",
    "\0",
    "\u{ff}",
    "-1",
];

const FIDE_XML_SEEDS: &[&str] = &[
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<playerslist>\n<player>\n<fideid>1503014</fideid>\n<name>Carlsen, Magnus</name>\n<country>NOR</country>\n<sex>M</sex>\n<title>GM</title>\n<w_title></w_title>\n<rating>2833</rating>\n<games>0</games>\n<rapid_rating>2819</rapid_rating>\n<blitz_rating>0</blitz_rating>\n<birthday>1990</birthday>\n<flag></flag>\n</player>\n</playerslist>\n",
    "<playerslist><player><fideid>2</fideid><name>O&apos;Brien, &#83;ean &#x41;</name><country>IRL</country><sex>F</sex><flag>wi</flag><k/></player><!-- c --><player><fideid>3</fideid><name>X</name></player></playerslist>",
];

/// Tokens of FIDE's XML list.
const FIDE_XML_ALPHABET: &[&str] = &[
    "<",
    ">",
    "/",
    "</",
    "/>",
    "<player>",
    "</player>",
    "<fideid>",
    "</fideid>",
    "<name>",
    "</name>",
    "<rating>",
    "</rating>",
    "<playerslist>",
    "</playerslist>",
    "<!--",
    "-->",
    "<?",
    "?>",
    "<!DOCTYPE x>",
    "<![CDATA[",
    "]]>",
    "&",
    ";",
    "&amp;",
    "&#65;",
    "&#x10FFFF;",
    "&#0;",
    "&#xD800;",
    "&bogus;",
    "\"",
    "'",
    " a='>'",
    "=",
    "x:",
    "1503014",
    "2833",
    "M",
    "\n",
    "\r\n",
    "é",
    "\u{feff}",
    "\0",
    "\u{ff}",
];

/// A rating list's reading, whatever it reads: an accepted player has an ID and a name, an error
/// names a line the reader has reached.
fn check_list(
    players: impl Iterator<
        Item = Result<
            arbiter::formats::fide_list::ListPlayer,
            arbiter::formats::fide_list::ListError,
        >,
    >,
    accepted: &mut u64,
) {
    for player in players.take(10_000) {
        match player {
            Ok(player) => {
                assert!(player.fide_id > 0 && !player.name.is_empty(), "{player:?}");
                *accepted += 1;
            }
            Err(error) => assert!(error.line >= 1, "{error}"),
        }
    }
}

#[test]
fn fuzz_fide_txt_list_reader() {
    let seeds = fide_txt_seeds();
    let seeds: Vec<&str> = seeds.iter().map(String::as_str).collect();
    let make = |rng: &mut Rng| mutate_from(rng, &seeds, FIDE_TXT_ALPHABET);
    let mut accepted = 0u64;
    let mut which = 0usize;
    run_on("fide txt", 6, make, |input| {
        which += 1;
        let kind = RatingKind::ALL[which % 3];
        if let Ok(reader) = ListReader::new(input.as_bytes(), kind) {
            check_list(reader, &mut accepted);
        }
        // The same bytes in Windows-1252, as FIDE's older files are.
        let latin = encoding_rs::WINDOWS_1252.encode(input).0;
        if let Ok(reader) = ListReader::new(&latin[..], kind) {
            check_list(reader, &mut accepted);
        }
    });
    println!("fuzz fide txt: {accepted} players read");
}

#[test]
fn fuzz_fide_xml_list_reader() {
    let make = |rng: &mut Rng| mutate_from(rng, FIDE_XML_SEEDS, FIDE_XML_ALPHABET);
    let mut accepted = 0u64;
    run_on("fide xml", 7, make, |input| {
        check_list(
            XmlListReader::new(input.as_bytes(), RatingKind::Standard),
            &mut accepted,
        );
        // Read through a reader that hands out one byte at a time (buffer boundaries anywhere).
        check_list(
            XmlListReader::new(
                std::io::BufReader::with_capacity(1, input.as_bytes()),
                RatingKind::Blitz,
            ),
            &mut accepted,
        );
    });
    println!("fuzz fide xml: {accepted} players read");
}

const MAPPING_SEEDS: &[&str] = &[
    "Jméno\tname\nElo\trating\nKlub\tclub\n",
    "Name\tname\nFIDE\tfide_id\nIgnore\t\nNat\tfederation\n",
];

const MAPPING_ALPHABET: &[&str] = &[
    "\t",
    "\n",
    "name",
    "rating",
    "fide_id",
    "club",
    "federation",
    "title",
    "sex",
    "birth_year",
    "national_rating",
    "Jméno",
    "Elo",
    "Klub",
    "",
    " ",
    "NAME",
    "unknown",
    "\0",
    "é",
];

#[test]
fn fuzz_csv_reader_with_a_column_mapping() {
    let make = |rng: &mut Rng| {
        let mapping = mutate_from(rng, MAPPING_SEEDS, MAPPING_ALPHABET);
        let list = mutate_from(rng, CSV_SEEDS_MAPPED, CSV_ALPHABET);
        format!("{mapping}\u{1}{list}")
    };
    let mut accepted = 0u64;
    run_on("csv mapped", 8, make, |input| {
        let (mapping, list) = input.split_once('\u{1}').unwrap_or((input, ""));
        let mapping = csv::ColumnMapping::from_text(mapping);
        assert_eq!(
            csv::ColumnMapping::from_text(&mapping.to_text()),
            mapping,
            "{mapping:?}"
        );
        if csv::read_players(list, &mapping).is_ok() {
            accepted += 1;
        }
        let _ = csv::read_players_bytes(list.as_bytes(), &mapping);
    });
    println!("fuzz csv mapped: {accepted} inputs read as player lists");
}

/// Lists whose headers a mapping names.
const CSV_SEEDS_MAPPED: &[&str] = &[
    "Jméno,Elo,Klub\n\"Novák, Jan\",2100,ŠK Praha\nKovács Anna,1950,\n",
    "Name;FIDE;Ignore;Nat\r\nŠarović, Dušan;930000;x;SRB\r\n",
];

#[test]
fn fuzz_spreadsheet_reader() {
    let workbook = xlsx(&[(
        "Hráči",
        vec![
            vec![
                Cell::Text("Jméno"),
                Cell::Text("Elo"),
                Cell::Text("Narozen"),
            ],
            vec![
                Cell::Text("Novák, Jan"),
                Cell::Number(2100.0),
                Cell::Date(1990, 1, 2),
            ],
            vec![
                Cell::Text("Kovács, Anna"),
                Cell::Formula("1900+50", 1950.0),
                Cell::Empty,
            ],
        ],
    )]);
    let mut which = 0usize;
    let mut accepted = 0u64;
    let make = |rng: &mut Rng| {
        // Bytes of the workbook changed in a few places, or cut short.
        let mut bytes = workbook.clone();
        for _ in 0..=rng.below(4) {
            let at = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[at] = rng.next() as u8,
                1 => bytes.truncate(at.max(4)),
                _ => bytes.insert(at, rng.next() as u8),
            }
        }
        let mapping = mutate_from(rng, MAPPING_SEEDS, MAPPING_ALPHABET);
        // Carried as text: bytes in Latin-1, then the mapping.
        let mut text: String = bytes.iter().map(|&b| char::from(b)).collect();
        text.push('\u{1}');
        text.push_str(&mapping);
        text
    };
    run_on("xlsx", 9, make, |input| {
        which += 1;
        let (bytes, mapping) = input.rsplit_once('\u{1}').unwrap_or((input, ""));
        let bytes: Vec<u8> = bytes.chars().map(|c| c as u32 as u8).collect();
        let mapping = csv::ColumnMapping::from_text(mapping);
        let sheet = which.is_multiple_of(2).then_some("Hráči");
        if read_players_spreadsheet(&bytes, sheet, &mapping).is_ok() {
            accepted += 1;
        }
    });
    println!("fuzz xlsx: {accepted} inputs read as player lists");
}
