//! The arbiter's report on game records, one test per rule (Laws 2023 Art. 5–9, Appendices
//! A and B): how a game ends, draw claims, clocks, illegal moves and the signed result.

use arbiter::rules::arbiter::{GameReport, ReportOptions, Termination, Warning, report};
use arbiter::rules::clock::{Category, TimeControl};
use arbiter::rules::draw::ClaimKind;
use arbiter::rules::game::{DeclaredEnd, GameRecord, Outcome, RecordedPly};
use arbiter::rules::illegal::IllegalMovePenalty;

fn run(record: &GameRecord) -> GameReport {
    report(record, ReportOptions::default())
}

fn from_fen(fen: &str, moves: &[&str]) -> GameRecord {
    GameRecord {
        start_fen: Some(fen.to_owned()),
        ..GameRecord::from_moves(moves)
    }
}

#[test]
fn art_5_1_1_checkmate_ends_the_game() {
    let record = GameRecord {
        result: Outcome::BlackWins,
        ..GameRecord::from_moves(&["f3", "e5", "g4", "Qh4#"])
    };
    let got = run(&record);
    assert_eq!(got.termination, Some(Termination::Checkmate));
    assert_eq!(got.termination_ply, Some(4));
    assert_eq!(got.result_by_laws, Outcome::BlackWins);
    assert_eq!(got.result_agrees, Some(true));
    assert!(got.warnings.is_empty(), "{:?}", got.warnings);
}

#[test]
fn art_5_2_1_stalemate() {
    // Sam Loyd's ten-move stalemate.
    let moves = [
        "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
        "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
    ];
    let got = run(&GameRecord::from_moves(&moves));
    assert_eq!(got.termination, Some(Termination::Stalemate));
    assert_eq!(got.result_by_laws, Outcome::Draw);
}

#[test]
fn art_5_2_2_dead_position_ends_the_game() {
    let got = run(&from_fen("8/8/8/3k4/8/3pK3/8/B7 w - - 0 1", &["Kxd3"]));
    assert_eq!(got.termination, Some(Termination::DeadPosition));
    assert_eq!(got.termination_ply, Some(1));
    assert_eq!(got.result_by_laws, Outcome::Draw);
}

#[test]
fn art_5_2_2_blocked_pawns_dead_though_material_remains() {
    // A locked pawn chain the kings cannot cross: neither side can ever mate.
    let fen = "8/8/1k6/p1p1p1p1/P1P1P1P1/8/3K4/8 w - - 0 1";
    let got = run(&from_fen(fen, &["Kd3"]));
    assert_eq!(got.termination, Some(Termination::DeadPosition));
    assert_eq!(got.termination_ply, Some(0));
}

#[test]
fn art_5_2_2_dead_position_the_fast_check_cannot_prove_is_still_found() {
    // A CHA test vector (`--`): White's rook is walled in behind its own pawns and neither
    // side can ever mate, but the fast, incomplete check proves it for neither side; only the
    // exact analysis does. It must run on a game's last position as well.
    let fen = "2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1";
    let got = run(&from_fen(fen, &["Kb8"]));
    assert_eq!(got.termination, Some(Termination::DeadPosition));
    assert_eq!(got.termination_ply, Some(0));
    assert_eq!(got.result_by_laws, Outcome::Draw);
}

#[test]
fn art_5_1_2_resignation_is_a_draw_when_the_opponent_cannot_mate() {
    // White (king and rook) "resigns" against a bare king: a draw by the Laws.
    let record = GameRecord {
        result: Outcome::BlackWins,
        declared_end: DeclaredEnd::Resignation,
        ..from_fen("8/8/4k3/8/8/3K4/8/7R w - - 0 1", &["Kd4"])
    };
    let got = run(&record);
    assert_eq!(got.termination, Some(Termination::Resignation));
    assert_eq!(got.result_by_laws, Outcome::Draw);
    // Art. 8.7: the signed result stands; the disagreement is a warning.
    assert_eq!(got.recorded_result, Outcome::BlackWins);
    assert_eq!(got.result_agrees, Some(false));
    assert!(got.warnings.contains(&Warning::SignedDiffers {
        signed: Outcome::BlackWins,
        by_laws: Outcome::Draw,
    }));
}

