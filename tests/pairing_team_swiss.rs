//! The FIDE Swiss Team Pairing System (C.04.6): small rounds built by hand, each named after the
//! article that decides it; golden events in `tests/data/team-swiss/` (made by our generator)
//! re-paired round by round; a CI-sized sample of the acceptance run (`arbiter bench c046`)
//! checked by our own checker and, when `ARBITER_GACRUX_PYTHON` names a Python with gacrux, by
//! FIDE's checker too.

use std::path::{Path, PathBuf};

use arbiter::formats::trf;
use arbiter::pairing::team_swiss::generator::{self, GenerateError, Profile};
use arbiter::pairing::team_swiss::{
    self, ColourPreferences, Entrant, Options, PrimaryScore, Round, TeamPairing, TeamPairingError,
    checker,
};
use arbiter::tournament::model::Color;
use arbiter::tournament::scoring::Points;
use arbiter::tournament::team::TeamId;

/// Team `n` (TPN `n`) with `points` (in tenths) of primary score, its played matches' colours
/// (`"WB"`) and the teams it played.
fn team(n: u32, points: i32, colours: &str, opponents: &[u32]) -> Entrant {
    let colours: Vec<Color> = colours
        .chars()
        .map(|c| if c == 'W' { Color::White } else { Color::Black })
        .collect();
    Entrant {
        team: TeamId(n),
        tpn: n,
        primary: Points(points),
        secondary: Points(points),
        matches_played: colours.len() as u32,
        colours,
        floated_last_round: false,
        bye_barred: false,
        opponents: opponents.iter().map(|&o| TeamId(o)).collect(),
    }
}

fn round(number: u32, total: u32, entrants: Vec<Entrant>) -> Round {
    Round {
        number,
        total_rounds: total,
        initial_colour: Color::White,
        options: Options::default(),
        entrants,
    }
}

/// The boards as `(white, black)` numbers, the bye as `(team, 0)`, in board order.
fn boards(pairing: &[TeamPairing]) -> Vec<(u32, u32)> {
    pairing
        .iter()
        .map(|b| (b.white.0, b.black.map_or(0, |t| t.0)))
        .collect()
}

/// The matches without colours, smaller number first, sorted.
fn matches(pairing: &[TeamPairing]) -> Vec<(u32, u32)> {
    let mut list: Vec<(u32, u32)> = boards(pairing)
        .into_iter()
        .map(|(a, b)| if b != 0 && b < a { (b, a) } else { (a, b) })
        .collect();
    list.sort();
    list
}

#[test]
fn c04_6_art_3_6_first_round_pairs_by_identifier_and_art_4_3_1_colours_by_tpn_parity() {
    let entrants = (1..=4).map(|n| team(n, 0, "", &[])).collect();
    let pairing = team_swiss::pair(&round(1, 5, entrants)).expect("paired");
    // Tops 1 and 2; the bottom of top 1 as small as possible: 1-3, 2-4. Team 1 (odd TPN) gets
    // the initial-colour, team 2 (even) the other one.
    assert_eq!(boards(&pairing), vec![(1, 3), (4, 2)]);
    let mut black_first = round(1, 5, (1..=4).map(|n| team(n, 0, "", &[])).collect());
    black_first.initial_colour = Color::Black;
    let pairing = team_swiss::pair(&black_first).expect("paired");
    assert_eq!(boards(&pairing), vec![(3, 1), (2, 4)]);
}

#[test]
fn c04_6_art_3_4_bye_to_lowest_score_then_most_matches_played_then_largest_tpn() {
    // Round 2: 1 beat 3, 2 beat 4, team 5 was absent (no match played).
    let entrants = vec![
        team(1, 20, "W", &[3]),
        team(2, 20, "B", &[4]),
        team(3, 0, "B", &[1]),
        team(4, 0, "W", &[2]),
        team(5, 0, "", &[]),
    ];
    let pairing = team_swiss::pair(&round(2, 5, entrants)).expect("paired");
    assert_eq!(
        pairing.last().map(|b| (b.white, b.black)),
        Some((TeamId(4), None))
    );
    assert_eq!(matches(&pairing), vec![(1, 2), (3, 5), (4, 0)]);
}

