//! Team standings and tie-breaks (FIDE C.07 Art. 4.2, 11–13, 15–16).
//!
//! Art. 13: every individual tie-break of Art. 6–10 applies to teams with match points (MP) or
//! game points (GP) as the score. So the team tie-breaks are computed by the individual ones,
//! on a [`Record`] whose participants are the teams and whose games are the matches: one record
//! with match points as the score, one with game points.
//!
//! - Art. 11.1: `MPTS` and `GPTS`, the match and game point totals; the primary score (the
//!   first of them in the list) ranks first, the arbiter's penalty points included.
//! - Art. 13.1 `MPVGP`: the secondary score.
//! - Art. 7.1 `WIN`: matches won (with or without playing).
//! - Art. 13.2 Extended Sonneborn-Berger: `EMMSB`, `EMGSB`, `EGMSB`, `EGGSB` — the opponent's
//!   total MP or GP times the MP or GP scored against them; `/C1` cuts the opponent with the
//!   lowest total (Art. 14.1.2). `SB:MP`/`SB:GP` are EMMSB/EGGSB.
//! - Art. 8.1 `BH:MP`, `BH:GP`: Buchholz on either score (Swiss events only, Art. 8 note).
//! - Art. 6 `DE:MP`, `DE:GP`: direct encounter on one score; Art. 13.3 `EDE`: direct encounter
//!   on the primary score and, when it broke no tie, on the secondary score, restarting on
//!   every new subset (13.3.3).
//! - Art. 12.1 `BC` board count (lower is better), 12.2 `TBR` top board results, 12.3 `BBE`
//!   bottom board elimination.
//!
//! Two steps of national league orders that C.07 has no code for (written with codes of our
//! own, which other programs do not read):
//! - `GWIN`: games won on the boards of the matches played (the Czech competition rules,
//!   Soutěžní řád ŠSČR 5.3.3 c).
//! - `RTOP`: the result against the team ranked first, then second, third … (5.3.3 e): for
//!   each team outside the tie, in the order of the standings so far, the match points and
//!   then the game points scored against it; the first difference decides.
//!
//! Unplayed matches follow Art. 15.2 in a league (pre-determined pairings: a forfeited match
//! counts as a match played) and Art. 16 in a Swiss.

use crate::tournament::model::{Color, GameResult};
use crate::tournament::scoring::{PointSystem, Points};
use crate::tournament::team::score::{self, MatchOutcome};
use crate::tournament::team::{TeamEvent, TeamId};
use crate::tournament::tiebreak::cut::{self, Element};
use crate::tournament::tiebreak::rank::draw_lots;
use crate::tournament::tiebreak::unplayed::{Category, Record, Round};
use crate::tournament::tiebreak::{Cut, Lots, Value, direct, opponents, own};

/// Match points or game points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamScore {
    /// Match points (Art. 11.1.1).
    Match,
    /// Game points (Art. 11.1.2).
    Game,
}

impl TeamScore {
    pub(super) fn other(self) -> TeamScore {
        match self {
            TeamScore::Match => TeamScore::Game,
            TeamScore::Game => TeamScore::Match,
        }
    }

    fn letter(self) -> char {
        match self {
            TeamScore::Match => 'M',
            TeamScore::Game => 'G',
        }
    }
}

