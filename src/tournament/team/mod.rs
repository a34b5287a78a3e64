//! Team competitions: leagues played as round robins over teams, with matches of several boards
//! (the Czech and Slovak Extraliga, the Hungarian NB I, the Serbian leagues, FIDE team events).
//!
//! - [`league`]: the first-named team at home and the board colours of a match
//!   ([`BoardColours`]), the matches of a round read from a file; the schedule itself is drawn
//!   by the league's planner (`crate::day::league`, Berger tables of C.05 Annex 1).
//! - [`lineup`]: a captain's line-up checked against the squad order; a short team's bottom
//!   boards are empty and forfeited.
//! - [`score`]: game points (FIDE Laws Art. 10, C.07 Art. 11.1.2) and match points
//!   (Art. 11.1.1) of a match, whole-match forfeits and the arbiter's penalty points.
//! - [`crosstable`]: the team crosstable and each board's score and performance.
//! - [`tiebreak`]: team standings and tie-breaks (C.07 Art. 11–13 and the national
//!   competition rules' orders), built on the individual tie-breaks of Art. 6–10 with match or
//!   game points as the score (Art. 13).
//!
//! A [`TeamEvent`] is the whole competition in memory: the players, the teams with their squads,
//! and every match with its boards. The TRF-2026 team records (310, 352, 362, 330, 299) are read
//! and written by [`crate::formats::trf`] and turned into a [`TeamEvent`] by
//! [`TeamEvent::from_tournament`].

pub mod crosstable;
pub mod league;
pub mod lineup;
pub mod score;
pub mod tiebreak;
pub mod working;

use crate::tournament::model::{Color, GameResult, Player, PlayerId, RoundEntry, Tournament};
use crate::tournament::result::BoardResult;
use crate::tournament::scoring::{PointSystem, Points};

pub use league::BoardColours;
pub use score::{MatchForfeit, MatchOutcome, MatchPoints, MatchScore, PenaltyPoints};

/// A team's pairing number (TRF-2026 record 310 columns 5–7: 1 to 999).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TeamId(pub u32);

/// A team of the competition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    /// The pairing number.
    pub id: TeamId,
    /// The team's name.
    pub name: String,
    /// A short name (TRF record 310 columns 42–46), may be empty.
    pub nickname: String,
    /// The squad list in board order: first board first, reserves after the regular boards.
    pub squad: Vec<PlayerId>,
}

/// One board of a team match: two seats, either of which may be empty (a short team), and the
/// result from White's side.
///
/// Not the individual [`crate::tournament::board::Board`]: an individual board pairs two
/// entrants of the round or gives one a bye, while a match board always belongs to a match of
/// two teams and may have no player on one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchBoard {
    /// The board number within the match, 1 for the top board.
    pub number: u32,
    /// The player with White, `None` when that team left the board empty.
    pub white: Option<PlayerId>,
    /// The player with Black, `None` when that team left the board empty.
    pub black: Option<PlayerId>,
    /// The result, `None` while the game is in progress. Always a result of two sides
    /// ([`BoardResult::GAME`]).
    pub result: Option<BoardResult>,
}

impl MatchBoard {
    /// The result the board has whatever is entered: an empty seat loses by forfeit (both
    /// empty: both lose), otherwise the entered result.
    pub fn effective_result(&self) -> Option<BoardResult> {
        match (self.white, self.black) {
            (Some(_), None) => Some(BoardResult::WhiteWinsByForfeit),
            (None, Some(_)) => Some(BoardResult::BlackWinsByForfeit),
            (None, None) => Some(BoardResult::DoubleForfeit),
            (Some(_), Some(_)) => self.result,
        }
    }
}

/// A match of one round between two teams, or a team's bye when `away` is `None`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamMatch {
    /// The round, 1-based.
    pub round: u32,
    /// The first-named team (the home team of a league match).
    pub home: TeamId,
    /// The second-named team; `None` for the free round of an odd number of teams.
    pub away: Option<TeamId>,
    /// The boards in board order.
    pub boards: Vec<MatchBoard>,
    /// The whole match was forfeited (TRF-2026 record 330); the boards are then ignored.
    pub forfeit: Option<MatchForfeit>,
    /// Not played yet although its round is: postponed, or the line-ups are not both in. It
    /// has no score and counts as a match still to play.
    pub unplayed: bool,
}

