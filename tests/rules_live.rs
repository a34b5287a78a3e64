//! Games followed from electronic boards (`rules::live`, `arbiter live replay`): feeds made here
//! from games played by our rules core, with the noise real boards make — a capture lifted in
//! two steps, castling's rook placed first, a knocked piece put back, a piece lifted and put
//! down — give exactly the games' moves; illegal moves (Art. 7.5.1, 7.5.5), checkmate (5.1.1),
//! fivefold repetition (9.6.1) and the kings' result signal give their alerts and results.

use std::process::Command;

use arbiter::formats::live_feed::{BoardEvent, ClockReading};
use arbiter::rules::fen::board_fen;
use arbiter::rules::live::{AlertKind, LiveGame, Observation};
use arbiter::rules::san::{parse_move, to_san};
use arbiter::rules::{Board, Color, Lang, Move, Piece, Position, Role, Square};

/// A small deterministic generator (xorshift), so that every run makes the same feeds.
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

/// A board's events as the feed would have them.
struct Feed {
    serialnr: String,
    flipped: bool,
    running: Option<Color>,
    events: Vec<BoardEvent>,
}

fn turned(placement: &str) -> String {
    placement
        .split('/')
        .rev()
        .map(|rank| rank.chars().rev().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

impl Feed {
    fn new(serialnr: &str, flipped: bool) -> Feed {
        let mut feed = Feed {
            serialnr: serialnr.to_owned(),
            flipped,
            running: None,
            events: Vec::new(),
        };
        // The arbiter starts White's clock on the initial position.
        feed.send(&Board::standard(), Some(Color::White));
        feed
    }

    fn send(&mut self, board: &Board, running: Option<Color>) {
        self.running = running;
        let placement = board_fen(board);
        self.events.push(BoardEvent {
            serialnr: self.serialnr.clone(),
            flipped: self.flipped,
            board: if self.flipped {
                turned(&placement)
            } else {
                placement
            },
            clock: Some(ClockReading {
                white: Some(5400),
                black: Some(5400),
                run: running.map(|c| if c == Color::White { "white" } else { "black" }.to_owned()),
                time: None,
            }),
            t: self.events.len() as u64 * 500,
        });
    }

    /// `m` played from `before` with some noise, then the clock pressed.
    fn play(&mut self, before: &Position, m: Move, rng: &mut Rng) {
        let mover = before.turn();
        let mut after = before.clone();
        after.play_unchecked(m);
        let board = before.board().clone();
        match (rng.below(5), m) {
            (
                1,
                Move::Normal {
                    capture: Some(_),
                    to,
                    from,
                    ..
                },
            ) => {
                // The captured piece lifted first, then the capturing piece.
                let mut lifted = board.clone();
                lifted.remove_piece_at(to);
                self.send(&lifted, Some(mover));
                lifted.remove_piece_at(from);
                self.send(&lifted, Some(mover));
            }
            (2, Move::Castle { rook, .. }) => {
                // The rook placed first.
                let mut rook_first = board.clone();
                let piece = rook_first.remove_piece_at(rook).expect("the rook");
                let target = after
                    .board()
                    .pieces()
                    .find(|(square, p)| *p == piece && board.piece_at(*square) != Some(piece))
                    .map(|(square, _)| square)
                    .expect("the rook's square");
                rook_first.set_piece_at(target, piece);
                self.send(&rook_first, Some(mover));
            }
            (3, _) => {
                // Another piece knocked over and put back.
                let others: Vec<Square> = board
                    .pieces()
                    .filter(|(square, p)| p.role != Role::King && *square != m.from())
                    .map(|(square, _)| square)
                    .collect();
                if !others.is_empty() {
                    let mut knocked = board.clone();
                    knocked.remove_piece_at(others[rng.below(others.len())]);
                    self.send(&knocked, Some(mover));
                    self.send(&board, Some(mover));
                }
            }
            (4, _) => {
                // The piece lifted, then put down on its square.
                let mut lifted = board.clone();
                lifted.remove_piece_at(m.from());
                self.send(&lifted, Some(mover));
            }
            _ => {}
        }
        self.send(after.board(), Some(mover.other()));
    }

    /// A placement that is no legal move's, completed with a press by the player to move:
    /// one of his pieces (not the king) put on an empty square no move of it reaches.
    fn illegal(&mut self, before: &Position, rng: &mut Rng) -> Board {
        let mover = before.turn();
        let board = before.board().clone();
        let legal: Vec<String> = before
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = before.clone();
                after.play_unchecked(m);
                board_fen(after.board())
            })
            .collect();
        let pieces: Vec<(Square, Piece)> = board
            .pieces()
            .filter(|(_, p)| p.color == mover && p.role != Role::King && p.role != Role::Pawn)
            .collect();
        for _ in 0..1000 {
            let (from, piece) = pieces[rng.below(pieces.len())];
            let to = Square::new(rng.below(64) as u32).expect("a square");
            if board.piece_at(to).is_some() {
                continue;
            }
            let mut wrong = board.clone();
            wrong.remove_piece_at(from);
            wrong.set_piece_at(to, piece);
            if !legal.contains(&board_fen(&wrong)) {
                self.send(&wrong, Some(mover.other()));
                return wrong;
            }
        }
        panic!("no illegal placement found");
    }
}