/// A team tie-break (C.07 Art. 6–13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamTieBreak {
    /// `MPTS`: match points (Art. 11.1.1).
    MatchPoints,
    /// `GPTS`: game points (Art. 11.1.2).
    GamePoints,
    /// `MPVGP`: the secondary score (Art. 13.1).
    SecondaryScore,
    /// `WIN`: matches won (Art. 7.1).
    MatchesWon,
    /// `DE:MP` / `DE:GP`: direct encounter on one score (Art. 6).
    DirectEncounter(TeamScore),
    /// `EDE`: extended direct encounter (Art. 13.3).
    ExtendedDirectEncounter,
    /// `E??SB`: extended Sonneborn-Berger (Art. 13.2), the opponent's total × the points
    /// scored against them, with an optional Cut-1 (Art. 14.1.2).
    SonnebornBerger {
        /// The opponent's total: MP or GP.
        opponents: TeamScore,
        /// The points scored against them: MP or GP.
        scored: TeamScore,
        /// Cut the opponent with the lowest total.
        cut1: bool,
    },
    /// `BH:MP` / `BH:GP`: Buchholz (Art. 8.1).
    Buchholz(TeamScore),
    /// `BC`: board count (Art. 12.1), lower first.
    BoardCount,
    /// `TBR`: top board results (Art. 12.2).
    TopBoardResults,
    /// `BBE`: bottom board elimination (Art. 12.3).
    BottomBoardElimination,
    /// `GWIN`: games won in the matches played (Soutěžní řád ŠSČR 5.3.3 c).
    GamesWon,
    /// `RTOP`: the results against the first, second, … team of the standings
    /// (Soutěžní řád ŠSČR 5.3.3 e).
    ResultsAgainstTop,
}

impl TeamTieBreak {
    /// Reads a code as FIDE and TRF-2026 write it (`EMGSB`, `EMGSB/C1`, `BH:GP`, `EDE`); a code
    /// that needs a score and names none (`DE`, `BH`, `SB`) is on match points, the primary
    /// score of a team event (C.07 Art. 13).
    pub fn parse(code: &str) -> Option<TeamTieBreak> {
        TeamTieBreak::parse_on(code, TeamScore::Match)
    }

    /// [`TeamTieBreak::parse`], with `primary` the score of a code that names none (as C.07
    /// and FIDE's TieBreakServer read `DE`, `BH`, `SB`).
    pub fn parse_on(code: &str, primary: TeamScore) -> Option<TeamTieBreak> {
        let code = code.trim().to_ascii_uppercase();
        let (name, modifier) = match code.split_once(['/', '-']) {
            Some((name, modifier)) => (name.to_string(), Some(modifier.to_string())),
            None => (code.clone(), None),
        };
        let cut1 = match modifier.as_deref() {
            None => false,
            Some("C1") => true,
            Some(_) => return None,
        };
        let (base, score) = match name.split_once(':') {
            Some((base, "MP")) => (base, Some(TeamScore::Match)),
            Some((base, "GP")) => (base, Some(TeamScore::Game)),
            Some(_) => return None,
            None if matches!(name.as_str(), "DE" | "BH" | "SB") => (name.as_str(), Some(primary)),
            None => (name.as_str(), None),
        };
        let sb = |opponents, scored| TeamTieBreak::SonnebornBerger {
            opponents,
            scored,
            cut1,
        };
        use TeamScore::{Game, Match};
        let tie_break = match (base, score) {
            ("MPTS", None) => TeamTieBreak::MatchPoints,
            ("GPTS", None) => TeamTieBreak::GamePoints,
            ("MPVGP", None) => TeamTieBreak::SecondaryScore,
            ("WIN", None) => TeamTieBreak::MatchesWon,
            ("DE", Some(score)) => TeamTieBreak::DirectEncounter(score),
            ("EDE", None) => TeamTieBreak::ExtendedDirectEncounter,
            ("EMMSB", None) => sb(Match, Match),
            ("EMGSB", None) => sb(Match, Game),
            ("EGMSB", None) => sb(Game, Match),
            ("EGGSB", None) => sb(Game, Game),
            ("SB", Some(score)) => sb(score, score),
            ("BH", Some(score)) => TeamTieBreak::Buchholz(score),
            ("BC", None) => TeamTieBreak::BoardCount,
            ("TBR", None) => TeamTieBreak::TopBoardResults,
            ("BBE", None) => TeamTieBreak::BottomBoardElimination,
            ("GWIN", None) => TeamTieBreak::GamesWon,
            ("RTOP", None) => TeamTieBreak::ResultsAgainstTop,
            _ => return None,
        };
        if cut1 && !matches!(tie_break, TeamTieBreak::SonnebornBerger { .. }) {
            return None;
        }
        Some(tie_break)
    }