impl TeamMatch {
    /// True when `team` plays in this match.
    pub fn involves(&self, team: TeamId) -> bool {
        self.home == team || self.away == Some(team)
    }

    /// The other team of the match, seen from `team`.
    pub fn opponent_of(&self, team: TeamId) -> Option<TeamId> {
        if self.home == team {
            self.away
        } else if self.away == Some(team) {
            Some(self.home)
        } else {
            None
        }
    }
}

/// A whole team competition.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamEvent {
    /// The competition's name.
    pub name: String,
    /// The players in starting-number order (`players[i].id == PlayerId(i + 1)`); their
    /// `rounds` are not used here, the games are in [`TeamEvent::matches`].
    pub players: Vec<Player>,
    /// The teams in pairing-number order.
    pub teams: Vec<Team>,
    /// The number of rounds announced.
    pub total_rounds: u32,
    /// Boards per match (4–12 in the leagues this is made for).
    pub boards: u32,
    /// Points of one game (Art. 10; game points, C.07 Art. 11.1.2).
    pub game_points: PointSystem,
    /// Points of one match (C.07 Art. 11.1.1).
    pub match_points: MatchPoints,
    /// Who has White on which board.
    pub colours: BoardColours,
    /// Every match scheduled, in round order.
    pub matches: Vec<TeamMatch>,
    /// Penalty (or bonus) points given by the arbiter.
    pub penalties: Vec<PenaltyPoints>,
    /// Match and game points of the winner of a forfeited match, when the competition's rules
    /// fix them (TRF record 299 `+`); otherwise a match win and every board won.
    pub forfeit_win: Option<(Points, Points)>,
    /// Match and game points of the pairing-allocated bye of a team Swiss (TRF-2026 record
    /// 320, C.04.6 Art. 1.4): a match of the round without a second team scores them. `None`
    /// in a league, whose free round scores nothing.
    pub bye_value: Option<(Points, Points)>,
}

impl TeamEvent {
    /// The team with pairing number `id`.
    pub fn team(&self, id: TeamId) -> Option<&Team> {
        self.teams.iter().find(|team| team.id == id)
    }

    /// The index of team `id` in [`TeamEvent::teams`].
    pub fn team_index(&self, id: TeamId) -> Option<usize> {
        self.teams.iter().position(|team| team.id == id)
    }

    /// The team whose squad holds `player`.
    pub fn team_of(&self, player: PlayerId) -> Option<TeamId> {
        self.teams
            .iter()
            .find(|team| team.squad.contains(&player))
            .map(|team| team.id)
    }

    /// The matches of `round`.
    pub fn matches_of_round(&self, round: u32) -> impl Iterator<Item = &TeamMatch> {
        self.matches.iter().filter(move |m| m.round == round)
    }

    /// The number of rounds in which at least one match has a result.
    pub fn rounds_played(&self) -> u32 {
        self.matches
            .iter()
            .filter(|m| score::match_score(self, m).is_some())
            .map(|m| m.round)
            .max()
            .unwrap_or(0)
    }
}