/// The game of a feed, through the live engine.
fn follow(events: &[BoardEvent]) -> LiveGame {
    let games = arbiter::cli::live::replay(events);
    assert_eq!(games.len(), 1);
    games.into_iter().next().expect("a board").1
}

fn play_san(feed: &mut Feed, position: &mut Position, moves: &[&str], rng: &mut Rng) {
    for text in moves {
        let m = parse_move(position, text, Lang::En).expect("a legal move");
        feed.play(position, m, rng);
        position.play_unchecked(m);
    }
}

#[test]
fn random_games_with_board_noise_give_exactly_their_moves_and_ends() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut games = 0;
    let mut plies = 0;
    let mut ended = 0;
    for game in 0..1000 {
        let flipped = game % 7 == 0;
        let mut feed = Feed::new(&format!("B{game}"), flipped);
        let mut position = Position::new();
        let mut sans = Vec::new();
        let length = 20 + rng.below(140);
        // The same game fed without noise, one placement a press: where it ends by the Laws
        // the generator stops, and the noisy feed must end there too.
        let mut reference = LiveGame::new();
        let start = board_fen(&Board::standard());
        reference.observe(Observation {
            placement: &start,
            flipped: false,
            running: Some(Color::White),
        });
        for _ in 0..length {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            sans.push(to_san(&position, m, Lang::En));
            feed.play(&position, m, &mut rng);
            let mover = position.turn();
            position.play_unchecked(m);
            let placement = board_fen(position.board());
            reference.observe(Observation {
                placement: &placement,
                flipped: false,
                running: Some(mover.other()),
            });
            if reference.result().is_some() {
                break;
            }
        }
        let seen = follow(&feed.events);
        assert_eq!(seen.moves(), sans.as_slice(), "game {game}");
        assert!(
            seen.alerts()
                .iter()
                .all(|a| a.kind != AlertKind::IllegalMove),
            "game {game}: {:?}",
            seen.alerts()
        );
        assert_eq!(seen.result(), reference.result(), "game {game}");
        if seen.result().is_some() {
            ended += 1;
        }
        games += 1;
        plies += sans.len();
    }
    println!("{games} games, {plies} plies, {ended} ended by the Laws");
    assert_eq!(games, 1000);
}

#[test]
fn art_5_1_1_checkmate_ends_the_game_and_proposes_the_result() {
    let mut rng = Rng(7);
    let mut feed = Feed::new("S1", false);
    let mut position = Position::new();
    play_san(
        &mut feed,
        &mut position,
        &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"],
        &mut rng,
    );
    let game = follow(&feed.events);
    assert_eq!(game.moves().len(), 7);
    assert_eq!(game.moves()[6], "Qxf7#");
    let last = game.alerts().last().expect("an alert");
    assert_eq!((last.ply, last.kind.article()), (7, Some("5.1.1")));
    assert_eq!(game.result().map(|r| r.as_pgn()), Some("1-0"));
}