    /// The code as TRF-2026 writes it.
    pub fn code(&self) -> String {
        let score = |s: TeamScore| match s {
            TeamScore::Match => "MP",
            TeamScore::Game => "GP",
        };
        match *self {
            TeamTieBreak::MatchPoints => "MPTS".into(),
            TeamTieBreak::GamePoints => "GPTS".into(),
            TeamTieBreak::SecondaryScore => "MPVGP".into(),
            TeamTieBreak::MatchesWon => "WIN".into(),
            TeamTieBreak::DirectEncounter(s) => format!("DE:{}", score(s)),
            TeamTieBreak::ExtendedDirectEncounter => "EDE".into(),
            TeamTieBreak::SonnebornBerger {
                opponents,
                scored,
                cut1,
            } => format!(
                "E{}{}SB{}",
                opponents.letter(),
                scored.letter(),
                if cut1 { "/C1" } else { "" }
            ),
            TeamTieBreak::Buchholz(s) => format!("BH:{}", score(s)),
            TeamTieBreak::BoardCount => "BC".into(),
            TeamTieBreak::TopBoardResults => "TBR".into(),
            TeamTieBreak::BottomBoardElimination => "BBE".into(),
            TeamTieBreak::GamesWon => "GWIN".into(),
            TeamTieBreak::ResultsAgainstTop => "RTOP".into(),
        }
    }

    /// Reads a comma-separated list (`MPTS,GPTS,EDE,EMGSB`); the error names the code. The
    /// primary score is game points when the list starts with `GPTS`, else match points; a
    /// code without `:MP`/`:GP` is on it (C.07 Art. 13).
    pub fn parse_list(list: &str) -> Result<Vec<TeamTieBreak>, String> {
        let codes = || {
            list.split([',', ' '])
                .filter(|code| !code.trim().is_empty())
        };
        let primary = match codes().next().map(|code| code.trim().to_ascii_uppercase()) {
            Some(first) if first == "GPTS" => TeamScore::Game,
            _ => TeamScore::Match,
        };
        codes()
            .map(|code| {
                TeamTieBreak::parse_on(code, primary)
                    .ok_or_else(|| format!("unknown team tie-break `{}`", code.trim()))
            })
            .collect()
    }
}

impl TeamTieBreak {
    /// The ranking list a tournament file's records give: record `202` (the tie-breaks), else
    /// `212` (the standings' list, the score first), as [`TeamTieBreak::parse_list`] reads
    /// them; `None` when the file has neither. The error names the record and the code.
    pub fn list_in_records(records: &[String]) -> Result<Option<Vec<TeamTieBreak>>, String> {
        for tag in ["202", "212"] {
            for record in records {
                let Some(rest) = record.strip_prefix(tag).filter(|r| r.starts_with(' ')) else {
                    continue;
                };
                let list =
                    TeamTieBreak::parse_list(rest).map_err(|reason| format!("{tag}: {reason}"))?;
                if !list.is_empty() {
                    return Ok(Some(list));
                }
            }
        }
        Ok(None)
    }
}

/// A named order of team tie-breaks. Lots follow every list (the standings' lot setting).
///
/// The national orders are the ones their federations' published competition rules give; a
/// competition's own announcement (rozpis, versenykiírás, propozicije) may differ, and the
/// organiser then builds the list by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamOrder {
    /// FIDE team events (Olympiad style): MP, GP, EDE, EMGSB/C1 (C.07 Art. 13).
    Fide,
    /// Match points, game points, matches won, the mutual match.
    MatchPointsFirst,
    /// Game points first, then match points and the mutual match.
    GamePointsFirst,
    /// The Czech competition rules (Soutěžní řád ŠSČR 5.3.3): match points, game points
    /// (skóre), games won, the mutual matches of the teams concerned, the results against the
    /// first, second, … team, lot.
    Czech,
    /// Slovak leagues: match points, game points, the mutual match (minitabuľka), then the
    /// points on board 1, board 2, … (top board results).
    Slovak,
    /// Hungarian team championships (csapatbajnokság versenykiírás): game points (táblapont)
    /// after penalties, the mutual result, match points (csapatgyőzelmi pont), Sonneborn-Berger
    /// on game points.
    Hungarian,
    /// Serbian leagues: match points (3/1/0), game points, the mutual match, then
    /// Sonneborn-Berger (opponents' match points × game points scored).
    Serbian,
}

