//! Board feeds of the live-game tests: a board event as an electronic board sends it, and a
//! board on which an illegal move stood (Art. 7.5.1).
#![allow(dead_code)] // each test binary uses a different part

use arbiter::formats::live_feed::{BoardEvent, ClockReading};
use arbiter::rules::fen::board_fen;
use arbiter::rules::san::{Lang, parse_move};
use arbiter::rules::{Board, Color, Position, Square};

/// A board event of `board` (serial `B2`) with `running`'s clock running, 90 minutes each.
pub fn board_event(board: &Board, running: Color, t: u64) -> BoardEvent {
    BoardEvent {
        serialnr: "B2".to_owned(),
        flipped: false,
        board: board_fen(board),
        clock: Some(ClockReading {
            white: Some(5400),
            black: Some(5400),
            run: Some(
                if running == Color::White {
                    "white"
                } else {
                    "black"
                }
                .to_owned(),
            ),
            time: None,
        }),
        t,
    }
}

/// The game opens with e4; then Black's bishop f8 is put on a3 through its own pawn (no
/// legal move's placement) and the clock pressed; White plays Nf3 on it and presses (the
/// illegal move stood, Art. 7.5.1); the position after e4 is reinstated and the game goes on
/// with `after` (SAN, from Black's first move), one event a second.
pub fn illegal_move_feed(after: &[&str]) -> Vec<BoardEvent> {
    let mut position = Position::new();
    let mut events = vec![board_event(position.board(), Color::White, 0)];
    let e4 = parse_move(&position, "e4", Lang::En).expect("e4");
    position.play_unchecked(e4);
    let after_e4 = position.board().clone();
    events.push(board_event(&after_e4, Color::Black, 1_000));
    let mut wrong = after_e4.clone();
    let bishop = wrong
        .remove_piece_at(Square::new(61).expect("f8"))
        .expect("the bishop");
    assert_eq!(bishop.color, Color::Black);
    wrong.set_piece_at(Square::new(16).expect("a3"), bishop);
    events.push(board_event(&wrong, Color::White, 2_000));
    let mut on_it = wrong.clone();
    let knight = on_it
        .remove_piece_at(Square::new(6).expect("g1"))
        .expect("the knight");
    on_it.set_piece_at(Square::new(21).expect("f3"), knight);
    events.push(board_event(&on_it, Color::Black, 3_000));
    events.push(board_event(&after_e4, Color::Black, 4_000));
    for (index, san) in after.iter().enumerate() {
        let m = parse_move(&position, san, Lang::En).expect("a legal move");
        position.play_unchecked(m);
        let t = 5_000 + 1_000 * index as u64;
        events.push(board_event(position.board(), position.turn(), t));
    }
    events
}