/// Why a team competition cannot be read from a tournament file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamFileError {
    /// The file has no team records.
    #[error("the file has no team records (310 or 013)")]
    NoTeams,
    /// A squad names a player that is not in the file.
    #[error("team {team}: player {player} is not in the file")]
    UnknownPlayer {
        /// The team's pairing number.
        team: u32,
        /// The starting number named.
        player: u32,
    },
    /// A player is in two squads.
    #[error("player {player} is in the squads of teams {first} and {second}")]
    TwoSquads {
        /// The player.
        player: u32,
        /// The first team.
        first: u32,
        /// The second team.
        second: u32,
    },
    /// A game joins players of the same team, or of no team.
    #[error("round {round}: player {player}'s game is not between two teams")]
    NotATeamGame {
        /// The round.
        round: u32,
        /// The player.
        player: u32,
    },
    /// A team meets two teams in one round.
    #[error("round {round}: team {team} meets more than one team")]
    TwoOpponents {
        /// The round.
        round: u32,
        /// The team.
        team: u32,
    },
    /// A team's bye in a round in which it also plays a match.
    #[error("round {round}: team {team} has a bye and a match")]
    ByeAndMatch {
        /// The round.
        round: u32,
        /// The team.
        team: u32,
    },
    /// A team's bye that scores points (`F` or `H`): a team event here scores only its
    /// matches and the pairing-allocated bye (record 320).
    #[error(
        "round {round}: team {team} has a bye of '{code}', which scores points; only zero-point team byes (Z) are kept"
    )]
    ScoredTeamBye {
        /// The round.
        round: u32,
        /// The team.
        team: u32,
        /// `F` or `H`.
        code: char,
    },
    /// A team's zero-point bye in a round not paired yet, where the team event being made
    /// cannot keep it (the web import: its team events know no absence announced ahead).
    #[error(
        "round {round}: team {team} has a zero-point bye in a round not paired yet, which the import cannot keep"
    )]
    ByeAhead {
        /// The round.
        round: u32,
        /// The team.
        team: u32,
    },
    /// More boards in one match than the format holds.
    #[error("round {round}: team {team} has more than {max} players in one match")]
    TooManyBoards {
        /// The round.
        round: u32,
        /// The team.
        team: u32,
        /// The limit.
        max: u32,
    },
}

/// The most boards of a match a file may give (TRF record 310 lists at most 14 players per
/// line; longer squads continue, but no league plays more than this many boards).
pub const MAX_BOARDS: u32 = 50;