impl TeamOrder {
    /// The tie-break list, the primary score first.
    pub fn list(self) -> Vec<TeamTieBreak> {
        use TeamTieBreak as T;
        match self {
            TeamOrder::Fide => vec![
                T::MatchPoints,
                T::GamePoints,
                T::ExtendedDirectEncounter,
                T::SonnebornBerger {
                    opponents: TeamScore::Match,
                    scored: TeamScore::Game,
                    cut1: true,
                },
            ],
            TeamOrder::MatchPointsFirst => vec![
                T::MatchPoints,
                T::GamePoints,
                T::MatchesWon,
                T::DirectEncounter(TeamScore::Match),
            ],
            TeamOrder::GamePointsFirst => vec![
                T::GamePoints,
                T::MatchPoints,
                T::DirectEncounter(TeamScore::Game),
                T::DirectEncounter(TeamScore::Match),
            ],
            TeamOrder::Czech => vec![
                T::MatchPoints,
                T::GamePoints,
                T::GamesWon,
                T::DirectEncounter(TeamScore::Match),
                T::ResultsAgainstTop,
            ],
            TeamOrder::Slovak => vec![
                T::MatchPoints,
                T::GamePoints,
                T::DirectEncounter(TeamScore::Match),
                T::TopBoardResults,
            ],
            TeamOrder::Hungarian => vec![
                T::GamePoints,
                T::DirectEncounter(TeamScore::Game),
                T::MatchPoints,
                T::SonnebornBerger {
                    opponents: TeamScore::Game,
                    scored: TeamScore::Game,
                    cut1: false,
                },
            ],
            TeamOrder::Serbian => vec![
                T::MatchPoints,
                T::GamePoints,
                T::DirectEncounter(TeamScore::Match),
                T::SonnebornBerger {
                    opponents: TeamScore::Match,
                    scored: TeamScore::Game,
                    cut1: false,
                },
            ],
        }
    }
}

/// One team's row of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamStanding {
    /// The rank.
    pub rank: u32,
    /// The team.
    pub team: TeamId,
    /// Match points, penalties included.
    pub match_points: Points,
    /// Game points, penalties included.
    pub game_points: Points,
    /// One value per tie-break of the list.
    pub values: Vec<Value>,
    /// Matches of the rounds so far still to be played (postponed).
    pub to_play: u32,
    /// The position drawn by lot, if lots decided.
    pub lot: Option<u32>,
    /// Per tie-break of the list, the other teams this one was still tied with when that
    /// step was applied (empty once it stood alone): the working of DE, EDE and RTOP.
    pub tied_with: Vec<Vec<TeamId>>,
}

/// The ranked teams.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamStandings {
    /// The list used, primary score first.
    pub tie_breaks: Vec<TeamTieBreak>,
    /// The rows in rank order.
    pub rows: Vec<TeamStanding>,
    /// The rounds counted.
    pub rounds: u32,
}

impl TeamStandings {
    /// The indexes of the list's entries other than `MPTS` and `GPTS`: the tie-break columns
    /// of a table that shows the two scores in columns of their own.
    pub fn tie_break_columns(&self) -> Vec<usize> {
        self.tie_breaks
            .iter()
            .enumerate()
            .filter(|(_, t)| !matches!(t, TeamTieBreak::MatchPoints | TeamTieBreak::GamePoints))
            .map(|(i, _)| i)
            .collect()
    }
}

/// The two records the team tie-breaks read: matches with MP and with GP as the score.
#[derive(Debug, Clone)]
pub struct TeamRecords {
    /// Match points as the score.
    pub match_points: Record,
    /// Game points as the score.
    pub game_points: Record,
    /// Matches not yet played of the rounds counted, per team.
    pub to_play: Vec<u32>,
}

