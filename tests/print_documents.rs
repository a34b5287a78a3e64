//! Every printed document, checked through its extracted text (`pdftotext` from poppler-utils)
//! and rendered to PNG (`pdftoppm`) under `target/print-preview/` for a human to look at.
//!
//! When poppler-utils is not installed the text checks are skipped with a message (CI installs
//! it in `.ci/run`); the documents are still built and checked to be PDF files.

use std::path::PathBuf;
use std::process::Command;

use arbiter::print::{
    DocumentInput, Language, PaperSize, crosstable, name_cards, pairings, result_slip, scoresheet,
    standings,
};
use arbiter::tournament::board::Board;
use arbiter::tournament::result::BoardResult;
use arbiter::tournament::{
    Color, GameResult, Player, PlayerId, PointSystem, RoundEntry, Tournament,
};

const NAMES: [(&str, &str, u16, &str); 12] = [
    ("Šťastný, Jan", "GM", 2612, "CZE"),
    ("Őry, Béla", "IM", 2488, "HUN"),
    ("Јовановић, Душан", "FM", 2391, "SRB"),
    ("Łukasz, Adam", "", 2302, "POL"),
    ("Novák, Petr", "", 2250, "CZE"),
    (
        "Kovačević-Đorđević, Aleksandra Konstantina Maximiliana",
        "WIM",
        2201,
        "SRB",
    ),
    ("Horváth, Ádám", "", 2150, "HUN"),
    ("Smith, John", "", 2100, "ENG"),
    ("Žilinský, Ľubomír", "", 2050, "SVK"),
    ("Петровић, Милица", "", 1990, "SRB"),
    ("Müller, Jörg", "", 1900, "GER"),
    ("Dvořák, Řehoř", "", 0, "CZE"),
];

/// A 12-player tournament with `played` rounds of a round-robin schedule (circle method),
/// results chosen from the players' numbers so every kind appears.
fn tournament(played: u32, total: u32) -> Tournament {
    let n = NAMES.len() as u32;
    let mut players: Vec<Player> = NAMES
        .iter()
        .enumerate()
        .map(|(i, (name, title, rating, fed))| Player {
            id: PlayerId(i as u32 + 1),
            name: name.to_string(),
            title: title.to_string(),
            rating: *rating,
            federation: fed.to_string(),
            fide_id: Some(300_000 + i as u64 * 17),
            ..Player::default()
        })
        .collect();
    for round in 0..played {
        // circle method: player n fixed, others rotate
        let mut order: Vec<u32> = (0..n - 1).map(|k| (k + round) % (n - 1) + 1).collect();
        order.push(n);
        for k in 0..(n / 2) as usize {
            let (a, b) = (order[k], order[n as usize - 1 - k]);
            let (white, black) = if (round + k as u32).is_multiple_of(2) {
                (a, b)
            } else {
                (b, a)
            };
            let result = match (white + black + round) % 4 {
                0 => GameResult::Draw,
                1 | 3 => GameResult::Win,
                _ => GameResult::Loss,
            };
            let result = if round == 1 && k == 5 {
                GameResult::ForfeitWin
            } else {
                result
            };
            let mirrored = result.mirrored().unwrap_or(GameResult::Loss);
            players[white as usize - 1].rounds.push(RoundEntry {
                opponent: Some(PlayerId(black)),
                color: Some(Color::White),
                result,
            });
            players[black as usize - 1].rounds.push(RoundEntry {
                opponent: Some(PlayerId(white)),
                color: Some(Color::Black),
                result: mirrored,
            });
        }
    }
    Tournament {
        name: "Šachový turnaj – Sakkverseny – Шаховски турнир".to_string(),
        total_rounds: total,
        players,
        points: PointSystem::default(),
        ..Tournament::default()
    }
}

fn input(language: Language) -> DocumentInput {
    DocumentInput {
        place: "Brno".to_string(),
        chief_arbiter: "Erdős Pál".to_string(),
        round_dates: (1..=11).map(|d| format!("2026-11-{:02}", d + 10)).collect(),
        language,
        ..DocumentInput::default()
    }
}

fn preview_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/print-preview");
    std::fs::create_dir_all(&dir).expect("create target/print-preview");
    dir
}