impl TeamEvent {
    /// The team competition of a TRF file read by [`crate::formats::trf::parse`]: the squads of
    /// its team records and, for every round, the matches made of the games between players of
    /// two teams. The board of a game is the position of the first-named team's player among
    /// that team's players of the match, in squad order.
    pub fn from_tournament(tournament: &Tournament) -> Result<TeamEvent, TeamFileError> {
        let section = &tournament.teams;
        if section.teams.is_empty() {
            return Err(TeamFileError::NoTeams);
        }
        let mut owner: std::collections::HashMap<PlayerId, TeamId> = Default::default();
        for team in &section.teams {
            for &player in &team.squad {
                if tournament.player(player).is_none() {
                    return Err(TeamFileError::UnknownPlayer {
                        team: team.id.0,
                        player: player.0,
                    });
                }
                if let Some(first) = owner.insert(player, team.id)
                    && first != team.id
                {
                    return Err(TeamFileError::TwoSquads {
                        player: player.0,
                        first: first.0,
                        second: team.id.0,
                    });
                }
            }
        }
        let colour_sequence = section.colour_sequence.clone();
        let mut matches = Vec::new();
        for round in 1..=tournament.rounds_played() {
            matches.extend(league::matches_of_round(
                tournament,
                section,
                &owner,
                round,
                colour_sequence.as_deref(),
            )?);
        }
        for forfeit in &section.forfeited_matches {
            let found = matches.iter_mut().find(|m| {
                m.round == forfeit.round
                    && m.involves(forfeit.white)
                    && forfeit.black.is_none_or(|b| m.involves(b))
            });
            let value = forfeit.forfeit;
            match found {
                Some(m) => {
                    m.forfeit = Some(if m.home == forfeit.white {
                        value
                    } else {
                        value.mirrored()
                    });
                }
                None => matches.push(TeamMatch {
                    round: forfeit.round,
                    home: forfeit.white,
                    away: forfeit.black,
                    boards: Vec::new(),
                    forfeit: Some(value),
                    unplayed: false,
                }),
            }
        }
        // The rest of a league's schedule: the matches without a result yet.
        for scheduled in &section.scheduled {
            let taken = |team: Option<TeamId>| {
                team.is_some_and(|team| {
                    matches
                        .iter()
                        .any(|m: &TeamMatch| m.round == scheduled.round && m.involves(team))
                })
            };
            if !taken(Some(scheduled.home)) && !taken(scheduled.away) {
                matches.push(TeamMatch {
                    round: scheduled.round,
                    home: scheduled.home,
                    away: scheduled.away,
                    boards: Vec::new(),
                    forfeit: None,
                    unplayed: true,
                });
            }
        }
        // A team's requested bye: a zero-point bye is the round without its match (C.07
        // Art. 16: an unplayed round); a bye that scores points has no place to be kept.
        for bye in &section.byes {
            if bye.kind != GameResult::ZeroPointBye {
                return Err(TeamFileError::ScoredTeamBye {
                    round: bye.round,
                    team: bye.team.0,
                    code: bye.kind.trf_code(),
                });
            }
            if matches
                .iter()
                .any(|m| m.round == bye.round && m.involves(bye.team))
            {
                return Err(TeamFileError::ByeAndMatch {
                    round: bye.round,
                    team: bye.team.0,
                });
            }
        }
        // The pairing-allocated byes of a team Swiss: a match without a second team.
        if let Some(byes) = &section.pairing_allocated_byes {
            for &(round, team) in &byes.teams {
                if !matches.iter().any(|m| m.round == round && m.involves(team)) {
                    matches.push(TeamMatch {
                        round,
                        home: team,
                        away: None,
                        boards: Vec::new(),
                        forfeit: None,
                        unplayed: false,
                    });
                }
            }
        }
        matches.sort_by_key(|m| (m.round, m.home.0));
        let boards = matches
            .iter()
            .map(|m| m.boards.len() as u32)
            .max()
            .unwrap_or(0)
            .max(
                section
                    .colour_sequence
                    .as_ref()
                    .map_or(0, |s| s.chars().count() as u32),
            );
        // Boards both teams left empty are not in the file: the match still has them.
        for m in matches
            .iter_mut()
            .filter(|m| m.away.is_some() && m.forfeit.is_none())
        {
            // (A match still to play has its boards too, with nobody seated.)
            while (m.boards.len() as u32) < boards {
                m.boards.push(MatchBoard {
                    number: m.boards.len() as u32 + 1,
                    white: None,
                    black: None,
                    result: None,
                });
            }
        }
        Ok(TeamEvent {
            name: tournament.name.clone(),
            players: tournament
                .players
                .iter()
                .map(|p| Player {
                    rounds: Vec::new(),
                    ..p.clone()
                })
                .collect(),
            teams: section.teams.clone(),
            total_rounds: tournament.total_rounds.max(tournament.rounds_played()),
            boards,
            game_points: tournament.points,
            match_points: section.match_points.unwrap_or_default(),
            colours: section
                .colour_sequence
                .as_deref()
                .map_or(BoardColours::HomeWhiteOnOdd, BoardColours::from_sequence),
            matches,
            penalties: section.penalties.clone(),
            forfeit_win: section.forfeit_win,
            bye_value: section
                .pairing_allocated_byes
                .as_ref()
                .map(|b| (b.match_points, b.game_points)),
        })
    }

    /// The team competition of a file written during a round ([`TeamEvent::from_tournament`]
    /// with `games`, the games paired with no result yet as `(round, white, black)`): their
    /// boards are seated in their matches and have no result, so the round is under way.
    pub fn from_tournament_under_way(
        tournament: &Tournament,
        games: &[(u32, PlayerId, PlayerId)],
    ) -> Result<TeamEvent, TeamFileError> {
        if games.is_empty() {
            return TeamEvent::from_tournament(tournament);
        }
        // Each game to play is seated as a game with a stand-in result, taken off once the
        // matches are made.
        let mut seated = tournament.clone();
        for &(round, white, black) in games {
            for (player, opponent, color) in
                [(white, black, Color::White), (black, white, Color::Black)]
            {
                let Some(player) = seated.players.iter_mut().find(|p| p.id == player) else {
                    continue;
                };
                let index = round.saturating_sub(1) as usize;
                while player.rounds.len() <= index {
                    player.rounds.push(RoundEntry {
                        opponent: None,
                        color: None,
                        result: GameResult::ZeroPointBye,
                    });
                }
                player.rounds[index] = RoundEntry {
                    opponent: Some(opponent),
                    color: Some(color),
                    result: GameResult::Draw,
                };
            }
        }
        let mut event = TeamEvent::from_tournament(&seated)?;
        for m in &mut event.matches {
            for board in &mut m.boards {
                if let (Some(white), Some(black)) = (board.white, board.black)
                    && games.iter().any(|&(round, w, b)| {
                        round == m.round && ((w, b) == (white, black) || (w, b) == (black, white))
                    })
                {
                    board.result = None;
                }
            }
        }
        Ok(event)
    }

