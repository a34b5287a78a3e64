//! The planners of the tournament day, above the engines: for every pairing system, what the
//! next round is and which engine pairs it, and the checks a change of the last round must
//! pass. Pure: the store (in the database layer) loads a [`DayState`] inside its write
//! transaction, asks this module what to write, and writes it. The engines
//! ([`crate::pairing`]) and the vocabulary ([`crate::tournament`]) sit below; nothing below
//! imports this module.
//!
//! - Individual events (Dutch, Dutch with Baku acceleration, round robin, double round robin):
//!   [`plan_next_round`], [`swap_seats`], [`settings_change`] in this file.
//! - Team leagues: the schedule ([`league::schedule`], Berger tables over the teams).
//! - The team Swiss (C.04.6): [`team_swiss`].
//! - An event read from a file: [`import`].
//! - The engines' `pair` functions, for every caller: [`engines`].
//!
//! The flow of a round of an individual event:
//!
//! 1. **Plan** ([`plan_next_round`]): refuse when every round is paired or (Swiss) an earlier
//!    round still misses results; give starting ranks to players who have none (all of them at
//!    round 1, C.04.2 Art. 2.2; a late entry after everybody else, Art. 2.4, so nobody's number
//!    changes) and bye rows for the rounds a late entry missed (scored by the tournament's
//!    late-entry rule); leave out whoever is withdrawn, not yet entered or has a requested bye
//!    for the round ([`crate::tournament::byes`], C.04.2 Art. 3); pair the others by the
//!    system: the Dutch engine (C.04.3), with Baku acceleration's virtual points (C.04.7), or
//!    the Berger tables (C.05 Annex 1) for single and double round robins.
//! 2. **Publish**, **enter results** (one [`BoardResult`] per board), **correct** them.
//! 3. Before any result of the round is in, the round can be **unpaired** or two players
//!    **swapped** ([`swap_seats`], checked against the pairing rules by
//!    [`crate::pairing::pairing_check`]).
//!
//! Boards name players by starting number ([`PlayerId`]); the planner names entrants by their
//! index in [`DayState::entrants`] where they have no number yet.

use crate::pairing::pairing_check::{Severity, Violation, check_pairing};
use crate::pairing::round_robin;
use crate::pairing::{baku, dutch};
use crate::tournament::board::{Board, record_round};
use crate::tournament::byes::{LateEntryPoints, Participation, apply_round_plan, plan_round};
use crate::tournament::model::{GameResult, Player, PlayerId, RoundEntry, Tournament};
use crate::tournament::result::BoardResult;
use crate::tournament::scoring::PointSystem;
use crate::tournament::starting_rank::sort_by_starting_rank;
use crate::tournament::system::{Cycles, PairingSystem};

pub mod engines;
pub mod import;
pub mod league;
pub mod team_swiss;

/// A registered player as the planner sees them.
#[derive(Debug, Clone, PartialEq)]
pub struct Entrant {
    /// Name, title, rating and the other registration facts (`id` and `rounds` unused).
    pub player: Player,
    /// Starting number once given (C.04.2 Art. 2.3).
    pub starting_rank: Option<u32>,
    /// Late entry, withdrawal, requested byes.
    pub participation: Participation,
}

/// Everything the planner needs of a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct DayState {
    /// The pairing system.
    pub system: PairingSystem,
    /// Double round robin: rounds `n-2` and `n-1` of the first cycle swapped (C.05 Annex 1).
    pub swap_last_two_rounds: bool,
    /// Rounds announced.
    pub total_rounds: u32,
    /// Art. 10.1 point system.
    pub points: PointSystem,
    /// What late entries score for the rounds they missed (C.04.2 Art. 2.4).
    pub late_entry: LateEntryPoints,
    /// Every registered player, in the store's order.
    pub entrants: Vec<Entrant>,
    /// The boards of the paired rounds, round 1 first.
    pub rounds: Vec<Vec<Board>>,
}

/// What pairing the next round writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPlan {
    /// The round (1-based).
    pub round: u32,
    /// Starting numbers given now: (index in [`DayState::entrants`], number).
    pub new_ranks: Vec<(usize, u32)>,
    /// Bye rows added to earlier rounds for late entries: (round, board).
    pub missed: Vec<(u32, Board)>,
    /// The round's boards: games, then the pairing-allocated bye, then the other bye rows.
    pub boards: Vec<Board>,
    /// The number of rounds after pairing (a round robin fixes it at round 1).
    pub total_rounds: u32,
}