/// Writes the PDF, renders page 1 to PNG, and returns the text of all pages (or `None` when
/// poppler-utils is missing).
fn extract(name: &str, pdf: &[u8]) -> Option<String> {
    assert!(pdf.starts_with(b"%PDF-"), "{name} is not a PDF");
    let dir = preview_dir();
    let path = dir.join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).expect("write pdf");
    let text = Command::new("pdftotext")
        .arg("-layout")
        .arg(&path)
        .arg("-")
        .output();
    let Ok(text) = text else {
        eprintln!("pdftotext not installed: skipping the text checks of {name}");
        return None;
    };
    assert!(text.status.success(), "pdftotext failed on {name}");
    let _ = Command::new("pdftoppm")
        .args(["-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile"])
        .arg(&path)
        .arg(dir.join(name))
        .status();
    Some(String::from_utf8(text.stdout).expect("pdftotext gives UTF-8"))
}

fn page_count(text: &str) -> usize {
    text.matches('\u{c}').count().max(1)
}

#[test]
fn pairings_by_board_show_names_ratings_and_results() {
    let t = tournament(5, 11);
    let pdf = pairings::by_board(&t, &input(Language::English), 3).expect("pairings");
    let Some(text) = extract("pairings_by_board", &pdf) else {
        return;
    };
    assert!(text.contains("Pairings, round 3"), "{text}");
    for name in [
        "Šťastný, Jan",
        "Őry, Béla",
        "Јовановић, Душан",
        "Łukasz, Adam",
    ] {
        assert!(text.contains(name), "{name} missing:\n{text}");
    }
    assert!(text.contains("2612"));
    assert!(text.contains("Kovačević-Đorđević, Al"), "{text}");
    assert!(
        !text.contains("Maximiliana"),
        "long name not shortened:\n{text}"
    );
    assert!(text.contains('…'));
    // six boards, each with a result
    let results = text.matches("1–0").count()
        + text.matches("0–1").count()
        + text.matches("½–½").count()
        + text.matches("+–−").count()
        + text.matches("−–+").count();
    assert_eq!(results, 6, "{text}");
}

#[test]
fn pairings_of_an_unplayed_round_come_from_the_input_in_czech() {
    let t = tournament(2, 11);
    let mut document = input(Language::Czech);
    document.boards = vec![
        Board {
            number: 1,
            white: PlayerId(3),
            black: Some(PlayerId(1)),
            result: None,
            colourless: false,
        },
        Board {
            number: 2,
            white: PlayerId(2),
            black: None,
            result: Some(BoardResult::PairingAllocatedBye),
            colourless: false,
        },
    ];
    let pdf = pairings::by_board(&t, &document, 3).expect("pairings");
    let Some(text) = extract("pairings_input_cs", &pdf) else {
        return;
    };
    assert!(text.contains("Rozlosování 3. kola"), "{text}");
    assert!(text.contains("volno přidělené losováním"), "{text}");
    assert!(text.contains("Strana 1 z 1"), "{text}");
    let line = text
        .lines()
        .find(|l| l.contains("Јовановић"))
        .expect("board 1 line");
    assert!(line.find("Јовановић") < line.find("Šťastný"), "{line}");
}

#[test]
fn pairings_reject_a_board_with_an_unknown_player() {
    let t = tournament(2, 11);
    let mut document = input(Language::English);
    document.boards = vec![Board {
        number: 1,
        white: PlayerId(1),
        black: Some(PlayerId(99)),
        result: None,
        colourless: false,
    }];
    let error = pairings::by_board(&t, &document, 3).expect_err("unknown player");
    assert_eq!(
        error.to_string(),
        "board 1: no player with starting number 99"
    );
    let error = pairings::by_board(&t, &input(Language::English), 12).expect_err("no round");
    assert!(error.to_string().contains("round 12 does not exist"));
    let error = pairings::by_board(&t, &input(Language::English), 4).expect_err("not paired");
    assert_eq!(error.to_string(), "round 4 is not paired yet");
}