#[test]
fn art_5_2_3_agreement_and_9_1_1_no_offers_before_move_n() {
    let mut record = GameRecord {
        result: Outcome::Draw,
        no_draw_offers_before: Some(30),
        ..GameRecord::from_moves(&["e4", "e5", "Nf3"])
    };
    record.plies[2].draw_offer = true;
    let got = run(&record);
    assert_eq!(got.termination, Some(Termination::Agreement));
    assert_eq!(got.draw_offers, vec![3]);
    assert!(got.warnings.contains(&Warning::EarlyDrawOffer {
        ply: 3,
        move_number: 2,
        first_allowed: 30,
    }));
    assert!(got.warnings.contains(&Warning::EarlyAgreement {
        move_number: 2,
        first_allowed: 30,
    }));
}

fn knight_dance(times: usize) -> Vec<&'static str> {
    ["Nf3", "Nf6", "Ng1", "Ng8"]
        .iter()
        .copied()
        .cycle()
        .take(times)
        .collect()
}

#[test]
fn art_9_2_claim_on_written_move() {
    // The start position stood twice (start, after ply 4); Black writes Ng8, which would make
    // it the third time, and claims instead of playing it.
    let mut record = GameRecord::from_moves(&knight_dance(8));
    record.plies[7].claim = Some(ClaimKind::Threefold);
    let got = run(&record);
    assert_eq!(got.claims.len(), 1);
    assert!(got.claims[0].valid);
    assert_eq!(got.claims[0].written_move.as_deref(), Some("Ng8"));
    assert_eq!(got.termination, Some(Termination::ThreefoldClaim));
    assert_eq!(got.termination_ply, Some(7));
    assert_eq!(got.result_by_laws, Outcome::Draw);
    // Claimable after ply 3 (White to move, Ng1... no), after ply 7 (Black may write Ng8).
    assert!(got.claimable.threefold.contains(&7));
}

#[test]
fn art_9_5_incorrect_claim_gives_the_opponent_time_and_the_move_is_played() {
    let mut record = GameRecord::from_moves(&knight_dance(6));
    record.plies[3].claim = Some(ClaimKind::Threefold);
    let got = run(&record);
    assert_eq!(got.claims.len(), 1);
    assert!(!got.claims[0].valid);
    assert_eq!(got.termination, None);
    assert_eq!(got.plies, 6);
    assert!(
        got.warnings.iter().any(|w| matches!(
            w,
            Warning::IncorrectClaim {
                ply: 4,
                kind: ClaimKind::Threefold,
                seconds: 120,
                ..
            }
        )),
        "{:?}",
        got.warnings
    );
}

#[test]
fn art_9_5_incorrect_claim_in_rapid_one_minute() {
    let mut record = GameRecord {
        category: Some(Category::Rapid),
        ..GameRecord::from_moves(&knight_dance(6))
    };
    record.plies[3].claim = Some(ClaimKind::Fifty);
    let got = run(&record);
    assert!(!got.claims[0].valid);
    assert!(
        got.warnings.iter().any(|w| matches!(
            w,
            Warning::IncorrectClaim {
                kind: ClaimKind::Fifty,
                seconds: 60,
                ..
            }
        )),
        "{:?}",
        got.warnings
    );
}

#[test]
fn art_9_3_fifty_move_claim_on_written_move() {
    let mut record = from_fen("8/8/4k3/8/8/3K4/3R4/8 w - - 99 80", &["Rd1"]);
    record.plies[0].claim = Some(ClaimKind::Fifty);
    let got = run(&record);
    assert!(got.claims[0].valid);
    assert_eq!(got.claims[0].written_move.as_deref(), Some("Rd1"));
    assert_eq!(got.termination, Some(Termination::FiftyClaim));
}

#[test]
fn art_9_6_1_fivefold_repetition_ends_the_game() {
    let got = run(&GameRecord::from_moves(&knight_dance(16)));
    assert_eq!(got.termination, Some(Termination::Fivefold));
    assert_eq!(got.termination_ply, Some(16));
}