/// Why a round cannot be paired, or changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DayRefusal {
    /// A team competition's rounds are its league schedule, not paired player by player.
    #[error("a team competition is scheduled by teams")]
    TeamCompetition,
    /// Every announced round is paired.
    #[error("every round is paired")]
    AllRoundsPaired,
    /// A Swiss round is paired from the results of the earlier ones.
    #[error("round {round} still misses the results of boards {boards:?}")]
    ResultsMissing {
        /// The first round with missing results.
        round: u32,
        /// Its boards without a result.
        boards: Vec<u32>,
    },
    /// Fewer than two players to pair.
    #[error("fewer than two players can be paired")]
    TooFewPlayers,
    /// The pairing rules cannot all be met (C.04.3 C1–C4).
    #[error("no pairing satisfies the absolute criteria")]
    NoValidPairing,
    /// More players than the Dutch engine pairs ([`dutch::MAX_PLAYERS`]).
    #[error("{players} players; the Dutch engine pairs at most {limit}")]
    TooManyPlayers {
        /// Players to pair.
        players: usize,
        /// The engine's limit.
        limit: usize,
    },
    /// No round is paired.
    #[error("no round is paired")]
    NothingPaired,
    /// A result of the round is in: its pairing stands.
    #[error("round {round} already has results")]
    RoundHasResults {
        /// The round.
        round: u32,
    },
    /// A player named is not at a board of the round (or both are the same).
    #[error("the players are not both paired in round {round}")]
    NotPaired {
        /// The round.
        round: u32,
    },
    /// The change breaks absolute pairing rules and was not confirmed.
    #[error("the change breaks pairing rules")]
    BreaksRules(Vec<Violation>),
}

impl DayState {
    /// Indices of the entrants with a starting number, in starting-number order.
    fn ranked(&self) -> Vec<usize> {
        let mut ranked: Vec<usize> = (0..self.entrants.len())
            .filter(|&i| self.entrants[i].starting_rank.is_some())
            .collect();
        ranked.sort_by_key(|&i| self.entrants[i].starting_rank);
        ranked
    }

    /// The tournament in the shape the engines read, with the first `rounds` rounds: the
    /// entrants with a starting number (renumbered `1..` in that order) and their boards.
    pub fn model(&self, rounds: u32) -> Tournament {
        let players = self
            .ranked()
            .into_iter()
            .enumerate()
            .map(|(index, entrant)| Player {
                id: PlayerId(index as u32 + 1),
                rounds: vec![
                    RoundEntry {
                        opponent: None,
                        color: None,
                        result: GameResult::ZeroPointBye,
                    };
                    rounds as usize
                ],
                expelled_from: self.entrants[entrant].participation.expelled_from,
                withdrawn_from: {
                    let participation = &self.entrants[entrant].participation;
                    participation
                        .withdrawals
                        .iter()
                        .find(|w| w.returns_in_round.is_none())
                        .filter(|_| participation.expelled_from.is_none())
                        .map(|w| w.from_round)
                },
                ..self.entrants[entrant].player.clone()
            })
            .collect();
        let mut model = Tournament {
            total_rounds: self.total_rounds,
            players,
            points: self.points,
            ..Tournament::default()
        };
        for (number, boards) in (1..=rounds).zip(&self.rounds) {
            record_round(&mut model, number, boards);
        }
        model
    }

    /// The participation of the ranked entrants, in starting-number order.
    pub fn participation_in_rank_order(&self) -> Vec<Participation> {
        self.ranked()
            .into_iter()
            .map(|i| self.entrants[i].participation.clone())
            .collect()
    }

    /// The next round to pair.
    pub fn next_round(&self) -> u32 {
        self.rounds.len() as u32 + 1
    }

    /// The first round with boards still missing a result, and those boards.
    pub fn missing_results(&self) -> Option<(u32, Vec<u32>)> {
        self.rounds.iter().zip(1..).find_map(|(boards, round)| {
            let missing: Vec<u32> = boards
                .iter()
                .filter(|board| board.result.is_none())
                .map(|board| board.number)
                .collect();
            (!missing.is_empty()).then_some((round, missing))
        })
    }
}

/// Plans the next round of `state` (see the module documentation for the steps).
pub fn plan_next_round(state: &DayState) -> Result<RoundPlan, DayRefusal> {
    if state.system.is_team() {
        return Err(DayRefusal::TeamCompetition);
    }
    match state.system.cycles(state.swap_last_two_rounds) {
        Some(cycles) => plan_round_robin(state, cycles),
        None => plan_swiss(state),
    }
}