#[test]
fn pairings_alphabetical_list_every_player_with_board_and_colour() {
    let t = tournament(5, 11);
    let pdf = pairings::alphabetical(&t, &input(Language::Hungarian), 5).expect("pairings");
    let Some(text) = extract("pairings_alphabetical_hu", &pdf) else {
        return;
    };
    assert!(text.contains("5. forduló párosítása névsorban"), "{text}");
    let order: Vec<usize> = [
        "Dvořák",
        "Horváth",
        "Łukasz",
        "Müller",
        "Novák",
        "Őry",
        "Smith",
        "Šťastný",
    ]
    .iter()
    .map(|name| {
        text.lines()
            .position(|line| line.chars().take(40).collect::<String>().contains(name))
            .unwrap_or_else(|| panic!("{name} missing:\n{text}"))
    })
    .collect();
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "not alphabetical:\n{text}"
    );
    assert_eq!(text.matches("Világos").count(), 6, "{text}");
}

#[test]
fn letter_paper_is_letter_sized() {
    let t = tournament(5, 11);
    let mut document = input(Language::English);
    document.paper = PaperSize::Letter;
    let pdf = pairings::by_board(&t, &document, 1).expect("pairings");
    let path = preview_dir().join("pairings_letter.pdf");
    std::fs::write(&path, &pdf).expect("write");
    let Ok(info) = Command::new("pdfinfo").arg(&path).output() else {
        eprintln!("pdfinfo not installed: skipping");
        return;
    };
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(info.contains("612 x 792 pts"), "{info}");
}

#[test]
fn standings_list_players_in_rank_order_with_tie_break_columns() {
    let t = tournament(5, 11);
    let mut table = standings::StandingsTable::by_points(&t, 5);
    table.tie_break_names = vec!["BH-C1".to_string(), "SB".to_string()];
    for row in &mut table.rows {
        row.tie_breaks = vec![
            format!("{}.5", row.player.0),
            format!("{}", 20 - row.player.0),
        ];
    }
    let pdf = standings::standings(&t, &input(Language::Slovak), &table).expect("standings");
    let Some(text) = extract("standings_sk", &pdf) else {
        return;
    };
    assert!(text.contains("Poradie po 5. kole"), "{text}");
    assert!(text.contains("BH-C1") && text.contains("SB"), "{text}");
    // rows come out in the given order
    let positions: Vec<usize> = table
        .rows
        .iter()
        .map(|row| {
            let name = &t.players[row.player.0 as usize - 1].name;
            let short: String = name.chars().take(10).collect();
            text.find(&short)
                .unwrap_or_else(|| panic!("{short} missing:\n{text}"))
        })
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
    let first = &table.rows[0];
    let line = text
        .lines()
        .find(|l| {
            l.contains(
                &t.players[first.player.0 as usize - 1]
                    .name
                    .chars()
                    .take(10)
                    .collect::<String>(),
            )
        })
        .expect("first row");
    assert!(line.contains(&format!("{}.5", first.player.0)), "{line}");
}

/// The standings mark a withdrawn player beside the name and end with a legend that names
/// each tie-break column (C.07 Art. 5), in the document's language.
#[test]
fn standings_mark_withdrawn_players_and_name_the_tie_breaks_c07_art_5() {
    let t = tournament(5, 11);
    let mut table = standings::StandingsTable::by_points(&t, 5);
    table.tie_break_names = vec!["BH-C1".to_string(), "SB".to_string()];
    table.tie_break_kinds = vec!["BH", "SB"];
    for row in &mut table.rows {
        row.tie_breaks = vec!["1".to_string(), "2".to_string()];
    }
    let mut document = input(Language::Czech);
    document.withdrawn_from = vec![None; t.players.len()];
    document.withdrawn_from[4] = Some(4);
    document.withdrawn_from[6] = Some(9);
    let pdf = standings::standings(&t, &document, &table).expect("standings");
    let Some(text) = extract("standings_withdrawn_cs", &pdf) else {
        return;
    };
    let line = |name: &str| {
        text.lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} missing:\n{text}"))
            .to_owned()
    };
    assert!(line("Novák, Petr").contains("odstoupil(a)"), "{text}");
    assert!(
        !line("Horváth, Ádám").contains("odstoupil"),
        "withdrew later: {text}"
    );
    for name in ["Buchholz", "Sonneborn"] {
        assert!(text.contains(name), "{name} in the legend:\n{text}");
    }
}