#[test]
fn art_9_6_2_seventyfive_moves_and_mate_takes_precedence() {
    let got = run(&from_fen("8/8/4k3/8/8/3K4/3R4/8 w - - 149 80", &["Rd1"]));
    assert_eq!(got.termination, Some(Termination::Seventyfive));
    // The 150th ply mates: checkmate, not the 75-move rule.
    let got = run(&from_fen(
        "6k1/5ppp/8/8/8/8/8/3R2K1 w - - 149 80",
        &["Rd8#"],
    ));
    assert_eq!(got.termination, Some(Termination::Checkmate));
    assert_eq!(got.result_by_laws, Outcome::WhiteWins);
}

fn clocked(moves: &[&str], clocks: &[u64]) -> GameRecord {
    let mut record = GameRecord::from_moves(moves);
    for (ply, clock) in record.plies.iter_mut().zip(clocks) {
        ply.clock_ms = Some(*clock);
    }
    record
}

#[test]
fn art_6_9_flag_fall_loses() {
    let record = GameRecord {
        time_control: "3+2".parse::<TimeControl>().ok(),
        ..clocked(&["e4", "e5", "Nf3"], &[170_000, 171_000, 0])
    };
    let got = run(&record);
    assert_eq!(got.termination, Some(Termination::FlagFall));
    assert_eq!(got.result_by_laws, Outcome::BlackWins);
}

#[test]
fn art_6_9_flag_fall_draw_when_opponent_cannot_mate() {
    // White (queen) to move; White's flag falls: Black's bare king cannot mate, so a draw.
    let mut record = from_fen("8/8/4k3/8/8/3K4/8/7Q w - - 0 1", &["Qh2", "Kd5"]);
    record.final_clocks_ms = Some((0, 5_000));
    let got = run(&record);
    assert_eq!(got.termination, Some(Termination::FlagFall));
    assert_eq!(got.result_by_laws, Outcome::Draw);
    // Black's flag instead: White can mate, so Black loses.
    record.final_clocks_ms = Some((5_000, 0));
    let got = run(&record);
    assert_eq!(got.result_by_laws, Outcome::WhiteWins);
}

#[test]
fn art_6_11_both_flags_in_the_last_period_draw() {
    let mut record = GameRecord {
        time_control: "5".parse::<TimeControl>().ok(),
        ..GameRecord::from_moves(&["e4", "e5"])
    };
    record.final_clocks_ms = Some((0, 0));
    let got = run(&record);
    assert_eq!(got.termination, Some(Termination::BothFlags));
    assert_eq!(got.result_by_laws, Outcome::Draw);
}

#[test]
fn art_7_5_5_first_illegal_move_reinstated_two_minutes() {
    // White writes Ke2?? (illegal: the e2 pawn is there); reinstated, White plays e4.
    let record = GameRecord::from_moves(&["e4", "e5", "Ke3", "Nf3"]);
    let got = run(&record);
    assert_eq!(got.illegal_moves.len(), 1);
    assert_eq!(got.illegal_moves[0].ply, 3);
    assert_eq!(
        got.illegal_moves[0].penalty,
        IllegalMovePenalty::TimeToOpponent(120)
    );
    assert_eq!(got.plies, 3);
    assert_eq!(got.termination, None);
}

#[test]
fn art_7_5_5_second_illegal_move_loses() {
    let record = GameRecord::from_moves(&["e4", "e5", "Ke3", "Ke3", "Nf3"]);
    let got = run(&record);
    assert_eq!(got.illegal_moves.len(), 2);
    assert_eq!(got.termination, Some(Termination::IllegalMove));
    assert_eq!(got.result_by_laws, Outcome::BlackWins);
}

#[test]
fn art_7_5_5_second_illegal_move_draw_when_opponent_cannot_mate() {
    // Black has a bare king: White's second illegal move is a draw, not a loss.
    let record = from_fen("8/8/4k3/8/8/3K4/3P4/8 w - - 0 1", &["Kd2", "Kd2", "Kc3"]);
    let got = run(&record);
    assert_eq!(got.termination, Some(Termination::IllegalMove));
    assert_eq!(got.result_by_laws, Outcome::Draw);
}