/// Starting numbers for the entrants who have none and take part in `round`, after the
/// highest number given so far, in C.04.2 Art. 2.2 order.
fn new_starting_ranks(state: &DayState, round: u32) -> Vec<(usize, u32)> {
    let mut newcomers: Vec<(usize, &Player)> = state
        .entrants
        .iter()
        .enumerate()
        .filter(|(_, entrant)| {
            entrant.starting_rank.is_none() && !entrant.participation.is_withdrawn(round)
        })
        .map(|(index, entrant)| (index, &entrant.player))
        .collect();
    sort_by_starting_rank(&mut newcomers, |(_, player)| player.rank_key());
    let first = state
        .entrants
        .iter()
        .filter_map(|e| e.starting_rank)
        .max()
        .unwrap_or(0)
        + 1;
    newcomers
        .into_iter()
        .map(|(index, _)| index)
        .zip(first..)
        .collect()
}

/// The state with the new starting numbers and late entries' bye rows applied.
fn with_newcomers(state: &DayState, new_ranks: &[(usize, u32)]) -> (DayState, Vec<(u32, Board)>) {
    let mut next = state.clone();
    for &(index, rank) in new_ranks {
        next.entrants[index].starting_rank = Some(rank);
    }
    // Starting numbers as the model numbers them (position among the ranked).
    let numbers: Vec<(usize, PlayerId)> = next
        .ranked()
        .into_iter()
        .enumerate()
        .map(|(position, entrant)| (entrant, PlayerId(position as u32 + 1)))
        .collect();
    let number_of = |entrant: usize| {
        numbers
            .iter()
            .find(|(e, _)| *e == entrant)
            .map(|(_, number)| *number)
    };
    let mut missed = Vec::new();
    for (round, boards) in (1..).zip(next.rounds.iter_mut()) {
        for &(index, _) in new_ranks {
            let Some(player) = number_of(index) else {
                continue;
            };
            let result = match state.late_entry.result_for_missed(round) {
                GameResult::HalfPointBye => BoardResult::HalfPointBye,
                _ => BoardResult::ZeroPointBye,
            };
            let board = Board::bye(boards.len() as u32 + 1, player, result);
            boards.push(board);
            missed.push((round, board));
        }
    }
    (next, missed)
}

fn plan_swiss(state: &DayState) -> Result<RoundPlan, DayRefusal> {
    let round = state.next_round();
    if round > state.total_rounds {
        return Err(DayRefusal::AllRoundsPaired);
    }
    if let Some((round, boards)) = state.missing_results() {
        return Err(DayRefusal::ResultsMissing { round, boards });
    }
    let new_ranks = new_starting_ranks(state, round);
    let (state_now, missed) = with_newcomers(state, &new_ranks);
    let participation = state_now.participation_in_rank_order();
    let mut model = state_now.model(round - 1);
    let plan = plan_round(&model, &participation, round, state.late_entry);
    if plan.to_pair.len() < 2 {
        return Err(DayRefusal::TooFewPlayers);
    }
    apply_round_plan(&mut model, &participation, &plan, state.late_entry);
    if state.system == PairingSystem::SwissDutchBaku {
        // C.04.7 Art. 1.2–1.3: group A is fixed by the field of round 1; late entries, ranked
        // after everyone, never move its last player.
        let from_start = participation.iter().filter(|p| p.first_round <= 1).count() as u32;
        model.setup.accelerations = baku::accelerations(
            baku::group_a_size(from_start),
            state.total_rounds,
            round,
            state.points.win,
        );
    }
    let mut boards = engines::pair_swiss(&model).map_err(|error| match error {
        dutch::PairingError::TooManyPlayers { players, limit } => {
            DayRefusal::TooManyPlayers { players, limit }
        }
        _ => DayRefusal::NoValidPairing,
    })?;
    for (player, entry) in &plan.not_paired {
        let result = BoardResult::from_game_results(entry.result, None);
        boards.push(Board::bye(boards.len() as u32 + 1, *player, result));
    }
    Ok(RoundPlan {
        round,
        new_ranks,
        missed,
        boards,
        total_rounds: state.total_rounds,
    })
}