impl TeamRecords {
    /// Reads `event` after `rounds` rounds.
    pub fn new(event: &TeamEvent, rounds: u32) -> TeamRecords {
        let mut mp_rows = Vec::with_capacity(event.teams.len());
        let mut gp_rows = Vec::with_capacity(event.teams.len());
        let mut to_play = vec![0u32; event.teams.len()];
        for (index, team) in event.teams.iter().enumerate() {
            let mut mp = Vec::with_capacity(rounds as usize);
            let mut gp = Vec::with_capacity(rounds as usize);
            for round in 1..=rounds {
                let of = event
                    .matches
                    .iter()
                    .find(|m| m.round == round && m.involves(team.id));
                let opponent = of
                    .and_then(|m| m.opponent_of(team.id))
                    .and_then(|o| event.team_index(o));
                let scored = of.and_then(|m| score::match_score(event, m).map(|s| (m, s)));
                let (mp_round, gp_round) = match (of, scored, opponent) {
                    (Some(m), Some((m2, s)), Some(opponent)) => {
                        let (game, matchp, outcome) = s.of_team(m2, team.id);
                        let result = match (outcome, s.forfeited) {
                            (MatchOutcome::Win, false) => GameResult::Win,
                            (MatchOutcome::Draw, false) => GameResult::Draw,
                            (MatchOutcome::Loss, false) => GameResult::Loss,
                            (MatchOutcome::Win, true) => GameResult::ForfeitWin,
                            (_, true) => GameResult::ForfeitLoss,
                        };
                        let unplayed = match result {
                            GameResult::ForfeitWin => Some(Category::ForfeitWin),
                            GameResult::ForfeitLoss => Some(Category::ForfeitLoss),
                            _ => None,
                        };
                        let color = Some(if m.home == team.id {
                            Color::White
                        } else {
                            Color::Black
                        });
                        let round = |points| Round {
                            opponent: Some(opponent),
                            result,
                            color,
                            points,
                            unplayed,
                        };
                        (round(matchp), round(game))
                    }
                    (Some(m), Some((_, s)), None)
                        if m.away.is_none() && event.bye_value.is_some() =>
                    {
                        // The pairing-allocated bye of a team Swiss (C.07 Art. 16.2.1).
                        let round = |points| Round {
                            opponent: None,
                            result: GameResult::PairingAllocatedBye,
                            color: None,
                            points,
                            unplayed: Some(Category::AllocatedOrFullBye),
                        };
                        (round(s.home_match_points), round(s.home_game_points))
                    }
                    (found, _, _) => {
                        if found.is_some_and(|m| m.away.is_some()) {
                            to_play[index] += 1;
                        }
                        let free = Round {
                            opponent: None,
                            result: GameResult::ZeroPointBye,
                            color: None,
                            points: Points::ZERO,
                            unplayed: Some(Category::RequestedByeAtEnd),
                        };
                        (free, free)
                    }
                };
                mp.push(mp_round);
                gp.push(gp_round);
            }
            mp_rows.push((0, mp));
            gp_rows.push((0, gp));
        }
        let matchp = &event.match_points;
        let mp_system = PointSystem {
            win: matchp.win,
            draw: matchp.draw,
            loss: matchp.loss,
            forfeit_win: matchp.win,
            forfeit_loss: matchp.loss,
            ..PointSystem::default()
        };
        let boards = event.boards as i32;
        let game = &event.game_points;
        let gp_system = PointSystem {
            win: Points(game.win.0 * boards),
            draw: Points(game.draw.0 * boards),
            loss: Points(game.loss.0 * boards),
            forfeit_win: Points(game.forfeit_win.0 * boards),
            forfeit_loss: Points(game.forfeit_loss.0 * boards),
            ..PointSystem::default()
        };
        TeamRecords {
            match_points: Record::from_rounds(rounds as usize, mp_system, mp_rows),
            game_points: Record::from_rounds(rounds as usize, gp_system, gp_rows),
            to_play,
        }
    }

    pub(super) fn of(&self, score: TeamScore) -> &Record {
        match score {
            TeamScore::Match => &self.match_points,
            TeamScore::Game => &self.game_points,
        }
    }
}

/// Settings of the team standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRanking {
    /// The ordered list; its first entry that is `MPTS` or `GPTS` is the primary score
    /// (match points when neither is listed).
    pub list: Vec<TeamTieBreak>,
    /// A Swiss event (Art. 16) rather than a league (Art. 15.2).
    pub swiss: bool,
    /// What to do with teams still tied after the list.
    pub lots: Lots,
}

