//! Art. 5.2.2 / 6.9 / 7.5.5 / 5.1.2: "can a side still checkmate by any series of legal moves".
//!
//! The default run checks positions we wrote ourselves, each with its verdict reasoned beside it:
//! the textbook cases of Art. 5.2.2 (a lone king, bishops of one colour), blocked pawn walls of
//! our own design, positions where only one side can still mate (Art. 6.9: who wins on a flag
//! fall), and little material that can still mate. A verdict is the two-character code `WB` (both
//! sides can mate), `W-` (only White), `-B` (only Black), `--` (neither: a dead position). Every
//! verdict was also checked apart from our engine by `tests/data/unwinnability/check_our_cases.py`
//! (python-chess: material, an exhaustive search of every reachable position where that is small,
//! and a replay of each mating line), or by the reasoning in its comment.
//!
//! The Chess Unwinnability Analyzer's 1,803 test vectors (verdict code + FEN per line) stay in
//! `../shared/fixtures/unwinnability/`; they take minutes of CPU (a few need seconds each), so
//! they run when `ARBITER_FIXTURES` names the fixtures folder (as CI does), on all cores.

use std::path::PathBuf;

use arbiter::rules::dead::{DeadPosition, Mater, Verdict};

fn fixtures_dir() -> Option<PathBuf> {
    std::env::var_os("ARBITER_FIXTURES")
        .map(PathBuf::from)
        .filter(|dir| dir.join("unwinnability/cha-test-vector.txt").is_file())
}

/// What is wrong with our verdict for one position (empty when nothing): the code must be
/// `expected`, every mating line must mate, and the cheaper [`DeadPosition::is_dead`] must say
/// what both full verdicts say.
fn check_case(expected: &str, fen: &str) -> Vec<String> {
    let position = match DeadPosition::from_fen(fen) {
        Ok(position) => position,
        Err(error) => return vec![format!("{fen}: {error}")],
    };
    let mut failures = Vec::new();
    let got = position.unwinnability();
    for (mater, verdict) in [(Mater::White, &got.white), (Mater::Black, &got.black)] {
        if let Verdict::CanMate { line } = verdict
            && !position.line_mates(mater, line)
        {
            failures.push(format!("{fen}: {mater:?}'s line {line:?} does not mate"));
        }
    }
    if got.code() != expected {
        failures.push(format!("{fen}: expected {expected}, got {}", got.code()));
    }
    if position.is_dead() != got.is_dead() {
        failures.push(format!("{fen}: is_dead disagrees with both verdicts"));
    }
    failures
}

/// Checks our own cases (verdict code, FEN); fails with every disagreement.
fn check_ours(cases: &[(&str, &str)]) {
    let failures: Vec<String> = cases
        .iter()
        .flat_map(|(expected, fen)| check_case(expected, fen))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    println!("{} of our positions agree", cases.len());
}

/// Checks every vector of `text` on all cores (interleaved: the hard vectors cluster);
/// returns (cases, failures).
fn check_vectors(text: &str) -> (usize, Vec<String>) {
    let cases: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(4);
    let cases = &cases;
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|first| {
                scope.spawn(move || {
                    let mut failures = Vec::new();
                    for &(index, line) in cases.iter().skip(first).step_by(threads) {
                        match line.split_once(' ') {
                            Some((expected, fen)) => failures.extend(
                                check_case(expected, fen)
                                    .into_iter()
                                    .map(|failure| format!("line {}: {failure}", index + 1)),
                            ),
                            None => failures.push(format!("line {}: no FEN", index + 1)),
                        }
                    }
                    failures
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|_| vec!["thread panicked".into()])
            })
            .collect()
    });
    (cases.len(), failures)
}