#[test]
fn c04_6_art_2_1_2_c2_no_second_bye_nor_after_a_forfeit_win() {
    let mut entrants = vec![
        team(1, 20, "W", &[3]),
        team(2, 20, "B", &[4]),
        team(3, 0, "B", &[1]),
        team(4, 0, "W", &[2]),
        team(5, 0, "", &[]),
    ];
    entrants[3].bye_barred = true;
    let pairing = team_swiss::pair(&round(2, 5, entrants.clone())).expect("paired");
    assert_eq!(pairing.last().map(|b| b.white), Some(TeamId(3)));
    entrants[2].bye_barred = true;
    let pairing = team_swiss::pair(&round(2, 5, entrants)).expect("paired");
    assert_eq!(pairing.last().map(|b| b.white), Some(TeamId(5)));
}

#[test]
fn c04_6_art_2_1_1_c1_teams_that_played_do_not_meet_again() {
    // Round 1: 1-2 and 3-4 drawn: everybody has one match point.
    let entrants = vec![
        team(1, 10, "W", &[2]),
        team(2, 10, "B", &[1]),
        team(3, 10, "W", &[4]),
        team(4, 10, "B", &[3]),
    ];
    let pairing = team_swiss::pair(&round(2, 5, entrants)).expect("paired");
    assert_eq!(matches(&pairing), vec![(1, 3), (2, 4)]);
}

#[test]
fn c04_6_art_3_3_3_no_pairing_when_everybody_has_met() {
    let entrants = vec![
        team(1, 20, "WB", &[2, 3]),
        team(2, 10, "BW", &[1, 3]),
        team(3, 0, "WB", &[1, 2]),
        team(4, 0, "", &[]),
    ];
    // 4 can only meet 1, 2 or 3; then the other two have met.
    match team_swiss::pair(&round(3, 3, entrants)) {
        Err(TeamPairingError::NoPairing(_)) => {}
        other => panic!("expected no pairing, got {other:?}"),
    }
}

#[test]
fn c04_6_art_1_2_game_points_as_primary_score_change_the_scoregroups() {
    // Before round 3: 1 has 3 match points and 4.5 game points, 2 has 2 and 4.0, 3 has 2 and
    // 5.5, 4 has 1 and 3.0; nobody has met.
    let scores = [(30, 45), (20, 40), (20, 55), (10, 30)];
    let make = |primary: PrimaryScore| {
        let entrants = (0..4)
            .map(|i| {
                let (mp, gp) = scores[i];
                let mut entrant = team(i as u32 + 1, 0, "WB", &[]);
                (entrant.primary, entrant.secondary) = match primary {
                    PrimaryScore::MatchPoints => (Points(mp), Points(gp)),
                    PrimaryScore::GamePoints => (Points(gp), Points(mp)),
                };
                entrant
            })
            .collect();
        let mut r = round(3, 7, entrants);
        r.options.primary = primary;
        team_swiss::pair(&r).expect("paired")
    };
    // Match points: 1 alone on top takes up 2 (2 points, the smaller TPN).
    assert_eq!(
        matches(&make(PrimaryScore::MatchPoints)),
        vec![(1, 2), (3, 4)]
    );
    // Game points: 3 alone on top takes up 1 (4.5, the next score).
    assert_eq!(
        matches(&make(PrimaryScore::GamePoints)),
        vec![(1, 3), (2, 4)]
    );
}

#[test]
fn c04_6_art_4_3_2_a_colour_preference_is_granted_before_the_first_team_is_served() {
    // Team 1 (first-team: more points) played White twice: a preference for Black (Art. 1.7.1).
    let entrants = vec![team(1, 40, "WW", &[3, 4]), team(2, 20, "BW", &[5, 6])];
    let pairing = team_swiss::pair(&round(3, 5, entrants)).expect("paired");
    assert_eq!(boards(&pairing), vec![(2, 1)]);
}

#[test]
fn c04_6_art_4_3_5_white_to_the_lower_colour_difference() {
    // Neither has a type A preference (differences +1 and -1 after one match); 2 has the
    // lower colour difference.
    let entrants = vec![team(1, 20, "W", &[3]), team(2, 20, "B", &[4])];
    let pairing = team_swiss::pair(&round(2, 5, entrants)).expect("paired");
    assert_eq!(boards(&pairing), vec![(2, 1)]);
}

