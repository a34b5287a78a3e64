//! A series (a club's Grand Prix): points by place or by game points, best N of M, the order
//! of equal totals, categories and who is who across events — the pure core
//! (`arbiter::tournament::series`) and its reading of TRF files through the public state
//! document. The order of equal totals is the series' own (no FIDE text covers series): more
//! points counted, a higher sum of all scores, a better best score, more events, else shared.

use arbiter::formats::public_state::PublicState;
use arbiter::formats::series_event::series_event;
use arbiter::formats::trf;
use arbiter::tournament::Points;
use arbiter::tournament::prizes::{Category, CategoryRule};
use arbiter::tournament::series::{
    EventRow, EventStandings, GameLine, Person, Scale, SeriesPoints, SeriesRow, SeriesRules,
    category_ranking, rank_series,
};

fn person(name: &str) -> Person {
    Person {
        name: name.to_owned(),
        ..Person::default()
    }
}

/// An event whose standings are `places`: (name, place, points).
fn event(title: &str, places: &[(&str, u32, i32)]) -> EventStandings {
    EventStandings {
        title: title.to_owned(),
        rows: places
            .iter()
            .enumerate()
            .map(|(index, (name, place, points))| EventRow {
                person: person(name),
                number: index as u32 + 1,
                place: *place,
                points: Points(*points),
                games: Vec::new(),
            })
            .collect(),
    }
}

fn by_place(best: Option<u32>) -> SeriesRules {
    SeriesRules {
        scale: Scale::ByPlace {
            values: [25, 20, 16, 13, 11].map(SeriesPoints::whole).to_vec(),
            beyond: SeriesPoints::whole(1),
        },
        best,
        categories: Vec::new(),
        year: 2026,
    }
}

fn row<'a>(rows: &'a [SeriesRow], name: &str) -> &'a SeriesRow {
    rows.iter()
        .find(|r| r.person.name == name)
        .unwrap_or_else(|| panic!("{name} is ranked"))
}

#[test]
fn best_3_of_4_the_worst_score_is_shown_but_not_counted() {
    let events = [
        event("GP 1", &[("Anna", 1, 45), ("Bob", 2, 40)]),
        event("GP 2", &[("Bob", 1, 45), ("Anna", 3, 30), ("Cyril", 2, 35)]),
        event("GP 3", &[("Anna", 2, 40), ("Bob", 3, 30), ("Cyril", 1, 50)]),
        event("GP 4", &[("Anna", 5, 10), ("Cyril", 1, 45)]),
    ];
    let rows = rank_series(&by_place(Some(3)), &events);
    let anna = row(&rows, "Anna");
    // 25 + 16 + 20 counted; the 11 of GP 4 (5th) is not.
    assert_eq!(anna.total, SeriesPoints::whole(61));
    assert_eq!(anna.scores.len(), 4);
    let not_counted: Vec<_> = anna.scores.iter().filter(|s| !s.counted).collect();
    assert_eq!(not_counted.len(), 1);
    assert_eq!(not_counted[0].event, 3);
    assert_eq!(not_counted[0].place, 5);
    assert_eq!(not_counted[0].series_points, SeriesPoints::whole(11));
    assert_eq!(anna.all_scores(), SeriesPoints::whole(72));
    // Cyril: 20 + 25 + 25, all three counted.
    let cyril = row(&rows, "Cyril");
    assert_eq!(cyril.total, SeriesPoints::whole(70));
    assert!(cyril.scores.iter().all(|s| s.counted));
    // Bob: 20 + 25 + 16 = 61, three events.
    assert_eq!(row(&rows, "Bob").total, SeriesPoints::whole(61));
    assert_eq!(rows[0].person.name, "Cyril");
    assert_eq!(rows[0].rank, 1);
    // Without best N every score counts: Anna 72.
    let all = rank_series(&by_place(None), &events);
    assert_eq!(row(&all, "Anna").total, SeriesPoints::whole(72));
}