#[test]
fn standings_reject_an_unknown_player() {
    let t = tournament(2, 11);
    let mut table = standings::StandingsTable::by_points(&t, 2);
    table.rows[0].player = PlayerId(40);
    let error = standings::standings(&t, &input(Language::English), &table).expect_err("unknown");
    assert_eq!(
        error.to_string(),
        "standings: no player with starting number 40"
    );
}

#[test]
fn by_points_shares_ranks_between_equal_scores() {
    let t = tournament(5, 11);
    let table = standings::StandingsTable::by_points(&t, 5);
    for pair in table.rows.windows(2) {
        assert!(pair[0].points >= pair[1].points);
        if pair[0].points == pair[1].points {
            assert_eq!(pair[0].rank, pair[1].rank);
            assert!(pair[0].player < pair[1].player);
        } else {
            assert!(pair[1].rank > pair[0].rank);
        }
    }
}

#[test]
fn c05_round_robin_grid_has_every_result_and_the_diagonal() {
    let t = tournament(11, 11);
    let pdf = crosstable::crosstable(
        &t,
        &input(Language::SerbianLatin),
        11,
        crosstable::CrosstableKind::Auto,
        None,
    )
    .expect("crosstable");
    let Some(text) = extract("crosstable_round_robin_sr", &pdf) else {
        return;
    };
    assert!(text.contains("Tabela posle 11. kola"), "{text}");
    assert_eq!(text.matches('×').count(), 12, "{text}");
    // every game appears twice in the grid (once from each side)
    let line = text.lines().find(|l| l.contains("Šťastný")).expect("row 1");
    let symbols = line.matches(['1', '0', '½', '+', '−']).count();
    assert!(symbols >= 11, "{line}");
}

#[test]
fn swiss_wallchart_shows_opponent_colour_and_result_per_round() {
    let t = tournament(5, 11);
    let pdf = crosstable::crosstable(
        &t,
        &input(Language::English),
        5,
        crosstable::CrosstableKind::Wallchart,
        None,
    )
    .expect("wallchart");
    let Some(text) = extract("wallchart_en", &pdf) else {
        return;
    };
    // the first round of player 1 (circle method: 1 meets 11, colours alternate)
    let entry = t.players[0].rounds[0];
    let colour = if entry.color == Some(Color::White) {
        "w"
    } else {
        "b"
    };
    let cell = format!(
        "{}{}{}",
        entry.opponent.expect("paired").0,
        colour,
        arbiter::tournament::standings::result_symbol(entry.result)
    );
    let line = text.lines().find(|l| l.contains("Šťastný")).expect("row 1");
    assert!(line.contains(&cell), "{cell} not in {line}");
}

#[test]
fn wallchart_of_many_players_repeats_the_header_on_every_page() {
    let mut t = tournament(5, 11);
    let template = t.players.clone();
    for copy in 1..8 {
        for player in &template {
            let mut clone = player.clone();
            clone.id = PlayerId(player.id.0 + copy * 12);
            for entry in &mut clone.rounds {
                entry.opponent = entry.opponent.map(|o| PlayerId(o.0 + copy * 12));
            }
            t.players.push(clone);
        }
    }
    let pdf = crosstable::crosstable(
        &t,
        &input(Language::English),
        5,
        crosstable::CrosstableKind::Wallchart,
        None,
    )
    .expect("wallchart");
    let Some(text) = extract("wallchart_96", &pdf) else {
        return;
    };
    let pages = page_count(&text);
    assert!(pages >= 3, "{pages} pages");
    assert_eq!(text.matches("Crosstable after round 5").count(), pages);
    assert_eq!(
        text.matches("Rank").count(),
        pages,
        "header row on every page"
    );
    assert!(text.contains(&format!("Page {pages} of {pages}")));
    assert!(text.contains("96"));
}

