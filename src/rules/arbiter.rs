//! The arbiter's report on one game record (Laws 2023 Art. 8 scoresheet checking, with Art. 5,
//! 6, 7 and 9): the first bad ply with its reason and candidates; how the game ended under the
//! Laws; whether the signed result agrees (8.7: a signed result stands, so a disagreement is a
//! warning and the result is never changed); draw offers (8.1.5, 9.1.1); valid and invalid
//! claims (9.2, 9.3, 9.5); illegal moves (7.5, A.4, A.5.2); flag falls (6.9, 6.11); and, after
//! every ply, whether the player then to move could validly claim a draw (9.2, 9.3).
//!
//! The exact dead-position test ([`super::dead`]) is expensive, so it is run where it can
//! matter. A dead position stays dead whatever is played (any mate after it would be a mate
//! from it), so one test on the last position of a stretch of legal moves says whether any
//! position of that stretch was dead, and a walk back from it finds the first one. Each test is
//! the material proof and `chasolver`'s fast check first, the exact analysis only for a side
//! they leave open.

use super::clock::{self, ClockReadings, FlagOutcome};
use super::dead::{DeadPosition, Verdict};
use super::draw::{self, ClaimBasis, ClaimKind, RepetitionHistory};
use super::game::{DeclaredEnd, GameRecord, Outcome};
use super::illegal::{self, IllegalMovePenalty};
use super::san::{self, SanError, SanErrorKind};
use super::{Color, Lang, Move, Position};

mod pseudo;
mod score_text;
mod warning;
use pseudo::pseudo_move;
pub use score_text::{ScoreText, SignedBoard, TagMismatch, check_score_text};
pub use warning::{LossEvent, Warning};

/// How a game ended under the Laws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// Art. 5.1.1.
    Checkmate,
    /// Art. 5.2.1.
    Stalemate,
    /// Art. 5.2.2: neither side can mate by any series of legal moves.
    DeadPosition,
    /// Art. 9.6.1: the same position for the fifth time.
    Fivefold,
    /// Art. 9.6.2: 75 moves each without pawn move or capture.
    Seventyfive,
    /// Art. 9.2: a valid threefold-repetition claim.
    ThreefoldClaim,
    /// Art. 9.3: a valid fifty-move claim.
    FiftyClaim,
    /// Art. 6.9: a flag fell.
    FlagFall,
    /// Art. 6.11.1.2 / Guidelines III.3.1: both flags fell in the last period.
    BothFlags,
    /// Art. 7.5.5: a second illegal move.
    IllegalMove,
    /// Art. 5.1.2: a player resigned.
    Resignation,
    /// Art. 5.2.3: the players agreed a draw.
    Agreement,
}

impl Termination {
    /// The name used in reports and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead_position",
            Termination::Fivefold => "fivefold",
            Termination::Seventyfive => "seventyfive",
            Termination::ThreefoldClaim => "threefold_claim",
            Termination::FiftyClaim => "fifty_claim",
            Termination::FlagFall => "flag_fall",
            Termination::BothFlags => "both_flags",
            Termination::IllegalMove => "illegal_move",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
        }
    }

    /// The article of the Laws that ends a game so (`5.1.1` for checkmate).
    pub fn article(self) -> &'static str {
        match self {
            Termination::Checkmate => "5.1.1",
            Termination::Stalemate => "5.2.1",
            Termination::DeadPosition => "5.2.2",
            Termination::Fivefold => "9.6.1",
            Termination::Seventyfive => "9.6.2",
            Termination::ThreefoldClaim => "9.2",
            Termination::FiftyClaim => "9.3",
            Termination::FlagFall => "6.9",
            Termination::BothFlags => "6.11",
            Termination::IllegalMove => "7.5.5",
            Termination::Resignation => "5.1.2",
            Termination::Agreement => "5.2.3",
        }
    }
}

