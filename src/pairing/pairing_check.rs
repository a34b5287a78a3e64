//! Which rule a manually changed Swiss pairing breaks, checked before it is saved.
//!
//! The arbiter may change a pairing by hand; the engine then says which criterion the change
//! breaks, so the arbiter decides knowingly:
//!
//! - C.04.1 Art. 2 / C.04.3 C1: two players shall not meet twice. Only played games count
//!   (C.04.2 Art. 3.5: players whose game was not played may be paired again).
//! - C.04.1 Art. 4 / C.04.3 C2: no pairing-allocated bye (PAB) for a player who already had one
//!   or already scored, in one round without playing, as many points as a win.
//! - C.04.1 Art. 3: a PAB only when the number of players to pair is odd; everyone else paired.
//! - C.04.1 Art. 6 and 7: colour difference within ±2, never the same colour three times in a
//!   row; C.04.3 C3: non-topscorers with the same absolute colour preference shall not meet.
//!   In the final round topscorers (C.04.3 Art. 1.8: more than half the maximum possible score)
//!   and their opponents are exempt; for them C.04.3 C10/C11 make it a quality matter.
//! - C.04.2 Art. 3.2/3.3: withdrawn players and players known to be absent are not paired.
//! - Quality (reported, not blocking): C.04.1 Art. 5 (players meet others with the same
//!   score), C.04.3 C12/C13 (colour preference, strong colour preference not met).
//!
//! Colour history counts played games only (C.04.2 Art. 3.4). The checks work on
//! [`tournament::model`](crate::tournament::model) directly: written before the Dutch engine's
//! own colour and float helpers existed, they repeat the few definitions they need (colour
//! difference, colour preference per C.04.3 Art. 1.7, topscorer per Art. 1.8).

use std::collections::BTreeMap;
use std::fmt;

use crate::tournament::board::{Board, pairing_allocated_bye};
use crate::tournament::model::{Color, PlayerId, Tournament};
use crate::tournament::scoring::Points;

/// Whether a violation forbids the pairing or only makes it worse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// An absolute rule: the engine never breaks it; saving needs the arbiter's explicit
    /// decision.
    Absolute,
    /// A quality criterion: the engine would have avoided it if it could.
    Quality,
}

/// The rule a pairing breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Criterion {
    /// C.04.3 C1 (C.04.1 Art. 2): the two already played each other.
    Rematch,
    /// C.04.3 C2 (C.04.1 Art. 4): the bye receiver already had a PAB or an unplayed win.
    SecondBye,
    /// C.04.1 Art. 3: a PAB although the number of players to pair is even, or none although
    /// it is odd.
    ByeCount,
    /// C.04.1 Art. 6 (C.04.3 C10 for topscorers): colour difference beyond ±2.
    ColourDifference,
    /// C.04.1 Art. 7 (C.04.3 C11 for topscorers): the same colour three times in a row.
    SameColourThreeTimes,
    /// C.04.3 C3: two non-topscorers with the same absolute colour preference meet.
    SameAbsolutePreference,
    /// C.04.2 Art. 3.2/3.3: a withdrawn or absent player (or one not entered yet) is paired.
    NotAvailable,
    /// A player to be paired is neither paired nor given the bye.
    Unpaired,
    /// A player appears more than once (or is paired against themself).
    PairedTwice,
    /// The starting number is not in the tournament.
    UnknownPlayer,
    /// C.04.1 Art. 5: the two players have different scores.
    ScoreDifference,
    /// C.04.3 C12: a player does not get their colour preference.
    ColourPreference,
    /// C.04.3 C13: a player does not get their strong colour preference.
    StrongColourPreference,
}