#[test]
fn art_7_5_1_an_illegal_move_completed_is_an_alert_and_not_a_move() {
    let mut rng = Rng(11);
    let mut feed = Feed::new("S2", false);
    let mut position = Position::new();
    play_san(&mut feed, &mut position, &["e4", "e5", "Nf3"], &mut rng);
    // Black completes an illegal move; the arbiter stops the clocks and the position before it
    // is placed again (Art. 7.5.1); Black's clock runs again and the game goes on.
    feed.illegal(&position, &mut rng);
    feed.send(position.board(), None);
    feed.send(position.board(), Some(Color::Black));
    play_san(&mut feed, &mut position, &["Nc6", "Bb5"], &mut rng);
    let game = follow(&feed.events);
    assert_eq!(game.moves(), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    let alerts: Vec<_> = game
        .alerts()
        .iter()
        .map(|a| (a.ply, a.kind.article(), a.player))
        .collect();
    assert_eq!(alerts, [(4, Some("7.5.1"), Some(Color::Black))]);
    assert_eq!(game.result(), None);
}

#[test]
fn art_7_5_1_an_illegal_move_that_stood_and_the_reply_to_it_are_not_moves() {
    let mut rng = Rng(13);
    let mut feed = Feed::new("S3", false);
    let mut position = Position::new();
    play_san(&mut feed, &mut position, &["d4", "d5"], &mut rng);
    // White's illegal move stands: Black replies on it and presses; then the arbiter
    // reinstates the position before it and White plays again.
    let wrong = feed.illegal(&position, &mut rng);
    let mut reply = wrong.clone();
    let pawn = reply
        .remove_piece_at(Square::parse("g7").expect("g7"))
        .expect("a pawn");
    reply.set_piece_at(Square::parse("g6").expect("g6"), pawn);
    feed.send(&reply, Some(Color::White));
    feed.send(position.board(), None);
    feed.send(position.board(), Some(Color::White));
    play_san(&mut feed, &mut position, &["c4"], &mut rng);
    let game = follow(&feed.events);
    assert_eq!(game.moves(), ["d4", "d5", "c4"]);
    let alerts: Vec<_> = game
        .alerts()
        .iter()
        .map(|a| (a.ply, a.kind.article()))
        .collect();
    assert_eq!(alerts, [(3, Some("7.5.1"))]);
}

#[test]
fn art_7_5_5_the_second_illegal_move_of_a_player_loses() {
    let mut rng = Rng(17);
    let mut feed = Feed::new("S4", false);
    let mut position = Position::new();
    play_san(&mut feed, &mut position, &["e4", "c5"], &mut rng);
    for _ in 0..2 {
        feed.illegal(&position, &mut rng);
        feed.send(position.board(), None);
        feed.send(position.board(), Some(Color::White));
    }
    let game = follow(&feed.events);
    assert_eq!(game.moves(), ["e4", "c5"]);
    let alerts: Vec<_> = game.alerts().iter().map(|a| a.kind.article()).collect();
    assert_eq!(alerts, [Some("7.5.1"), Some("7.5.5")]);
    assert_eq!(game.result().map(|r| r.as_pgn()), Some("0-1"));
}

#[test]
fn art_9_6_1_the_fifth_occurrence_ends_the_game() {
    let mut rng = Rng(19);
    let mut feed = Feed::new("S5", true);
    let mut position = Position::new();
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    for _ in 0..4 {
        play_san(&mut feed, &mut position, &cycle, &mut rng);
    }
    let game = follow(&feed.events);
    assert_eq!(game.moves().len(), 16);
    let alerts: Vec<_> = game
        .alerts()
        .iter()
        .map(|a| (a.ply, a.kind.article()))
        .collect();
    assert_eq!(alerts, [(16, Some("9.6.1"))]);
    assert_eq!(game.result().map(|r| r.as_pgn()), Some("1/2-1/2"));
}

#[test]
fn the_kings_on_the_centre_squares_propose_a_result_not_a_move() {
    for (squares, result) in [
        (["d4", "e5"], "0-1"),
        (["e4", "d5"], "1-0"),
        (["d4", "d5"], "1/2-1/2"),
    ] {
        let mut rng = Rng(23);
        let mut feed = Feed::new("S6", false);
        let mut position = Position::new();
        play_san(&mut feed, &mut position, &["e3", "d6", "Nc3"], &mut rng);
        let mut signal = position.board().clone();
        for (color, square) in [(Color::White, squares[0]), (Color::Black, squares[1])] {
            let king = signal.king_of(color).expect("a king");
            let piece = signal.remove_piece_at(king).expect("the king");
            signal.set_piece_at(Square::parse(square).expect("square"), piece);
        }
        feed.send(&signal, None);
        let game = follow(&feed.events);
        assert_eq!(game.moves(), ["e3", "d6", "Nc3"], "{squares:?}");
        let last = game.alerts().last().expect("the signal");
        assert_eq!(
            (last.kind, last.kind.article()),
            (AlertKind::ResultSignal, None)
        );
        assert_eq!(
            game.result().map(|r| r.as_pgn()),
            Some(result),
            "{squares:?}"
        );
    }
}

#[test]
fn arbiter_live_replay_prints_each_boards_moves_alerts_and_result_as_json() {
    let mut rng = Rng(29);
    let mut events = Vec::new();
    for (serialnr, moves) in [
        ("A1", &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"][..]),
        ("A2", &["d4", "d5", "c4"][..]),
    ] {
        let mut feed = Feed::new(serialnr, false);
        let mut position = Position::new();
        play_san(&mut feed, &mut position, moves, &mut rng);
        events.extend(feed.events);
    }
    // The two boards' events interleaved, as one feed receives them.
    events.sort_by_key(|e| e.t);
    let lines: Vec<String> = events
        .iter()
        .map(|e| {
            let clock = e.clock.as_ref().expect("a clock");
            serde_json::json!({
                "serialnr": e.serialnr, "flipped": e.flipped, "board": e.board,
                "clock": {"white": clock.white, "black": clock.black, "run": clock.run, "time": clock.time},
                "t": e.t,
            })
            .to_string()
        })
        .collect();
    let dir = std::env::temp_dir().join(format!("arbiter-live-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("feed.jsonl");
    std::fs::write(&path, lines.join("\n")).expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["live", "replay"])
        .arg(&path)
        .arg("--json")
        .output()
        .expect("arbiter runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["boards"][0]["serialnr"], "A1");
    assert_eq!(json["boards"][0]["moves"][6], "Qxf7#");
    assert_eq!(json["boards"][0]["alerts"][0]["article"], "5.1.1");
    assert_eq!(json["boards"][0]["alerts"][0]["kind"], "checkmate");
    assert_eq!(json["boards"][0]["result"], "1-0");
    assert_eq!(
        json["boards"][1]["moves"],
        serde_json::json!(["d4", "d5", "c4"])
    );
    assert_eq!(json["boards"][1]["result"], serde_json::Value::Null);

    // A line that is not a board event is named.
    std::fs::write(&path, "{\"serialnr\":\"A1\",\"board\":\"8/8\"}\n").expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["live", "replay"])
        .arg(&path)
        .output()
        .expect("arbiter runs");
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("line 1"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_5_2_arbiter_live_replay_category_rapid_cites_the_appendix_for_an_illegal_move() {
    let mut rng = Rng(31);
    let mut feed = Feed::new("R1", false);
    let mut position = Position::new();
    play_san(&mut feed, &mut position, &["e4", "e5"], &mut rng);
    // White completes an illegal move; the position before it is placed again.
    feed.illegal(&position, &mut rng);
    feed.send(position.board(), Some(Color::White));
    play_san(&mut feed, &mut position, &["Nf3"], &mut rng);
    let lines: Vec<String> = feed.events.iter().map(BoardEvent::to_line).collect();
    let dir = std::env::temp_dir().join(format!("arbiter-live-rapid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("feed.jsonl");
    std::fs::write(&path, lines.join("\n")).expect("written");
    let replay = |extra: &[&str]| -> serde_json::Value {
        let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["live", "replay"])
            .arg(&path)
            .arg("--json")
            .args(extra)
            .output()
            .expect("arbiter runs");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        serde_json::from_slice(&output.stdout).expect("JSON")
    };
    let standard = replay(&[]);
    assert_eq!(standard["boards"][0]["alerts"][0]["article"], "7.5.1");
    let rapid = replay(&[
        "--category",
        "rapid",
        "--moves-to-control",
        "0",
        "--increment",
        "10",
        "--unsupervised",
    ]);
    let alert = &rapid["boards"][0]["alerts"][0];
    assert_eq!(
        (alert["kind"].as_str(), alert["article"].as_str()),
        (Some("illegal_move"), Some("A.5.2")),
        "{rapid}"
    );
    assert_eq!(
        rapid["boards"][0]["moves"],
        serde_json::json!(["e4", "e5", "Nf3"])
    );
    // A category the Laws do not have is refused by name.
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["live", "replay"])
        .arg(&path)
        .args(["--category", "bullet"])
        .output()
        .expect("arbiter runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("bullet"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn observations_before_any_press_are_not_moves() {
    let mut game = LiveGame::new();
    let start = board_fen(&Board::standard());
    game.observe(Observation {
        placement: &start,
        flipped: false,
        running: None,
    });
    // A piece dragged about without a clock press.
    let mut board = Board::standard();
    let pawn = board
        .remove_piece_at(Square::parse("e2").expect("e2"))
        .expect("pawn");
    board.set_piece_at(Square::parse("e4").expect("e4"), pawn);
    game.observe(Observation {
        placement: &board_fen(&board),
        flipped: false,
        running: None,
    });
    assert!(game.moves().is_empty());
}

/// The games python-chess 1.11.2 played and read (`games.jsonl`: the moves, and how each game
/// ended by its reading), turned into feeds with board noise: the replay gives each game's
/// moves, and its end as the Laws' alert at the same ply — checkmate 5.1.1, stalemate 5.2.1,
/// seventy-five moves 9.6.2, and python-chess's insufficient material as a dead position
/// (5.2.2). The Laws' dead position is wider than a material count, so a game may end here
/// earlier as dead where python-chess played on; those are counted and must be dead by the
/// exact test. The default run reads the sample in `tests/data/rules/`; with the shared
/// fixtures all 1,000 games.
#[test]
fn python_chess_games_replayed_from_noisy_feeds_give_their_moves_and_ends() {
    use arbiter::rules::dead::DeadPosition;
    let from_env = std::env::var_os("ARBITER_FIXTURES").map(std::path::PathBuf::from);
    let beside = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    let path = from_env
        .into_iter()
        .chain(std::iter::once(beside))
        .map(|dir| dir.join("rules/games.jsonl"))
        .find(|path| path.is_file())
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/rules/games-sample.jsonl")
        });
    let text = std::fs::read_to_string(&path).expect("the games");
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut games, mut plies, mut earlier) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let game: serde_json::Value = serde_json::from_str(line).expect("a game");
        let sans: Vec<String> = game["san"]
            .as_array()
            .expect("san")
            .iter()
            .filter_map(|s| s.as_str().map(str::to_owned))
            .collect();
        let mut feed = Feed::new("P", games % 5 == 0);
        let mut position = Position::new();
        for san in &sans {
            let m = parse_move(&position, san, Lang::En).expect("a legal move");
            feed.play(&position, m, &mut rng);
            position.play_unchecked(m);
        }
        let seen = follow(&feed.events);
        let id = game["id"].as_str().unwrap_or("?");
        let expected = match game["outcome"]["termination"].as_str() {
            Some("checkmate") => Some("5.1.1"),
            Some("stalemate") => Some("5.2.1"),
            Some("seventyfive_moves") => Some("9.6.2"),
            Some("fivefold_repetition") => Some("9.6.1"),
            Some("insufficient_material") => Some("5.2.2"),
            _ => None,
        };
        let ended = seen
            .alerts()
            .iter()
            .rev()
            .find(|a| {
                !matches!(
                    a.kind,
                    AlertKind::TimeControlReached | AlertKind::LastFiveMinutes
                )
            })
            .map(|a| (a.ply as usize, a.kind.article()));
        match (expected, ended) {
            (Some(article), Some((ply, Some(found)))) if ply == sans.len() => {
                assert_eq!(found, article, "{id}");
                assert_eq!(seen.moves(), sans.as_slice(), "{id}");
                assert_eq!(
                    seen.result().map(|r| r.as_pgn()),
                    game["outcome"]["result"].as_str(),
                    "{id}"
                );
            }
            (_, Some((ply, Some("5.2.2")))) if ply < sans.len() => {
                // Dead before python-chess's end: the moves up to it, and dead by the exact test.
                assert_eq!(seen.moves(), &sans[..ply], "{id}");
                let mut replayed = Position::new();
                for san in &sans[..ply] {
                    let m = parse_move(&replayed, san, Lang::En).expect("legal");
                    replayed.play_unchecked(m);
                }
                assert_eq!(
                    DeadPosition::from_position(&replayed)
                        .ok()
                        .and_then(|dead| dead.is_dead()),
                    Some(true),
                    "{id}"
                );
                earlier += 1;
            }
            (None, None) => {
                assert_eq!(seen.moves(), sans.as_slice(), "{id}");
                assert_eq!(seen.result(), None, "{id}");
            }
            (expected, ended) => panic!("{id}: expected {expected:?}, the replay {ended:?}"),
        }
        games += 1;
        plies += sans.len();
    }
    println!(
        "{games} games of python-chess ({plies} plies) from {}: {earlier} dead earlier by Art. 5.2.2",
        path.display()
    );
    assert!(games >= 60, "{games}");
}

/// The games file: the shared fixtures' 1,000 games when they are there, else the sample.
fn python_chess_games() -> std::path::PathBuf {
    let from_env = std::env::var_os("ARBITER_FIXTURES").map(std::path::PathBuf::from);
    let beside = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures");
    from_env
        .into_iter()
        .chain(std::iter::once(beside))
        .map(|dir| dir.join("rules/games.jsonl"))
        .find(|path| path.is_file())
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/rules/games-sample.jsonl")
        })
}