/// A draw claim found in the record and how it was judged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimReport {
    /// The claimant's ply: the record entry with the written move, or one past the last entry
    /// for a claim on the final position.
    pub ply: usize,
    /// Threefold or fifty moves.
    pub kind: ClaimKind,
    /// Whether the claim was correct (9.2, 9.3); an incorrect one gives the opponent time (9.5).
    pub valid: bool,
    /// The written move the claim relied on, when the position on the board did not qualify
    /// by itself (SAN, English letters).
    pub written_move: Option<String>,
}

/// An illegal move found in the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMoveReport {
    /// 1-based record entry (an illegal move and its replacement are two entries, so this is
    /// not the game's ply).
    pub ply: usize,
    /// The game's move number of the attempt (Art. 8.1: the position's move number), which
    /// with [`IllegalMoveReport::side`] names it as `11.` (White) or `11…` (Black).
    pub move_number: u32,
    /// Who made it.
    pub side: Color,
    /// The move as written.
    pub text: String,
    /// What followed (7.5.5, A.4, A.5.2).
    pub penalty: IllegalMovePenalty,
}

/// The plies after which the player then to move could validly claim a draw.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Claimable {
    /// Art. 9.2 (on the board or on a written move).
    pub threefold: Vec<usize>,
    /// Art. 9.3 (on the board or on a written move).
    pub fifty: Vec<usize>,
}

/// The report for one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    /// Legal plies played on the board.
    pub plies: usize,
    /// The first record entry that could not be read as a legal move (1-based), if any.
    pub first_bad_ply: Option<usize>,
    /// Why, with the candidate moves.
    pub error: Option<SanError>,
    /// How the game ended under the Laws, when it did.
    pub termination: Option<Termination>,
    /// Plies on the board when it ended.
    pub termination_ply: Option<usize>,
    /// The result the Laws give (`Unknown` when the game did not end or could not be decided).
    pub result_by_laws: Outcome,
    /// The result as signed.
    pub recorded_result: Outcome,
    /// Whether they agree (`None` when either is unknown).
    pub result_agrees: Option<bool>,
    /// Draw claims and their verdicts.
    pub claims: Vec<ClaimReport>,
    /// Illegal moves and what followed.
    pub illegal_moves: Vec<IllegalMoveReport>,
    /// Plies with a draw offer `(=)`.
    pub draw_offers: Vec<usize>,
    /// Plies where the player to move could claim a draw.
    pub claimable: Claimable,
    /// Everything an arbiter should look at.
    pub warnings: Vec<Warning>,
    /// The position after the last legal ply.
    pub final_fen: String,
    /// Every record entry that was played was read as SAN or long algebraic (none needed the
    /// UCI fallback): with no bad ply, [`super::replay::replay`] of the record's texts reaches
    /// the same position.
    pub san_only: bool,
}

/// Options for [`report`].
#[derive(Debug, Clone, Copy, Default)]
pub struct ReportOptions {
    /// The piece letters of the record.
    pub lang: Lang,
}

fn win_for(color: Color) -> Outcome {
    match color {
        Color::White => Outcome::WhiteWins,
        Color::Black => Outcome::BlackWins,
    }
}

/// Can `color` mate in `position`? `Some(true)`/`Some(false)`, or `None` when undecided.
pub fn can_mate(position: &Position, color: Color) -> Option<bool> {
    let dead = DeadPosition::from_position(position).ok()?;
    match dead.verdict(color) {
        Verdict::CanMate { .. } => Some(true),
        Verdict::CannotMate => Some(false),
        Verdict::Undecided => None,
    }
}

/// Art. 5.2.2: is `position` dead? `None` when undecided.
pub fn is_dead(position: &Position) -> Option<bool> {
    if position.is_checkmate() {
        return Some(false);
    }
    DeadPosition::from_position(position).ok()?.is_dead()
}

/// The result when `loser` would lose unless the opponent cannot mate (5.1.2, 6.9, 7.5.5).
fn loss_unless_cannot_mate(
    position: &Position,
    loser: Color,
    warnings: &mut Vec<Warning>,
    event: LossEvent,
) -> Outcome {
    match can_mate(position, loser.other()) {
        Some(true) => win_for(loser.other()),
        Some(false) => Outcome::Draw,
        None => {
            warnings.push(Warning::MateUndecided {
                event,
                side: loser.other(),
            });
            Outcome::Unknown
        }
    }
}

