//! Result slips: one small form per board for arbiters who collect results on paper. Each slip
//! names the event, round, board and both players, has a box to tick for the result and lines
//! for both players' signatures (as on the scoresheet, FIDE Laws Art. 8.7) and the arbiter's.
//! As many slips as fit go on a page, separated by dashed cutting lines.

use crate::print::layout::{Align, MARGIN, Orientation};
use crate::print::{DocumentInput, PrintError, boards_of_round, display_name, rating_text};
use crate::tournament::Tournament;
use crate::tournament::board::Board;

/// Height of one slip, millimetres.
const SLIP_HEIGHT: f32 = 44.0;

/// The result slips of every board of `round` with a game (byes have none) as PDF bytes.
pub fn result_slips(
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
    let language = input.language;
    let title = language.text("result_slip");
    let event = input.event_name(tournament).to_string();
    let date = input.round_date(round).to_string();
    let mut canvas = input.canvas(tournament, &title, Orientation::Portrait)?;
    let width = canvas.width() - 2.0 * MARGIN;
    let per_page = (((canvas.bottom() - MARGIN) / SLIP_HEIGHT).floor() as usize).max(1);
    for page in boards.chunks(per_page) {
        canvas.new_page();
        for (slot, board) in page.iter().enumerate() {
            let y = MARGIN + slot as f32 * SLIP_HEIGHT;
            if slot > 0 {
                canvas.dashed_line(4.0, y - 1.5, canvas.width() - 4.0, y - 1.5);
            }
            let x = MARGIN;
            // Heading: title, event, round, board, date.
            let heading = format!(
                "{} · {} {} · {} {}",
                title,
                language.text("round"),
                round,
                language.text("board"),
                board.number
            );
            canvas.text_in(x, y + 5.0, width * 0.6, Align::Left, 11.0, true, &heading);
            canvas.text_in(
                x + width * 0.6,
                y + 5.0,
                width * 0.4,
                Align::Right,
                8.0,
                false,
                &date,
            );
            canvas.text_in(x, y + 9.5, width, Align::Left, 8.0, false, &event);
            // Players.
            let half = width / 2.0;
            let sides = [
                ("□", language.text("white"), board.white),
                (
                    "■",
                    language.text("black"),
                    board.black.unwrap_or(board.white),
                ),
            ];
            for (i, (mark, colour, id)) in sides.iter().enumerate() {
                let px = x + i as f32 * half;
                canvas.frame(px, y + 11.5, half, 10.0, 0.5);
                canvas.text_in(
                    px,
                    y + 14.5,
                    half,
                    Align::Left,
                    6.5,
                    false,
                    &format!("{mark} {colour}"),
                );
                let rating = rating_text(tournament, *id);
                let name = if rating.is_empty() {
                    format!("{}. {}", id.0, display_name(tournament, *id))
                } else {
                    format!("{}. {} ({rating})", id.0, display_name(tournament, *id))
                };
                canvas.text_in(px, y + 19.5, half, Align::Left, 10.0, true, &name);
            }
            // Result boxes.
            let ry = y + 24.0;
            canvas.text(x + 1.0, ry + 4.5, 8.0, false, &language.text("result"));
            for (i, choice) in ["1–0", "½–½", "0–1", "+–−", "−–+"].iter().enumerate()
            {
                let cx = x + 24.0 + i as f32 * 22.0;
                canvas.frame(cx, ry + 1.0, 4.5, 4.5, 0.6);
                canvas.text(cx + 6.5, ry + 4.8, 10.0, true, choice);
            }
            // Signatures.
            let sy = y + SLIP_HEIGHT - 5.0;
            let third = width / 3.0;
            for (i, key) in ["signature_white", "signature_black", "signature_arbiter"]
                .iter()
                .enumerate()
            {
                let sx = x + i as f32 * third;
                canvas.line(sx + 2.0, sy - 3.5, sx + third - 4.0, sy - 3.5, 0.3);
                canvas.text_in(sx, sy, third, Align::Left, 6.5, false, &language.text(key));
            }
        }
    }
    Ok(canvas.finish())
}