impl TeamRanking {
    /// The primary score.
    pub fn primary(&self) -> TeamScore {
        self.list
            .iter()
            .find_map(|t| match t {
                TeamTieBreak::MatchPoints => Some(TeamScore::Match),
                TeamTieBreak::GamePoints => Some(TeamScore::Game),
                _ => None,
            })
            .unwrap_or(TeamScore::Match)
    }
}

/// Ranks the teams of `event` after `rounds` rounds (C.07 Art. 4.2).
pub fn rank(event: &TeamEvent, ranking: &TeamRanking, rounds: u32) -> TeamStandings {
    let records = TeamRecords::new(event, rounds);
    let count = event.teams.len();
    let primary = ranking.primary();
    // Totals with penalties (they rank, but opponents' tie-breaks do not see them).
    let mut totals: Vec<(Points, Points)> = (0..count)
        .map(|t| {
            (
                records.match_points.players[t].score,
                records.game_points.players[t].score,
            )
        })
        .collect();
    for penalty in &event.penalties {
        if penalty.round.is_none_or(|r| r <= rounds)
            && let Some(index) = event.team_index(penalty.team)
        {
            totals[index].0 += penalty.match_points;
            totals[index].1 += penalty.game_points;
        }
    }
    let total = |team: usize, score: TeamScore| -> Points {
        match score {
            TeamScore::Match => totals[team].0,
            TeamScore::Game => totals[team].1,
        }
    };
    let list = &ranking.list;
    // Sort keys per tie-break (higher first), and the value shown.
    let mut keys: Vec<Vec<Vec<i64>>> = vec![vec![Vec::new(); list.len()]; count];
    let mut values: Vec<Vec<Value>> = vec![vec![Value::whole(0); list.len()]; count];
    for (t, tie_break) in list.iter().enumerate() {
        for team in 0..count {
            let (key, value) = match *tie_break {
                TeamTieBreak::MatchPoints => points_key(total(team, TeamScore::Match)),
                TeamTieBreak::GamePoints => points_key(total(team, TeamScore::Game)),
                TeamTieBreak::SecondaryScore => points_key(total(team, primary.other())),
                TeamTieBreak::MatchesWon => {
                    let sum = cut::kept_sum(&own::wins(&records.match_points, team));
                    (vec![sum], Value::whole(sum))
                }
                TeamTieBreak::SonnebornBerger {
                    opponents: opponent_score,
                    scored,
                    cut1,
                } => {
                    let elements = sonneborn_berger(
                        &records,
                        team,
                        (opponent_score, scored, cut1),
                        ranking.swiss,
                    );
                    let sum = cut::kept_sum(&elements);
                    (vec![sum], Value::ratio(sum, 100))
                }
                TeamTieBreak::Buchholz(score) => {
                    let elements =
                        opponents::buchholz_elements(records.of(score), team, ranking.swiss);
                    let sum = cut::kept_sum(&elements);
                    (vec![sum], Value::ratio(sum, 10))
                }
                TeamTieBreak::BoardCount => {
                    let per_board = score::board_points(event, event.teams[team].id, rounds);
                    let sum: i64 = per_board
                        .iter()
                        .enumerate()
                        .map(|(b, p)| (b as i64 + 1) * i64::from(p.0))
                        .sum();
                    (vec![-sum], Value::ratio(sum, 10))
                }
                TeamTieBreak::TopBoardResults => {
                    let per_board = score::board_points(event, event.teams[team].id, rounds);
                    let key: Vec<i64> = per_board.iter().map(|p| i64::from(p.0)).collect();
                    let first = key.first().copied().unwrap_or(0);
                    (key, Value::ratio(first, 10))
                }
                TeamTieBreak::GamesWon => {
                    let sum: i64 = score::games_won(event, event.teams[team].id, rounds)
                        .iter()
                        .map(|&(_, wins)| i64::from(wins))
                        .sum();
                    (vec![sum], Value::whole(sum))
                }
                TeamTieBreak::BottomBoardElimination => {
                    let per_board = score::board_points(event, event.teams[team].id, rounds);
                    let mut remaining: i64 = per_board.iter().map(|p| i64::from(p.0)).sum();
                    let mut key = Vec::with_capacity(per_board.len());
                    for p in per_board.iter().rev() {
                        remaining -= i64::from(p.0);
                        key.push(remaining);
                    }
                    let first = key.first().copied().unwrap_or(0);
                    (key, Value::ratio(first, 10))
                }
                // Decided per tied group below.
                TeamTieBreak::DirectEncounter(_)
                | TeamTieBreak::ExtendedDirectEncounter
                | TeamTieBreak::ResultsAgainstTop => (Vec::new(), Value::whole(0)),
            };
            keys[team][t] = key;
            values[team][t] = value;
        }
    }
    // The primary score ranks first even when the list does not name it (a 202 record).
    let primary_keys: Vec<Vec<i64>> = (0..count)
        .map(|team| vec![i64::from(total(team, primary).0)])
        .collect();
    let all: Vec<usize> = (0..count).collect();
    let mut groups: Vec<Vec<usize>> = split_by_key(&all, |team| &primary_keys[team]);
    let mut tied_with: Vec<Vec<Vec<TeamId>>> = vec![vec![Vec::new(); list.len()]; count];
    for (t, tie_break) in list.iter().enumerate() {
        let order: Vec<usize> = groups.iter().flatten().copied().collect();
        let mut next = Vec::with_capacity(groups.len());
        for group in groups {
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            for &team in &group {
                tied_with[team][t] = group
                    .iter()
                    .filter(|&&other| other != team)
                    .map(|&other| event.teams[other].id)
                    .collect();
            }
            match *tie_break {
                TeamTieBreak::ResultsAgainstTop => {
                    let keys: Vec<Vec<i64>> = (0..count)
                        .map(|team| {
                            if group.contains(&team) {
                                results_against(&records, team, &order, &group)
                            } else {
                                Vec::new()
                            }
                        })
                        .collect();
                    let parts = split_by_key(&group, |team| &keys[team]);
                    for (position, part) in parts.iter().enumerate() {
                        for &team in part {
                            values[team][t] = Value::whole(position as i64 + 1);
                        }
                    }
                    next.extend(parts);
                }
                TeamTieBreak::DirectEncounter(score) => {
                    let outcome = direct::split(records.of(score), &group, ranking.swiss);
                    for (team, value) in outcome.scores {
                        values[team][t] = value;
                    }
                    next.extend(outcome.order);
                }
                TeamTieBreak::ExtendedDirectEncounter => {
                    next.extend(extended_direct_encounter(
                        &records,
                        &group,
                        primary,
                        ranking.swiss,
                    ));
                }
                _ => next.extend(split_by_key(&group, |team| &keys[team][t])),
            }
        }
        groups = next;
    }
    let mut lots = vec![None; count];
    if let Lots::Draw { seed } = ranking.lots {
        for (team, position) in draw_lots(&mut groups, seed) {
            lots[team] = Some(position);
        }
    }
    let mut rows = Vec::with_capacity(count);
    let mut position = 0u32;
    for group in &groups {
        for (i, &team) in group.iter().enumerate() {
            let rank = match ranking.lots {
                Lots::Shared => position + 1,
                Lots::Draw { .. } => position + i as u32 + 1,
            };
            rows.push(TeamStanding {
                rank,
                team: event.teams[team].id,
                match_points: totals[team].0,
                game_points: totals[team].1,
                values: values[team].clone(),
                to_play: records.to_play[team],
                lot: lots[team],
                tied_with: tied_with[team].clone(),
            });
        }
        position += group.len() as u32;
    }
    TeamStandings {
        tie_breaks: list.clone(),
        rows,
        rounds,
    }
}