impl Criterion {
    /// The article the criterion comes from, for messages and the UI.
    pub fn article(self) -> &'static str {
        match self {
            Criterion::Rematch => "C.04.3 C1",
            Criterion::SecondBye => "C.04.3 C2",
            Criterion::ByeCount => "C.04.1 Art. 3",
            Criterion::ColourDifference => "C.04.1 Art. 6",
            Criterion::SameColourThreeTimes => "C.04.1 Art. 7",
            Criterion::SameAbsolutePreference => "C.04.3 C3",
            Criterion::NotAvailable => "C.04.2 Art. 3.2",
            Criterion::Unpaired => "C.04.3 C4",
            Criterion::PairedTwice => "C.04.1 Art. 2",
            Criterion::UnknownPlayer => "C.04.2 Art. 2.3",
            Criterion::ScoreDifference => "C.04.1 Art. 5",
            Criterion::ColourPreference => "C.04.3 C12",
            Criterion::StrongColourPreference => "C.04.3 C13",
        }
    }

    /// A stable key (`rematch`, `second-bye`, ...) for translations and JSON.
    pub fn key(self) -> &'static str {
        match self {
            Criterion::Rematch => "rematch",
            Criterion::SecondBye => "second-bye",
            Criterion::ByeCount => "bye-count",
            Criterion::ColourDifference => "colour-difference",
            Criterion::SameColourThreeTimes => "same-colour-three-times",
            Criterion::SameAbsolutePreference => "same-absolute-preference",
            Criterion::NotAvailable => "not-available",
            Criterion::Unpaired => "unpaired",
            Criterion::PairedTwice => "paired-twice",
            Criterion::UnknownPlayer => "unknown-player",
            Criterion::ScoreDifference => "score-difference",
            Criterion::ColourPreference => "colour-preference",
            Criterion::StrongColourPreference => "strong-colour-preference",
        }
    }
}

/// One broken rule and the players it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The rule.
    pub criterion: Criterion,
    /// The article, which for topscorers in the final round may be C.04.3 C10/C11.
    pub article: &'static str,
    /// Absolute or quality.
    pub severity: Severity,
    /// The players concerned.
    pub players: Vec<PlayerId>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players: Vec<String> = self.players.iter().map(|p| p.0.to_string()).collect();
        write!(
            f,
            "{} ({}): {}",
            self.article,
            self.criterion.key(),
            players.join(", ")
        )
    }
}

/// A player's colour preference (C.04.3 Art. 1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ColourPreference {
    /// No played game yet: no preference.
    None,
    /// Colour difference 0: alternate from the last game.
    Mild(Color),
    /// Colour difference ±1.
    Strong(Color),
    /// Colour difference beyond ±1, or the same colour in the last two played games.
    Absolute(Color),
}

impl ColourPreference {
    /// The preferred colour, if any.
    pub fn colour(self) -> Option<Color> {
        match self {
            ColourPreference::None => None,
            ColourPreference::Mild(c)
            | ColourPreference::Strong(c)
            | ColourPreference::Absolute(c) => Some(c),
        }
    }
}

/// A player's colours in played games, oldest first (C.04.2 Art. 3.4: unplayed rounds do not
/// count).
pub fn played_colours(tournament: &Tournament, player: PlayerId, before_round: u32) -> Vec<Color> {
    let Some(p) = tournament.player(player) else {
        return Vec::new();
    };
    p.rounds
        .iter()
        .take(before_round.saturating_sub(1) as usize)
        .filter(|e| e.result.is_played())
        .filter_map(|e| e.color)
        .collect()
}

/// Games with White minus games with Black.
fn colour_difference(colours: &[Color]) -> i32 {
    colours
        .iter()
        .map(|c| match c {
            Color::White => 1,
            Color::Black => -1,
        })
        .sum()
}

/// The colour preference from a played-colour history (C.04.3 Art. 1.7).
pub fn colour_preference(colours: &[Color]) -> ColourPreference {
    let Some(&last) = colours.last() else {
        return ColourPreference::None;
    };
    let difference = colour_difference(colours);
    let last_two_same = colours.len() >= 2 && colours[colours.len() - 2] == last;
    if difference > 1 {
        ColourPreference::Absolute(Color::Black)
    } else if difference < -1 {
        ColourPreference::Absolute(Color::White)
    } else if last_two_same {
        ColourPreference::Absolute(last.other())
    } else if difference == 1 {
        ColourPreference::Strong(Color::Black)
    } else if difference == -1 {
        ColourPreference::Strong(Color::White)
    } else {
        ColourPreference::Mild(last.other())
    }
}