fn plies_of(game: &serde_json::Value, key: &str) -> Vec<u32> {
    game[key]
        .as_array()
        .expect(key)
        .iter()
        .filter_map(|p| p.as_u64().map(|p| p as u32))
        .collect()
}

/// Art. 9.2 and 9.3 claim hints, exactly python-chess's `can_claim_threefold_repetition` and
/// `can_claim_fifty_moves` after every ply (`threefold_claim_plies`, `fifty_claim_plies`) of
/// the games replayed from noisy feeds, up to where the replay ends the game.
#[test]
fn art_9_2_and_9_3_claim_hints_equal_python_chess_on_every_ply() {
    use arbiter::rules::draw::ClaimKind;
    let path = python_chess_games();
    let text = std::fs::read_to_string(&path).expect("the games");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut games, mut hints) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let game: serde_json::Value = serde_json::from_str(line).expect("a game");
        let id = game["id"].as_str().unwrap_or("?").to_owned();
        let mut feed = Feed::new("P", games % 3 == 0);
        let mut position = Position::new();
        for san in game["san"].as_array().expect("san") {
            let m = parse_move(&position, san.as_str().expect("a move"), Lang::En).expect("legal");
            feed.play(&position, m, &mut rng);
            position.play_unchecked(m);
        }
        let seen = follow(&feed.events);
        let played = seen.moves().len() as u32;
        for (kind, key) in [
            (ClaimKind::Threefold, "threefold_claim_plies"),
            (ClaimKind::Fifty, "fifty_claim_plies"),
        ] {
            let expected: Vec<u32> = plies_of(&game, key)
                .into_iter()
                .filter(|&p| p <= played)
                .collect();
            let found: Vec<u32> = seen
                .claims()
                .iter()
                .filter(|hint| hint.kind == kind)
                .map(|hint| hint.ply)
                .collect();
            assert_eq!(found, expected, "{id} {key}");
            hints += found.len();
        }
        games += 1;
    }
    println!(
        "claim hints: {games} games from {}, {hints} hints, all equal to python-chess's",
        path.display()
    );
    assert!(games >= 60, "{games}");
}