/// Reads a move text: SAN in the record's letters, long algebraic, or UCI.
fn read_move(position: &Position, text: &str, lang: Lang) -> Result<Move, SanError> {
    read_move_noting_uci(position, text, lang, &mut false)
}

/// [`read_move`], setting `read_as_uci` when the text could only be read as UCI.
fn read_move_noting_uci(
    position: &Position,
    text: &str,
    lang: Lang,
    read_as_uci: &mut bool,
) -> Result<Move, SanError> {
    match san::parse_move(position, text, lang) {
        Ok(m) => Ok(m),
        Err(error) => match san::parse_uci(position, text) {
            Ok(m) => {
                *read_as_uci = true;
                Ok(m)
            }
            Err(_) => Err(error),
        },
    }
}

/// Checks one game record and reports what the Laws say happened.
pub fn report(record: &GameRecord, options: ReportOptions) -> GameReport {
    let start = match &record.start_fen {
        Some(fen) => match Position::from_fen(fen) {
            Ok(position) => position,
            Err(error) => {
                return GameReport {
                    warnings: vec![Warning::StartPosition {
                        error: error.to_string(),
                    }],
                    final_fen: fen.clone(),
                    ..GameReport::blank(record)
                };
            }
        },
        None => Position::new(),
    };
    Walker::new(record, options, start).run()
}

impl GameReport {
    /// The report before any move is read: nothing found yet, the recorded result kept.
    fn blank(record: &GameRecord) -> GameReport {
        GameReport {
            plies: 0,
            first_bad_ply: None,
            error: None,
            termination: None,
            termination_ply: None,
            result_by_laws: Outcome::Unknown,
            recorded_result: record.result,
            result_agrees: None,
            claims: Vec::new(),
            illegal_moves: Vec::new(),
            draw_offers: Vec::new(),
            claimable: Claimable::default(),
            warnings: Vec::new(),
            final_fen: String::new(),
            san_only: true,
        }
    }
}

/// The state of the walk through one record.
struct Walker<'a> {
    record: &'a GameRecord,
    options: ReportOptions,
    position: Position,
    history: RepetitionHistory,
    /// Positions since the last illegal move that stood (index = plies on the board - offset).
    segment: Vec<Position>,
    segment_first_ply: usize,
    plies: usize,
    illegal_counts: [u32; 2],
    ended: Option<(Termination, usize, Outcome)>,
    /// The walk stopped at an unreadable entry (the rest of the record was not followed).
    stopped: bool,
    report: GameReport,
}