#[test]
fn art_5_2_2_lone_king_against_material_that_cannot_mate() {
    check_ours(&[
        // King against king: nothing can ever give check.
        ("--", "8/8/3k4/8/8/4K3/8/8 w - -"),
        // King and bishop against king: the lone king has nothing of its own to block a flight
        // square. In a corner (a8) the bishop's check covers b7, leaving a7 and b8, both of the
        // other colour; the only squares next to both are a8 and b7, so the other king cannot
        // cover them. Off the corner there are more flight squares.
        ("--", "8/8/3k4/8/2B5/4K3/8/8 b - -"),
        // King and knight against king: a knight checking a king in the corner (from b6 or c7
        // against a8) covers none of its three flight squares, and no square lets the other king
        // cover a7, b7 and b8 at once; on an edge there are five flight squares.
        ("--", "8/5k2/8/8/8/2N5/6K1/8 w - -"),
        // The same with Black's knight.
        ("--", "8/2n5/8/4k3/8/8/1K6/8 w - -"),
    ]);
}

#[test]
fn art_5_2_2_bishops_of_one_colour_cannot_mate() {
    check_ours(&[
        // King and light-squared bishop against king and light-squared bishop: a mate needs
        // the mated king's flight squares of the other colour blocked by its own pieces, and
        // no piece on the board can stand on a dark square except the kings.
        ("--", "8/8/3k4/5b2/8/3B4/4K3/8 w - -"),
        // Three light-squared bishops (promoted) against one: still nothing ever covers or
        // blocks a dark square.
        ("--", "4k3/8/8/8/2B5/7b/B3B3/4K3 w - -"),
        // All four bishops on dark squares, two on each side: the same with colours swapped.
        ("--", "1b2k3/8/3b4/8/8/4B3/8/2B1K3 w - -"),
        // Contrast: bishops of opposite colours. The mated king's own bishop can block a flight
        // square of the other colour (e.g. Black Ka8, Bb8; White Kb6 and a light bishop on the
        // long diagonal), so both sides can mate.
        ("WB", "8/8/3k4/4b3/8/3B4/4K3/8 w - -"),
    ]);
}

#[test]
fn art_5_2_2_blocked_pawn_walls() {
    // Our wall: White pawns a3 b4 c5 d4 e3 f4 g5 h4, each blocked head-on by a Black pawn one
    // rank higher. Neighbouring files differ by one rank, so no pawn ever has anything to
    // capture, and every square next to an enemy pawn on one's own side is attacked by that
    // pawn: neither king can reach the other half of the board or win a pawn. White's pawns
    // stand on dark squares, Black's on light ones.
    check_ours(&[
        // Kings only behind the wall: no check can ever be given.
        ("--", "5k2/8/2p3p1/1pPp1pPp/pP1PpP1P/P3P3/8/3K4 w - -"),
        // Plus a dark-squared White bishop and a light-squared Black bishop: every dark square
        // next to White's side of the wall holds a White pawn, every light square next to
        // Black's side a Black pawn, so each bishop stays on its own side, attacks no enemy
        // pawn, and never reaches the other king.
        ("--", "5k2/3b4/2p3p1/1pPp1pPp/pP1PpP1P/P3P3/5B2/3K4 w - -"),
        // A light-squared White bishop instead attacks Black's pawns (Bd3xc4 or Bb3xa4): the
        // wall opens, pawns promote, and either side can mate.
        ("WB", "5k2/8/2p3p1/1pPp1pPp/pP1PpP1P/P3P3/4B3/3K4 w - -"),
        // Without the a- and b-file pawns the kings walk round the wall (White's up the b-file,
        // Black's down the a-file, where no pawn attacks): pawns fall and promote.
        ("WB", "5k2/8/2p3p1/2Pp1pPp/3PpP1P/4P3/8/3K4 w - -"),
    ]);
}