/// A player's score before `round`.
pub fn score_before(tournament: &Tournament, player: PlayerId, round: u32) -> Points {
    tournament.player(player).map_or(Points::ZERO, |p| {
        p.rounds
            .iter()
            .take(round.saturating_sub(1) as usize)
            .map(|e| tournament.points.score(e.result))
            .sum()
    })
}

/// True when `player` is a topscorer for pairing `round` (C.04.3 Art. 1.8): only in the final
/// round, more than half of the maximum possible score so far.
pub fn is_topscorer(tournament: &Tournament, player: PlayerId, round: u32) -> bool {
    if round == 0 || round != tournament.total_rounds {
        return false;
    }
    let maximum = tournament.points.win.0 * (round as i32 - 1);
    score_before(tournament, player, round).0 * 2 > maximum
}

/// True when the two already played a game against each other before `round` (forfeits do
/// not count, C.04.2 Art. 3.5).
pub fn have_played(tournament: &Tournament, a: PlayerId, b: PlayerId, round: u32) -> bool {
    tournament.player(a).is_some_and(|p| {
        p.rounds
            .iter()
            .take(round.saturating_sub(1) as usize)
            .any(|e| e.opponent == Some(b) && e.result.is_played())
    })
}

/// True when the player may not receive the PAB (C.04.1 Art. 4): a PAB already, or as many
/// points as a win in one round without playing.
pub fn had_bye_or_unplayed_win(tournament: &Tournament, player: PlayerId, round: u32) -> bool {
    tournament.player(player).is_some_and(|p| {
        p.rounds
            .iter()
            .take(round.saturating_sub(1) as usize)
            .any(|e| {
                e.result == crate::tournament::model::GameResult::PairingAllocatedBye
                    || (!e.result.is_played()
                        && tournament.points.score(e.result) >= tournament.points.win)
            })
    })
}

/// A violation with the criterion's own article.
fn violation(criterion: Criterion, severity: Severity, players: Vec<PlayerId>) -> Violation {
    Violation {
        criterion,
        article: criterion.article(),
        severity,
        players,
    }
}

