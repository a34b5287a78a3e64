//! The two rounds of the FIDE C.02 acceptance run (about 48,000 tournaments made by
//! `arbiter generate --dutch`) that bbpPairings v6 and FIDE's pairing checker paired otherwise.
//! Each input is the tournament as our generator wrote it, cut before the round in question.
//!
//! In both, two pairings tie on every criterion C1–C21 and C.04.3 Art. 3 (the order of
//! transpositions: each S1 player, in order, takes the first S2 player a best pairing allows)
//! decides. The engine had asked the bracket's own matcher whether a best pairing allows an
//! opponent; its "yes" held for the bracket alone, not for the round (C4 completion), and the
//! matching over everybody that followed dropped the pair.

use arbiter::formats::trf;
use arbiter::pairing::dutch;

fn pairs(file: &str) -> Vec<(u32, u32)> {
    let path = format!("{}/tests/data/dutch/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test file");
    let tournament = trf::parse(&text).expect("a valid TRF");
    dutch::pair(&tournament)
        .expect("a pairing exists")
        .iter()
        .map(|board| (board.white.0, board.black.map_or(0, |black| black.0)))
        .collect()
}

fn has(list: &[(u32, u32)], pair: (u32, u32)) -> bool {
    list.contains(&pair)
}

/// g35368 round 10 (78 players, last round): the 2.5 bracket {54 60 63 73 75 76 77} pairs
/// three and floats 75 either way; 54–77 is forced; 60–73 + 63–76 and 60–76 + 63–73 break the
/// same colour preferences (C12, C13: one strong white preference each) and floats. Art. 3:
/// S1 = 54 60 63, and S2 in the order 77 73 76 comes before 77 76 73.
#[test]
fn dutch_art3_transposition_order_when_c1_to_c21_tie_g35368_round10() {
    let got = pairs("c02_g35368_round10.trf");
    assert_eq!(got.len(), 39);
    for pair in [(60, 73), (76, 63), (77, 54), (72, 75), (78, 74)] {
        assert!(has(&got, pair), "missing {pair:?} in {got:?}");
    }
}

/// g1064 round 7 (69 players, a PAB): the reference pairs of the bottom brackets.
#[test]
fn dutch_art3_transposition_order_with_completion_g1064_round7() {
    let got = pairs("c02_g1064_round7.trf");
    assert_eq!(got.len(), 35);
    for pair in [
        (39, 56),
        (51, 57),
        (58, 52),
        (53, 67),
        (66, 68),
        (49, 62),
        (59, 0),
    ] {
        assert!(has(&got, pair), "missing {pair:?} in {got:?}");
    }
}