fn plan_round_robin(state: &DayState, cycles: Cycles) -> Result<RoundPlan, DayRefusal> {
    let round = state.next_round();
    let new_ranks = if round == 1 {
        new_starting_ranks(state, 1)
    } else {
        Vec::new()
    };
    let (state_now, _) = with_newcomers(state, &new_ranks);
    let count = state_now.ranked().len() as u32;
    if count < 2 {
        return Err(DayRefusal::TooFewPlayers);
    }
    let total_rounds = if round == 1 {
        round_robin::rounds_count(count, cycles)
    } else {
        state.total_rounds
    };
    if round > total_rounds {
        return Err(DayRefusal::AllRoundsPaired);
    }
    let participation = state_now.participation_in_rank_order();
    let absent = |player: PlayerId| {
        participation
            .get(player.0 as usize - 1)
            .is_some_and(|p| p.is_withdrawn(round))
    };
    let mut boards =
        round_robin::pair_round(count, cycles, round).map_err(|_| DayRefusal::AllRoundsPaired)?;
    for board in &mut boards {
        // The free round of an odd field is a zero-point bye; a withdrawn player's scheduled
        // game is lost by forfeit (Art. 6.7.1), the opponent wins it.
        match board.players() {
            None => board.result = Some(BoardResult::ZeroPointBye),
            Some((white, black)) => {
                board.result = match (absent(white), absent(black)) {
                    (true, true) => Some(BoardResult::DoubleForfeit),
                    (true, false) => Some(BoardResult::BlackWinsByForfeit),
                    (false, true) => Some(BoardResult::WhiteWinsByForfeit),
                    (false, false) => None,
                }
            }
        }
    }
    Ok(RoundPlan {
        round,
        new_ranks,
        missed: Vec::new(),
        boards,
        total_rounds,
    })
}

/// The last round with `a` and `b` in each other's seats (on one board: the colours change;
/// across boards: the opponents; with the pairing-allocated bye: who gets it), checked against
/// the pairing rules. Absolute violations refuse the change unless `confirmed`; the others are
/// returned with the boards.
pub fn swap_seats(
    state: &DayState,
    a: PlayerId,
    b: PlayerId,
    confirmed: bool,
) -> Result<(Vec<Board>, Vec<Violation>), DayRefusal> {
    let round = state.rounds.len() as u32;
    let Some(last) = state.rounds.last() else {
        return Err(DayRefusal::NothingPaired);
    };
    if last
        .iter()
        .any(|board| !board.is_bye() && board.result.is_some())
    {
        return Err(DayRefusal::RoundHasResults { round });
    }
    // Seats: (board index, is White). A bye row is a seat only for the pairing-allocated bye.
    let seat = |player: PlayerId| {
        last.iter().enumerate().find_map(|(index, board)| {
            if board.white == player
                && (!board.is_bye() || board.result == Some(BoardResult::PairingAllocatedBye))
            {
                Some((index, true))
            } else if board.black == Some(player) {
                Some((index, false))
            } else {
                None
            }
        })
    };
    let (Some(seat_a), Some(seat_b)) = (seat(a), seat(b)) else {
        return Err(DayRefusal::NotPaired { round });
    };
    if a == b {
        return Err(DayRefusal::NotPaired { round });
    }
    let mut boards = last.clone();
    for ((index, white), player) in [(seat_a, b), (seat_b, a)] {
        if white {
            boards[index].white = player;
        } else {
            boards[index].black = Some(player);
        }
    }
    let seated: Vec<Board> = boards
        .iter()
        .filter(|board| !board.is_bye() || board.result == Some(BoardResult::PairingAllocatedBye))
        .copied()
        .collect();
    let to_pair: Vec<PlayerId> = seated
        .iter()
        .flat_map(|board| [Some(board.white), board.black])
        .flatten()
        .collect();
    let model = state.model(round - 1);
    let violations = check_pairing(&model, round, &to_pair, &seated);
    if !confirmed
        && violations
            .iter()
            .any(|violation| violation.severity == Severity::Absolute)
    {
        return Err(DayRefusal::BreaksRules(violations));
    }
    Ok((boards, violations))
}

/// The settings that shape the pairings and the scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DaySettings {
    /// The pairing system.
    pub system: PairingSystem,
    /// Double round robin: rounds `n-2` and `n-1` of the first cycle swapped.
    pub swap_last_two_rounds: bool,
    /// Rounds announced.
    pub total_rounds: u32,
    /// Art. 10.1 point system.
    pub points: PointSystem,
}

/// What a change of settings after round 1 was paired does to the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingChange {
    /// The point system changes: the standings of rounds `1..=rounds` are rescored.
    Points {
        /// The rounds paired so far.
        rounds: u32,
    },
    /// A Swiss gets more or fewer rounds.
    Rounds {
        /// Rounds announced before.
        from: u32,
        /// Rounds announced now.
        to: u32,
    },
}