/// Presses the clock after `m`: the placement after it, the opponent's clock running.
fn press(game: &mut LiveGame, position: &mut Position, san: &str) {
    let m = parse_move(position, san, Lang::En).expect("legal");
    let mover = position.turn();
    position.play_unchecked(m);
    let placement = board_fen(position.board());
    game.observe(Observation {
        placement: &placement,
        flipped: false,
        running: Some(mover.other()),
    });
}

fn started(settings: arbiter::rules::live::LiveSettings) -> LiveGame {
    let mut game = LiveGame::with_settings(settings);
    let placement = board_fen(&Board::standard());
    game.observe(Observation {
        placement: &placement,
        flipped: false,
        running: Some(Color::White),
    });
    game
}

#[test]
fn art_9_2_a_hint_names_the_written_move_and_the_plies_of_the_position() {
    let mut game = started(Default::default());
    let mut position = Position::new();
    for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
        press(&mut game, &mut position, san);
    }
    let hint = game.claims().last().expect("a hint");
    assert_eq!(hint.ply, 7);
    assert_eq!(hint.article(), "9.2");
    assert_eq!(hint.player, Color::Black);
    assert_eq!(hint.written_move.as_deref(), Some("Ng8"));
    assert_eq!(hint.plies, vec![0, 4]);
    assert!(game.claims().iter().all(|hint| hint.ply >= 7));
}

