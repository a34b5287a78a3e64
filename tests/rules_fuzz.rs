//! Random-input fuzzing of the three parsers (FEN, SAN/UCI, PGN): none may panic, and what
//! they accept must be usable (a FEN that parses writes back and parses again; a move that
//! parses is legal and plays).
//!
//! The default run does a fixed number of rounds. `ARBITER_FUZZ_SECONDS=N` runs each target
//! for N seconds instead (a long fuzzing session; `cargo fuzz` needs a nightly toolchain).

use std::time::{Duration, Instant};

use arbiter::rules::pgn::{ReadOptions, read_games};
use arbiter::rules::san::{parse_move, parse_uci};
use arbiter::rules::{Lang, Position};

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const ALPHABET: &[&str] = &[
    "K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p", "a", "c", "d", "e", "f", "g", "h",
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "x", ":", "-", "=", "/", "(", ")", "+", "#",
    "!", "?", "O", "o", " ", "/", "w", "-", "e.p.", "♘", "Кр", "Д", "[", "]", "\"", "{", "}", ";",
    "$", "%", "\n", "\r\n", "\\", "1-0", "*", "1/2-1/2", "\u{feff}", "é", "\0",
];

const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "[Event \"x\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 3. Bb5 a6 1-0\n",
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O",
    "exd8=Q+",
    "0-0-0",
];

fn mutate(rng: &mut Rng) -> String {
    let mut text: String = SEEDS[rng.below(SEEDS.len())].to_string();
    for _ in 0..=rng.below(6) {
        let chars: Vec<char> = text.chars().collect();
        let at = rng.below(chars.len() + 1);
        let prefix: String = chars[..at].iter().collect();
        let suffix: String = chars[at..].iter().collect();
        text = match rng.below(3) {
            0 => format!("{prefix}{}{suffix}", ALPHABET[rng.below(ALPHABET.len())]),
            1 => format!(
                "{prefix}{}",
                suffix.chars().skip(1 + rng.below(3)).collect::<String>()
            ),
            _ => {
                let mut s = String::new();
                for _ in 0..rng.below(12) {
                    s.push_str(ALPHABET[rng.below(ALPHABET.len())]);
                }
                s
            }
        };
    }
    text
}

fn budget() -> (Option<Duration>, u64) {
    match std::env::var("ARBITER_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        Some(seconds) => (Some(Duration::from_secs(seconds)), u64::MAX),
        None => (None, 20_000),
    }
}

fn run(name: &str, seed: u64, mut target: impl FnMut(&str)) {
    let (time, rounds) = budget();
    let started = Instant::now();
    let mut rng = Rng(seed);
    let mut done = 0u64;
    while done < rounds && time.is_none_or(|t| started.elapsed() < t) {
        let input = mutate(&mut rng);
        target(&input);
        done += 1;
    }
    println!(
        "fuzz {name}: {done} inputs in {:.1} s, no panic",
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn fuzz_fen_parser() {
    run("fen", 1, |input| {
        if let Ok(position) = Position::from_fen(input) {
            let again = Position::from_fen(&position.to_fen()).expect("written FEN reads back");
            assert_eq!(again.to_fen(), position.to_fen());
            let _ = position.legal_moves();
        }
        if let Ok(position) = Position::from_fen_unchecked(input) {
            for m in position.legal_moves() {
                let mut child = position.clone();
                child.play_unchecked(m);
                let _ = child.to_fen();
            }
        }
    });
}

#[test]
fn fuzz_san_parser() {
    let positions: Vec<Position> = SEEDS
        .iter()
        .filter_map(|fen| Position::from_fen(fen).ok())
        .collect();
    let mut which = 0;
    run("san", 2, |input| {
        which += 1;
        let position = &positions[which % positions.len()];
        let lang = Lang::ALL[which % Lang::ALL.len()];
        if let Ok(m) = parse_move(position, input, lang) {
            assert!(position.is_legal(m), "{input} gave an illegal move");
        }
        if let Ok(m) = parse_uci(position, input) {
            assert!(position.is_legal(m), "{input} gave an illegal move");
        }
    });
}

#[test]
fn fuzz_pgn_reader() {
    run("pgn", 3, |input| {
        for game in read_games(input, ReadOptions::default())
            .into_iter()
            .flatten()
        {
            let _ = arbiter::cli::check::check_game(&game, Lang::En);
        }
    });
}
