//! The Dutch engine (C.04.3) pairs as it did when every bracket's weights were a dense matrix.
//!
//! The files in `tests/data/dutch-dense/` were made by `arbiter generate --dutch` before the
//! weights were computed on demand (commit `e4dfdfa`: the matcher stored an `n × n` matrix of
//! weights): every round of them is that engine's answer. Since then the matcher reads each
//! weight from the players' classes, bit matrices and a few single weights; re-pairing every
//! round must give the same boards. The fields are larger than the bbpPairings fixtures': a few
//! hundred players, byes, forfeits, withdrawals and late entries, and Baku acceleration
//! (C.04.7) in one.
//!
//! The same comparison on 693 more generated tournaments (9–158 players) and on two events of
//! 2,000 and 4,000 players is recorded in the guide (`docs/src/validation/dutch-speed.md`).

use arbiter::formats::trf;
use arbiter::pairing::dutch;

fn check(name: &str, rounds: u32) {
    let path = format!(
        "{}/tests/data/dutch-dense/{name}.trf",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the fixture");
    let tournament = trf::parse(&text).expect("a valid TRF");
    assert_eq!(dutch::next_round(&tournament), rounds + 1, "{name}");
    assert_eq!(dutch::check_rounds(&tournament), Vec::new(), "{name}");
}

#[test]
fn dutch_300_players_pair_as_the_dense_engine() {
    check("n300_r9_s11", 9);
}

#[test]
fn dutch_500_players_baku_pair_as_the_dense_engine() {
    check("n500_r7_s12_baku", 7);
}

#[test]
fn dutch_151_players_with_byes_and_withdrawals_pair_as_the_dense_engine() {
    check("n151_r11_s13", 11);
}
