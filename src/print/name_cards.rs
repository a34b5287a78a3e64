//! Table tents for the playing hall: name cards (one per player: the name with the title,
//! federation and rating, the board of a round when it is paired) and board-number cards (one
//! per board of a round). Two cards go on a page, one above the other, cut apart at the
//! middle; each card is folded along its own middle into a tent that stands on the table, so
//! its far face is printed turned half round and both faces read upright.

use crate::print::layout::{Align, Canvas, MARGIN, Orientation};
use crate::print::{DocumentInput, PrintError, boards_of_round, display_name, rating_text};
use crate::tournament::board::Board;
use crate::tournament::{PlayerId, Tournament};

/// What one card shows.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Card {
    /// The big line: a player's name, or a board's number.
    main: String,
    /// The line below it: federation and rating; empty on a board card.
    detail: String,
    /// The board at the top right of a name card (`Board 12`); empty when none.
    board: String,
}

/// The name cards of every player in starting-number order; with `round` > 0 and paired, each
/// player's board in that round (none for a player with a bye or not paired).
pub fn name_cards(
    tournament: &Tournament,
    input: &DocumentInput,
    round: u32,
) -> Result<Vec<u8>, PrintError> {
    if tournament.players.is_empty() {
        return Err(PrintError::NoPlayers);
    }
    let boards = if round == 0 {
        Vec::new()
    } else {
        boards_of_round(tournament, input, round)?
    };
    let language = input.language;
    let board_of = |id: PlayerId| {
        boards
            .iter()
            .find(|b| b.black.is_some() && (b.white == id || b.black == Some(id)))
            .map(|b| format!("{} {}", language.text("board"), b.number))
            .unwrap_or_default()
    };
    let cards: Vec<Card> = tournament
        .players
        .iter()
        .map(|player| {
            let detail = [
                player.federation.clone(),
                rating_text(tournament, player.id),
            ]
            .into_iter()
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(" · ");
            Card {
                main: display_name(tournament, player.id),
                detail,
                board: board_of(player.id),
            }
        })
        .collect();
    draw(
        tournament,
        input,
        &language.text("name_cards"),
        &cards,
        NAME_SIZE,
    )
}

/// The board-number cards of every board of `round` with a game (byes have no board).
pub fn board_cards(
    tournament: &Tournament,
    input: &DocumentInput,
    round: u32,
) -> Result<Vec<u8>, PrintError> {
    let boards: Vec<Board> = boards_of_round(tournament, input, round)?
        .into_iter()
        .filter(|b| b.black.is_some())
        .collect();
    if boards.is_empty() {
        return Err(PrintError::NoGames(round));
    }
    let cards: Vec<Card> = boards
        .iter()
        .map(|board| Card {
            main: board.number.to_string(),
            detail: String::new(),
            board: String::new(),
        })
        .collect();
    draw(
        tournament,
        input,
        &input.language.text("board_cards"),
        &cards,
        NUMBER_SIZE,
    )
}

/// The size of a name, points (set smaller when it does not fit the width).
const NAME_SIZE: f32 = 40.0;
/// The size of a board's number, points.
const NUMBER_SIZE: f32 = 150.0;

/// Two cards a page, each face printed twice (the far face turned).
fn draw(
    tournament: &Tournament,
    input: &DocumentInput,
    title: &str,
    cards: &[Card],
    main_size: f32,
) -> Result<Vec<u8>, PrintError> {
    let mut canvas = input.canvas(tournament, title, Orientation::Portrait)?;
    canvas.without_footer();
    let event = input.event_name(tournament).to_string();
    let card_height = canvas.height() / 2.0;
    let face = card_height / 2.0;
    for page in cards.chunks(2) {
        canvas.new_page();
        // The cut between the two cards.
        canvas.dashed_line(4.0, card_height, canvas.width() - 4.0, card_height);
        for (slot, card) in page.iter().enumerate() {
            let fold = slot as f32 * card_height + face;
            // The fold: a fine line the paper is folded along.
            canvas.line(MARGIN / 2.0, fold, canvas.width() - MARGIN / 2.0, fold, 0.1);
            // The near face reads from the fold down; the far face, turned, from the fold up.
            let near = Face {
                top: fold,
                turned: false,
            };
            let far = Face {
                top: canvas.height() - fold,
                turned: true,
            };
            for side in [near, far] {
                side.card(&mut canvas, face, &event, card, main_size);
            }
        }
    }
    Ok(canvas.finish())
}

/// One face of a folded card: where it reads from, and whether it is printed turned round.
#[derive(Debug, Clone, Copy)]
struct Face {
    /// The face's top edge as it reads (the fold), millimetres from the top of the page as it
    /// reads (the page turned round for a turned face).
    top: f32,
    /// The face is printed upside down.
    turned: bool,
}

impl Face {
    /// Draws `card` on this face, `height` millimetres high.
    fn card(self, canvas: &mut Canvas, height: f32, event: &str, card: &Card, main_size: f32) {
        let width = canvas.width() - 2.0 * MARGIN;
        let small = 10.0;
        let top = self.top;
        if card.detail.is_empty() && card.board.is_empty() {
            // A board's number: centred on the face, the event under it.
            let baseline = top + height * 0.5 + main_size * 0.35 * 25.4 / 72.0;
            self.put(canvas, top + height - 8.0, width, small, false, event);
            self.put(
                canvas,
                baseline.min(top + height - 14.0),
                width,
                main_size,
                true,
                &card.main,
            );
            return;
        }
        self.put(canvas, top + 10.0, width * 0.65, small, false, event);
        if !card.board.is_empty() {
            self.put_right(canvas, top + 12.0, width, 16.0, &card.board);
        }
        self.put(
            canvas,
            top + height * 0.55,
            width,
            main_size,
            true,
            &card.main,
        );
        self.put(
            canvas,
            top + height * 0.55 + 14.0,
            width,
            20.0,
            false,
            &card.detail,
        );
    }

    /// A line centred (a long one left) across `width` with its baseline at `y`.
    fn put(self, canvas: &mut Canvas, y: f32, width: f32, size: f32, bold: bool, text: &str) {
        let align = if width < canvas.width() - 2.0 * MARGIN {
            Align::Left
        } else {
            Align::Center
        };
        if self.turned {
            canvas.text_turned_in(MARGIN, y, width, align, size, bold, text);
        } else {
            canvas.text_in(MARGIN, y, width, align, size, bold, text);
        }
    }

    /// A line set right with its baseline at `y`.
    fn put_right(self, canvas: &mut Canvas, y: f32, width: f32, size: f32, text: &str) {
        if self.turned {
            canvas.text_turned_in(MARGIN, y, width, Align::Right, size, true, text);
        } else {
            canvas.text_in(MARGIN, y, width, Align::Right, size, true, text);
        }
    }
}