/// A change of settings that cannot be made once round 1 is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SettingRefusal {
    /// The pairing system (or the order of a double round robin) is fixed once paired.
    #[error("the pairing system cannot change after round 1 is paired")]
    SystemAfterStart,
    /// A round robin's rounds follow from its field (C.05 Annex 1).
    #[error("a round robin's number of rounds follows from its players")]
    RoundRobinRounds,
    /// Fewer rounds than are already paired.
    #[error("{paired} rounds are already paired")]
    FewerRoundsThanPaired {
        /// The rounds paired.
        paired: u32,
    },
}

/// What changing `old` to `new` does once `paired` rounds are paired: nothing to confirm
/// before round 1; after it, a change of point system or of a Swiss's length is applied only
/// when confirmed (the returned list says what it changes), and a change of pairing system, of
/// a round robin's length or below the rounds paired is refused.
pub fn settings_change(
    old: &DaySettings,
    new: &DaySettings,
    paired: u32,
) -> Result<Vec<SettingChange>, SettingRefusal> {
    if paired == 0 {
        return Ok(Vec::new());
    }
    if old.system != new.system || old.swap_last_two_rounds != new.swap_last_two_rounds {
        return Err(SettingRefusal::SystemAfterStart);
    }
    let mut changes = Vec::new();
    if old.total_rounds != new.total_rounds {
        if old.system.cycles(false).is_some() {
            return Err(SettingRefusal::RoundRobinRounds);
        }
        if new.total_rounds < paired {
            return Err(SettingRefusal::FewerRoundsThanPaired { paired });
        }
        changes.push(SettingChange::Rounds {
            from: old.total_rounds,
            to: new.total_rounds,
        });
    }
    if old.points != new.points {
        changes.push(SettingChange::Points { rounds: paired });
    }
    Ok(changes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrant(name: &str, rating: u16) -> Entrant {
        Entrant {
            player: Player {
                name: name.to_owned(),
                rating,
                ..Player::default()
            },
            starting_rank: None,
            participation: Participation::from_start(),
        }
    }

    fn swiss(players: u32, rounds: u32) -> DayState {
        DayState {
            system: PairingSystem::SwissDutch,
            swap_last_two_rounds: false,
            total_rounds: rounds,
            points: PointSystem::default(),
            late_entry: LateEntryPoints::Zero,
            entrants: (0..players)
                .map(|i| entrant(&format!("Player {i:02}"), 2000 + i as u16))
                .collect(),
            rounds: Vec::new(),
        }
    }

    fn play(state: &mut DayState) -> RoundPlan {
        let plan = plan_next_round(state).expect("a pairing");
        for &(index, rank) in &plan.new_ranks {
            state.entrants[index].starting_rank = Some(rank);
        }
        for (round, board) in &plan.missed {
            state.rounds[*round as usize - 1].push(*board);
        }
        let mut boards = plan.boards.clone();
        for board in &mut boards {
            board.result.get_or_insert(BoardResult::Draw);
        }
        state.rounds.push(boards);
        state.total_rounds = plan.total_rounds;
        plan
    }

    #[test]
    fn c04_2_art_2_2_round_one_ranks_by_rating() {
        let mut state = swiss(6, 5);
        let plan = play(&mut state);
        // The strongest entrant (index 5, 2005) gets number 1.
        assert!(plan.new_ranks.contains(&(5, 1)));
        assert!(plan.new_ranks.contains(&(0, 6)));
        assert_eq!(plan.boards.len(), 3);
    }

    #[test]
    fn c04_2_art_3_2_a_withdrawn_player_is_never_paired() {
        let mut state = swiss(7, 5);
        play(&mut state);
        let withdrawn = state
            .entrants
            .iter()
            .position(|e| e.starting_rank == Some(3))
            .expect("number 3");
        state.entrants[withdrawn].participation.withdraw(2);
        let plan = play(&mut state);
        let three = PlayerId(3);
        let board = plan
            .boards
            .iter()
            .find(|board| board.seats(three))
            .expect("a row for the withdrawn player");
        assert!(board.is_bye());
        assert_eq!(board.result, Some(BoardResult::ZeroPointBye));
        // Six others: three games and no pairing-allocated bye.
        assert_eq!(plan.boards.iter().filter(|b| !b.is_bye()).count(), 3);
    }

    #[test]
    fn c04_2_art_2_4_a_late_entry_gets_the_next_number_and_byes_for_missed_rounds() {
        let mut state = swiss(6, 5);
        play(&mut state);
        state.entrants.push(entrant("Late, Comer", 2400));
        state.late_entry = LateEntryPoints::HalfPointEach;
        let plan = play(&mut state);
        assert_eq!(plan.new_ranks, vec![(6, 7)]);
        assert_eq!(plan.missed.len(), 1);
        assert_eq!(plan.missed[0].1.result, Some(BoardResult::HalfPointBye));
        assert!(plan.boards.iter().any(|board| board.seats(PlayerId(7))));
    }

    #[test]
    fn a_swiss_round_waits_for_the_results_of_the_last() {
        let mut state = swiss(6, 5);
        let plan = plan_next_round(&state).expect("round 1");
        state.rounds.push(plan.boards);
        for &(index, rank) in &plan.new_ranks {
            state.entrants[index].starting_rank = Some(rank);
        }
        assert_eq!(
            plan_next_round(&state),
            Err(DayRefusal::ResultsMissing {
                round: 1,
                boards: vec![1, 2, 3]
            })
        );
    }

    #[test]
    fn c05_annex_1_round_robin_fixes_the_rounds_and_forfeits_a_withdrawn_players_games() {
        let mut state = swiss(5, 0);
        state.system = PairingSystem::RoundRobin;
        let plan = play(&mut state);
        assert_eq!(plan.total_rounds, 5);
        assert_eq!(
            plan.boards.iter().filter(|b| b.is_bye()).count(),
            1,
            "an odd field has a free round"
        );
        let withdrawn = state
            .entrants
            .iter()
            .position(|e| e.starting_rank == Some(1))
            .expect("number 1");
        state.entrants[withdrawn].participation.withdraw(2);
        let plan = play(&mut state);
        let board = plan
            .boards
            .iter()
            .find(|board| board.seats(PlayerId(1)))
            .expect("number 1's scheduled board");
        if !board.is_bye() {
            let forfeit = if board.white == PlayerId(1) {
                BoardResult::BlackWinsByForfeit
            } else {
                BoardResult::WhiteWinsByForfeit
            };
            assert_eq!(board.result, Some(forfeit));
        }
    }

    #[test]
    fn a_field_beyond_the_engines_limit_is_refused_before_pairing() {
        let state = swiss(dutch::MAX_PLAYERS as u32 + 1, 5);
        assert_eq!(
            plan_next_round(&state),
            Err(DayRefusal::TooManyPlayers {
                players: dutch::MAX_PLAYERS + 1,
                limit: dutch::MAX_PLAYERS
            })
        );
    }

    #[test]
    fn art_10_1_a_new_point_system_after_the_start_needs_confirmation() {
        let old = DaySettings {
            system: PairingSystem::SwissDutch,
            swap_last_two_rounds: false,
            total_rounds: 7,
            points: PointSystem::default(),
        };
        let football = DaySettings {
            points: PointSystem {
                win: crate::tournament::Points(30),
                draw: crate::tournament::Points(10),
                ..PointSystem::default()
            },
            ..old
        };
        assert_eq!(settings_change(&old, &football, 0), Ok(Vec::new()));
        assert_eq!(
            settings_change(&old, &football, 4),
            Ok(vec![SettingChange::Points { rounds: 4 }])
        );
        let round_robin = DaySettings {
            system: PairingSystem::RoundRobin,
            ..old
        };
        assert_eq!(
            settings_change(&old, &round_robin, 1),
            Err(SettingRefusal::SystemAfterStart)
        );
        let shorter = DaySettings {
            total_rounds: 3,
            ..old
        };
        assert_eq!(
            settings_change(&old, &shorter, 4),
            Err(SettingRefusal::FewerRoundsThanPaired { paired: 4 })
        );
    }

    #[test]
    fn swapping_two_players_exchanges_their_seats_and_checks_the_rules() {
        let mut state = swiss(6, 5);
        play(&mut state);
        let plan = plan_next_round(&state).expect("round 2");
        state.rounds.push(plan.boards.clone());
        let (a, b) = plan.boards[0].players().expect("a game");
        let (c, _) = plan.boards[1].players().expect("a game");
        let (boards, _) = swap_seats(&state, a, c, true).expect("confirmed");
        assert_eq!(boards[0].white, c);
        assert_eq!(boards[1].white, a);
        assert_eq!(boards[0].black, Some(b));
        assert_eq!(
            swap_seats(&state, a, a, true),
            Err(DayRefusal::NotPaired { round: 2 })
        );
    }
}
