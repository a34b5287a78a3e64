//! Generated leagues for tests, benchmarks and demonstrations: a round robin over teams with
//! squads, line-ups (now and then a reserve, a short team, a whole-match forfeit, a postponed
//! match) and random results, all from a seed, so the same seed gives the same season.

use crate::day::league;
use crate::tournament::model::{Player, PlayerId};
use crate::tournament::result::BoardResult;
use crate::tournament::scoring::PointSystem;
use crate::tournament::system::Cycles;
use crate::tournament::team::league::BoardColours;
use crate::tournament::team::{
    MatchBoard, MatchForfeit, MatchPoints, PenaltyPoints, Team, TeamEvent, TeamId, TeamMatch,
};

/// What to generate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LeagueShape {
    /// Number of teams (2–999).
    pub teams: u32,
    /// Boards per match.
    pub boards: u32,
    /// Reserves per squad beyond the boards.
    pub reserves: u32,
    /// Single or double round robin.
    pub cycles: Cycles,
    /// Match points.
    pub match_points: MatchPoints,
    /// Colour setting.
    pub colours: BoardColours,
    /// Rounds with results (the rest are scheduled without results); `None` for all.
    pub rounds_played: Option<u32>,
    /// Chance (0–1) of a short team, of a whole-match forfeit and of a postponed match, each.
    pub incident_rate: f64,
    /// The seed.
    pub seed: u64,
}

impl LeagueShape {
    /// A Czech-style Extraliga: 12 teams of 8 boards (plus 4 reserves), single round robin,
    /// 3/1/0.
    pub fn extraliga(seed: u64) -> LeagueShape {
        LeagueShape {
            teams: 12,
            boards: 8,
            reserves: 4,
            cycles: Cycles::Single,
            match_points: MatchPoints::three_one_zero(),
            colours: BoardColours::HomeWhiteOnOdd,
            rounds_played: None,
            incident_rate: 0.03,
            seed,
        }
    }
}

/// SplitMix64: small, fixed, the same on every machine.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// A generated league (see the module docs).
pub fn league(
    shape: &LeagueShape,
) -> Result<TeamEvent, crate::pairing::round_robin::RoundRobinError> {
    let schedule = league::schedule(shape.teams, shape.cycles)?;
    let mut random = Random(shape.seed);
    let squad_size = shape.boards + shape.reserves;
    let mut players = Vec::new();
    let mut teams = Vec::new();
    for t in 1..=shape.teams {
        let strength = 1500 + random.below(800) as u16;
        let mut squad = Vec::new();
        for place in 0..squad_size {
            let id = PlayerId(players.len() as u32 + 1);
            players.push(Player {
                id,
                name: format!("Player {t:02}-{:02}", place + 1),
                rating: strength.saturating_sub((place * 15) as u16) + random.below(60) as u16,
                federation: "CZE".into(),
                ..Player::default()
            });
            squad.push(id);
        }
        teams.push(Team {
            id: TeamId(t),
            name: format!("Team {t:02}"),
            nickname: format!("T{t:02}"),
            squad,
        });
    }
    let rounds_played = shape
        .rounds_played
        .unwrap_or(schedule.len() as u32)
        .min(schedule.len() as u32);
    let mut matches = Vec::new();
    for (r, round) in schedule.iter().enumerate() {
        let round_number = r as u32 + 1;
        let with_results = round_number <= rounds_played;
        for &(home, away) in round {
            let Some(away) = away else {
                matches.push(TeamMatch {
                    round: round_number,
                    home,
                    away: None,
                    boards: Vec::new(),
                    forfeit: None,
                    unplayed: false,
                });
                continue;
            };
            if with_results && random.chance(shape.incident_rate) {
                let forfeit = if random.chance(0.5) {
                    MatchForfeit::HomeWins
                } else {
                    MatchForfeit::AwayWins
                };
                matches.push(TeamMatch {
                    round: round_number,
                    home,
                    away: Some(away),
                    boards: Vec::new(),
                    forfeit: Some(forfeit),
                    unplayed: false,
                });
                continue;
            }
            let postponed = with_results && random.chance(shape.incident_rate);
            let lineup = |team: TeamId, random: &mut Random| -> Vec<Option<PlayerId>> {
                let squad = &teams[team.0 as usize - 1].squad;
                // Mostly the top boards; now and then a reserve for one of them.
                let mut chosen: Vec<PlayerId> = squad[..shape.boards as usize].to_vec();
                if shape.reserves > 0 && random.chance(0.3) {
                    let out = random.below(u64::from(shape.boards)) as usize;
                    chosen.remove(out);
                    chosen.push(
                        squad[shape.boards as usize
                            + random.below(u64::from(shape.reserves)) as usize],
                    );
                }
                chosen.sort_by_key(|p| squad.iter().position(|q| q == p));
                let mut seats: Vec<Option<PlayerId>> = chosen.into_iter().map(Some).collect();
                if random.chance(shape.incident_rate)
                    && let Some(last) = seats.last_mut()
                {
                    *last = None;
                }
                seats
            };
            let home_seats = lineup(home, &mut random);
            let away_seats = lineup(away, &mut random);
            let boards = (0..shape.boards)
                .map(|b| {
                    let home_player = home_seats[b as usize];
                    let away_player = away_seats[b as usize];
                    let home_white = shape.colours.home_colour(b + 1, round_number)
                        == crate::tournament::model::Color::White;
                    let (white, black) = if home_white {
                        (home_player, away_player)
                    } else {
                        (away_player, home_player)
                    };
                    let seated = white.is_some() && black.is_some();
                    let result = (with_results && !postponed && seated).then(|| {
                        let roll = random.below(100);
                        if roll < 38 {
                            BoardResult::WhiteWins
                        } else if roll < 70 {
                            BoardResult::Draw
                        } else if roll < 99 {
                            BoardResult::BlackWins
                        } else {
                            BoardResult::WhiteWinsByForfeit
                        }
                    });
                    MatchBoard {
                        number: b + 1,
                        white,
                        black,
                        result,
                    }
                })
                .collect();
            matches.push(TeamMatch {
                round: round_number,
                home,
                away: Some(away),
                boards,
                forfeit: None,
                unplayed: false,
            });
        }
    }
    let penalties = if random.chance(shape.incident_rate * 5.0) {
        vec![PenaltyPoints {
            team: TeamId(1 + random.below(u64::from(shape.teams)) as u32),
            round: None,
            match_points: crate::tournament::scoring::Points(-10),
            game_points: crate::tournament::scoring::Points::ZERO,
            reason: "Late line-up, competition rules".into(),
        }]
    } else {
        Vec::new()
    };
    Ok(TeamEvent {
        bye_value: None,
        name: format!("Generated league {}", shape.seed),
        players,
        teams,
        total_rounds: schedule.len() as u32,
        boards: shape.boards,
        game_points: PointSystem::default(),
        match_points: shape.match_points,
        colours: shape.colours,
        matches,
        penalties,
        forfeit_win: None,
    })
}