#[test]
fn art_8_1_scoresheets_two_per_page_with_moves_times_and_signatures() {
    let t = tournament(5, 11);
    let options = scoresheet::ScoresheetOptions {
        two_per_page: true,
        continuation_sheets: false,
    };
    let pdf =
        scoresheet::scoresheets(&t, &input(Language::English), 4, options).expect("scoresheets");
    let Some(text) = extract("scoresheets_two_per_page_en", &pdf) else {
        return;
    };
    assert_eq!(page_count(&text), 3, "six boards, two per page");
    assert_eq!(text.matches("Scoresheet").count(), 6);
    assert!(text.contains("Pieces: K Q R B N"), "{text}");
    assert!(text.contains("Draw offers"));
    assert!(text.contains("White's signature") && text.contains("Black's signature"));
    assert!(text.contains("½–½"));
    // 60 numbered move rows per sheet
    assert!(text.contains("60") && text.contains("31"));
    assert!(text.contains("Time"));
    // the players with ratings and FIDE IDs, White first
    let board_one = text.find("300000").expect("FIDE ID of player 1");
    assert!(board_one > 0);
    for name in [
        "Šťastný, Jan",
        "Őry, Béla",
        "Јовановић, Душан",
        "Łukasz, Adam",
    ] {
        assert!(text.contains(name), "{name} missing");
    }
}

#[test]
fn appendix_c_scoresheet_piece_letters_follow_the_language() {
    let t = tournament(2, 11);
    let cases = [
        (Language::Czech, "Figury: K D V S J", "Partiář"),
        (Language::Slovak, "Figúry: K D V S J", "Partiár"),
        (Language::Hungarian, "Bábuk: K V B F H", "Játszmalap"),
        (
            Language::SerbianCyrillic,
            "Фигуре: К Д Т Л С",
            "Записник партије",
        ),
        (
            Language::SerbianLatin,
            "Figure: K D T L S",
            "Zapisnik partije",
        ),
    ];
    for (language, letters, title) in cases {
        let options = scoresheet::ScoresheetOptions {
            two_per_page: false,
            continuation_sheets: true,
        };
        let pdf = scoresheet::scoresheets(&t, &input(language), 1, options).expect("sheets");
        let name = format!("scoresheet_{}", language.code());
        let Some(text) = extract(&name, &pdf) else {
            return;
        };
        assert!(text.contains(letters), "{letters} missing:\n{text}");
        assert!(text.contains(title), "{title} missing");
        // one page per sheet plus a continuation sheet (moves 61–120) per board
        assert_eq!(page_count(&text), 12, "{}", language.code());
        assert!(text.contains("120"));
    }
}

#[test]
fn result_slips_one_per_board_with_result_boxes() {
    let t = tournament(5, 11);
    let pdf = result_slip::result_slips(&t, &input(Language::English), 5).expect("slips");
    let Some(text) = extract("result_slips_en", &pdf) else {
        return;
    };
    assert_eq!(
        text.matches("Result slip · Round 5 · Board").count(),
        6,
        "{text}"
    );
    assert!(text.contains("Board 6"));
    assert_eq!(text.matches("Arbiter's signature").count(), 6);
    assert_eq!(page_count(&text), 1, "six slips fit on an A4 page");
    let mut letter = input(Language::English);
    letter.paper = PaperSize::Letter;
    let pdf = result_slip::result_slips(&t, &letter, 5).expect("slips");
    let Some(text) = extract("result_slips_letter", &pdf) else {
        return;
    };
    assert_eq!(page_count(&text), 2, "five slips fit on a Letter page");
}

/// Four players, round 1 decided by the arbiter: 1–2 ½-0 (Art. 12.9.5), 3–4 0-½ not rated.
fn penalty_round() -> Tournament {
    use arbiter::tournament::board::record_round;
    use arbiter::tournament::result::PenaltyScore;
    let mut t = tournament(0, 5);
    t.players.truncate(4);
    let boards = [
        Board {
            result: Some(BoardResult::Penalty {
                score: PenaltyScore::WhiteHalf,
                rated: true,
            }),
            ..Board::game(1, PlayerId(1), PlayerId(2))
        },
        Board {
            result: Some(BoardResult::Penalty {
                score: PenaltyScore::BlackHalf,
                rated: false,
            }),
            ..Board::game(2, PlayerId(3), PlayerId(4))
        },
    ];
    record_round(&mut t, 1, &boards);
    t
}