#[test]
fn equal_totals_the_sum_of_all_scores_decides_then_the_best_score_then_events_played() {
    // Anna and Bob have 61 counted (above). Anna's four scores sum to 72, Bob's three to 61:
    // Anna is 2nd, Bob 3rd (criterion 2).
    let events = [
        event("GP 1", &[("Anna", 1, 45), ("Bob", 2, 40)]),
        event("GP 2", &[("Bob", 1, 45), ("Anna", 3, 30), ("Cyril", 2, 35)]),
        event("GP 3", &[("Anna", 2, 40), ("Bob", 3, 30), ("Cyril", 1, 50)]),
        event("GP 4", &[("Anna", 5, 10), ("Cyril", 1, 45)]),
    ];
    let rows = rank_series(&by_place(Some(3)), &events);
    let order: Vec<(&str, u32)> = rows
        .iter()
        .map(|r| (r.person.name.as_str(), r.rank))
        .collect();
    assert_eq!(order, [("Cyril", 1), ("Anna", 2), ("Bob", 3)]);

    // Criterion 3: equal counted and equal sums, the better best score is ahead. Dana 25 + 11
    // = 36, Emil 20 + 16 = 36: Dana's 25 beats Emil's 20.
    let events = [
        event("A", &[("Dana", 1, 40), ("Emil", 2, 30)]),
        event(
            "B",
            &[
                ("x", 1, 40),
                ("y", 2, 35),
                ("Emil", 3, 30),
                ("z", 4, 20),
                ("Dana", 5, 10),
            ],
        ),
    ];
    let rows = rank_series(&by_place(None), &events);
    assert_eq!(row(&rows, "Dana").rank, 1);
    assert_eq!(row(&rows, "Emil").rank, 2);

    // Criterion 4: equal in all of that, more events played is ahead. Game points scale:
    // Fero 3 + 0 in two events, Gabi 3 in one.
    let rules = SeriesRules {
        scale: Scale::ByGamePoints { multiplier: 1 },
        ..by_place(None)
    };
    let events = [
        event("A", &[("Gabi", 1, 30), ("Fero", 1, 30)]),
        event("B", &[("Fero", 1, 0)]),
    ];
    let rows = rank_series(&rules, &events);
    assert_eq!((rows[0].person.name.as_str(), rows[0].rank), ("Fero", 1));
    assert_eq!((rows[1].person.name.as_str(), rows[1].rank), ("Gabi", 2));
}

#[test]
fn an_exact_tie_shares_the_place_and_shared_event_places_average_their_values() {
    // Two players share 2nd in one event: (20 + 16) / 2 = 18 each; equal in every criterion,
    // they share 2nd in the series too (listed by name).
    let events = [event(
        "GP",
        &[
            ("Hana", 1, 40),
            ("Ivan", 2, 30),
            ("Eva", 2, 30),
            ("Jan", 4, 20),
        ],
    )];
    let rows = rank_series(&by_place(None), &events);
    let order: Vec<(&str, u32, SeriesPoints)> = rows
        .iter()
        .map(|r| (r.person.name.as_str(), r.rank, r.total))
        .collect();
    assert_eq!(
        order,
        [
            ("Hana", 1, SeriesPoints::whole(25)),
            ("Eva", 2, SeriesPoints::whole(18)),
            ("Ivan", 2, SeriesPoints::whole(18)),
            ("Jan", 4, SeriesPoints::whole(13)),
        ]
    );
    assert_eq!(row(&rows, "Eva").scores[0].sharing, 2);
}

#[test]
fn scale_by_game_points_traces_the_games() {
    let games = vec![
        GameLine {
            round: 1,
            opponent: Some("Bob".to_owned()),
            color: Some(arbiter::tournament::Color::White),
            result: '1',
            points: Points(10),
        },
        GameLine {
            round: 2,
            opponent: None,
            color: None,
            result: 'H',
            points: Points(5),
        },
    ];
    let mut standings = event("Rapid", &[("Anna", 1, 15)]);
    standings.rows[0].games = games.clone();
    let rules = SeriesRules {
        scale: Scale::ByGamePoints { multiplier: 2 },
        ..by_place(None)
    };
    let rows = rank_series(&rules, &[standings]);
    assert_eq!(rows[0].total, SeriesPoints::whole(3));
    assert_eq!(rows[0].scores[0].games, games);
    let sum: Points = rows[0].scores[0].games.iter().map(|g| g.points).sum();
    assert_eq!(sum, rows[0].scores[0].event_points);
}

#[test]
fn identity_by_fide_id_else_by_name_with_year_of_birth() {
    let with = |name: &str, fide: Option<u64>, year: Option<u16>| Person {
        name: name.to_owned(),
        fide_id: fide,
        birth_year: year,
        ..Person::default()
    };
    let row = |p: Person, place: u32| EventRow {
        person: p,
        number: place,
        place,
        points: Points(10),
        games: Vec::new(),
    };
    let events = [
        EventStandings {
            title: "A".into(),
            rows: vec![
                row(with("Novák, Jan", Some(310_001), Some(1980)), 1),
                row(with("Svoboda, Petr", None, Some(1990)), 2),
                row(with("Svoboda, Petr", None, Some(2010)), 3),
            ],
        },
        EventStandings {
            title: "B".into(),
            rows: vec![
                // Another spelling, the same FIDE id: the same person.
                row(with("Novak, J.", Some(310_001), None), 1),
                // No FIDE id: the name's letters and the year of birth.
                row(with("SVOBODA Petr", None, Some(2010)), 2),
                // The same name, another FIDE id: somebody else.
                row(with("Novák, Jan", Some(310_002), Some(1980)), 3),
            ],
        },
    ];
    let rows = rank_series(&by_place(None), &events);
    assert_eq!(rows.len(), 4);
    let novak = rows
        .iter()
        .find(|r| r.person.fide_id == Some(310_001))
        .expect("Novák");
    assert_eq!(novak.scores.len(), 2);
    let young = rows
        .iter()
        .find(|r| r.person.birth_year == Some(2010))
        .expect("the young Svoboda");
    assert_eq!(
        young.scores.iter().map(|s| s.place).collect::<Vec<_>>(),
        [3, 2]
    );
    let older = rows
        .iter()
        .find(|r| r.person.birth_year == Some(1990))
        .expect("the older Svoboda");
    assert_eq!(older.scores.len(), 1);
}