    /// The tournament file of this competition: every game as two player round entries, the
    /// teams as 310 records, the colour sequence (352), the match points (362), forfeited
    /// matches (330) and penalties (299). [`TeamEvent::from_tournament`] reads it back.
    pub fn to_tournament(&self) -> Tournament {
        league::to_tournament(self)
    }
}

/// The team records of a tournament file (TRF-2026 310, 352, 362, 330, 299), as read.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TeamSection {
    /// The teams (record 310, or the older 013).
    pub teams: Vec<Team>,
    /// The first-named team's colour on each board (record 352, `WBWB…`).
    pub colour_sequence: Option<String>,
    /// Match points (record 362), when given.
    pub match_points: Option<MatchPoints>,
    /// Forfeited matches (record 330).
    pub forfeited_matches: Vec<ForfeitedMatch>,
    /// The pairing-allocated byes of a team Swiss (record 320), when given.
    pub pairing_allocated_byes: Option<PairingAllocatedByes>,
    /// Points given or taken by the arbiter (record 299 without a result type).
    pub penalties: Vec<PenaltyPoints>,
    /// Match and game points of a forfeited match's winner (record 299 `+`, all rounds).
    pub forfeit_win: Option<(Points, Points)>,
    /// Match and game points of a forfeited match's loser (record 299 `-`, all rounds).
    pub forfeit_loss: Option<(Points, Points)>,
    /// Each team's totals and rank as the file states them (record 310 columns 55–71); the
    /// reader does not fill this in, the writer writes what is given.
    pub totals: Vec<TeamTotal>,
    /// The matches of a league scheduled but not played yet (and a league's free rounds):
    /// TRF-2026 records results only, so a file written during the season carries the rest
    /// of its schedule in comments ([`ScheduledMatch`]).
    pub scheduled: Vec<ScheduledMatch>,
    /// Byes given to teams (record 240 in a team file names teams, not players): a team not
    /// paired in a round with a full-, half- or zero-point bye.
    pub byes: Vec<TeamBye>,
}

/// A team's bye of one round, as TRF-2026 record 240 gives it in a team file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamBye {
    /// The round.
    pub round: u32,
    /// The team.
    pub team: TeamId,
    /// [`GameResult::FullPointBye`], [`GameResult::HalfPointBye`] or
    /// [`GameResult::ZeroPointBye`].
    pub kind: GameResult,
}

/// A match on a league's schedule without a result: a round still to play, a postponed match,
/// or a team's free round (`away` = `None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScheduledMatch {
    /// The round.
    pub round: u32,
    /// The home team.
    pub home: TeamId,
    /// The away team; `None` for a free round.
    pub away: Option<TeamId>,
}

/// A team's totals and rank, as a tournament file states them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamTotal {
    /// The team.
    pub team: TeamId,
    /// Match points.
    pub match_points: Points,
    /// Game points.
    pub game_points: Points,
    /// The rank.
    pub rank: u32,
}

/// The pairing-allocated byes of a team Swiss (TRF-2026 record 320, C.04.6 Art. 1.4): what one
/// is worth and which team had it in which round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingAllocatedByes {
    /// Match points of the bye.
    pub match_points: Points,
    /// Game points of the bye.
    pub game_points: Points,
    /// `(round, team)`: the team given the bye in that round.
    pub teams: Vec<(u32, TeamId)>,
}

/// A forfeited match (TRF-2026 record 330).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForfeitedMatch {
    /// The round.
    pub round: u32,
    /// The team named first (White).
    pub white: TeamId,
    /// The team named second, if any.
    pub black: Option<TeamId>,
    /// Who won.
    pub forfeit: MatchForfeit,
}

/// Points of the first-named team for the score of a match with `boards` boards when all
/// games are won (a whole-match forfeit's winner), by the game point system.
pub fn all_boards_won(boards: u32, points: &PointSystem) -> Points {
    Points(points.forfeit_win.0 * boards as i32)
}