#[test]
fn art_12_9_penalty_results_print_each_sides_score() {
    let t = penalty_round();
    let pdf = pairings::by_board(&t, &input(Language::English), 1).expect("pairings");
    let wallchart = crosstable::crosstable(
        &t,
        &input(Language::English),
        1,
        crosstable::CrosstableKind::Wallchart,
        None,
    )
    .expect("wallchart");
    let by_points = standings::StandingsTable::by_points(&t, 1);
    let table = standings::standings(&t, &input(Language::English), &by_points).expect("standings");
    let (Some(text), Some(chart), Some(ranked)) = (
        extract("pairings_penalty", &pdf),
        extract("wallchart_penalty", &wallchart),
        extract("standings_penalty", &table),
    ) else {
        return;
    };
    assert!(text.contains("½–0"), "{text}");
    assert!(text.contains("0–½ NR"), "{text}");
    let row = |name: &str| {
        chart
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} missing:\n{chart}"))
            .to_owned()
    };
    assert!(row("Šťastný").contains("2w½"), "{chart}");
    assert!(row("Őry").contains("1b0"), "{chart}");
    assert!(row("Łukasz").contains("3b½"), "{chart}");
    let first = ranked
        .lines()
        .find(|l| l.contains("Šťastný"))
        .expect("player 1 ranked");
    assert!(first.contains('½'), "{ranked}");
}

/// The self-report links of every board of round 3 of [`tournament`], as the app prints them.
fn report_links(t: &Tournament, round: u32) -> Vec<arbiter::print::ReportLinks> {
    let boards =
        arbiter::print::boards_of_round(t, &input(Language::English), round).expect("boards");
    boards
        .iter()
        .filter(|b| b.black.is_some())
        .map(|b| arbiter::print::ReportLinks {
            board: b.number,
            white: format!("https://example.org/report/w{}", b.number),
            black: format!("https://example.org/report/b{}", b.number),
        })
        .collect()
}

#[test]
fn pairings_with_qr_codes_print_whole_names_on_two_lines() {
    let t = tournament(5, 11);
    let mut document = input(Language::English);
    document.report_links = report_links(&t, 3);
    let pdf = pairings::by_board(&t, &document, 3).expect("pairings");
    let Some(text) = extract("pairings_qr_names", &pdf) else {
        return;
    };
    // The longest name of the field, whole (over several lines of its tall row), no ellipsis.
    for part in [
        "WIM",
        "Kovačević-Đorđević,",
        "Aleksandra",
        "Konstantina",
        "Maximiliana",
    ] {
        assert!(text.contains(part), "{part} missing:\n{text}");
    }
    assert!(!text.contains('…'), "a name was cut:\n{text}");
}

#[test]
fn czech_result_heading_and_serbian_cyrillic_footer_are_not_cut() {
    let t = tournament(5, 11);
    let mut document = input(Language::Czech);
    document.report_links = report_links(&t, 3);
    let pdf = pairings::by_board(&t, &document, 3).expect("pairings");
    if let Some(text) = extract("pairings_qr_cs", &pdf) {
        assert!(text.contains("Výsledek"), "{text}");
    }
    let mut document = input(Language::SerbianCyrillic);
    document.event = "Међународни шаховски турнир „Меморијал Светозара Глигорића“ 2026".to_string();
    document.place =
        "Нови Сад, Спортски и пословни центар Војводина, 2026-11-21 – 2026-11-29".to_string();
    let pdf = pairings::by_board(&t, &document, 3).expect("pairings");
    let Some(text) = extract("pairings_footer_sr_cyrl", &pdf) else {
        return;
    };
    // The footer takes two lines: the last two lines of the page, whole.
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let footer = lines[lines.len() - 2..].join(" ");
    assert!(footer.contains("„Меморијал"), "footer: {footer}");
    // The event's name heads the page whole, set smaller.
    assert!(
        text.contains("„Меморијал Светозара Глигорића“ 2026\n"),
        "heading cut:\n{text}"
    );
    assert!(
        footer.contains("штампано програмом arbiter") && !footer.contains('…'),
        "footer cut: {footer}"
    );
    assert!(footer.contains("Страна 1"), "page number: {footer}");
}