#[test]
fn c04_6_art_4_3_6_alternate_from_the_last_round_the_colours_differed() {
    // Equal scores and colour differences, no preferences; from the end the sequences agree
    // twice, then 1 had White and 2 Black: 1, the first-team, alternates to Black.
    let entrants = vec![
        team(1, 30, "BWWB", &[3, 4, 5, 6]),
        team(2, 30, "WBWB", &[7, 8, 9, 10]),
    ];
    let pairing = team_swiss::pair(&round(5, 7, entrants)).expect("paired");
    assert_eq!(boards(&pairing), vec![(2, 1)]);
}

#[test]
fn c04_6_art_2_3_5_c8_teams_wanting_the_same_colour_are_kept_apart() {
    // One scoregroup: 1 and 3 played Black twice (they want White), 2 and 4 White twice (they
    // want Black). By identifier alone 1-3 and 2-4 come first; [C8] pairs each White-wanter
    // with a Black-wanter, and of those pairings 1-4 2-3 (tops 1 and 2) is the first.
    let entrants = vec![
        team(1, 20, "BB", &[5, 6]),
        team(2, 20, "WW", &[7, 8]),
        team(3, 20, "BB", &[9, 10]),
        team(4, 20, "WW", &[11, 12]),
    ];
    let pairing = team_swiss::pair(&round(3, 7, entrants)).expect("paired");
    assert_eq!(boards(&pairing), vec![(1, 4), (3, 2)]);
}

#[test]
fn c04_6_art_1_7_2_type_b_mild_preferences_weigh_in_c8() {
    // After one match a colour difference of +1 is, in type B, a mild preference for Black and
    // -1 one for White; type A sees none. 1 and 3 played White, 2 and 4 Black.
    let entrants = || {
        vec![
            team(1, 20, "W", &[5]),
            team(2, 20, "B", &[6]),
            team(3, 20, "W", &[7]),
            team(4, 20, "B", &[8]),
        ]
    };
    // Type A: the first identifier, 1-3 2-4; colours by 4.3.8 (alternate the first-team's).
    let type_a = team_swiss::pair(&round(2, 7, entrants())).expect("paired");
    assert_eq!(boards(&type_a), vec![(3, 1), (2, 4)]);
    // Type B: [C8] keeps the two Black-wanters (1, 3) apart, and 4.3.3 grants both.
    let mut type_b = round(2, 7, entrants());
    type_b.options.colours = ColourPreferences::TypeB;
    let type_b = team_swiss::pair(&type_b).expect("paired");
    assert_eq!(boards(&type_b), vec![(4, 1), (2, 3)]);
}

#[test]
fn c04_6_art_3_5_an_odd_scoregroup_takes_the_upfloater_first_in_tpn_order() {
    // Three teams on 2 points, three on 0; 1-4, 2-5, 3-6 were the round 1 matches.
    let entrants = vec![
        team(1, 20, "W", &[4]),
        team(2, 20, "B", &[5]),
        team(3, 20, "W", &[6]),
        team(4, 0, "B", &[1]),
        team(5, 0, "W", &[2]),
        team(6, 0, "B", &[3]),
    ];
    let pairing = team_swiss::pair(&round(2, 5, entrants)).expect("paired");
    // The 2-point group takes up 4, the first in TPN order of the 0-point group; of its
    // pairings 1-3 2-4 (tops 1 and 2) comes before 1-2 3-4 (tops 1 and 3).
    assert_eq!(matches(&pairing), vec![(1, 3), (2, 4), (5, 6)]);
}

#[test]
fn c04_6_art_2_1_1_generator_refuses_more_rounds_than_a_round_robin() {
    let profile = Profile {
        teams: 6,
        rounds: 6,
        ..Profile::default()
    };
    match generator::check_feasible(&profile) {
        Err(GenerateError::TooManyRounds { most: 5, .. }) => {}
        other => panic!("expected a refusal, got {other:?}"),
    }
    let odd = Profile {
        teams: 7,
        rounds: 7,
        ..Profile::default()
    };
    assert_eq!(generator::check_feasible(&odd), Ok(()));
}