#[test]
fn categories_are_the_prize_lists_rules_in_the_series_year() {
    let mut events = [event(
        "A",
        &[("Ola", 1, 30), ("Pia", 2, 20), ("Rok", 3, 10)],
    )];
    events[0].rows[0].person.birth_year = Some(2009); // 17 in 2026: U18
    events[0].rows[1].person.sex = "w".into();
    events[0].rows[2].person.birth_year = Some(2010);
    let rules = SeriesRules {
        categories: vec![
            Category {
                name: String::new(),
                rule: CategoryRule::Under(18),
            },
            Category {
                name: String::new(),
                rule: CategoryRule::Women,
            },
        ],
        ..by_place(None)
    };
    let rows = rank_series(&rules, &events);
    let u18 = category_ranking(&rows, 0);
    let names: Vec<(&str, u32)> = u18
        .iter()
        .map(|r| (r.person.name.as_str(), r.rank))
        .collect();
    assert_eq!(names, [("Ola", 1), ("Rok", 2)]);
    assert_eq!(category_ranking(&rows, 1)[0].person.name, "Pia");
}

/// A TRF `001` record (columns as in `arbiter::formats::trf`): rank, sex, name, rating,
/// federation, FIDE id, birth, points, rounds (opponent, colour, result).
fn player_line(
    rank: u32,
    sex: char,
    name: &str,
    fide: &str,
    birth: &str,
    points: &str,
    rounds: &[(u32, char, char)],
) -> String {
    let mut line = format!(
        "001 {rank:>4} {sex}    {name:<33} {:>4} CZE {fide:>11} {birth:<10} {points:>4} {rank:>4}",
        2200 - 100 * rank
    );
    for (opponent, colour, result) in rounds {
        line.push_str(&format!("  {opponent:>4} {colour} {result}"));
    }
    line
}

/// A small file: four players, two rounds.
fn trf_file() -> String {
    [
        "012 Club Rapid 1".to_owned(),
        "022 Brno".to_owned(),
        "042 2026/01/10".to_owned(),
        player_line(
            1,
            'm',
            "Alpha, Adam",
            "31000001",
            "1990/01/01",
            "2.0",
            &[(3, 'w', '1'), (2, 'b', '1')],
        ),
        player_line(
            2,
            'w',
            "Beta, Berta",
            "",
            "2009/05/05",
            "1.0",
            &[(4, 'b', '1'), (1, 'w', '0')],
        ),
        player_line(
            3,
            'm',
            "Gama, Gustav",
            "",
            "1970",
            "0.5",
            &[(1, 'b', '0'), (4, 'w', '=')],
        ),
        player_line(
            4,
            'm',
            "Delta, David",
            "",
            "",
            "0.5",
            &[(2, 'w', '0'), (3, 'b', '=')],
        ),
    ]
    .join("\n")
}

#[test]
fn a_trf_file_becomes_the_public_state_and_the_series_reads_its_games() {
    let read = trf::read(&trf_file()).expect("reads");
    let (header, _) = trf::ReportHeader::read(&read);
    let state = PublicState::from_trf(
        &read.tournament,
        &header,
        "0123456789abcdef0123456789abcdef".to_owned(),
        time::macros::date!(2026 - 01 - 01),
    );
    // The document is a valid one (the same checks as a pushed document).
    let parsed = PublicState::parse(state.to_json().as_bytes()).expect("a valid document");
    assert_eq!(parsed.event.start_date, "2026-01-10");
    let standings = series_event(&parsed);
    assert_eq!(standings.title, "Club Rapid 1");
    let first = &standings.rows[0];
    assert_eq!(first.person.name, "Alpha, Adam");
    assert_eq!(first.person.fide_id, Some(31_000_001));
    assert_eq!((first.place, first.points), (1, Points(20)));
    assert_eq!(first.games.len(), 2);
    assert_eq!(first.games[0].opponent.as_deref(), Some("Gama, Gustav"));
    assert_eq!(first.games[0].result, '1');
    let berta = standings
        .rows
        .iter()
        .find(|r| r.person.name == "Beta, Berta")
        .expect("Berta");
    assert_eq!(berta.person.birth_year, Some(2009));
    assert_eq!(berta.person.sex, "w");
    // Gama and Delta: ½ each, drawn together: a shared place after the tie-breaks? Their
    // places are the standings', whatever they are, and a series shares equal places.
    assert!(standings.rows.iter().all(|r| r.place >= 1));
}
