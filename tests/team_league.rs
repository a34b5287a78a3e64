//! Team leagues: match scoring (C.07 Art. 11), team tie-breaks (Art. 12–13) checked against
//! FIDE's TieBreakServer, and the TRF-2026 team records written and read back.
//!
//! The oracle test runs FIDE's TieBreakServer (`gacrux`, on PyPI) when it is installed:
//! `ARBITER_GACRUX_PYTHON` names a Python that has it (CI installs it into a venv); without it
//! the test says it was skipped. Every league it checks is generated here from a seed.

use arbiter::day::league::sample::{LeagueShape, league};
use arbiter::formats::trf;
use arbiter::tournament::Points;
use arbiter::tournament::result::BoardResult;
use arbiter::tournament::system::Cycles;
use arbiter::tournament::team::score::match_score;
use arbiter::tournament::team::tiebreak::{TeamRanking, TeamTieBreak, rank};
use arbiter::tournament::team::{
    BoardColours, MatchBoard, MatchForfeit, MatchOutcome, MatchPoints, TeamEvent,
};
use arbiter::tournament::tiebreak::Lots;

fn write_and_read(event: &TeamEvent) -> TeamEvent {
    let text = trf::write(&event.to_tournament());
    let tournament = trf::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    TeamEvent::from_tournament(&tournament).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The event as the file can say it: players without rounds, matches in file order.
fn comparable(event: &TeamEvent) -> Vec<String> {
    event.matches.iter().map(|m| format!("{m:?}")).collect()
}

#[test]
fn trf_2026_team_records_round_trip_with_an_edit_in_between() {
    for seed in 1..=6 {
        let mut event = league(&LeagueShape {
            incident_rate: 0.08,
            ..LeagueShape::extraliga(seed)
        })
        .expect("league");
        // Edit a result after generation: the file must carry the edit.
        let board = event
            .matches
            .iter_mut()
            .find(|m| m.forfeit.is_none() && m.away.is_some() && m.boards[0].result.is_some())
            .map(|m| &mut m.boards[0])
            .expect("a played board");
        board.result = Some(if board.result == Some(BoardResult::Draw) {
            BoardResult::WhiteWins
        } else {
            BoardResult::Draw
        });
        let edited = *board;
        let read = write_and_read(&event);
        assert_eq!(read.teams, event.teams, "seed {seed}");
        assert_eq!(read.match_points, event.match_points);
        assert_eq!(read.penalties.len(), event.penalties.len());
        // Every finished match is in the file as played; a postponed one (no result yet) is
        // there only as a match still to play (a `### scheduled` comment).
        let mut expected: Vec<String> = event
            .matches
            .iter()
            .filter(|m| m.away.is_some() && match_score(&event, m).is_some())
            .map(|m| format!("{m:?}"))
            .collect();
        let mut got: Vec<String> = comparable(&read)
            .into_iter()
            .filter(|m| !m.contains("away: None") && !m.contains("unplayed: true"))
            .collect();
        got.sort();
        expected.sort();
        for (got, expected) in got.iter().zip(&expected) {
            assert_eq!(got, expected, "seed {seed}");
        }
        assert_eq!(got.len(), expected.len(), "seed {seed}");
        assert!(
            read.matches
                .iter()
                .flat_map(|m| &m.boards)
                .any(|b| *b == edited),
            "the edited board is in the file"
        );
    }
}

fn small_league() -> TeamEvent {
    // Four teams of two boards, 3/1/0, one round.
    let mut event = league(&LeagueShape {
        teams: 4,
        boards: 2,
        reserves: 0,
        cycles: Cycles::Single,
        match_points: MatchPoints::three_one_zero(),
        colours: BoardColours::HomeWhiteOnOdd,
        rounds_played: Some(1),
        incident_rate: 0.0,
        seed: 7,
    })
    .expect("league");
    event.penalties.clear();
    event
}

#[test]
fn c07_art_11_match_and_game_points_of_a_match() {
    let mut event = small_league();
    let first = event
        .matches
        .iter()
        .position(|m| m.round == 1)
        .expect("round 1");
    {
        let m = &mut event.matches[first];
        m.boards[0].result = Some(BoardResult::Draw);
        m.boards[1].result = Some(BoardResult::BlackWins);
    }
    let m = &event.matches[first];
    // Board 2: the home team has Black (white on odd boards), so Black's win is the home team's.
    let score = match_score(&event, m).expect("all boards have results");
    assert_eq!(score.home_game_points, Points(15));
    assert_eq!(score.away_game_points, Points(5));
    assert_eq!(score.home_outcome, MatchOutcome::Win);
    assert_eq!(score.home_match_points, Points(30));
    assert_eq!(score.away_match_points, Points::ZERO);
}

#[test]
fn a_short_team_forfeits_its_empty_bottom_board() {
    let mut event = small_league();
    let first = event
        .matches
        .iter()
        .position(|m| m.round == 1)
        .expect("round 1");
    let m = &mut event.matches[first];
    m.boards[0].result = Some(BoardResult::BlackWins);
    // The away team brings one player: board 2 is empty on its side (the away team has White
    // on board 2).
    m.boards[1] = MatchBoard {
        white: None,
        result: None,
        ..m.boards[1]
    };
    let score = match_score(&event, &event.matches[first]).expect("the empty board decides itself");
    assert_eq!(score.home_game_points, Points(10));
    assert_eq!(score.away_game_points, Points(10));
    assert_eq!(score.home_outcome, MatchOutcome::Draw);
}

#[test]
fn a_whole_match_forfeit_gives_the_winner_every_board() {
    let mut event = small_league();
    let first = event
        .matches
        .iter()
        .position(|m| m.round == 1)
        .expect("round 1");
    event.matches[first].forfeit = Some(MatchForfeit::AwayWins);
    let score = match_score(&event, &event.matches[first]).expect("forfeit");
    assert_eq!(
        (score.home_game_points, score.away_game_points),
        (Points::ZERO, Points(20))
    );
    assert_eq!(score.away_match_points, Points(30));
    assert!(score.forfeited);
}

#[test]
fn c07_art_4_2_penalty_points_count_in_the_ranking() {
    let mut event = small_league();
    for m in event.matches.iter_mut().filter(|m| m.round == 1) {
        for b in &mut m.boards {
            b.result = Some(BoardResult::Draw);
        }
    }
    let ranking = TeamRanking {
        list: vec![TeamTieBreak::MatchPoints, TeamTieBreak::GamePoints],
        swiss: false,
        lots: Lots::Shared,
    };
    let before = rank(&event, &ranking, 1);
    assert!(
        before.rows.iter().all(|r| r.rank == 1),
        "all drawn: all share first place"
    );
    event
        .penalties
        .push(arbiter::tournament::team::PenaltyPoints {
            team: arbiter::tournament::team::TeamId(2),
            round: None,
            match_points: Points(-10),
            game_points: Points::ZERO,
            reason: "Late line-up".into(),
        });
    let after = rank(&event, &ranking, 1);
    let last = after.rows.last().expect("rows");
    assert_eq!(last.team.0, 2);
    assert_eq!(last.match_points, Points::ZERO);
    assert_eq!(last.rank, 4);
}

/// FIDE's TieBreakServer, when installed: `(start, rank, values)` per team.
/// `swiss` selects its Swiss rules (`-s`, C.07 Art. 16), else those of pre-determined pairings
/// (`-p`, Art. 15.2).
fn gacrux(
    python: &str,
    file: &std::path::Path,
    codes: &[String],
    swiss: bool,
) -> Vec<(u32, u32, Vec<f64>)> {
    let output = std::process::Command::new(python)
        .args(["-m", "gacrux.tiebreakchecker", "-i"])
        .arg(file)
        .args(["-o", "-", if swiss { "-s" } else { "-p" }])
        .args(["-d", ";", "-F", "TEXT", "-t"])
        .args(codes)
        .output()
        .expect("run gacrux");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "gacrux failed: {text}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    text.lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty() && !line.starts_with("Check"))
        .map(|line| {
            let fields: Vec<&str> = line.split(';').collect();
            let start = fields[0].trim().parse().expect("start number");
            let rank = fields[1].trim().parse().expect("rank");
            let values = fields[2..]
                .iter()
                .map(|v| v.trim().parse().unwrap_or(f64::NAN))
                .collect();
            (start, rank, values)
        })
        .collect()
}

/// The leagues the oracle test checks: sizes, board counts, single and double cycles, now and
/// then short teams and forfeited matches; every match finished, no penalties.
fn oracle_league(seed: u64) -> TeamEvent {
    let shape = LeagueShape {
        teams: 6 + (seed % 7) as u32,
        boards: [4, 6, 8, 10, 12][seed as usize % 5],
        incident_rate: if seed.is_multiple_of(3) { 0.05 } else { 0.0 },
        cycles: if seed.is_multiple_of(4) {
            Cycles::Double {
                swap_last_two_rounds: false,
            }
        } else {
            Cycles::Single
        },
        ..LeagueShape::extraliga(seed)
    };
    let mut event = league(&shape).expect("league");
    // Penalties are not tie-breaks: the oracle is asked about the games alone.
    event.penalties.clear();
    // Postponed matches would be unplayed rounds; the oracle sees the finished season.
    for m in &mut event.matches {
        if m.forfeit.is_none() && m.away.is_some() {
            for b in &mut m.boards {
                if b.white.is_some() && b.black.is_some() {
                    b.result.get_or_insert(BoardResult::Draw);
                }
            }
        }
    }
    event
}

/// A file in the style of older programs (013 team records, no colour sequence, forfeited
/// matches written as forfeited games between the nominated players, informative records),
/// made here from the league of `oracle_league(6)`: it must give the same standings as the
/// season itself.
#[test]
fn a_team_file_in_an_older_programs_style_gives_the_seasons_standings() {
    let text = std::fs::read_to_string("tests/data/team/league_013_style.trf").expect("file");
    let tournament = trf::parse(&text).expect("reads");
    let read = TeamEvent::from_tournament(&tournament).expect("a team file");
    let season = oracle_league(6);
    assert_eq!(read.teams.len(), season.teams.len());
    assert_eq!(
        read.matches.iter().filter(|m| m.forfeit.is_some()).count(),
        season
            .matches
            .iter()
            .filter(|m| m.forfeit.is_some())
            .count()
    );
    let ranking = TeamRanking {
        list: TeamTieBreak::parse_list("MPTS,GPTS,EDE,EMGSB/C1,EMMSB,EGGSB,BC").expect("list"),
        swiss: false,
        lots: Lots::Shared,
    };
    let from_file = rank(&read, &ranking, read.rounds_played());
    let from_season = rank(&season, &ranking, season.rounds_played());
    assert_eq!(from_file.rows, from_season.rows);
}

#[test]
fn c07_art_13_team_tie_breaks_equal_fides_tiebreakserver() {
    let Ok(python) = std::env::var("ARBITER_GACRUX_PYTHON") else {
        eprintln!("skipped: set ARBITER_GACRUX_PYTHON to a Python with gacrux==1.11.65 installed");
        return;
    };
    let lists = [
        "MPTS GPTS EDE EMGSB/C1",
        "MPTS GPTS WIN EMMSB EGGSB",
        "GPTS MPTS EGMSB BC TBR BBE",
    ];
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = match std::env::var("ARBITER_KEEP_TEAM_FILES") {
        Ok(path) => std::path::PathBuf::from(path),
        Err(_) => dir.path().to_path_buf(),
    };
    let mut checked = 0;
    for seed in 1..=12u64 {
        let event = oracle_league(seed);
        let file = dir.join(format!("league-{seed}.trf"));
        std::fs::write(&file, trf::write(&event.to_tournament())).expect("write");
        for list in lists {
            let codes: Vec<String> = list.split(' ').map(str::to_string).collect();
            let ranking = TeamRanking {
                list: TeamTieBreak::parse_list(list).expect("list"),
                swiss: false,
                lots: Lots::Shared,
            };
            let ours = rank(&event, &ranking, event.rounds_played());
            let theirs = gacrux(&python, &file, &codes, false);
            for (start, _rank, values) in &theirs {
                let row = ours
                    .rows
                    .iter()
                    .find(|r| r.team.0 == *start)
                    .unwrap_or_else(|| panic!("team {start}"));
                for ((code, value), expected) in codes.iter().zip(&row.values).zip(values) {
                    // EDE, TBR and BBE decide within tied groups and show no value of their
                    // own there: they are compared through the ranks below.
                    if ["EDE", "TBR", "BBE"].contains(&code.as_str()) {
                        continue;
                    }
                    let value = value.as_f64();
                    assert!(
                        (value - expected).abs() < 1e-6,
                        "seed {seed}, list {list}: team {start} {code} = {value}, FIDE's checker {expected}\n{}",
                        file.display()
                    );
                }
            }
            let mut our_ranks: Vec<(u32, u32)> =
                ours.rows.iter().map(|r| (r.team.0, r.rank)).collect();
            our_ranks.sort_unstable();
            let mut their_ranks: Vec<(u32, u32)> =
                theirs.iter().map(|(s, r, _)| (*s, *r)).collect();
            their_ranks.sort_unstable();
            assert_eq!(
                our_ranks,
                their_ranks,
                "seed {seed}, list {list}: ranks\n{}",
                file.display()
            );
            checked += 1;
        }
    }
    eprintln!("{checked} team standings equal to FIDE's TieBreakServer");
}

/// The match sheets of a round: one page per match, both teams' names and players printed.
#[test]
fn match_sheets_name_both_teams_and_every_player_of_the_round() {
    let event = oracle_league(2);
    let tournament = event.to_tournament();
    let input = arbiter::print::DocumentInput {
        language: arbiter::print::Language::ALL[1],
        ..arbiter::print::DocumentInput::default()
    };
    let pdf = arbiter::print::render(
        arbiter::print::Document::MatchSheets,
        &tournament,
        &input,
        3,
    )
    .expect("match sheets");
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("sheets.pdf");
    std::fs::write(&path, &pdf).expect("write");
    let Ok(output) = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
    else {
        eprintln!("skipped the text check: pdftotext is not installed");
        return;
    };
    let text = String::from_utf8_lossy(&output.stdout);
    let matches: Vec<_> = event
        .matches_of_round(3)
        .filter(|m| m.away.is_some())
        .collect();
    assert_eq!(
        text.matches("Zápis o utkání").count(),
        matches.len(),
        "one sheet per match (Czech)"
    );
    for m in matches {
        for team in [Some(m.home), m.away].into_iter().flatten() {
            let name = &event.team(team).expect("team").name;
            assert!(text.contains(name.as_str()), "{name} on the sheets");
        }
        for player in m.boards.iter().flat_map(|b| [b.white, b.black]).flatten() {
            let name = &event.players[player.0 as usize - 1].name;
            assert!(text.contains(name.as_str()), "{name} on the sheets");
        }
    }
    // An individual event has no match sheets: the error says so.
    let individual = arbiter::tournament::Tournament::default();
    let error = arbiter::print::render(
        arbiter::print::Document::MatchSheets,
        &individual,
        &input,
        1,
    )
    .expect_err("not a team competition");
    assert!(error.to_string().contains("not a team competition"));
}

/// Four teams of four boards, 3/1/0, a whole single round robin, every board still open.
fn four_teams() -> TeamEvent {
    let mut event = league(&LeagueShape {
        teams: 4,
        boards: 4,
        reserves: 0,
        cycles: Cycles::Single,
        match_points: MatchPoints::three_one_zero(),
        colours: BoardColours::HomeWhiteOnOdd,
        rounds_played: Some(3),
        incident_rate: 0.0,
        seed: 11,
    })
    .expect("league");
    event.penalties.clear();
    event
}

/// Enters the match of teams `ours` and `theirs`, board by board from `ours`' side:
/// `1` won, `=` drawn, `0` lost.
fn play(event: &mut TeamEvent, ours: u32, theirs: u32, boards: &str) {
    use arbiter::tournament::team::TeamId;
    let squad = event.team(TeamId(ours)).expect("team").squad.clone();
    let m = event
        .matches
        .iter_mut()
        .find(|m| m.involves(TeamId(ours)) && m.involves(TeamId(theirs)))
        .expect("they meet");
    for (board, code) in m.boards.iter_mut().zip(boards.chars()) {
        let ours_white = board.white.is_some_and(|p| squad.contains(&p));
        board.result = Some(match (code, ours_white) {
            ('=', _) => BoardResult::Draw,
            ('1', true) | ('0', false) => BoardResult::WhiteWins,
            _ => BoardResult::BlackWins,
        });
    }
}

fn czech() -> TeamRanking {
    TeamRanking {
        list: arbiter::tournament::team::tiebreak::TeamOrder::Czech.list(),
        swiss: false,
        lots: Lots::Shared,
    }
}

fn rank_of(standings: &arbiter::tournament::team::tiebreak::TeamStandings, team: u32) -> u32 {
    standings
        .rows
        .iter()
        .find(|r| r.team.0 == team)
        .expect("ranked")
        .rank
}

#[test]
fn soutezni_rad_5_3_3_c_games_won_decide_before_the_mutual_match() {
    // Teams 2 and 3: equal match points (4), game points (6) and mutual match (2:2), but 2
    // won three games against team 4 where 3 won two and drew two.
    let mut event = four_teams();
    play(&mut event, 1, 2, "11==");
    play(&mut event, 1, 3, "11==");
    play(&mut event, 1, 4, "1111");
    play(&mut event, 2, 3, "====");
    play(&mut event, 2, 4, "1110");
    play(&mut event, 3, 4, "11==");
    let standings = rank(&event, &czech(), 3);
    assert_eq!(rank_of(&standings, 1), 1);
    assert_eq!(rank_of(&standings, 2), 2, "more games won");
    assert_eq!(rank_of(&standings, 3), 3);
    let gwin = standings
        .tie_breaks
        .iter()
        .position(|t| *t == TeamTieBreak::GamesWon)
        .expect("GWIN listed");
    let row = |team| {
        standings
            .rows
            .iter()
            .find(|r| r.team.0 == team)
            .expect("row")
    };
    assert_eq!(row(2).values[gwin].display(), "3");
    assert_eq!(row(3).values[gwin].display(), "2");
    // Matches won (the generic order's third step) cannot tell them apart: they share a rank.
    let generic = TeamRanking {
        list: arbiter::tournament::team::tiebreak::TeamOrder::MatchPointsFirst.list(),
        ..czech()
    };
    let shared = rank(&event, &generic, 3);
    assert_eq!(rank_of(&shared, 2), rank_of(&shared, 3));
}

#[test]
fn soutezni_rad_5_3_3_e_the_result_against_the_winner_decides_last() {
    // Teams 2 and 3 are equal in match points (4), game points (6), games won (3) and drew
    // each other; against the winner (team 1) team 3 scored 1½, team 2 only 1.
    let mut event = four_teams();
    play(&mut event, 2, 1, "1000");
    play(&mut event, 3, 1, "1=00");
    play(&mut event, 1, 4, "1111");
    play(&mut event, 2, 3, "====");
    play(&mut event, 2, 4, "11==");
    play(&mut event, 3, 4, "11=0");
    let standings = rank(&event, &czech(), 3);
    assert_eq!(rank_of(&standings, 1), 1);
    assert_eq!(rank_of(&standings, 3), 2, "1½ against the winner");
    assert_eq!(rank_of(&standings, 2), 3);
    // The working names the team it was tied with and the results against the others, the
    // winner first.
    let working = arbiter::tournament::team::working::team_working(
        &event,
        &czech(),
        &standings,
        arbiter::tournament::team::TeamId(3),
    )
    .expect("ranked team");
    let rtop = working
        .iter()
        .find(|w| w.tie_break == TeamTieBreak::ResultsAgainstTop)
        .expect("RTOP");
    assert_eq!(rtop.tied_with, vec![arbiter::tournament::team::TeamId(2)]);
    let lines: Vec<(u32, String, String)> = rtop
        .lines
        .iter()
        .map(|l| {
            (
                l.opponent.expect("opponent").0,
                l.value.display(),
                l.second.expect("game points").display(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        vec![(1, "0".into(), "1.5".into()), (4, "3".into(), "2.5".into())]
    );
    let gwin = working
        .iter()
        .find(|w| w.tie_break == TeamTieBreak::GamesWon)
        .expect("GWIN");
    assert_eq!(gwin.value.display(), "3");
    assert_eq!(gwin.lines.len(), 3, "one line per match played");
}

#[test]
fn national_orders_name_their_steps_and_read_back_from_their_codes() {
    use arbiter::tournament::team::tiebreak::TeamOrder;
    for order in [
        TeamOrder::Czech,
        TeamOrder::Slovak,
        TeamOrder::Hungarian,
        TeamOrder::Serbian,
    ] {
        let list = order.list();
        let codes: Vec<String> = list.iter().map(TeamTieBreak::code).collect();
        assert_eq!(
            TeamTieBreak::parse_list(&codes.join(",")).expect("codes read"),
            list,
            "{order:?}"
        );
    }
    assert_eq!(
        TeamOrder::Hungarian.list()[0],
        TeamTieBreak::GamePoints,
        "Hungarian leagues rank by game points first"
    );
}

/// Team files in the style of other programs (made here, see `tests/data/team/`) and the team
/// Swiss files of `tests/data/team-swiss/` (pairing-allocated byes, record 320, score their
/// value): FIDE's TieBreakServer reads the same file and must give every team the same rank and
/// values.
#[test]
fn c07_art_13_team_files_in_other_programs_styles_equal_fides_tiebreakserver() {
    let Ok(python) = std::env::var("ARBITER_GACRUX_PYTHON") else {
        eprintln!("skipped: set ARBITER_GACRUX_PYTHON to a Python with gacrux==1.11.65 installed");
        return;
    };
    let mut checked = 0;
    let files = ["tests/data/team", "tests/data/team-swiss"]
        .into_iter()
        .flat_map(|dir| std::fs::read_dir(dir).expect("dir"))
        .map(|entry| entry.expect("entry").path());
    for path in files {
        // A team Swiss (record 320 byes) is ranked by the Swiss rules (C.07 Art. 16).
        let swiss = path.to_string_lossy().contains("team-swiss");
        let text = std::fs::read_to_string(&path).expect("file");
        let tournament = trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let event = TeamEvent::from_tournament(&tournament).expect("a team file");
        // Not `WIN`: on a file with 013 records TieBreakServer counts the games won there, not
        // the matches (on 310 files it counts matches, as C.07 Art. 7.1 and we do).
        let lists: &[&str] = if swiss {
            &[
                "MPTS GPTS BH:MP BH:GP",
                "GPTS MPTS EGGSB EMMSB",
                "MPTS GPTS EMGSB EGMSB/C1",
            ]
        } else {
            &["MPTS GPTS EDE EMGSB/C1", "GPTS MPTS EMMSB EGGSB BC"]
        };
        for list in lists {
            let codes: Vec<String> = list.split(' ').map(str::to_string).collect();
            let ranking = TeamRanking {
                list: TeamTieBreak::parse_list(list).expect("list"),
                swiss,
                lots: Lots::Shared,
            };
            let ours = rank(&event, &ranking, event.rounds_played());
            let theirs = gacrux(&python, &path, &codes, swiss);
            assert_eq!(theirs.len(), ours.rows.len(), "{}", path.display());
            for (start, their_rank, values) in &theirs {
                let row = ours
                    .rows
                    .iter()
                    .find(|r| r.team.0 == *start)
                    .unwrap_or_else(|| panic!("team {start}"));
                assert_eq!(
                    row.rank,
                    *their_rank,
                    "{}: team {start}, {list}",
                    path.display()
                );
                for ((code, value), expected) in codes.iter().zip(&row.values).zip(values) {
                    if code == "EDE" {
                        continue;
                    }
                    assert!(
                        (value.as_f64() - expected).abs() < 1e-6,
                        "{}: team {start} {code} = {}, FIDE's checker {expected}",
                        path.display(),
                        value.as_f64()
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 0, "no team files found");
    eprintln!("{checked} standings of other programs' team files equal to FIDE's TieBreakServer");
}

/// The team tables as PDF: the standings in the list's order, the crosstable and the board
/// statistics, each team named on every table, in the chosen language.
#[test]
fn team_standings_pdf_holds_the_standings_crosstable_and_board_statistics() {
    let event = oracle_league(3);
    let tournament = event.to_tournament();
    let input = arbiter::print::DocumentInput {
        language: arbiter::print::Language::parse("cs").expect("Czech"),
        team_tie_breaks: arbiter::tournament::team::tiebreak::TeamOrder::Czech.list(),
        ..arbiter::print::DocumentInput::default()
    };
    let rounds = event.rounds_played();
    let pdf = arbiter::print::render(
        arbiter::print::Document::TeamStandings,
        &tournament,
        &input,
        rounds,
    )
    .expect("team tables");
    assert!(pdf.starts_with(b"%PDF"));
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("tables.pdf");
    std::fs::write(&path, &pdf).expect("write");
    let Ok(output) = std::process::Command::new("pdftotext")
        .args(["-layout"])
        .arg(&path)
        .arg("-")
        .output()
    else {
        eprintln!("skipped the text check: pdftotext is not installed");
        return;
    };
    let text = String::from_utf8_lossy(&output.stdout);
    for heading in [
        format!("Pořadí po {rounds}. kole"),
        format!("Tabulka vzájemných utkání po {rounds}. kole"),
        format!("Statistika šachovnic po {rounds}. kole"),
    ] {
        assert!(text.contains(&heading), "{heading} in\n{text}");
    }
    for code in ["GWIN", "DE:MP", "RTOP"] {
        assert!(text.contains(code), "{code} column");
    }
    for team in &event.teams {
        assert!(
            text.matches(team.name.as_str()).count() >= 3,
            "{} on all three tables",
            team.name
        );
    }
    // The rows of the standings come in rank order.
    let ranking = TeamRanking {
        list: arbiter::tournament::team::tiebreak::TeamOrder::Czech.list(),
        swiss: false,
        lots: Lots::Shared,
    };
    let standings = rank(&event, &ranking, rounds);
    let positions: Vec<usize> = standings
        .rows
        .iter()
        .map(|row| {
            let name = &event.team(row.team).expect("team").name;
            text.find(name.as_str()).expect("named")
        })
        .collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "standings in rank order"
    );
}

/// C.07 Art. 13 (as FIDE's TieBreakServer reads a team file): a code without `:MP`/`:GP`
/// (`DE`, `BH`, `SB`) is on the primary score, match points unless the list puts game
/// points first.
#[test]
fn c07_art_13_codes_without_mp_or_gp_are_on_the_primary_score() {
    let read = |list: &str| TeamTieBreak::parse_list(list).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        read("MPTS,GPTS,DE,BH,SB"),
        read("MPTS,GPTS,DE:MP,BH:MP,SB:MP")
    );
    assert_eq!(read("DE,SB/C1"), read("DE:MP,SB:MP/C1"));
    assert_eq!(read("GPTS,MPTS,DE,BH"), read("GPTS,MPTS,DE:GP,BH:GP"));
}