#[test]
fn art_6_9_flag_fall_loses_unless_the_opponent_cannot_mate() {
    let mut game = started(Default::default());
    game.clock(Some(0), Some(100));
    let alert = game.alerts().last().expect("an alert");
    assert_eq!(
        (alert.kind, alert.article),
        (AlertKind::FlagFall, Some("6.9"))
    );
    assert_eq!(alert.player, Some(Color::White));
    assert_eq!(game.result().map(|r| r.as_pgn()), Some("0-1"));
}

#[test]
fn art_6_3_1_and_8_4_the_time_control_reached_and_the_last_five_minutes() {
    use arbiter::rules::live::LiveSettings;
    let settings = LiveSettings {
        moves_to_control: Some(1),
        increment: 0,
        ..LiveSettings::default()
    };
    let mut game = started(settings);
    let mut position = Position::new();
    game.clock(Some(900), Some(900));
    press(&mut game, &mut position, "e4");
    let reached = game.alerts().last().expect("an alert");
    assert_eq!(reached.kind, AlertKind::TimeControlReached);
    assert_eq!((reached.ply, reached.article), (1, Some("6.3.1")));
    game.clock(Some(850), Some(299));
    let five = game.alerts().last().expect("an alert");
    assert_eq!(five.kind, AlertKind::LastFiveMinutes);
    assert_eq!(
        (five.player, five.article),
        (Some(Color::Black), Some("8.4"))
    );
    game.clock(Some(850), Some(290));
    assert_eq!(game.alerts().len(), 2, "announced once");
    // With an increment of 30 seconds the scoresheet is kept: no alert.
    let mut kept = started(LiveSettings::default());
    kept.clock(Some(100), Some(100));
    assert!(kept.alerts().is_empty());
}