/// Checks a proposed pairing of `round` against the rules. `to_pair` is who must be paired
/// (everyone available: not withdrawn, absent or not yet entered); `proposal` holds the
/// games and the pairing-allocated bye (other bye rows are ignored). Returns every violation,
/// absolute ones first; an empty list means the pairing breaks nothing we check.
pub fn check_pairing(
    tournament: &Tournament,
    round: u32,
    to_pair: &[PlayerId],
    proposal: &[Board],
) -> Vec<Violation> {
    let games: Vec<(PlayerId, PlayerId)> = proposal.iter().filter_map(Board::players).collect();
    let bye = pairing_allocated_bye(proposal);
    let mut found = Vec::new();
    let known = |id: PlayerId| tournament.player(id).is_some();

    // Who appears how often.
    let mut seen: BTreeMap<PlayerId, u32> = BTreeMap::new();
    for &(white, black) in &games {
        *seen.entry(white).or_default() += 1;
        *seen.entry(black).or_default() += 1;
    }
    if let Some(bye) = bye {
        *seen.entry(bye).or_default() += 1;
    }
    for (&id, &count) in &seen {
        if !known(id) {
            found.push(violation(
                Criterion::UnknownPlayer,
                Severity::Absolute,
                vec![id],
            ));
            continue;
        }
        if count > 1 {
            found.push(violation(
                Criterion::PairedTwice,
                Severity::Absolute,
                vec![id],
            ));
        }
        if !to_pair.contains(&id) {
            found.push(violation(
                Criterion::NotAvailable,
                Severity::Absolute,
                vec![id],
            ));
        }
    }
    for &id in to_pair {
        if !seen.contains_key(&id) {
            found.push(violation(Criterion::Unpaired, Severity::Absolute, vec![id]));
        }
    }

    // The PAB.
    let odd = to_pair.len() % 2 == 1;
    match bye {
        Some(bye) => {
            if !odd {
                found.push(violation(
                    Criterion::ByeCount,
                    Severity::Absolute,
                    vec![bye],
                ));
            }
            if known(bye) && had_bye_or_unplayed_win(tournament, bye, round) {
                found.push(violation(
                    Criterion::SecondBye,
                    Severity::Absolute,
                    vec![bye],
                ));
            }
        }
        None if odd => found.push(violation(
            Criterion::ByeCount,
            Severity::Absolute,
            Vec::new(),
        )),
        None => {}
    }

    // Board by board.
    for &(white, black) in &games {
        if !known(white) || !known(black) || white == black {
            continue;
        }
        if have_played(tournament, white, black, round) {
            found.push(violation(
                Criterion::Rematch,
                Severity::Absolute,
                vec![white, black],
            ));
        }
        let topscorer_board =
            is_topscorer(tournament, white, round) || is_topscorer(tournament, black, round);
        let colours = [
            (
                white,
                Color::White,
                played_colours(tournament, white, round),
            ),
            (
                black,
                Color::Black,
                played_colours(tournament, black, round),
            ),
        ];
        for (id, given, history) in &colours {
            let mut after = history.clone();
            after.push(*given);
            let (colour_severity, difference_article, three_article) = if topscorer_board {
                (Severity::Quality, "C.04.3 C10", "C.04.3 C11")
            } else {
                (Severity::Absolute, "C.04.1 Art. 6", "C.04.1 Art. 7")
            };
            if colour_difference(&after).abs() > 2 {
                found.push(Violation {
                    criterion: Criterion::ColourDifference,
                    article: difference_article,
                    severity: colour_severity,
                    players: vec![*id],
                });
            }
            if after.len() >= 3 && after[after.len() - 3..].iter().all(|c| c == given) {
                found.push(Violation {
                    criterion: Criterion::SameColourThreeTimes,
                    article: three_article,
                    severity: colour_severity,
                    players: vec![*id],
                });
            }
        }
        let white_preference = colour_preference(&colours[0].2);
        let black_preference = colour_preference(&colours[1].2);
        if let (ColourPreference::Absolute(a), ColourPreference::Absolute(b)) =
            (white_preference, black_preference)
            && a == b
            && !topscorer_board
        {
            found.push(Violation {
                criterion: Criterion::SameAbsolutePreference,
                article: Criterion::SameAbsolutePreference.article(),
                severity: Severity::Absolute,
                players: vec![white, black],
            });
        }
        if score_before(tournament, white, round) != score_before(tournament, black, round) {
            found.push(Violation {
                criterion: Criterion::ScoreDifference,
                article: Criterion::ScoreDifference.article(),
                severity: Severity::Quality,
                players: vec![white, black],
            });
        }
        for (id, given, preference) in [
            (white, Color::White, white_preference),
            (black, Color::Black, black_preference),
        ] {
            let criterion = match preference {
                ColourPreference::Strong(c) | ColourPreference::Absolute(c) if c != given => {
                    Criterion::StrongColourPreference
                }
                ColourPreference::Mild(c) if c != given => Criterion::ColourPreference,
                _ => continue,
            };
            found.push(Violation {
                criterion,
                article: criterion.article(),
                severity: Severity::Quality,
                players: vec![id],
            });
        }
    }
    found.sort_by_key(|v| v.severity);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games as (White, Black) and the pairing-allocated bye, as boards.
    fn proposed(games: Vec<(PlayerId, PlayerId)>, bye: Option<PlayerId>) -> Vec<Board> {
        let mut boards: Vec<Board> = (1..)
            .zip(games)
            .map(|(number, (white, black))| Board::game(number, white, black))
            .collect();
        if let Some(bye) = bye {
            let number = boards.len() as u32 + 1;
            boards.push(Board::bye(
                number,
                bye,
                crate::tournament::result::BoardResult::PairingAllocatedBye,
            ));
        }
        boards
    }
    use crate::tournament::model::{GameResult, Player, RoundEntry};
    use crate::tournament::scoring::PointSystem;

    fn tournament(players: u32, total_rounds: u32) -> Tournament {
        Tournament {
            name: "Check".into(),
            total_rounds,
            players: (1..=players)
                .map(|i| Player {
                    id: PlayerId(i),
                    name: format!("P{i}"),
                    ..Player::default()
                })
                .collect(),
            points: PointSystem::default(),
            ..Tournament::default()
        }
    }

    /// Records a played game with `result` for White.
    fn game(t: &mut Tournament, white: u32, black: u32, result: GameResult) {
        let mirrored = result.mirrored().expect("a game result");
        let w = &mut t.players[white as usize - 1];
        w.rounds.push(RoundEntry {
            opponent: Some(PlayerId(black)),
            color: Some(Color::White),
            result,
        });
        let b = &mut t.players[black as usize - 1];
        b.rounds.push(RoundEntry {
            opponent: Some(PlayerId(white)),
            color: Some(Color::Black),
            result: mirrored,
        });
    }

    fn ids(list: &[u32]) -> Vec<PlayerId> {
        list.iter().map(|&i| PlayerId(i)).collect()
    }

    fn absolute(found: &[Violation]) -> Vec<Criterion> {
        found
            .iter()
            .filter(|v| v.severity == Severity::Absolute)
            .map(|v| v.criterion)
            .collect()
    }

    #[test]
    fn c04_3_c1_rematch_is_reported() {
        let mut t = tournament(4, 5);
        game(&mut t, 1, 2, GameResult::Draw);
        game(&mut t, 3, 4, GameResult::Draw);
        let proposal = proposed(
            vec![(PlayerId(2), PlayerId(1)), (PlayerId(4), PlayerId(3))],
            None,
        );
        let found = check_pairing(&t, 2, &ids(&[1, 2, 3, 4]), &proposal);
        assert_eq!(
            absolute(&found),
            vec![Criterion::Rematch, Criterion::Rematch]
        );
    }

    #[test]
    fn c04_2_art_3_5_forfeited_game_is_no_rematch() {
        let mut t = tournament(2, 3);
        game(&mut t, 1, 2, GameResult::ForfeitWin);
        let proposal = proposed(vec![(PlayerId(2), PlayerId(1))], None);
        let found = check_pairing(&t, 2, &ids(&[1, 2]), &proposal);
        assert!(absolute(&found).is_empty(), "{found:?}");
    }

    #[test]
    fn c04_3_c2_second_bye_is_reported() {
        let mut t = tournament(3, 5);
        game(&mut t, 1, 2, GameResult::Win);
        t.players[2].rounds.push(RoundEntry {
            opponent: None,
            color: None,
            result: GameResult::PairingAllocatedBye,
        });
        let proposal = proposed(vec![(PlayerId(2), PlayerId(1))], Some(PlayerId(3)));
        let found = check_pairing(&t, 2, &ids(&[1, 2, 3]), &proposal);
        assert!(absolute(&found).contains(&Criterion::SecondBye));
        // A half-point bye does not block the PAB (C.04.1 Art. 4 speaks of a win's worth).
        t.players[2].rounds[0].result = GameResult::HalfPointBye;
        let found = check_pairing(&t, 2, &ids(&[1, 2, 3]), &proposal);
        assert!(!absolute(&found).contains(&Criterion::SecondBye));
        // A forfeit win does.
        t.players[2].rounds[0].result = GameResult::ForfeitWin;
        let found = check_pairing(&t, 2, &ids(&[1, 2, 3]), &proposal);
        assert!(absolute(&found).contains(&Criterion::SecondBye));
    }

    #[test]
    fn c04_1_art_3_bye_only_when_odd() {
        let t = tournament(4, 5);
        let with_bye = proposed(vec![(PlayerId(1), PlayerId(2))], Some(PlayerId(3)));
        let found = check_pairing(&t, 1, &ids(&[1, 2, 3, 4]), &with_bye);
        let criteria = absolute(&found);
        assert!(criteria.contains(&Criterion::ByeCount));
        assert!(criteria.contains(&Criterion::Unpaired));
        let odd_without_bye = proposed(vec![(PlayerId(1), PlayerId(2))], None);
        let found = check_pairing(&t, 1, &ids(&[1, 2, 3]), &odd_without_bye);
        assert!(absolute(&found).contains(&Criterion::ByeCount));
    }

    #[test]
    fn c04_1_art_7_same_colour_three_times() {
        let mut t = tournament(6, 5);
        game(&mut t, 1, 2, GameResult::Draw);
        game(&mut t, 3, 4, GameResult::Draw);
        game(&mut t, 5, 6, GameResult::Draw);
        // Round 2: 1 and 3 White again.
        game(&mut t, 1, 4, GameResult::Draw);
        game(&mut t, 3, 6, GameResult::Draw);
        game(&mut t, 2, 5, GameResult::Draw);
        // Round 3: 1 (W, W) White a third time against 3 (W, W): both must have Black (C3);
        // 4 (B, B) Black a third time against 6 (B, B).
        let proposal = proposed(
            vec![
                (PlayerId(1), PlayerId(3)),
                (PlayerId(6), PlayerId(4)),
                (PlayerId(5), PlayerId(2)),
            ],
            None,
        );
        let found = check_pairing(&t, 3, &ids(&[1, 2, 3, 4, 5, 6]), &proposal);
        let crit = absolute(&found);
        assert!(crit.contains(&Criterion::SameColourThreeTimes), "{found:?}");
        assert!(
            crit.contains(&Criterion::SameAbsolutePreference),
            "{found:?}"
        );
        let three: Vec<&Violation> = found
            .iter()
            .filter(|v| v.criterion == Criterion::SameColourThreeTimes)
            .collect();
        assert_eq!(
            three.len(),
            2,
            "1 gets W a third time, 4 gets B a third time"
        );
        assert_eq!(three[0].article, "C.04.1 Art. 7");
    }

    #[test]
    fn c04_1_art_6_colour_difference_beyond_two() {
        let mut t = tournament(2, 9);
        // Player 1: W B W W -> difference +2 but last two W; give W again -> +3.
        let p = &mut t.players[0];
        for c in [Color::White, Color::Black, Color::White, Color::White] {
            p.rounds.push(RoundEntry {
                opponent: Some(PlayerId(99)),
                color: Some(c),
                result: GameResult::Draw,
            });
        }
        for c in [Color::Black, Color::White, Color::Black, Color::White] {
            t.players[1].rounds.push(RoundEntry {
                opponent: Some(PlayerId(98)),
                color: Some(c),
                result: GameResult::Draw,
            });
        }
        let proposal = proposed(vec![(PlayerId(1), PlayerId(2))], None);
        let found = check_pairing(&t, 5, &ids(&[1, 2]), &proposal);
        assert!(absolute(&found).contains(&Criterion::ColourDifference));
        assert!(absolute(&found).contains(&Criterion::SameColourThreeTimes));
    }

    #[test]
    fn c04_3_art_1_8_topscorers_exempt_in_final_round() {
        // Final round 3: players 1 and 2 both won twice with White.
        let mut t = tournament(6, 3);
        game(&mut t, 1, 3, GameResult::Win);
        game(&mut t, 2, 4, GameResult::Win);
        game(&mut t, 5, 6, GameResult::Draw);
        game(&mut t, 1, 4, GameResult::Win);
        game(&mut t, 2, 3, GameResult::Win);
        game(&mut t, 6, 5, GameResult::Draw);
        assert!(is_topscorer(&t, PlayerId(1), 3));
        assert!(!is_topscorer(&t, PlayerId(1), 2), "only in the final round");
        assert!(!is_topscorer(&t, PlayerId(5), 3));
        let proposal = proposed(
            vec![
                (PlayerId(1), PlayerId(2)),
                (PlayerId(3), PlayerId(5)),
                (PlayerId(4), PlayerId(6)),
            ],
            None,
        );
        let found = check_pairing(&t, 3, &ids(&[1, 2, 3, 4, 5, 6]), &proposal);
        let on_board_one: Vec<&Violation> = found
            .iter()
            .filter(|v| v.players.contains(&PlayerId(1)))
            .collect();
        assert!(
            on_board_one
                .iter()
                .any(|v| v.criterion == Criterion::SameColourThreeTimes
                    && v.article == "C.04.3 C11"
                    && v.severity == Severity::Quality),
            "{found:?}"
        );
        assert!(
            !found
                .iter()
                .any(|v| v.criterion == Criterion::SameAbsolutePreference),
            "topscorers may meet with the same absolute preference: {found:?}"
        );
    }

    #[test]
    fn c04_2_art_3_2_withdrawn_player_paired() {
        let t = tournament(4, 5);
        let proposal = proposed(
            vec![(PlayerId(1), PlayerId(2)), (PlayerId(3), PlayerId(4))],
            None,
        );
        let found = check_pairing(&t, 1, &ids(&[1, 2, 3]), &proposal);
        let not_available: Vec<&Violation> = found
            .iter()
            .filter(|v| v.criterion == Criterion::NotAvailable)
            .collect();
        assert_eq!(not_available.len(), 1);
        assert_eq!(not_available[0].players, vec![PlayerId(4)]);
    }

    #[test]
    fn paired_twice_and_unknown_players() {
        let t = tournament(4, 5);
        let proposal = proposed(
            vec![(PlayerId(1), PlayerId(2)), (PlayerId(1), PlayerId(9))],
            None,
        );
        let found = check_pairing(&t, 1, &ids(&[1, 2]), &proposal);
        let crit = absolute(&found);
        assert!(crit.contains(&Criterion::PairedTwice));
        assert!(crit.contains(&Criterion::UnknownPlayer));
    }

    #[test]
    fn c04_3_c12_quality_reported_not_absolute() {
        let mut t = tournament(4, 5);
        game(&mut t, 1, 2, GameResult::Win);
        game(&mut t, 3, 4, GameResult::Win);
        // 1 (White last, mild→strong pref Black) gets White again against 3 (also W).
        let proposal = proposed(
            vec![(PlayerId(1), PlayerId(3)), (PlayerId(2), PlayerId(4))],
            None,
        );
        let found = check_pairing(&t, 2, &ids(&[1, 2, 3, 4]), &proposal);
        assert!(absolute(&found).is_empty(), "{found:?}");
        assert!(
            found
                .iter()
                .any(|v| v.criterion == Criterion::StrongColourPreference
                    && v.players == vec![PlayerId(1)])
        );
        assert!(
            found
                .iter()
                .any(|v| v.criterion == Criterion::StrongColourPreference
                    && v.players == vec![PlayerId(4)])
        );
    }

    #[test]
    fn c04_3_art_1_7_colour_preferences() {
        use Color::{Black as B, White as W};
        assert_eq!(colour_preference(&[]), ColourPreference::None);
        assert_eq!(colour_preference(&[W]), ColourPreference::Strong(B));
        assert_eq!(colour_preference(&[W, B]), ColourPreference::Mild(W));
        assert_eq!(colour_preference(&[B, W, W]), ColourPreference::Absolute(B));
        assert_eq!(colour_preference(&[B, B]), ColourPreference::Absolute(W));
        assert_eq!(colour_preference(&[W, B, W]), ColourPreference::Strong(B));
    }
}