#[test]
fn a_4_rapid_first_illegal_move_one_minute() {
    let record = GameRecord {
        category: Some(Category::Rapid),
        ..GameRecord::from_moves(&["e4", "e5", "Ke3", "Nf3"])
    };
    let got = run(&record);
    assert_eq!(
        got.illegal_moves[0].penalty,
        IllegalMovePenalty::TimeToOpponent(60)
    );
}

#[test]
fn a_5_2_illegal_move_stands() {
    // Blitz without adequate supervision: White's king steps next to Black's (illegal);
    // Black does not claim and replies, so the move stands and the game goes on from it.
    let record = GameRecord {
        category: Some(Category::Blitz),
        supervised: false,
        ..from_fen("8/8/8/4k3/8/3K4/8/7R w - - 0 1", &["Kd4", "Kf5", "Rh5+"])
    };
    let got = run(&record);
    assert_eq!(got.illegal_moves.len(), 1, "{:?}", got.warnings);
    assert_eq!(got.illegal_moves[0].penalty, IllegalMovePenalty::Stands);
    assert_eq!(got.plies, 3);
    assert!(got.warnings.contains(&Warning::IllegalStands {
        ply: 1,
        text: "Kd4".to_owned(),
    }));
    // The command line words it in English with the article.
    assert!(
        got.warnings
            .iter()
            .any(|w| w.to_string().contains("stands (A.5.2)"))
    );
}

#[test]
fn art_8_7_signed_result_stands_but_disagreement_is_reported() {
    let record = GameRecord {
        result: Outcome::Draw,
        ..GameRecord::from_moves(&["f3", "e5", "g4", "Qh4#"])
    };
    let got = run(&record);
    assert_eq!(got.result_by_laws, Outcome::BlackWins);
    assert_eq!(got.recorded_result, Outcome::Draw);
    assert_eq!(got.result_agrees, Some(false));
}

#[test]
fn art_8_scoresheet_first_bad_ply_with_candidates() {
    let got = run(&GameRecord::from_moves(&["e4", "e5", "N3", "Nc6"]));
    assert_eq!(got.first_bad_ply, Some(3));
    assert!(got.error.is_some());
    assert_eq!(got.plies, 2);
}

#[test]
fn a_1_recorded_ply_defaults() {
    let ply = RecordedPly::new("e4");
    assert_eq!(ply.text, "e4");
    assert!(!ply.draw_offer && ply.claim.is_none() && ply.clock_ms.is_none());
}

/// A PGN whose White move cannot be made (`4. Ke3`: the king on e1 cannot reach e3) followed by
/// Black's legal reply: the record cannot be read past that move (Art. 8), which is no illegal
/// move played (Art. 7.5), let alone two (Art. 7.5.5).
#[test]
fn art_8_mistyped_move_is_an_unreadable_record_not_two_illegal_moves_art_7_5_5() {
    let record = GameRecord {
        result: Outcome::BlackWins,
        ..GameRecord::from_moves(&[
            "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Ke3", "Nf6", "d3", "d6", "O-O", "O-O",
        ])
    };
    let got = run(&record);
    assert!(got.illegal_moves.is_empty(), "{:?}", got.illegal_moves);
    assert_eq!(got.termination, None);
    assert_eq!(got.first_bad_ply, Some(7));
    assert_eq!(got.plies, 6);
    assert_eq!(got.result_by_laws, Outcome::Unknown);
    assert_ne!(got.result_agrees, Some(true));
    assert!(
        got.warnings.iter().any(|w| w.to_string()
            == "ply 7 (Ke3) cannot be read: the record is unreadable from it on (8)"),
        "{:?}",
        got.warnings
    );
}

/// An illegal move the record shows played and the game going on from it (Art. 7.5.1: the
/// same player's legal move from the reinstated position follows) is still judged.
#[test]
fn art_7_5_1_illegal_move_then_the_same_players_move_is_judged() {
    let record = GameRecord::from_moves(&["e4", "e5", "Ke3", "Nf3", "Nc6"]);
    let got = run(&record);
    assert_eq!(got.illegal_moves.len(), 1);
    assert_eq!(got.plies, 4);
}