/// Soutěžní řád ŠSČR 5.3.3 e: against each team of `order` outside `group`, in that order,
/// the match points and then the game points `team` scored against it (0 when they did not
/// meet). Compared lexicographically, higher first.
fn results_against(
    records: &TeamRecords,
    team: usize,
    order: &[usize],
    group: &[usize],
) -> Vec<i64> {
    let mut key = Vec::with_capacity(order.len() * 2);
    for &opponent in order.iter().filter(|o| !group.contains(o)) {
        for record in [&records.match_points, &records.game_points] {
            let scored: i64 = record.players[team]
                .rounds
                .iter()
                .filter(|round| round.opponent == Some(opponent))
                .map(|round| i64::from(round.points.0))
                .sum();
            key.push(scored);
        }
    }
    key
}

fn points_key(points: Points) -> (Vec<i64>, Value) {
    (
        vec![i64::from(points.0)],
        Value::tenths(i64::from(points.0)),
    )
}

/// Art. 13.2: per round, the opponent's total in one score times the points scored against
/// them in the other, in hundredths; significance is the opponent's total (Art. 14.1.2); with
/// `cut1` the least significant is cut (Art. 14.1).
pub(super) fn sonneborn_berger(
    records: &TeamRecords,
    team: usize,
    (opponent_score, scored, cut1): (TeamScore, TeamScore, bool),
    swiss: bool,
) -> Vec<Element> {
    // The scored record, with every team's totals taken from the opponents' score.
    let mut mixed = records.of(scored).clone();
    let totals = records.of(opponent_score);
    for (row, from) in mixed.players.iter_mut().zip(&totals.players) {
        row.score = from.score;
        row.adjusted = from.adjusted;
    }
    // The dummy of an unplayed round (Art. 16.4) has a score of the opponents' kind: its cap
    // (a draw in every round) is counted in that score's points, not in the points scored.
    mixed.points = totals.points;
    let mut elements = opponents::sonneborn_berger_elements(&mixed, team, swiss);
    if !swiss {
        // A league's free round is no match (C.05): it adds nothing and is never the one cut.
        elements.retain(|element| element.opponent.is_some());
    }
    if cut1 {
        cut::apply(&mut elements, Cut::Cut1, swiss);
    }
    elements
}