#[test]
fn a_5_2_an_illegal_move_in_rapid_cites_a_5_2_and_gives_one_minute() {
    use arbiter::rules::clock::Category;
    use arbiter::rules::illegal::IllegalMovePenalty;
    use arbiter::rules::live::{LiveSettings, Resolution};
    for (category, article, seconds) in [
        (Category::Rapid, "A.5.2", 60),
        (Category::Standard, "7.5.1", 120),
    ] {
        let mut game = started(LiveSettings {
            category,
            ..LiveSettings::default()
        });
        // White moves a rook through its own pawn and presses: held, then ruled illegal.
        let mut board = Board::standard();
        let rook = board.remove_piece_at(Square::A1).expect("a rook");
        board.set_piece_at(sq("a4"), rook);
        let placement = board_fen(&board);
        game.observe(Observation {
            placement: &placement,
            flipped: false,
            running: Some(Color::Black),
        });
        assert!(game.is_held());
        game.resolve(Resolution::Illegal).expect("held");
        let alert = game.alerts().last().expect("an alert");
        assert_eq!(alert.kind, AlertKind::IllegalMove);
        assert_eq!(alert.article, Some(article));
        assert_eq!(
            alert.penalty,
            Some(IllegalMovePenalty::TimeToOpponent(seconds))
        );
        assert!(game.moves().is_empty());
    }
}

#[test]
fn a_correction_replaces_the_mainline_and_the_game_goes_on() {
    use arbiter::rules::live::{CorrectionError, Resolution};
    let mut game = started(Default::default());
    let mut position = Position::new();
    for san in ["e4", "e5", "Nf3"] {
        press(&mut game, &mut position, san);
    }
    let mut corrected = Position::new();
    let mut moves = Vec::new();
    for san in ["e4", "c5"] {
        let m = parse_move(&corrected, san, Lang::En).expect("legal");
        corrected.play_unchecked(m);
        moves.push(m);
    }
    assert_eq!(
        game.correct(9, &moves[1..]),
        Err(CorrectionError::NoSuchPly { ply: 9, moves: 3 })
    );
    assert_eq!(
        game.correct(1, &moves[1..]),
        Err(CorrectionError::IllegalMove { ply: 1 })
    );
    assert_eq!(game.moves(), ["e4", "e5", "Nf3"], "unchanged on an error");
    game.correct(2, &moves[1..]).expect("a correction");
    assert_eq!(game.moves(), ["e4", "c5"], "no leftover variation");
    assert_eq!(
        game.resolve(Resolution::Illegal),
        Err(CorrectionError::NothingHeld)
    );
    // The board goes on from the corrected position.
    press(&mut game, &mut corrected, "Nf3");
    assert_eq!(game.moves(), ["e4", "c5", "Nf3"]);
}