#[test]
fn c07_crosstable_prints_the_tie_break_columns_across_the_landscape_page() {
    let t = tournament(5, 11);
    let settings = arbiter::tournament::tiebreak::TieBreakSettings::swiss_default();
    let ranked = standings::StandingsTable::ranked(&t, 5, &settings);
    let pdf = crosstable::crosstable(
        &t,
        &input(Language::English),
        5,
        crosstable::CrosstableKind::Wallchart,
        Some(&ranked),
    )
    .expect("wallchart");
    let Some(text) = extract("wallchart_tie_breaks", &pdf) else {
        return;
    };
    for code in ranked.tie_break_names.iter() {
        assert!(
            text.contains(code.as_str()),
            "{code} column missing:\n{text}"
        );
    }
    // Player 1's row ends with their tie-break values, as the standings print them.
    let first = ranked
        .rows
        .iter()
        .find(|row| row.player.0 == 1)
        .expect("player 1");
    let line = text.lines().find(|l| l.contains("Šťastný")).expect("row 1");
    let values = first.tie_breaks.join(" ");
    let squeezed = line.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(squeezed.contains(&values), "{values} not in {line}");
    // With the page's width the longest name fits whole (set smaller), not cut.
    assert!(text.contains("Maximiliana"), "{text}");
    assert_eq!(page_count(&text), 1, "one landscape page");
}

#[test]
fn name_cards_print_every_player_on_both_faces_with_the_rounds_board() {
    let t = tournament(5, 11);
    let pdf = name_cards::name_cards(&t, &input(Language::Czech), 3).expect("name cards");
    let Some(text) = extract("name_cards_cs", &pdf) else {
        return;
    };
    // Two cards a page, no footer.
    assert_eq!(page_count(&text), NAMES.len().div_ceil(2), "{text}");
    assert!(
        !text.contains("Strana"),
        "a card carries no page number:\n{text}"
    );
    // Each name on the near face and again, turned, on the far face.
    for name in [
        "GM Šťastný, Jan",
        "IM Őry, Béla",
        "Петровић, Милица",
        "Dvořák, Řehoř",
    ] {
        assert_eq!(text.matches(name).count(), 2, "{name} twice:\n{text}");
    }
    assert!(text.contains("CZE · 2612"), "{text}");
    // Round 3's boards: every player plays (12 players, six boards), board numbers in Czech.
    let boards = pairings_of(&t, 3);
    for board in 1..=6 {
        let label = format!("Šachovnice {board}");
        assert_eq!(
            text.matches(&label).count(),
            4,
            "{label} on two cards, both faces:\n{text}"
        );
    }
    assert_eq!(boards, 6);
}

#[test]
fn name_cards_before_the_first_round_have_no_boards_and_board_cards_number_every_game() {
    let t = tournament(0, 11);
    let pdf = name_cards::name_cards(&t, &input(Language::English), 0).expect("name cards");
    let Some(text) = extract("name_cards_round_0", &pdf) else {
        return;
    };
    assert!(!text.contains("Board"), "no board before pairing:\n{text}");
    assert_eq!(text.matches("Smith, John").count(), 2, "{text}");
    let played = tournament(5, 11);
    let pdf = name_cards::board_cards(&played, &input(Language::Hungarian), 4).expect("boards");
    let Some(text) = extract("board_cards_hu", &pdf) else {
        return;
    };
    assert_eq!(page_count(&text), 3, "six boards, two a page:\n{text}");
    for board in 1..=6 {
        let number = board.to_string();
        assert!(
            text.lines().filter(|line| line.trim() == number).count() >= 2,
            "board {board} on both faces:\n{text}"
        );
    }
    let empty = Tournament::default();
    assert!(name_cards::name_cards(&empty, &input(Language::English), 0).is_err());
}

/// The number of boards with a game in `round` of `t`.
fn pairings_of(t: &Tournament, round: u32) -> usize {
    arbiter::print::boards_of_round(t, &input(Language::English), round)
        .expect("boards")
        .iter()
        .filter(|b| b.black.is_some())
        .count()
}