/// Art. 13.3: direct encounter on the primary score; when that breaks no tie, on the
/// secondary score; every new subset starts again from the primary score (13.3.3).
fn extended_direct_encounter(
    records: &TeamRecords,
    group: &[usize],
    primary: TeamScore,
    swiss: bool,
) -> Vec<Vec<usize>> {
    for score in [primary, primary.other()] {
        let parts = direct::split(records.of(score), group, swiss).order;
        if parts.len() > 1 {
            return parts
                .into_iter()
                .flat_map(|part| {
                    if part.len() > 1 {
                        extended_direct_encounter(records, &part, primary, swiss)
                    } else {
                        vec![part]
                    }
                })
                .collect();
        }
    }
    vec![group.to_vec()]
}

/// Orders `group` by `key` (higher first, lexicographic) and splits it into runs of equal keys.
fn split_by_key<'a>(group: &[usize], key: impl Fn(usize) -> &'a Vec<i64>) -> Vec<Vec<usize>> {
    let mut sorted = group.to_vec();
    sorted.sort_by(|&a, &b| key(b).cmp(key(a)).then(a.cmp(&b)));
    let mut parts: Vec<Vec<usize>> = Vec::new();
    for team in sorted {
        match parts.last_mut() {
            Some(part) if key(part[0]) == key(team) => part.push(team),
            _ => parts.push(vec![team]),
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c07_art_13_codes_round_trip() {
        for code in [
            "MPTS", "GPTS", "MPVGP", "WIN", "DE:MP", "DE:GP", "EDE", "EMMSB", "EMGSB/C1", "EGMSB",
            "EGGSB", "BH:MP", "BH:GP", "BC", "TBR", "BBE",
        ] {
            let parsed = TeamTieBreak::parse(code).expect(code);
            assert_eq!(parsed.code(), code);
        }
        assert_eq!(TeamTieBreak::parse("SB:GP"), TeamTieBreak::parse("EGGSB"),);
        assert_eq!(TeamTieBreak::parse("BC/C1"), None);
        assert!(TeamTieBreak::parse_list("MPTS,XYZ").is_err());
    }
}