#[test]
fn art_6_9_only_one_side_can_still_mate() {
    // On a flag fall (Art. 6.9) the opponent wins only if they can still mate; these positions
    // answer differently for the two flags.
    check_ours(&[
        // King and rook against king: the rook mates on the edge; the lone king never can.
        ("W-", "8/8/3k4/8/8/8/4K3/R7 w - -"),
        // King and pawn against king: the pawn promotes and mates; the lone king cannot.
        ("W-", "8/8/3k4/8/8/8/4P3/4K3 w - -"),
        // King and rook against king and bishop: a lone bishop mates only with the mated king's
        // own pieces blocking, and a rook next to its king can always capture or interpose
        // (python-chess counts a lone bishop as insufficient here too).
        ("W-", "8/8/3k4/3b4/8/8/8/4K2R w - -"),
        // King and knight against king and queen: a knight's mate needs the king's flight
        // squares blocked by its own pieces, and a queen that blocks one always captures the
        // checking knight; the queen mates.
        ("-B", "8/8/3k4/4q3/8/8/2N5/6K1 w - -"),
        // King against king and two knights: no forced mate, but a mate by a series of legal
        // moves exists (Black's king and knights corner White's cooperating king).
        ("-B", "8/8/2n1k3/8/3n4/8/8/6K1 w - -"),
    ]);
}

#[test]
fn art_6_9_little_material_that_can_still_mate() {
    check_ours(&[
        // King and knight each: a knight mates a king in the corner whose flight square is
        // blocked by its own knight (Black Ka8, Nb8; White Kb6, knight check from c7).
        ("WB", "8/8/3k4/8/3n4/8/3N4/4K3 w - -"),
        // White king and pawn against king and knight: if White's flag falls, Black still wins,
        // since the knight can mate a king hemmed in by its own pawn; White's pawn promotes.
        ("WB", "8/8/8/4k3/8/8/5n1P/7K w - -"),
    ]);
}

#[test]
fn art_5_2_2_cha_vectors_full() {
    let Some(dir) = fixtures_dir() else {
        println!("ARBITER_FIXTURES not set: full CHA run (1,803 vectors) skipped");
        return;
    };
    let path = dir.join("unwinnability/cha-test-vector.txt");
    let text = std::fs::read_to_string(&path).expect("readable fixture");
    let started = std::time::Instant::now();
    let (cases, failures) = check_vectors(&text);
    println!(
        "CHA full: {cases} vectors, {} disagree, {:.1} s",
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    assert_eq!(cases, 1803);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The FENs of the positions sample (positions from random games, some with an en-passant
/// square, most without castling rights).
fn sample_positions() -> Vec<arbiter::rules::Position> {
    include_str!("data/rules/positions-sample.jsonl")
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|entry| entry["fen"].as_str().map(str::to_owned))
        .filter_map(|fen| arbiter::rules::Position::from_fen(&fen).ok())
        .collect()
}

#[test]
fn art_5_2_2_position_reaches_the_solver_as_its_fen_does() {
    let positions = sample_positions();
    assert!(
        positions.len() >= 250,
        "sample too small: {}",
        positions.len()
    );
    for position in &positions {
        let fen = position.to_fen();
        let direct = DeadPosition::from_position(position);
        assert_eq!(direct, DeadPosition::from_fen(&fen), "{fen}");
        // The en-passant square is kept only when the capture is legal, as in the FEN.
        let mut after_push = position.clone();
        if let Some(&m) = position.legal_moves().iter().find(|m| {
            m.role() == arbiter::rules::Role::Pawn
                && m.from().rank().0.abs_diff(m.to().rank().0) == 2
        }) {
            after_push.play_unchecked(m);
            let fen = after_push.to_fen();
            assert_eq!(
                DeadPosition::from_position(&after_push),
                DeadPosition::from_fen(&fen),
                "{fen}"
            );
        }
    }
}

#[test]
fn art_5_2_1_has_legal_move_agrees_with_the_move_count() {
    // The quick test answers from king steps and unpinned pieces; along random games it must
    // say what the full generation says, in check and out of it.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut checked = 0;
    for start in sample_positions() {
        let mut position = start;
        for _ in 0..60 {
            let moves = position.legal_moves();
            assert_eq!(
                position.has_legal_move(),
                !moves.is_empty(),
                "{}",
                position.to_fen()
            );
            checked += 1;
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            position.play_unchecked(moves[(state % moves.len() as u64) as usize]);
        }
    }
    assert!(checked > 10_000, "too few positions: {checked}");
}