impl<'a> Walker<'a> {
    fn new(record: &'a GameRecord, options: ReportOptions, start: Position) -> Walker<'a> {
        Walker {
            record,
            options,
            history: RepetitionHistory::new(&start),
            segment: {
                let mut segment = Vec::with_capacity(record.plies.len() + 1);
                segment.push(start.clone());
                segment
            },
            segment_first_ply: 0,
            position: start,
            plies: 0,
            illegal_counts: [0, 0],
            ended: None,
            stopped: false,
            report: GameReport::blank(record),
        }
    }

    fn end(&mut self, termination: Termination, result: Outcome) {
        if self.ended.is_none() {
            self.ended = Some((termination, self.plies, result));
        }
    }

    fn run(mut self) -> GameReport {
        let record = self.record;
        let category = record.category();
        let supervised = record.is_supervised();
        let first_mover = self.position.turn();
        let readings = ClockReadings {
            after_ply: record.plies.iter().map(|ply| ply.clock_ms).collect(),
            at_end: record.final_clocks_ms,
        };
        let flags = clock::find_flag_fall(&readings, first_mover, record.time_control.as_ref());
        let mut index = 0;
        let mut after_end_warned = false;
        while index < record.plies.len() {
            let entry = &record.plies[index];
            let ply = index + 1;
            index += 1;
            if self.ended.is_some() && !after_end_warned {
                after_end_warned = true;
                let (termination, at, _) =
                    self.ended
                        .unwrap_or((Termination::Agreement, 0, Outcome::Unknown));
                self.report.warnings.push(Warning::MovesAfterEnd {
                    at,
                    termination,
                    more: record.plies.len() + 1 - ply,
                });
            }
            let mover = self.position.turn();
            let mut read_as_uci = false;
            let parsed = read_move_noting_uci(
                &self.position,
                &entry.text,
                self.options.lang,
                &mut read_as_uci,
            );
            self.report.san_only &= !read_as_uci;
            // A claim made with a written move (9.2.1.1, 9.3.1), judged before the move.
            if let Some(kind) = entry.claim
                && self.ended.is_none()
            {
                let written = parsed.as_ref().ok().copied();
                let on_board = match kind {
                    ClaimKind::Threefold => draw::threefold_claim(&self.history, &self.position)
                        .is_some_and(|basis| basis == ClaimBasis::OnTheBoard),
                    ClaimKind::Fifty => draw::fifty_claim(&self.position)
                        .is_some_and(|basis| basis == ClaimBasis::OnTheBoard),
                };
                let with_move = written.is_some_and(|m| match kind {
                    ClaimKind::Threefold => {
                        draw::threefold_claim_with_move(&self.history, &self.position, m)
                    }
                    ClaimKind::Fifty => draw::fifty_claim_with_move(&self.position, m),
                });
                let valid = on_board || with_move;
                self.report.claims.push(ClaimReport {
                    ply,
                    kind,
                    valid,
                    written_move: (!on_board && with_move)
                        .then(|| written.map(|m| san::to_san(&self.position, m, Lang::En)))
                        .flatten(),
                });
                if valid {
                    let termination = match kind {
                        ClaimKind::Threefold => Termination::ThreefoldClaim,
                        ClaimKind::Fifty => Termination::FiftyClaim,
                    };
                    self.end(termination, Outcome::Draw);
                } else {
                    self.report.warnings.push(Warning::IncorrectClaim {
                        ply,
                        kind,
                        by: mover,
                        seconds: draw::incorrect_claim_bonus_seconds(category),
                    });
                }
            }
            let m = match parsed {
                Ok(m) => m,
                Err(error) if error.kind == SanErrorKind::Illegal && self.ended.is_none() => {
                    if !self.illegal_move(ply, index, entry, error, category, supervised) {
                        break;
                    }
                    continue;
                }
                Err(error) => {
                    if self.report.first_bad_ply.is_none() {
                        self.report.first_bad_ply = Some(ply);
                        self.report.error = Some(error);
                    }
                    self.stopped = true;
                    break;
                }
            };
            let mut next = self.position.clone();
            next.play_unchecked(m);
            self.history.push(&self.position, m, &next);
            self.position = next;
            self.plies += 1;
            if self.ended.is_none() {
                self.segment.push(self.position.clone());
            }
            if self.ended.is_some() {
                continue;
            }
            self.after_ply(ply, entry.draw_offer, mover, &flags);
        }
        self.finish(&flags)
    }

    /// Handles an illegal move at record entry `ply`; returns false when the walk must stop.
    fn illegal_move(
        &mut self,
        ply: usize,
        next_index: usize,
        entry: &super::game::RecordedPly,
        error: SanError,
        category: clock::Category,
        supervised: bool,
    ) -> bool {
        let mover = self.position.turn();
        let move_number = self.position.fullmoves();
        let lang = self.options.lang;
        let record = self.record;
        // How did the game go on? Either the same player plays again from the reinstated
        // position (7.5.1), or the opponent answered the illegal move, which then stood (A.5.2).
        let next_text = record.plies.get(next_index).map(|next| next.text.as_str());
        let legal_when_reinstated =
            next_text.is_some_and(|text| read_move(&self.position, text, lang).is_ok());
        let stood = pseudo_move(&self.position, &entry.text, lang).filter(|&m| {
            let mut after = self.position.clone();
            after.play_unchecked(m);
            next_text.is_some_and(|text| read_move(&after, text, lang).is_ok())
        });
        let claimed = entry.illegal_claimed;
        // The scoresheet is wrong here either way; the arbiter's reading follows.
        if self.report.first_bad_ply.is_none() {
            self.report.first_bad_ply = Some(ply);
            self.report.error = Some(error);
        }
        if (legal_when_reinstated || stood.is_none()) && !self.goes_on_after_illegal(next_index) {
            // Art. 8: nothing in the record shows the move played and the game going on from
            // it (the text may be a slip of the pen for a legal move the opponent answered):
            // the record is unreadable from here on, and no illegal move is judged (7.5).
            self.report.warnings.push(Warning::UnreadableFrom {
                ply,
                text: entry.text.clone(),
            });
            self.stopped = true;
            return false;
        }
        let penalty = if !legal_when_reinstated && let Some(m) = stood {
            if supervised || claimed {
                // Answered under supervision: the arbiter should have reinstated it (7.5.1);
                // it is reported, and the game is followed as it was played.
                self.report.warnings.push(Warning::IllegalNotCorrected {
                    ply,
                    text: entry.text.clone(),
                    by: mover,
                });
            }
            let mut after = self.position.clone();
            after.play_unchecked(m);
            self.position = after;
            self.plies += 1;
            self.history.restart(&self.position);
            self.segment = vec![self.position.clone()];
            self.segment_first_ply = self.plies;
            IllegalMovePenalty::Stands
        } else {
            // 7.5.1: the position before the illegal move is reinstated and the same player
            // moves again (the next entry).
            self.illegal_counts[mover.index()] += 1;
            illegal::illegal_move_penalty(category, true, true, self.illegal_counts[mover.index()])
        };
        self.report.illegal_moves.push(IllegalMoveReport {
            ply,
            move_number,
            side: mover,
            text: entry.text.clone(),
            penalty,
        });
        match penalty {
            IllegalMovePenalty::Stands => {
                self.report.warnings.push(Warning::IllegalStands {
                    ply,
                    text: entry.text.clone(),
                });
            }
            IllegalMovePenalty::TimeToOpponent(seconds) => {
                self.report.warnings.push(Warning::IllegalReinstated {
                    ply,
                    text: entry.text.clone(),
                    by: mover,
                    seconds,
                });
            }
            IllegalMovePenalty::LossUnlessOpponentCannotMate => {
                let position = self.position.clone();
                let result = loss_unless_cannot_mate(
                    &position,
                    mover,
                    &mut self.report.warnings,
                    LossEvent::SecondIllegalMove,
                );
                self.end(Termination::IllegalMove, result);
            }
        }
        true
    }

    /// Art. 7.5.1 against Art. 8: after an illegal entry by the player to move, does the
    /// record show that player moving again from the reinstated position (a legal move of
    /// theirs follows, perhaps after further illegal attempts)? Any entry on the way that
    /// could be the opponent's answer to some legal move is a doubt (the illegal text may be a
    /// slip for that move): then no.
    fn goes_on_after_illegal(&self, next_index: usize) -> bool {
        let lang = self.options.lang;
        let position = &self.position;
        let answers = position.legal_moves();
        for next in self.record.plies.iter().skip(next_index) {
            let could_answer = answers.iter().any(|&m| {
                let mut after = position.clone();
                after.play_unchecked(m);
                read_move(&after, &next.text, lang).is_ok()
            });
            if could_answer {
                return false;
            }
            if read_move(position, &next.text, lang).is_ok() {
                return true;
            }
        }
        false
    }

    /// Everything checked after a legal ply that did not end the walk.
    fn after_ply(&mut self, ply: usize, draw_offer: bool, mover: Color, flags: &FlagOutcome) {
        let position = &self.position;
        if draw_offer {
            self.report.draw_offers.push(ply);
            if let Some(first_allowed) = self.record.no_draw_offers_before {
                let move_number = position.fullmoves() - u32::from(mover == Color::Black);
                if move_number < first_allowed {
                    self.report.warnings.push(Warning::EarlyDrawOffer {
                        ply,
                        move_number,
                        first_allowed,
                    });
                }
            }
        }
        if draw::threefold_claim(&self.history, position).is_some() {
            self.report.claimable.threefold.push(ply);
        }
        if draw::fifty_claim(position).is_some() {
            self.report.claimable.fifty.push(ply);
        }
        let has_legal_move = position.has_legal_move();
        let checkmate = !has_legal_move && position.is_check();
        let stalemate = !has_legal_move && !checkmate;
        // Art. 9.6.2 as in [`draw::is_seventyfive`], with the legal-move test already made.
        let seventyfive = has_legal_move && position.halfmoves() >= 150;
        let fivefold = draw::is_fivefold(&self.history);
        if checkmate {
            self.end(Termination::Checkmate, win_for(mover));
            return;
        }
        if stalemate {
            self.end(Termination::Stalemate, Outcome::Draw);
            return;
        }
        if seventyfive {
            self.end(Termination::Seventyfive, Outcome::Draw);
            return;
        }
        if fivefold {
            self.end(Termination::Fivefold, Outcome::Draw);
            return;
        }
        if let FlagOutcome::Fell(fall) = flags
            && fall.ply == ply
        {
            let loser = fall.side;
            let position = self.position.clone();
            let result = loss_unless_cannot_mate(
                &position,
                loser,
                &mut self.report.warnings,
                LossEvent::FlagFall,
            );
            self.end(Termination::FlagFall, result);
        }
    }

    /// After the last entry: final claims and flags, the dead-position test, the result.
    fn finish(mut self, flags: &FlagOutcome) -> GameReport {
        let record = self.record;
        if !self.stopped
            && self.ended.is_none()
            && let Some(kind) = record.final_claim
        {
            let valid = match kind {
                ClaimKind::Threefold => draw::threefold_claim(&self.history, &self.position)
                    .is_some_and(|basis| basis == ClaimBasis::OnTheBoard),
                ClaimKind::Fifty => draw::fifty_claim(&self.position)
                    .is_some_and(|basis| basis == ClaimBasis::OnTheBoard),
            };
            self.report.claims.push(ClaimReport {
                ply: record.plies.len() + 1,
                kind,
                valid,
                written_move: None,
            });
            if valid {
                let termination = match kind {
                    ClaimKind::Threefold => Termination::ThreefoldClaim,
                    ClaimKind::Fifty => Termination::FiftyClaim,
                };
                self.end(termination, Outcome::Draw);
            } else {
                self.report
                    .warnings
                    .push(Warning::IncorrectFinalClaim { kind });
            }
        }
        if self.ended.is_none() && !self.stopped {
            match flags {
                FlagOutcome::Fell(fall) if fall.ply > record.plies.len() => {
                    let loser = fall.side;
                    let position = self.position.clone();
                    let result = loss_unless_cannot_mate(
                        &position,
                        loser,
                        &mut self.report.warnings,
                        LossEvent::FlagFall,
                    );
                    self.end(Termination::FlagFall, result);
                }
                FlagOutcome::Both { last_period, .. } => {
                    if *last_period {
                        self.end(Termination::BothFlags, Outcome::Draw);
                    } else {
                        self.report.warnings.push(Warning::BothFlagsEarly);
                    }
                }
                _ => {}
            }
        }
        self.dead_position_check();
        if self.ended.is_none() && !self.stopped {
            self.off_board_end();
        } else if self.stopped && self.ended.is_none() {
            self.report.warnings.push(Warning::NotFollowed);
        }
        let mut report = self.report;
        report.plies = self.plies;
        report.final_fen = self.position.to_fen();
        if let Some((termination, ply, result)) = self.ended {
            report.termination = Some(termination);
            report.termination_ply = Some(ply);
            report.result_by_laws = result;
        }
        if report.result_by_laws != Outcome::Unknown && record.result != Outcome::Unknown {
            let agrees = report.result_by_laws == record.result;
            report.result_agrees = Some(agrees);
            if !agrees {
                report.warnings.push(Warning::SignedDiffers {
                    signed: record.result,
                    by_laws: report.result_by_laws,
                });
            }
        }
        report
    }

    /// Art. 5.2.2 over the current stretch of legal moves (see the module documentation):
    /// walk back from its last position while positions are dead, with the cheap proofs first
    /// and the exact test only where they do not settle it.
    fn dead_position_check(&mut self) {
        if let Some((Termination::Checkmate, _, _)) = self.ended {
            return;
        }
        let mut first_dead = None;
        for index in (0..self.segment.len()).rev() {
            let position = &self.segment[index];
            let Ok(dead) = DeadPosition::from_position(position) else {
                break;
            };
            let white = dead.cheap_verdict(Color::White).is_some();
            let black = dead.cheap_verdict(Color::Black).is_some();
            // The cheap tests are incomplete: a position they leave open for both sides can
            // still be dead (locked pawn chains), so it gets the exact test too.
            let verdict = if white && black {
                Some(true)
            } else if position.is_checkmate() {
                Some(false)
            } else {
                dead.is_dead_after_cheap(white, black)
            };
            match verdict {
                Some(true) => first_dead = Some(index),
                Some(false) => break,
                None => {
                    self.report.warnings.push(Warning::DeadUndecided {
                        ply: self.segment_first_ply + index,
                    });
                    break;
                }
            }
        }
        let Some(high) = first_dead else {
            return;
        };
        let ply = self.segment_first_ply + high;
        // A stalemate is dead too; it is named a dead position only when the material alone
        // decides it (as other software does), else stalemate (5.2.1).
        let material_only = DeadPosition::from_position(&self.segment[high])
            .is_ok_and(|dead| dead.insufficient_material());
        match self.ended {
            Some((_, ended_at, _)) if ended_at < ply => {}
            Some((Termination::Stalemate, ended_at, _)) if ended_at == ply && !material_only => {}
            _ => {
                self.ended = Some((Termination::DeadPosition, ply, Outcome::Draw));
            }
        }
    }

    /// No end on the board: a resignation, a draw by agreement or a time forfeit, from the
    /// declared end and the signed result.
    fn off_board_end(&mut self) {
        let record = self.record;
        let position = self.position.clone();
        let decisive_loser = match record.result {
            Outcome::WhiteWins => Some(Color::Black),
            Outcome::BlackWins => Some(Color::White),
            _ => None,
        };
        match (record.declared_end, record.result, decisive_loser) {
            (DeclaredEnd::Agreement, _, _) | (DeclaredEnd::Unspecified, Outcome::Draw, _) => {
                let (white_moves, black_moves) = self.moves_by_side();
                if white_moves == 0 || black_moves == 0 {
                    self.report.warnings.push(Warning::AgreementBeforeMoves);
                }
                if let Some(first_allowed) = record.no_draw_offers_before {
                    let move_number = white_moves.max(black_moves) as u32;
                    if move_number < first_allowed {
                        self.report.warnings.push(Warning::EarlyAgreement {
                            move_number,
                            first_allowed,
                        });
                    }
                }
                self.end(Termination::Agreement, Outcome::Draw);
            }
            (DeclaredEnd::TimeForfeit, _, Some(loser)) => {
                let result = loss_unless_cannot_mate(
                    &position,
                    loser,
                    &mut self.report.warnings,
                    LossEvent::TimeForfeit,
                );
                self.end(Termination::FlagFall, result);
            }
            (DeclaredEnd::Resignation | DeclaredEnd::Unspecified, _, Some(loser)) => {
                let result = loss_unless_cannot_mate(
                    &position,
                    loser,
                    &mut self.report.warnings,
                    LossEvent::Resignation,
                );
                self.end(Termination::Resignation, result);
            }
            _ => {}
        }
    }

    /// Moves made by White and by Black so far.
    fn moves_by_side(&self) -> (usize, usize) {
        let first_white = self
            .segment
            .first()
            .is_none_or(|_| self.record.start_fen.is_none() || self.starts_white());
        let plies = self.plies;
        if first_white {
            (plies.div_ceil(2), plies / 2)
        } else {
            (plies / 2, plies.div_ceil(2))
        }
    }

    fn starts_white(&self) -> bool {
        self.record
            .start_fen
            .as_deref()
            .and_then(|fen| fen.split_whitespace().nth(1))
            .is_none_or(|side| side != "b")
    }
}