#[test]
fn a_held_press_confirmed_by_the_operator_is_the_move() {
    use arbiter::rules::live::Resolution;
    let mut game = started(Default::default());
    // A piece knocked over at the press: no legal move's placement, held.
    let mut board = Board::standard();
    let pawn = board.remove_piece_at(sq("e2")).expect("a pawn");
    board.set_piece_at(sq("e4"), pawn);
    board.remove_piece_at(sq("b8"));
    let placement = board_fen(&board);
    game.observe(Observation {
        placement: &placement,
        flipped: false,
        running: Some(Color::Black),
    });
    assert!(game.is_held());
    let e4 = parse_move(&Position::new(), "e4", Lang::En).expect("legal");
    game.resolve(Resolution::Move(e4)).expect("held");
    assert_eq!(game.moves(), ["e4"]);
    assert!(!game.is_held());
}

/// A board event of the position with the clock `run`ning (`None`: stopped).
fn clock_event(position: &Position, run: Option<Color>) -> BoardEvent {
    BoardEvent {
        serialnr: "C".to_owned(),
        flipped: false,
        board: board_fen(position.board()),
        clock: Some(ClockReading {
            white: Some(3000),
            black: Some(3000),
            run: run.map(|c| if c == Color::White { "white" } else { "black" }.to_owned()),
            time: None,
        }),
        t: 0,
    }
}

#[test]
fn art_6_11_2_the_clock_stopped_during_the_game_calls_the_arbiter_once_per_stop() {
    let mut position = Position::new();
    let mut game = LiveGame::new();
    // Before the clock first ran: the board set up, the clock not started — no alert.
    clock_event(&position, None).apply(&mut game);
    assert!(game.alerts().is_empty());
    clock_event(&position, Some(Color::White)).apply(&mut game);
    let e4 = parse_move(&position, "e4", Lang::En).expect("legal");
    position.play_unchecked(e4);
    clock_event(&position, Some(Color::Black)).apply(&mut game);
    // Black stops the clock: one alert however many stopped readings follow.
    for _ in 0..3 {
        clock_event(&position, None).apply(&mut game);
    }
    let stops: Vec<_> = game
        .alerts()
        .iter()
        .filter(|a| a.kind == AlertKind::ClockStopped)
        .collect();
    assert_eq!(stops.len(), 1, "{:?}", game.alerts());
    assert_eq!((stops[0].article, stops[0].ply), (Some("6.11.2"), 1));
    assert_eq!(game.result(), None);
    // The arbiter restarts the clock (6.11.3): the next stop is a new alert.
    clock_event(&position, Some(Color::Black)).apply(&mut game);
    clock_event(&position, None).apply(&mut game);
    let count = |game: &LiveGame| {
        game.alerts()
            .iter()
            .filter(|a| a.kind == AlertKind::ClockStopped)
            .count()
    };
    assert_eq!(count(&game), 2);
    assert_eq!(game.moves(), ["e4"]);
}

#[test]
fn art_6_11_2_the_clock_stopped_at_the_games_end_is_no_alert() {
    let mut position = Position::new();
    let mut game = LiveGame::new();
    clock_event(&position, Some(Color::White)).apply(&mut game);
    for (san, next) in [
        ("f3", Color::Black),
        ("e5", Color::White),
        ("g4", Color::Black),
        ("Qh4#", Color::White),
    ] {
        let m = parse_move(&position, san, Lang::En).expect("legal");
        position.play_unchecked(m);
        clock_event(&position, Some(next)).apply(&mut game);
    }
    assert_eq!(game.result().map(|r| r.as_pgn()), Some("0-1"));
    clock_event(&position, None).apply(&mut game);
    assert!(
        game.alerts()
            .iter()
            .all(|a| a.kind != AlertKind::ClockStopped),
        "{:?}",
        game.alerts()
    );
    // The kings placed on the centre squares on a stopped clock: the result signal, no stop.
    let mut agreed = LiveGame::new();
    clock_event(&Position::new(), Some(Color::White)).apply(&mut agreed);
    let mut kings = BoardEvent {
        board: "8/8/8/3kK3/8/8/8/8".to_owned(),
        ..clock_event(&Position::new(), None)
    };
    kings.t = 1;
    kings.apply(&mut agreed);
    let kinds: Vec<AlertKind> = agreed.alerts().iter().map(|a| a.kind).collect();
    assert_eq!(kinds, [AlertKind::ResultSignal]);
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("a square")
}