#[test]
fn c04_6_trf_2026_record_320_byes_are_written_and_read_back() {
    let profile = Profile {
        teams: 7,
        boards: 4,
        rounds: 5,
        ..Profile::default()
    };
    let tournament = generator::generate(&profile, 3).expect("generated");
    let text = trf::write(&tournament);
    assert!(text.lines().any(|l| l.starts_with("320 ")), "{text}");
    assert!(text.lines().any(|l| l == "142 5"), "{text}");
    let read = trf::parse(&text).expect("read back");
    assert_eq!(
        read.teams.pairing_allocated_byes,
        tournament.teams.pairing_allocated_byes
    );
    let byes = read.teams.pairing_allocated_byes.expect("byes");
    assert_eq!(byes.teams.len(), 5, "one bye per round of an odd field");
    let mut teams: Vec<u32> = byes.teams.iter().map(|&(_, t)| t.0).collect();
    teams.sort();
    teams.dedup();
    assert_eq!(teams.len(), 5, "[C2]: no team has two byes");
}

/// Re-pairs every round of a file by our checker; the rounds that differ, described.
fn own_check(path: &Path, options: Option<Options>) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("read");
    let tournament = trf::parse(&text).expect("parse");
    let swiss = team_swiss::team_event_of(&tournament).expect("team event");
    let options =
        options.unwrap_or_else(|| arbiter::cli::pair::team_options(&tournament, None, false));
    checker::check_rounds(&swiss, options)
        .iter()
        .map(arbiter::cli::pair::describe_team)
        .collect()
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/team-swiss")
}

#[test]
fn c04_6_golden_events_are_re_paired_as_recorded() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data())
        .expect("tests/data/team-swiss")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for file in files {
        let differences = own_check(&file, None);
        assert!(
            differences.is_empty(),
            "{}: {differences:?}",
            file.display()
        );
    }
}

/// The first events of the acceptance run (`arbiter bench c046 --seed 1`), small fields.
fn sample(count: u64) -> Vec<(Profile, String)> {
    (0..count)
        .map(|index| {
            let (profile, seed) = generator::sample_profile(1, index, 5..=24);
            let tournament = match generator::generate(&profile, seed) {
                Ok(t) => t,
                Err(GenerateError::NoPairing { so_far, .. }) => *so_far,
                Err(error) => panic!("event {index}: {error}"),
            };
            (profile, trf::write(&tournament))
        })
        .collect()
}

#[test]
fn c02_team_swiss_sample_of_the_acceptance_run_reads_back_the_same() {
    let scratch = std::env::temp_dir().join(format!("arbiter-team-swiss-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch");
    for (index, (profile, text)) in sample(12).into_iter().enumerate() {
        let file = scratch.join(format!("e{index}.trf"));
        std::fs::write(&file, &text).expect("write");
        let differences = own_check(&file, Some(profile.options));
        assert!(
            differences.is_empty(),
            "event {index}: {differences:?}\n{text}"
        );
    }
    std::fs::remove_dir_all(&scratch).ok();
}

#[test]
fn c02_team_swiss_sample_agrees_with_gacrux_when_installed() {
    let Ok(python) = std::env::var("ARBITER_GACRUX_PYTHON") else {
        eprintln!("skipped: set ARBITER_GACRUX_PYTHON to a Python with gacrux installed");
        return;
    };
    let scratch = std::env::temp_dir().join(format!("arbiter-gacrux-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch");
    for (index, (profile, text)) in sample(5).into_iter().enumerate() {
        let file = scratch.join(format!("e{index}.trf"));
        std::fs::write(&file, &text).expect("write");
        let mut method = "fideteam".to_owned();
        if profile.options.colours == ColourPreferences::TypeB {
            method.push_str("-typeb");
        }
        if profile.options.primary == PrimaryScore::GamePoints {
            method.push_str("-gp+mp");
        }
        let out = std::process::Command::new(&python)
            .args(["-m", "gacrux.pairingchecker", "-i"])
            .arg(&file)
            .args(["-m", &method, "-c", "-d", "T"])
            .output()
            .expect("run gacrux");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            stdout.trim_end().ends_with("Check: True"),
            "event {index}: {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&scratch).ok();
}
